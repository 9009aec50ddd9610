import { describe, expect, it } from 'vitest';
import { fixed, wilson } from '../../src/analysis/intervals.js';

describe('wilson', () => {
  // Published values: Newcombe (1998), "Two-sided confidence intervals for the single proportion",
  // Statistics in Medicine 17, Table I, method 3 (Wilson score interval without continuity correction).
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ])('%i of %i -> [%f, %f]', (x, n, low, high) => {
    const [l, h] = wilson(x, n);
    expect(l).toBeCloseTo(low, 4);
    expect(h).toBeCloseTo(high, 4);
  });

  it('is symmetric: wins and losses swap the bounds', () => {
    const [l, h] = wilson(30, 100);
    const [l2, h2] = wilson(70, 100);
    expect(l).toBeCloseTo(1 - h2, 12);
    expect(h).toBeCloseTo(1 - l2, 12);
  });

  it('contains the observed rate, also for split (fractional) wins, and narrows with more trials', () => {
    const [l, h] = wilson(33.5, 100);
    expect(l).toBeLessThan(0.335);
    expect(h).toBeGreaterThan(0.335);
    const [l2, h2] = wilson(335, 1000);
    expect(h2 - l2).toBeLessThan(h - l);
  });

  it('gives [0, 1] without trials', () => {
    expect(wilson(0, 0)).toEqual([0, 1]);
  });
});

describe('fixed', () => {
  it('formats with fixed decimals, no negative zero, empty for non-finite', () => {
    expect(fixed(1 / 3, 4)).toBe('0.3333');
    expect(fixed(2, 3)).toBe('2.000');
    expect(fixed(-0.00001, 3)).toBe('0.000');
    expect(fixed(-1.5, 1)).toBe('-1.5');
    expect(fixed(NaN, 2)).toBe('');
  });
});

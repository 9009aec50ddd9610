import { describe, expect, it } from 'vitest';
import type { CompareRow } from '../../src/analysis/compare.js';
import { detectableChange, holm } from '../../src/analysis/decisions.js';
import { normCdf, normQuantile } from '../../src/analysis/distributions.js';
import { powerText, sizeText } from '../../src/analysis/comparison-text.js';
import { Rng } from '../../src/engine/rng.js';

/**
 * Honest power: a true change of the size detectableChange names is found after Holm over its family
 * about 80% of the time (at least), where the unadjusted figure (2.80 x se) is found far less often.
 */
const normal = (rng: Rng) => normQuantile(Math.min(Math.max(rng.float(), 1e-12), 1 - 1e-12));
const REPS = 4000;

function foundRate(effectInSe: number, family: number, seed: string): number {
  const rng = new Rng(seed);
  let found = 0;
  for (let r = 0; r < REPS; r++) {
    // One row with a true change, family - 1 rows without; each z ~ N(mean, 1), two-sided p.
    const p = Array.from({ length: family }, (_, i) => 2 * normCdf(-Math.abs((i === 0 ? effectInSe : 0) + normal(rng))));
    if (holm(p)[0] < 0.05) found++;
  }
  return found / REPS;
}

describe('what could have been detected, after Holm', () => {
  const se = 0.01;
  const row = (family: number) => ({ se, sd: 0.5, pairs: 1000, family, difference: 0.003 });

  it('a change of the size named is found at least 80% of the time in a family of 27 (simulation)', () => {
    const size = detectableChange(row(27)).size;
    expect(size / se).toBeCloseTo(normQuantile(1 - 0.05 / 54) + normQuantile(0.8), 12);
    const rate = foundRate(size / se, 27, 'power/holm-27');
    const tol = 3 * Math.sqrt((0.8 * 0.2) / REPS);
    expect(rate).toBeGreaterThan(0.8 - tol);
    expect(rate).toBeLessThan(0.86); // alpha / m is Holm's strictest step: close to 80%, slightly above
  });

  it('the unadjusted figure (alpha 0.05 before Holm) would be found far less often than 80%', () => {
    const unadjusted = detectableChange(row(1)).size;
    expect(foundRate(unadjusted / se, 27, 'power/unadjusted')).toBeLessThan(0.5);
  });

  it('identical matches: no "±0.00", the text says the matches were identical', () => {
    const r = { quantity: 'first_player_advantage', difference: 0, se: 0, sd: 0, pairs: 2000, family: 25 } as CompareRow;
    expect(detectableChange(r).identical).toBe(true);
    expect(Number.isNaN(detectableChange(r).size)).toBe(true);
    const text = powerText(r);
    expect(text).not.toMatch(/±0\.0/);
    expect(text).toMatch(/identical/);
  });

  it('the A/A run\'s first-player advantage (a paired ratio with floating-point residue): "exactly 0", never "±0.0000"', () => {
    // stramat-aa.json's row as compareVariants gives it: identical matches, yet se 1.7e-11 from the ratio's arithmetic.
    const r = { quantity: 'first_player_advantage', difference: 0, low: -3.3e-11, high: 3.3e-11, se: 1.6859e-11, sd: 2.384e-9, pairs: 20000, family: 27 } as CompareRow;
    const text = powerText(r);
    expect(text).not.toMatch(/±0\.0*\b|0\.0000/);
    expect(text).toBe('exactly 0: the paired matches were identical, so nothing could have been detected');
  });

  it('a detectable size far below 0.0001 is printed with two significant digits, not rounded to zeros', () => {
    expect(sizeText(0)).toBe('exactly 0');
    expect(sizeText(0.000012345)).toBe('0.000012');
    expect(sizeText(0.0123)).toBe('0.012');
    expect(sizeText(1.94)).toBe('1.9');
    // (z(1 - 0.05/10) + z(0.8)) x 3e-6 = (2.5758 + 0.8416) x 3e-6 = 1.03e-5: two significant digits, 0.000010.
    const r = { quantity: 'metric:rounds', difference: 1e-6, se: 3e-6, sd: 1e-4, pairs: 1000, family: 5 } as CompareRow;
    expect(powerText(r)).toBe('0.000001; would have detected about ±0.00001');
  });

  it('a constant non-zero paired difference is not "identical"', () => {
    expect(detectableChange({ se: 0, sd: 0, pairs: 100, family: 3, difference: 2 }).identical).toBe(false);
  });
});

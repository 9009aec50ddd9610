import { describe, expect, it } from 'vitest';
import type { CompareRow } from '../../src/analysis/compare.js';
import { detectableChange, holm } from '../../src/analysis/decisions.js';
import { normCdf, normQuantile } from '../../src/analysis/distributions.js';
import { powerText } from '../../src/analysis/comparison-text.js';
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

  it('a constant non-zero paired difference is not "identical"', () => {
    expect(detectableChange({ se: 0, sd: 0, pairs: 100, family: 3, difference: 2 }).identical).toBe(false);
  });
});

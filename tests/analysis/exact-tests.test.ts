// Exact small-sample tests (paired-tests.ts): the sign-flip randomization test that `tavolo skill` uses for
// its ahead share below 200 deals, where the score test's spread, estimated from the same few deals,
// printed p-values like 1e-25 from 30 deals.
import { describe, expect, it } from 'vitest';
import { pairedAhead } from '../../src/analysis/paired-ahead.js';
import { SIGN_FLIP_EXACT_BELOW, signFlipTest, signTestAbout } from '../../src/analysis/paired-tests.js';
import { Rng } from '../../src/engine/rng.js';

/** The two-sided p-value by listing all 2^n sign patterns (the definition, for small n). */
function enumerated(values: readonly number[], centre: number): number {
  const d = values.map((v) => v - centre);
  const observed = Math.abs(d.reduce((a, x) => a + x, 0));
  let hits = 0;
  const n = d.length;
  for (let mask = 0; mask < 1 << n; mask++) {
    let t = 0;
    for (let i = 0; i < n; i++) t += (mask >> i) & 1 ? Math.abs(d[i]) : -Math.abs(d[i]);
    if (Math.abs(t) >= observed - 1e-12) hits++;
  }
  return hits / 2 ** n;
}

/** A deal value of a four-player table: k of its 8 decided pairs won by the stronger bot. */
const dealOf8 = (rng: Rng, p: number) => {
  let k = 0;
  for (let j = 0; j < 8; j++) if (rng.float() < p) k++;
  return k / 8;
};

describe('the sign-flip test', () => {
  it('agrees with listing every sign pattern (12 deal values, several data sets)', () => {
    const rng = new Rng('exact/enumerate');
    for (let rep = 0; rep < 20; rep++) {
      const values = Array.from({ length: 12 }, () => dealOf8(rng, 0.5 + 0.25 * rng.float()));
      expect(signFlipTest(values, 0.5)).toBeCloseTo(enumerated(values, 0.5), 12);
    }
  });

  it('30 deals all on the stronger side give 2 / 2^30 = 2^-29, not 1e-25', () => {
    // The case: 30 deals of a four-player table, each with most pairs to the stronger bot and
    // little spread between deals. The score test's effective number of deals is then in the thousands.
    const values = Array.from({ length: 30 }, (_, i) => [0.875, 0.875, 1, 0.75][i % 4]);
    expect(signFlipTest(values, 0.5)).toBe(2 ** -29);
    const e = pairedAhead(values);
    expect(e.p).toBe(2 ** -29);
    expect(e.p).toBeGreaterThan(1e-9);
  });

  it('falls back to the exact sign test when the values have no small common denominator', () => {
    const values = [Math.PI / 4, 0.9, 0.8, 0.3, 0.95];
    expect(signFlipTest(values, 0.5)).toBeUndefined();
    // 4 above, 1 below: R binom.test(1, 5)$p.value = 0.375.
    expect(signTestAbout(values, 0.5)).toBeCloseTo(0.375, 12);
    expect(pairedAhead(values).p).toBeCloseTo(0.375, 12);
  });

  it('is calibrated: equally strong bots (deal values symmetric about 1/2) reject at about 5%, never above', () => {
    const rng = new Rng('exact/calibration');
    const reps = 2000;
    let rejected = 0;
    for (let r = 0; r < reps; r++) {
      // Deals that differ (each deal has its own tilt) but are symmetric about 1/2 in law.
      const values = Array.from({ length: 30 }, () => dealOf8(rng, 0.2 + 0.6 * rng.float()));
      if (pairedAhead(values).p < 0.05) rejected++;
    }
    const rate = rejected / reps;
    const se = Math.sqrt((0.05 * 0.95) / reps);
    expect(rate).toBeLessThan(0.05 + 3 * se);
    expect(rate).toBeGreaterThan(0.05 - 4 * se); // exact, not a test that never rejects
  });

  it('keeps the score test from 200 deals on', () => {
    expect(SIGN_FLIP_EXACT_BELOW).toBe(200);
    const rng = new Rng('exact/large');
    const values = Array.from({ length: 400 }, () => dealOf8(rng, 0.6));
    const e = pairedAhead(values);
    const share = values.reduce((a, x) => a + x, 0) / values.length;
    expect(e.share).toBeCloseTo(share, 12);
    expect(e.p).toBeLessThan(1e-6);
  });
});

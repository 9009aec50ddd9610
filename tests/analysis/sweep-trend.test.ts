import { describe, expect, it } from 'vitest';
import { normQuantile } from '../../src/analysis/distributions.js';
import { SweepTrendAccumulator } from '../../src/analysis/sweep-trend.js';
import { Rng } from '../../src/engine/rng.js';

/**
 * The paired trend test, calibrated by simulation: a synthetic sweep whose per-match values are a shared
 * part (the deal, large), a known slope times the option's value, and each value's own noise. The
 * interval covers the true slope at its level, and with a slope of 0 the test finds a trend at alpha.
 * Seeded; bounds are three standard errors of a binomial proportion.
 */
const REPS = 1000;
const MATCHES = 60;
const XS = [3, 4, 5, 6, 7];
const normal = (rng: Rng) => normQuantile(Math.min(Math.max(rng.float(), 1e-12), 1 - 1e-12));
const within = (rate: number, target: number) => {
  const se = Math.sqrt((target * (1 - target)) / REPS);
  expect(rate, `rate ${rate}, target ${target} +- ${3 * se}`).toBeGreaterThan(target - 3 * se);
  expect(rate, `rate ${rate}, target ${target} +- ${3 * se}`).toBeLessThan(target + 3 * se);
};

function simulate(rng: Rng, slope: number, matches = MATCHES): SweepTrendAccumulator {
  const acc = new SweepTrendAccumulator(XS, ['turns_mean']);
  for (let i = 0; i < matches; i++) {
    const shared = 20 + 10 * normal(rng);
    acc.add(XS.map((x) => [shared + slope * x + 2 * normal(rng)]));
  }
  return acc;
}

describe('paired trend across a sweep', () => {
  it('agrees with the least-squares slope of the means and with a hand computation', () => {
    const acc = new SweepTrendAccumulator([1, 2, 4], ['q']);
    // Per-match slopes against x = 1, 2, 4 (mean 7/3, Sxx = 14/3): match 1 (2, 4, 8) has slope 2;
    // match 2 (0, 1, 0) has slope (-4/3*0 + -1/3*1 + 5/3*0)/(14/3) = -1/14.
    acc.add([[2], [4], [8]].map((v) => Float64Array.from(v)));
    acc.add([[0], [1], [0]].map((v) => Float64Array.from(v)));
    const [t] = acc.trends();
    expect(t.slope.estimate).toBeCloseTo((2 - 1 / 14) / 2, 12);
    // Two slopes 2 and -1/14: sd = |2 + 1/14| / sqrt(2), se = sd / sqrt(2), t(1) quantile 12.706 (SciPy t.ppf(0.975, 1)).
    const se = (2 + 1 / 14) / 2;
    expect(t.slope.high - t.slope.estimate).toBeCloseTo(12.7062047 * se, 5);
    expect(t.points.map((p) => p.estimate.estimate)).toEqual([1, 2.5, 4]);
    expect(t.points[0].step).toBeUndefined();
    expect(t.points[2].step!.estimate).toBeCloseTo(1.5, 12); // (8-4 + 0-1) / 2
  });

  it('leaves a match where the quantity is undefined out of its slope', () => {
    const acc = new SweepTrendAccumulator([0, 1], ['q']);
    acc.add([[0], [1]]);
    acc.add([[NaN], [5]]);
    acc.add([[0], [3]]);
    const [t] = acc.trends();
    expect(t.slope.n).toBe(2);
    expect(t.slope.estimate).toBe(2);
    expect(t.points[1].estimate.n).toBe(3);
  });

  it('its interval covers a known slope at 95%', () => {
    const rng = new Rng('sweep-trend-coverage');
    let covered = 0;
    for (let r = 0; r < REPS; r++) {
      const { slope } = simulate(rng, -5.6).trends()[0];
      if (slope.low <= -5.6 && -5.6 <= slope.high) covered++;
    }
    within(covered / REPS, 0.95);
  });

  it('finds no trend at the stated rate when the slope is 0', () => {
    const rng = new Rng('sweep-trend-null');
    let found = 0;
    for (let r = 0; r < REPS; r++) if (simulate(rng, 0).trends()[0].slope.p < 0.05) found++;
    within(found / REPS, 0.05);
  });

  it('finds a real slope among the deal-to-deal noise', () => {
    const { slope } = simulate(new Rng('sweep-trend-power'), 0.5).trends()[0];
    expect(slope.p).toBeLessThan(0.001);
  });
});

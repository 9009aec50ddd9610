import { describe, expect, it } from 'vitest';
import { holm, detectableChange, tost } from '../../src/analysis/decisions.js';
import { normQuantile } from '../../src/analysis/distributions.js';
import { IntHistogram, Moments } from '../../src/analysis/moments.js';
import { mcnemarTest, pairedMeanTest, wilcoxonSignedRank } from '../../src/analysis/paired-tests.js';
import { mannWhitney, twoProportionTest, welchTest } from '../../src/analysis/two-sample-tests.js';
import { Rng } from '../../src/engine/rng.js';

/** The detectable change of a single test (a family of one). */
const minimumDetectableEffect = (se: number) => detectableChange({ se, sd: 1, pairs: null, family: 1, difference: 0 }).size;

/**
 * Calibration by simulation: under no effect, each test rejects at a rate within sampling error of
 * alpha, Holm keeps the chance of any false finding at alpha, the intervals cover at their level, and
 * an effect of the size the minimum detectable effect names is found with the stated power. Seeded, so
 * each figure is reproducible; the bounds are three standard errors of a binomial proportion.
 */
const ALPHA = 0.05;
const REPS = 2000;
const within = (rate: number, target: number, reps = REPS) => {
  const se = Math.sqrt((target * (1 - target)) / reps);
  expect(rate, `rate ${rate}, target ${target} +- ${3 * se}`).toBeGreaterThan(target - 3 * se);
  expect(rate, `rate ${rate}, target ${target} +- ${3 * se}`).toBeLessThan(target + 3 * se);
};
const normal = (rng: Rng) => normQuantile(Math.min(Math.max(rng.float(), 1e-12), 1 - 1e-12));

/** A paired match: a shared part (the deal) and each variant's own noise; `effect` shifts the candidate. */
function pairedValues(rng: Rng, effect: number): [number, number] {
  const shared = 3 * normal(rng);
  return [shared + normal(rng), shared + normal(rng) + effect];
}

/** A paired binary outcome (a win) through a shared latent strength: p = 0.3 for both under no effect. */
function pairedWins(rng: Rng, shift: number): [number, number] {
  const u = rng.float();
  const a = u < 0.3 ? 1 : 0;
  // The candidate keeps the reference's outcome 70% of the time, else draws anew with probability 0.3 + shift.
  const b = rng.float() < 0.7 ? a : rng.float() < 0.3 + shift ? 1 : 0;
  return [a, b];
}

describe('calibration under no effect (A/A)', () => {
  it('paired t, Wilcoxon signed-rank and McNemar reject at alpha; the intervals cover at 95%', () => {
    const rng = new Rng('calibration/paired');
    let t = 0;
    let w = 0;
    let m = 0;
    let cover = 0;
    let coverM = 0;
    for (let r = 0; r < REPS; r++) {
      const d = new Moments();
      const h = new IntHistogram();
      let refOnly = 0;
      let candOnly = 0;
      for (let i = 0; i < 100; i++) {
        const [a, b] = pairedValues(rng, 0);
        d.add(b - a);
        h.add(Math.round(2 * b) - Math.round(2 * a));
        const [x, y] = pairedWins(rng, 0);
        if (x === 1 && y === 0) refOnly++;
        if (x === 0 && y === 1) candOnly++;
      }
      const e = pairedMeanTest(d);
      if (e.p < ALPHA) t++;
      if (e.low <= 0 && 0 <= e.high) cover++;
      if (wilcoxonSignedRank(h).p < ALPHA) w++;
      const mc = mcnemarTest(refOnly, candOnly, 100);
      if (mc.p < ALPHA) m++;
      if (mc.low <= 0 && 0 <= mc.high) coverM++;
    }
    within(t / REPS, ALPHA);
    within(w / REPS, ALPHA);
    within(cover / REPS, 0.95);
    within(coverM / REPS, 0.95);
    // The exact McNemar test (about 25 discordant pairs here) is conservative: at most alpha.
    expect(m / REPS).toBeLessThan(ALPHA + 3 * Math.sqrt((ALPHA * (1 - ALPHA)) / REPS));
    expect(m / REPS).toBeGreaterThan(0.02);
  });

  it('Welch, two-proportion and Mann-Whitney reject at alpha on independent samples', () => {
    const rng = new Rng('calibration/unpaired');
    let welch = 0;
    let prop = 0;
    let mw = 0;
    for (let r = 0; r < REPS; r++) {
      const [a, b] = [new Moments(), new Moments()];
      const [ha, hb] = [new IntHistogram(), new IntHistogram()];
      let [xa, xb] = [0, 0];
      for (let i = 0; i < 150; i++) {
        const va = 2 * normal(rng);
        a.add(va);
        ha.add(Math.round(va));
        xa += rng.float() < 0.3 ? 1 : 0;
      }
      for (let i = 0; i < 120; i++) {
        const vb = 2 * normal(rng);
        b.add(vb);
        hb.add(Math.round(vb));
        xb += rng.float() < 0.3 ? 1 : 0;
      }
      if (welchTest(a, b).p < ALPHA) welch++;
      if (twoProportionTest(xa, 150, xb, 120).p < ALPHA) prop++;
      if (mannWhitney(ha, hb).p < ALPHA) mw++;
    }
    within(welch / REPS, ALPHA);
    within(prop / REPS, ALPHA);
    within(mw / REPS, ALPHA);
  });

  it('Holm keeps the chance of any false finding among 10 independent tests at alpha', () => {
    const rng = new Rng('calibration/holm');
    let any = 0;
    let anyRaw = 0;
    for (let r = 0; r < REPS; r++) {
      const ps: number[] = [];
      for (let k = 0; k < 10; k++) {
        const d = new Moments();
        for (let i = 0; i < 30; i++) d.add(normal(rng));
        ps.push(pairedMeanTest(d).p);
      }
      if (holm(ps).some((p) => p < ALPHA)) any++;
      if (ps.some((p) => p < ALPHA)) anyRaw++;
    }
    within(any / REPS, 1 - (1 - ALPHA / 10) ** 10); // 0.0489: Holm's bound is nearly attained for independent tests
    expect(anyRaw / REPS).toBeGreaterThan(0.3); // without correction: 1 - 0.95^10 = 0.40
  });
});

describe('power on an injected effect', () => {
  it('an effect equal to the minimum detectable effect is found with 80% power (paired t)', () => {
    const rng = new Rng('calibration/power');
    const n = 200;
    // Per-pair difference sd is sqrt(2) (the shared part cancels): the MDE for a standard error sqrt(2 / n).
    const effect = minimumDetectableEffect(Math.sqrt(2 / n));
    let found = 0;
    for (let r = 0; r < REPS; r++) {
      const d = new Moments();
      for (let i = 0; i < n; i++) {
        const [a, b] = pairedValues(rng, effect);
        d.add(b - a);
      }
      const e = pairedMeanTest(d);
      if (e.p < ALPHA && e.estimate > 0) found++;
    }
    within(found / REPS, 0.8);
  });

  it('McNemar finds a shift in win rate of the size its own MDE names, about 80% of the time', () => {
    const rng = new Rng('calibration/power-mcnemar');
    const n = 1000;
    // A shift s of the candidate's fresh draws (30% of pairs) moves the win rate by d = 0.3 s and makes the
    // discordant share 0.126 + 0.4 d; the se of the difference is sqrt((discordant - d^2) / n). The effect
    // whose own MDE it is: the fixed point of d = MDE(se(d)).
    let mde = 0;
    for (let k = 0; k < 50; k++) mde = minimumDetectableEffect(Math.sqrt((0.126 + 0.4 * mde - mde * mde) / n));
    const shift = mde / 0.3;
    let found = 0;
    for (let r = 0; r < 1000; r++) {
      let refOnly = 0;
      let candOnly = 0;
      for (let i = 0; i < n; i++) {
        const [x, y] = pairedWins(rng, shift);
        if (x === 1 && y === 0) refOnly++;
        if (x === 0 && y === 1) candOnly++;
      }
      if (mcnemarTest(refOnly, candOnly, n).p < ALPHA && candOnly > refOnly) found++;
    }
    within(found / 1000, 0.8, 1000);
  });

  it('TOST at a true difference on the margin declares equivalence at most alpha of the time, and finds it when the truth is 0', () => {
    const rng = new Rng('calibration/tost');
    const n = 200;
    const margin = 0.4;
    let onMargin = 0;
    let atZero = 0;
    for (let r = 0; r < REPS; r++) {
      const [d1, d0] = [new Moments(), new Moments()];
      for (let i = 0; i < n; i++) {
        const [a, b] = pairedValues(rng, margin);
        d1.add(b - a);
        const [c, e] = pairedValues(rng, 0);
        d0.add(e - c);
      }
      if (tost(pairedMeanTest(d1), margin).pEquivalent < ALPHA) onMargin++;
      if (tost(pairedMeanTest(d0), margin).pEquivalent < ALPHA) atZero++;
    }
    within(onMargin / REPS, ALPHA);
    expect(atZero / REPS).toBeGreaterThan(0.8); // se 0.1, margin 4 se: nearly always equivalent
  });
});

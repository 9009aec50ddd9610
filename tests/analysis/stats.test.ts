import { describe, expect, it } from 'vitest';
import { holm, detectableChange, observationsToSettle, tost } from '../../src/analysis/decisions.js';
import { IntHistogram, Moments } from '../../src/analysis/moments.js';
import { mcnemarTest, pairedMeanTest, wilcoxonSignedRank } from '../../src/analysis/paired-tests.js';
import { mannWhitney, twoProportionTest, welchTest } from '../../src/analysis/two-sample-tests.js';

/** The detectable change of a single test (a family of one). */
const minimumDetectableEffect = (se: number) => detectableChange({ se, sd: 1, pairs: null, family: 1, difference: 0 }).size;

// Reference values: SciPy 1.17.1 and statsmodels 0.14 (Python 3.11), calls noted next to each value.
const a = [12, 15, 9, 20, 17, 11, 14, 16, 13, 18, 10, 19];
const b = [14, 15, 12, 21, 20, 10, 17, 18, 13, 22, 12, 19];
const diffs = b.map((v, i) => v - a[i]);
const hist = (xs: number[]) => {
  const h = new IntHistogram();
  for (const x of xs) h.add(x);
  return h;
};

describe('paired tests against reference values', () => {
  it('paired t: scipy.stats.ttest_rel(b, a) and .confidence_interval(0.95)', () => {
    const r = pairedMeanTest(Moments.of(diffs));
    expect(r.estimate).toBeCloseTo(1.5833333333, 9);
    expect(r.p).toBeCloseTo(0.004915518621002476, 12);
    expect(r.low).toBeCloseTo(0.5894376899793529, 10);
    expect(r.high).toBeCloseTo(2.5772289766873135, 10);
    expect(r.estimate / r.se).toBeCloseTo(3.5062968566649952, 10);
  });

  it('paired t on identical variants: difference 0, interval [0, 0], p = 1', () => {
    const r = pairedMeanTest(Moments.of([0, 0, 0, 0]));
    expect([r.estimate, r.low, r.high, r.p]).toEqual([0, 0, 0, 1]);
  });

  it('McNemar exact: statsmodels mcnemar([[100, 12], [3, 85]], exact=True) = scipy binomtest(3, 15).pvalue', () => {
    const r = mcnemarTest(12, 3, 200);
    expect(r.test).toBe('mcnemar-exact');
    expect(r.p).toBeCloseTo(0.03515625, 12);
    expect(r.estimate).toBeCloseTo(-9 / 200, 12);
  });

  it('McNemar asymptotic and the Wald interval: Agresti, Categorical Data Analysis (3rd ed.), section 11.1, presidential approval', () => {
    // 1600 people, approve/approve 794, approve/disapprove 150, disapprove/approve 86, 570 both disapprove.
    const r = mcnemarTest(150, 86, 1600, 0.95, 0);
    expect(r.test).toBe('mcnemar');
    expect(r.p).toBeCloseTo(3.099293441045215e-5, 12); // statsmodels mcnemar(..., exact=False, correction=False)
    expect(r.estimate).toBeCloseTo(-0.04, 12);
    expect(r.estimate / r.se).toBeCloseTo(-4.19, 2); // Wald z with the unpooled SE
    expect(r.low).toBeCloseTo(-0.0587, 3); // the book: -0.059 to -0.021
    expect(r.high).toBeCloseTo(-0.0213, 3);
    // The Agresti-Min adjustment barely moves it at this size.
    const adjusted = mcnemarTest(150, 86, 1600);
    expect(Math.abs(adjusted.low - r.low)).toBeLessThan(5e-4);
  });

  it('Wilcoxon signed-rank: scipy.stats.wilcoxon(b - a, correction=True, method="approx")', () => {
    expect(wilcoxonSignedRank(hist(diffs)).p).toBeCloseTo(0.014363814855532264, 10);
    expect(wilcoxonSignedRank(hist([0, 0, 0])).p).toBe(1);
  });
});

describe('two-sample tests against reference values', () => {
  it('Welch: scipy.stats.ttest_ind(b, a, equal_var=False) with its confidence_interval(0.95)', () => {
    const r = welchTest(Moments.of(a), Moments.of(b));
    expect(r.p).toBeCloseTo(0.31730949171955797, 10);
    expect(r.df).toBeCloseTo(21.80446399249905, 8);
    expect(r.low).toBeCloseTo(-1.6266836879840954, 8);
    expect(r.high).toBeCloseTo(4.79335035465076, 8);
  });

  it('two proportions: statsmodels proportions_ztest([130, 100], [400, 380]), confint_proportions_2indep(agresti-caffo)', () => {
    const r = twoProportionTest(100, 380, 130, 400);
    expect(r.p).toBeCloseTo(0.05832455407449137, 10);
    expect(r.estimate).toBeCloseTo(130 / 400 - 100 / 380, 12);
    expect(r.low).toBeCloseTo(-0.0022066531989340943, 10);
    expect(r.high).toBeCloseTo(0.12515213521294788, 10);
  });

  it('Mann-Whitney: scipy.stats.mannwhitneyu(b, a, use_continuity=True, method="asymptotic")', () => {
    expect(mannWhitney(hist(a), hist(b)).p).toBeCloseTo(0.3395155863113688, 10);
  });
});

describe('decisions', () => {
  it('Holm: statsmodels multipletests([0.01, 0.04, 0.03, 0.005, 0.2], method="holm")', () => {
    const r = holm([0.01, 0.04, 0.03, 0.005, 0.2, NaN]);
    expect(r.slice(0, 5).map((x) => Number(x.toFixed(12)))).toEqual([0.04, 0.09, 0.09, 0.025, 0.2]);
    expect(r[5]).toBeNaN();
  });

  it('TOST: statsmodels ttost_paired(b, a, -3, 3) on the paired example', () => {
    const e = pairedMeanTest(Moments.of(diffs));
    expect(tost(e, 3).pEquivalent).toBeCloseTo(0.004727633875181584, 10);
    // Margin 1: the estimate 1.58 lies outside; the one-sided test beyond +1: scipy stats.t.sf((mean(d) - 1) / se, 11).
    const t = tost(e, 1);
    expect(t.pEquivalent).toBeGreaterThan(0.5);
    expect(t.pChanged).toBeCloseTo(0.11145515941057445, 10);
  });

  it('minimum detectable effect: (scipy norm.ppf(0.975) + norm.ppf(0.8)) * se', () => {
    expect(minimumDetectableEffect(0.01)).toBeCloseTo(0.02801585218112968, 12);
  });

  it('observations to settle shrink the standard error to the gap', () => {
    // gap 0.2 with se 0.1 at n = 100: z = 1.6449 + 0.8416 = 2.4865; n' = 100 * (2.4865 * 0.1 / 0.2)^2 = 154.6
    expect(observationsToSettle({ estimate: 0.3, se: 0.1 }, 100, 0.5)).toBe(155);
    expect(observationsToSettle({ estimate: 0.5, se: 0.1 }, 100, 0.5)).toBe(Infinity);
  });
});

import { normCdf, studentCdf } from './distributions.js';
import { symmetric, type Estimate } from './estimate.js';
import { IntHistogram, type Moments } from './moments.js';

/**
 * Tests for two independent samples: two runs whose matches were not dealt from the same seeds
 * (another master seed, another match count), so nothing pairs them.
 */

/**
 * Welch's t-test and interval for the difference of two means (b minus a), without assuming equal
 * variances; Welch-Satterthwaite degrees of freedom.
 * Reference: R t.test(b, a); SciPy stats.ttest_ind(b, a, equal_var=False).
 */
export function welchTest(a: Moments, b: Moments, confidence = 0.95): Estimate {
  const estimate = b.mean - a.mean;
  const n = a.n + b.n;
  const va = a.variance / a.n;
  const vb = b.variance / b.n;
  const se = Math.sqrt(va + vb);
  const pooledSd = Math.sqrt((a.m2 + b.m2) / Math.max(n - 2, 1));
  if (a.n < 2 || b.n < 2) return { estimate, low: NaN, high: NaN, p: NaN, se: NaN, df: NaN, sd: NaN, test: 'welch-t', n };
  if (!(se > 0)) return { estimate, low: estimate, high: estimate, p: estimate === 0 ? 1 : 0, se: 0, df: n - 2, sd: 0, test: 'welch-t', n };
  const df = (va + vb) ** 2 / (va ** 2 / (a.n - 1) + vb ** 2 / (b.n - 1));
  const p = 2 * studentCdf(-Math.abs(estimate / se), df);
  return symmetric({ estimate, p, se, df, sd: pooledSd, test: 'welch-t', n }, confidence);
}

/**
 * Two-proportion z-test (pooled variance under "no difference": R prop.test(c(x2, x1), c(n2, n1),
 * correct = FALSE), statsmodels proportions_ztest) and the Agresti-Caffo interval for p2 - p1 (Wald's
 * after adding one success and one failure to each sample; statsmodels
 * confint_proportions_2indep(method='agresti-caffo')). `x1`, `x2` may be fractional (wins split between
 * tied winners).
 */
export function twoProportionTest(x1: number, n1: number, x2: number, n2: number, confidence = 0.95): Estimate {
  const p1 = x1 / n1;
  const p2 = x2 / n2;
  const estimate = p2 - p1;
  const pooled = (x1 + x2) / (n1 + n2);
  const seNull = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  const p = seNull > 0 ? 2 * normCdf(-Math.abs(estimate) / seNull) : estimate === 0 ? 1 : 0;
  const q1 = (x1 + 1) / (n1 + 2);
  const q2 = (x2 + 1) / (n2 + 2);
  const se = Math.sqrt((q1 * (1 - q1)) / (n1 + 2) + (q2 * (1 - q2)) / (n2 + 2));
  const sd = Math.sqrt(pooled * (1 - pooled));
  const out = symmetric({ estimate: q2 - q1, p, se, df: Infinity, sd, test: 'two-proportion-z', n: n1 + n2 }, confidence);
  return { ...out, estimate };
}

/**
 * Mann-Whitney U (Wilcoxon rank-sum) test on two samples of integers given as histograms: does one
 * tend to give larger values? Mid-ranks for ties, tie-corrected variance, continuity correction, normal
 * approximation. A p-value only.
 * Reference: SciPy stats.mannwhitneyu(b, a, use_continuity=True, method='asymptotic');
 * R wilcox.test(b, a, correct = TRUE, exact = FALSE).
 */
export function mannWhitney(a: IntHistogram, b: IntHistogram): { p: number; z: number; n: number } {
  const values = [...new Set([...a.counts.keys(), ...b.counts.keys()])].sort((x, y) => x - y);
  const n1 = a.n;
  const n2 = b.n;
  const n = n1 + n2;
  let rank = 0;
  let rankSumB = 0;
  let ties = 0;
  for (const v of values) {
    const ca = a.counts.get(v) ?? 0;
    const cb = b.counts.get(v) ?? 0;
    const t = ca + cb;
    rankSumB += cb * (rank + (t + 1) / 2);
    rank += t;
    ties += t ** 3 - t;
  }
  if (n1 === 0 || n2 === 0) return { p: NaN, z: NaN, n };
  const u = rankSumB - (n2 * (n2 + 1)) / 2;
  const mean = (n1 * n2) / 2;
  const variance = ((n1 * n2) / 12) * (n + 1 - ties / (n * (n - 1)));
  if (!(variance > 0)) return { p: 1, z: 0, n };
  const diff = u - mean;
  const z = (Math.sign(diff) * Math.max(Math.abs(diff) - 0.5, 0)) / Math.sqrt(variance);
  return { p: Math.min(1, 2 * normCdf(-Math.abs(z))), z, n };
}

/**
 * Mood's median test: do two independent samples share their median? Each sample's count above the
 * pooled median (values equal to it count as below), compared by the two-proportion test (the 2 x 2
 * chi-square without continuity correction). It tests the difference of medians the row shows, where
 * Mann-Whitney tests a shift of the whole distribution.
 * Reference: SciPy stats.median_test(a, b, ties='below', correction=False).
 */
export function moodMedianTest(a: IntHistogram, b: IntHistogram): { p: number; n: number } {
  const pooled = new IntHistogram();
  for (const h of [a, b]) for (const [v, c] of h.counts) pooled.add(v, c);
  const median = pooled.median();
  const above = (h: IntHistogram) => [...h.counts].reduce((s, [v, c]) => s + (v > median ? c : 0), 0);
  const e = twoProportionTest(above(a), a.n, above(b), b.n);
  return { p: Number.isNaN(e.p) ? 1 : e.p, n: a.n + b.n };
}

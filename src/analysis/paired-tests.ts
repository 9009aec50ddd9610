import { binomCdf, normCdf, studentCdf } from './distributions.js';
import { critical, symmetric, type Estimate } from './estimate.js';

const normQuantileOf = (confidence: number) => critical(confidence, Infinity);
import type { IntHistogram, Moments } from './moments.js';

/**
 * Tests for paired observations: match i of two variants starts from the same seed, so the two results
 * of match i are a pair and the tests work on what changed within each pair. This removes the
 * match-to-match variation both share (the deal, the dice), which is most of it.
 */

/**
 * Paired t-test and interval for the mean difference, from the per-pair differences (candidate minus
 * reference). With thousands of pairs the t and normal references agree; the t is kept so that small
 * runs are not overconfident. Degenerate cases: no variation among the differences gives p = 1 when
 * they are all zero (identical variants) and p = 0 otherwise.
 * Reference: R t.test(b, a, paired = TRUE); SciPy stats.ttest_rel(b, a).
 */
export function pairedMeanTest(diff: Moments, confidence = 0.95): Estimate {
  const n = diff.n;
  const base = { estimate: n > 0 ? diff.mean : NaN, test: 'paired-t', n, df: Math.max(n - 1, 1) };
  if (n < 2) return { ...base, low: NaN, high: NaN, p: NaN, se: NaN, sd: NaN };
  const sd = diff.sd;
  const se = sd / Math.sqrt(n);
  if (!(se > 0)) {
    return { ...base, low: diff.mean, high: diff.mean, p: diff.mean === 0 ? 1 : 0, se: 0, sd: 0 };
  }
  const t = diff.mean / se;
  const p = 2 * studentCdf(-Math.abs(t), n - 1);
  return symmetric({ ...base, p, se, sd }, confidence);
}

/** Below this many discordant pairs McNemar's test is exact (binomial); from it on, the chi-square. */
export const MCNEMAR_EXACT_BELOW = 200;

/** P(X > x) for a chi-square X with one degree of freedom: X is Z^2, so the tail is 2 P(Z < -sqrt(x)). */
export function chiSquareUpperTail1(x: number): number {
  return Math.min(1, 2 * normCdf(-Math.sqrt(x)));
}

/**
 * McNemar's test for a binary outcome observed in both members of each pair (a bot won, the match was
 * annulled, it ended by a reason): only the discordant pairs carry information. `refOnly` pairs have
 * the outcome in the reference only, `candOnly` in the candidate only, `n` pairs in all. The p-value
 * is exact (two-sided binomial, as R's binom.test(candOnly, refOnly + candOnly)) below
 * MCNEMAR_EXACT_BELOW discordant pairs, else the chi-square statistic (candOnly - refOnly)^2 /
 * (refOnly + candOnly) without continuity correction (R: mcnemar.test(x, correct = FALSE)). The
 * chi-square's upper tail is taken directly, as twice the normal tail of its square root, never as
 * 1 - cdf: that difference underflows to 0 below about 1e-16, the tail itself stays exact down to
 * about 1e-300 (SciPy: chi2.sf(400**2 / 1000, 1) = 1.1314837902433038e-36).
 * The interval for the difference of the two proportions, (candOnly - refOnly) / n, is Wald's with
 * Agresti and Min's adjustment (half a pair added to each cell: coverage stays near nominal with few
 * discordant pairs, and the unadjusted interval is recovered as n grows); `adjust = 0` gives the plain
 * Wald interval.
 */
export function mcnemarTest(refOnly: number, candOnly: number, n: number, confidence = 0.95, adjust = 0.5): Estimate {
  const discordant = refOnly + candOnly;
  const estimate = n > 0 ? (candOnly - refOnly) / n : NaN;
  let p: number;
  if (discordant === 0) p = 1;
  else if (discordant < MCNEMAR_EXACT_BELOW) p = Math.min(1, 2 * binomCdf(Math.min(refOnly, candOnly), discordant, 0.5));
  else p = chiSquareUpperTail1((candOnly - refOnly) ** 2 / discordant);
  const b = refOnly + adjust;
  const c = candOnly + adjust;
  const m = n + 4 * adjust;
  const centre = (c - b) / m;
  const se = Math.sqrt(Math.max(b + c - (c - b) ** 2 / m, 0)) / m;
  const sd = n > 0 ? Math.sqrt(Math.max(discordant / n - estimate ** 2, 0)) : NaN;
  const out = symmetric({ estimate: centre, p, se, df: Infinity, sd, test: discordant < MCNEMAR_EXACT_BELOW ? 'mcnemar-exact' : 'mcnemar', n }, confidence);
  return { ...out, estimate };
}

/**
 * Wilcoxon's signed-rank test on paired integer differences given as a histogram (zero differences
 * dropped, tied absolute values given their mean rank, the variance corrected for ties, a continuity
 * correction of one half): does one variant tend to give larger values, pair by pair? Normal
 * approximation, which at the sizes of a tournament is indistinguishable from the exact distribution.
 * Gives a p-value only: it tests a shift, it does not estimate one.
 * Reference: SciPy stats.wilcoxon(d, zero_method='wilcox', correction=True, method='approx');
 * R wilcox.test(d, correct = TRUE, exact = FALSE).
 */
export function wilcoxonSignedRank(diffs: IntHistogram): { p: number; z: number; n: number } {
  const byAbs = new Map<number, { pos: number; neg: number }>();
  for (const [d, c] of diffs.counts) {
    if (d === 0) continue;
    const e = byAbs.get(Math.abs(d)) ?? { pos: 0, neg: 0 };
    if (d > 0) e.pos += c;
    else e.neg += c;
    byAbs.set(Math.abs(d), e);
  }
  let rank = 0;
  let wPlus = 0;
  let n = 0;
  let ties = 0;
  for (const [, e] of [...byAbs.entries()].sort((a, b) => a[0] - b[0])) {
    const t = e.pos + e.neg;
    const mid = rank + (t + 1) / 2;
    wPlus += e.pos * mid;
    rank += t;
    n += t;
    ties += t ** 3 - t;
  }
  if (n === 0) return { p: 1, z: 0, n: 0 };
  const mean = (n * (n + 1)) / 4;
  const variance = (n * (n + 1) * (2 * n + 1)) / 24 - ties / 48;
  if (!(variance > 0)) return { p: 1, z: 0, n };
  const diff = wPlus - mean;
  const z = (Math.sign(diff) * Math.max(Math.abs(diff) - 0.5, 0)) / Math.sqrt(variance);
  return { p: Math.min(1, 2 * normCdf(-Math.abs(z))), z, n };
}

/**
 * The median of the paired differences with the sign test and its distribution-free interval: what
 * compare.csv's `turns_median_difference` row shows and tests. The sign test asks whether a pair's
 * difference is as likely to be positive as negative, i.e. whether the median of the differences is 0
 * (zero differences dropped; exact two-sided binomial, SciPy stats.binomtest(positive, positive +
 * negative, 0.5)). The interval is the order-statistic interval of the median (the k-th smallest and
 * k-th largest of the n differences, k from Binomial(n, 1/2); coverage at least `confidence`).
 */
export function signTest(diffs: IntHistogram, confidence = 0.95): Estimate {
  let positive = 0;
  let negative = 0;
  let n = 0;
  for (const [d, c] of diffs.counts) {
    n += c;
    if (d > 0) positive += c;
    else if (d < 0) negative += c;
  }
  const m = positive + negative;
  const p = m === 0 ? 1 : Math.min(1, 2 * binomCdf(Math.min(positive, negative), m, 0.5));
  const base = { estimate: n > 0 ? diffs.median() : NaN, p, se: NaN, df: NaN, sd: NaN, test: 'sign', n };
  if (n === 0) return { ...base, low: NaN, high: NaN };
  // The largest k with P(Binomial(n, 1/2) < k) <= (1 - confidence) / 2: [x_(k), x_(n+1-k)] covers the median.
  const tail = (1 - confidence) / 2;
  // Start near the normal approximation's answer and walk to the exact one (a few binomial cdfs, whatever n).
  let k = Math.max(0, Math.floor(n / 2 - (normQuantileOf(confidence) * Math.sqrt(n)) / 2) - 2);
  while (k > 0 && binomCdf(k - 1, n, 0.5) > tail) k--;
  while (k + 1 <= n && binomCdf(k, n, 0.5) <= tail) k++;
  if (k === 0) return { ...base, low: -Infinity, high: Infinity };
  return { ...base, low: orderStatistic(diffs, k), high: orderStatistic(diffs, n + 1 - k) };
}

/** The k-th smallest value (1-based) of a histogram. */
function orderStatistic(h: IntHistogram, k: number): number {
  let seen = 0;
  for (const [v, c] of h.sorted()) {
    seen += c;
    if (seen >= k) return v;
  }
  return NaN;
}

/** Below this many values the sign-flip test's exact distribution is used for a paired share (`tavolo skill`'s deals). */
export const SIGN_FLIP_EXACT_BELOW = 200;

/** The largest common denominator the exact sign-flip test works with (its table has n x that many cells at most). */
const MAX_DENOMINATOR = 5040;

/** The smallest d up to MAX_DENOMINATOR with x d an integer (to 1e-9), or undefined. */
function denominatorOf(x: number): number | undefined {
  for (let d = 1; d <= MAX_DENOMINATOR; d++) if (Math.abs(x * d - Math.round(x * d)) < 1e-9) return d;
  return undefined;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * Fisher's sign-flip randomization test that `values` are symmetric about `centre` (each value as likely
 * on one side as the mirror image on the other, which is what "two equally strong bots" gives a deal
 * played in both seatings). The statistic is the sum of the signed distances from the centre; its exact
 * distribution over the 2^n sign patterns is counted over the distances as integers on their common
 * denominator, so the p-value is exact whatever n: with n values it is never below 2 / 2^n (30 deals
 * all on one side give 2^-29 = 1.9e-9), where a normal approximation with a spread estimated from the
 * same few values can print 1e-25 or 0. Undefined when the distances have no common denominator up to
 * 5040 (the caller then uses another test). Two-sided: P(|T| >= |t|).
 * Reference: the exact permutation distribution (R coin::oneway_test's "exact" one-sample case;
 * tests/analysis/exact-tests.test.ts checks it against enumerating every sign pattern).
 */
export function signFlipTest(values: readonly number[], centre: number): number | undefined {
  const distances = values.map((v) => v - centre).filter((d) => d !== 0);
  if (distances.length === 0) return 1;
  let common = 1;
  for (const d of distances) {
    const den = denominatorOf(Math.abs(d));
    if (den === undefined) return undefined;
    common = (common / gcd(common, den)) * den;
    if (common > MAX_DENOMINATOR) return undefined;
  }
  const k = distances.map((d) => Math.round(Math.abs(d) * common));
  const total = k.reduce((a, x) => a + x, 0);
  const observed = Math.abs(distances.reduce((a, d, i) => a + Math.sign(d) * k[i], 0));
  // dist[s]: the probability that the positive signs' distances add to s, each sign a fair coin.
  let dist = new Float64Array(total + 1);
  dist[0] = 1;
  let reach = 0;
  for (const x of k) {
    const next = new Float64Array(total + 1);
    for (let s = 0; s <= reach; s++) {
      if (dist[s] === 0) continue;
      next[s] += dist[s] / 2;
      next[s + x] += dist[s] / 2;
    }
    reach += x;
    dist = next;
  }
  let p = 0;
  for (let s = 0; s <= total; s++) if (Math.abs(2 * s - total) >= observed) p += dist[s];
  return Math.min(1, p);
}

/** The exact two-sided sign test that `values` lie as often above `centre` as below it (values at the centre dropped). */
export function signTestAbout(values: readonly number[], centre: number): number {
  const above = values.filter((v) => v > centre).length;
  const below = values.filter((v) => v < centre).length;
  const m = above + below;
  return m === 0 ? 1 : Math.min(1, 2 * binomCdf(Math.min(above, below), m, 0.5));
}

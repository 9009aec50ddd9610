/**
 * The probability distributions every test and interval of the analysis layer uses, in one place, from
 * stdlib (@stdlib/stats-base-dists-*): a maintained numerical library whose functions are each tested
 * against reference values, so tavolo writes no special functions of its own. Everything statistical
 * (comparisons, ratings, sequential tests) takes its quantiles and tail probabilities from here.
 */
import binomialCdf from '@stdlib/stats-base-dists-binomial-cdf';
import chisquareCdf from '@stdlib/stats-base-dists-chisquare-cdf';
import normalCdf from '@stdlib/stats-base-dists-normal-cdf';
import normalQuantile from '@stdlib/stats-base-dists-normal-quantile';
import tCdf from '@stdlib/stats-base-dists-t-cdf';
import tQuantile from '@stdlib/stats-base-dists-t-quantile';

/** P(Z <= z) for a standard normal Z. */
export function normCdf(z: number): number {
  return normalCdf(z, 0, 1);
}

/** The z with P(Z <= z) = p. */
export function normQuantile(p: number): number {
  return normalQuantile(p, 0, 1);
}

/** P(T <= t) for Student's t with `df` degrees of freedom. */
export function studentCdf(t: number, df: number): number {
  return tCdf(t, df);
}

/** The t with P(T <= t) = p, `df` degrees of freedom. */
export function studentQuantile(p: number, df: number): number {
  return tQuantile(p, df);
}

/** P(X <= x) for a chi-square with `df` degrees of freedom. */
export function chiSquareCdf(x: number, df: number): number {
  return chisquareCdf(x, df);
}

/** P(X <= k) for X ~ Binomial(n, p). */
export function binomCdf(k: number, n: number, p: number): number {
  return binomialCdf(k, n, p);
}

import { normQuantile, studentQuantile } from './distributions.js';

/**
 * What every test of the analysis layer returns: a difference (candidate minus reference) with its
 * interval and p-value, and what a later step needs to reuse it (an equivalence test, a minimum
 * detectable effect, a sequential test): its standard error and the degrees of freedom of its
 * reference distribution (Infinity for a normal one).
 */
export interface Estimate {
  /** Candidate minus reference. */
  estimate: number;
  /** Two-sided interval at the confidence asked for (95% by default); NaN when the test gives none. */
  low: number;
  high: number;
  /** Two-sided p-value of "no difference". */
  p: number;
  /** Standard error of `estimate`; NaN when the test gives none (rank tests). */
  se: number;
  /** Degrees of freedom of the reference distribution; Infinity for the normal. */
  df: number;
  /** Standard deviation of one observation's contribution (a per-match difference): effect sizes divide by it. */
  sd: number;
  /** The test's name, as written in compare.csv. */
  test: string;
  /** Observations: pairs, or the two sample sizes added. */
  n: number;
}

/** Two-sided critical value at `confidence` for a distribution with `df` degrees of freedom. */
export function critical(confidence: number, df: number): number {
  const q = 1 - (1 - confidence) / 2;
  return Number.isFinite(df) ? studentQuantile(q, df) : normQuantile(q);
}

/** An estimate with a symmetric interval `estimate ± critical * se`. */
export function symmetric(
  fields: Omit<Estimate, 'low' | 'high'>,
  confidence: number,
): Estimate {
  const half = critical(confidence, fields.df) * fields.se;
  return { ...fields, low: fields.estimate - half, high: fields.estimate + half };
}

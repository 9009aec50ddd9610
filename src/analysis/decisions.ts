import { normCdf, normQuantile, studentCdf } from './distributions.js';
import type { Estimate } from './estimate.js';

/**
 * From tests to decisions: Holm's correction over a family of tests, the smallest effect a comparison
 * could have detected, and the equivalence test (TOST) with the number of matches that would likely
 * settle an undecided one.
 */

/**
 * Holm's step-down adjusted p-values (Holm 1979), in the order given; NaN entries are left out of the
 * family and stay NaN. Controls the chance of any false finding at alpha, whatever the dependence
 * between the tests. Reference: R p.adjust(p, method = 'holm'); statsmodels multipletests(p, method='holm').
 */
export function holm(p: readonly number[]): number[] {
  const idx = p.map((v, i) => i).filter((i) => !Number.isNaN(p[i]));
  idx.sort((i, j) => p[i] - p[j] || i - j);
  const m = idx.length;
  const out = p.map(() => NaN);
  let running = 0;
  idx.forEach((i, k) => {
    running = Math.max(running, Math.min(1, (m - k) * p[i]));
    out[i] = running;
  });
  return out;
}

/** What a comparison row could have detected: see detectableChange. */
export interface DetectableChange {
  /**
   * The true change found with probability `power` at the level the row is really tested at (the same
   * unit as the row's difference); NaN when the row has no standard error or its matches were identical.
   */
  size: number;
  /** Every pair of matches gave the same value (paired differences all 0): the matches were identical, nothing could be detected. */
  identical: boolean;
  /** The two-sided level used: alpha / family, Holm's first (strictest) step. */
  level: number;
}

/**
 * The change a comparison row would have detected with probability `power` (80%) after Holm's
 * correction over its family: (z_{1 - alpha / (2 m)} + z_{power}) * se, m the number of distinct tests
 * sharing the correction (`row.family`). alpha / m is the level of Holm's first step, the strictest a
 * row can face; a true change of this size is found at least with the stated power whatever the other
 * rows do (a looser later step only helps), so the figure is honest and slightly conservative
 * (docs/statistics.md, "What could have been detected"; checked by simulation in tests/analysis/power.test.ts).
 * A paired row whose per-match differences have no spread (sd 0) comes from identical matches: it
 * reports `identical` instead of a size of 0.
 * This is the function to call for "what could have been detected" (terminal, verdict, report).
 */
export function detectableChange(
  row: { se: number; sd: number; pairs: number | null; family: number; difference: number },
  alpha = 0.05,
  power = 0.8,
): DetectableChange {
  const m = Number.isFinite(row.family) && row.family >= 1 ? row.family : 1;
  const level = alpha / m;
  if (row.pairs !== null && row.sd === 0 && row.difference === 0) return { size: NaN, identical: true, level };
  if (!(row.se > 0)) return { size: NaN, identical: false, level };
  return { size: (normQuantile(1 - level / 2) + normQuantile(power)) * row.se, identical: false, level };
}

function upperTail(x: number, df: number): number {
  return Number.isFinite(df) ? studentCdf(-x, df) : normCdf(-x);
}

export interface Tost {
  /** TOST p-value: the larger of the two one-sided p-values against -margin and +margin. */
  pEquivalent: number;
  /** One-sided p-value of "the difference lies within the margin" against "it lies beyond it" (the mirror test). */
  pChanged: number;
}

/**
 * Schuirmann's two one-sided tests for equivalence within +-margin, from an estimate, its standard
 * error and degrees of freedom: equivalence is shown at alpha when pEquivalent < alpha, i.e. when the
 * (1 - 2 alpha) interval lies inside (-margin, margin). `pChanged` is the mirror: the difference shown
 * to lie beyond the margin on the side of the estimate.
 * Reference: statsmodels ttost_paired(b, a, -margin, margin) for the paired t case.
 */
export function tost(e: Pick<Estimate, 'estimate' | 'se' | 'df'>, margin: number): Tost {
  const { estimate, se, df } = e;
  if (!(se > 0)) {
    const inside = Math.abs(estimate) < margin;
    return { pEquivalent: inside ? 0 : 1, pChanged: Math.abs(estimate) > margin ? 0 : 1 };
  }
  const pLower = upperTail((estimate + margin) / se, df); // H0: d <= -margin
  const pUpper = upperTail((margin - estimate) / se, df); // H0: d >= +margin
  const pChanged = upperTail((Math.abs(estimate) - margin) / se, df); // H0: |d| <= margin, on the estimate's side
  return { pEquivalent: Math.max(pLower, pUpper), pChanged };
}

/**
 * How many observations (of the kind `n` counts) would likely settle an equivalence question that is
 * still open: assuming the present estimate is the truth and the standard error shrinks as 1/sqrt(n),
 * the n at which the one-sided test on the nearer side (equivalent if the estimate is inside the
 * margin, changed if outside) reaches alpha with probability `power`. Infinity when the estimate sits
 * on the margin.
 */
export function observationsToSettle(e: Pick<Estimate, 'estimate' | 'se'>, n: number, margin: number, alpha = 0.05, power = 0.8): number {
  const gap = Math.abs(margin - Math.abs(e.estimate));
  if (!(gap > 0) || !(e.se > 0)) return Infinity;
  const z = normQuantile(1 - alpha) + normQuantile(power);
  return Math.ceil(n * ((z * e.se) / gap) ** 2);
}

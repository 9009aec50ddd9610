import { InputError } from '../errors.js';
import type { CompareRow } from './compare.js';
import { holm, observationsToSettle, tost } from './decisions.js';
import { critical } from './estimate.js';
import { quantityUnit } from './quantities.js';

/**
 * The regression gate: a comparison turned into one verdict against tolerances a designer names
 * (`--tolerance win_share=0.01,turns_mean=0.5`).
 *
 * - equivalent: every named quantity is shown to lie within its tolerance (Schuirmann's TOST at alpha
 *   for each; all must pass, an intersection-union test, which needs no multiplicity correction);
 * - changed: some named quantity is shown to lie beyond its tolerance (the mirror one-sided test at
 *   alpha, Holm-corrected over the named rows, since any one suffices);
 * - inconclusive: neither, with the matches per variant that would likely settle every open row, or,
 *   for a row whose estimate sits within one standard error of its tolerance, the words that say so
 *   (no number of matches can be promised there).
 */
export type Verdict = 'equivalent' | 'changed' | 'inconclusive';

export interface GateRow {
  row: CompareRow;
  tolerance: number;
  pEquivalent: number;
  pChanged: number;
  pChangedHolm: number;
  /** The (1 - 2 alpha) interval TOST reads: inside (-tolerance, tolerance) means equivalent. */
  low: number;
  high: number;
  verdict: Verdict;
  /** Matches per variant that would likely settle the row (NaN when settled, or when the estimate sits at the tolerance). */
  toSettle: number;
  /**
   * An open row whose estimate lies within one standard error of its tolerance: it could be on either
   * side, and the matches to settle it grow without bound as it nears the tolerance, so none is promised.
   */
  atTolerance: boolean;
}

export interface GateResult {
  verdict: Verdict;
  rows: GateRow[];
  /** For an inconclusive verdict: the matches per variant that would likely settle the open rows not at their tolerance (NaN if none). */
  toSettle: number;
}

/** Parses `name=value,...`: quantity names or families (`win_share` for every win_share:<bot>). */
export function parseTolerances(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const part of text.split(',')) {
    const item = part.trim();
    const eq = item.indexOf('=');
    const key = eq > 0 ? item.slice(0, eq).trim() : '';
    const value = eq > 0 ? Number(item.slice(eq + 1).trim()) : NaN;
    if (!key || !(value > 0) || !Number.isFinite(value)) {
      throw new InputError(
        `expected quantity=tolerance pairs separated by commas, each tolerance a positive number (rates as proportions: 0.01 is one point), such as win_share=0.01,turns_mean=0.5; found ${JSON.stringify(item)}`,
        '--tolerance',
      );
    }
    out.set(key, value);
  }
  return out;
}

/**
 * A tolerance is in its quantity's own unit (quantities.ts): a share's difference is a fraction (0.01 is
 * one point), so a tolerance of 1 or more would let any change pass; it is refused, with the value likely
 * meant (`win_share=2` for two points is 0.02).
 */
function checkToleranceUnit(key: string, quantity: string, tolerance: number): void {
  const u = quantityUnit(quantity, 2);
  if (!u.share || tolerance < 1) return;
  const meant = tolerance / 100;
  throw new InputError(
    `${key}=${tolerance}: a tolerance is in the quantity's own unit, for ${key} ${u.unit}, so it must be below 1; found ${tolerance}; did you mean ${meant} (${tolerance} point${tolerance === 1 ? '' : 's'})?`,
    '--tolerance',
  );
}

/** The tolerance that applies to a row: its exact name, else its family (the part before ':'). */
function toleranceFor(quantity: string, tolerances: ReadonlyMap<string, number>): number | undefined {
  const exact = tolerances.get(quantity);
  if (exact !== undefined) return exact;
  const colon = quantity.indexOf(':');
  return colon > 0 ? tolerances.get(quantity.slice(0, colon)) : undefined;
}

export function gate(rows: readonly CompareRow[], tolerances: ReadonlyMap<string, number>, alpha = 0.05): GateResult {
  for (const key of tolerances.keys()) {
    if (key === 'turns_median' || key === 'turns_median_difference') {
      throw new InputError(`${key} has no standard error to hold against a tolerance; use turns_mean`, '--tolerance');
    }
    const named = rows.find((r) => r.quantity === key || r.quantity.startsWith(`${key}:`));
    if (named === undefined) {
      const families = [...new Set(rows.map((r) => r.quantity.split(':')[0]))].filter((q) => q !== 'turns_median' && q !== 'turns_median_difference');
      throw new InputError(`no quantity is named ${JSON.stringify(key)}; the comparison has ${families.join(', ')} (or a single one, such as ${rows.find((r) => r.quantity.includes(':'))?.quantity ?? 'win_share:<bot>'})`, '--tolerance');
    }
    checkToleranceUnit(key, named.quantity, tolerances.get(key)!);
  }
  const named = rows.filter((r) => toleranceFor(r.quantity, tolerances) !== undefined && Number.isFinite(r.se));
  const tests = named.map((r) => ({ r, tol: toleranceFor(r.quantity, tolerances)!, t: tost({ estimate: r.difference, se: r.se, df: r.df }, toleranceFor(r.quantity, tolerances)!) }));
  const changedHolm = holm(tests.map((x) => x.t.pChanged));
  const z = (df: number) => critical(1 - 2 * alpha, df);
  const out: GateRow[] = tests.map(({ r, tol, t }, i) => {
    const verdict: Verdict = changedHolm[i] < alpha ? 'changed' : t.pEquivalent < alpha ? 'equivalent' : 'inconclusive';
    // Pairs, or for independent samples the equal size per side with the same standard error (harmonic mean).
    const n = r.pairs ?? 2 / (1 / r.matches + 1 / r.refMatches);
    const atTolerance = verdict === 'inconclusive' && Math.abs(Math.abs(r.difference) - tol) < r.se;
    const settle = verdict === 'inconclusive' && !atTolerance;
    const toSettle = settle ? Math.max(Math.ceil(n), observationsToSettle({ estimate: r.difference, se: r.se }, n, tol, alpha)) : NaN;
    const half = z(r.df) * r.se;
    return { row: r, tolerance: tol, pEquivalent: t.pEquivalent, pChanged: t.pChanged, pChangedHolm: changedHolm[i], low: r.difference - half, high: r.difference + half, verdict, toSettle, atTolerance };
  });
  const verdict: Verdict = out.some((g) => g.verdict === 'changed') ? 'changed' : out.every((g) => g.verdict === 'equivalent') ? 'equivalent' : 'inconclusive';
  const open = out.filter((g) => g.verdict === 'inconclusive' && !g.atTolerance).map((g) => g.toSettle);
  return { verdict, rows: out, toSettle: verdict === 'inconclusive' && open.length > 0 ? Math.max(...open) : NaN };
}

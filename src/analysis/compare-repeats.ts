import type { SideAccumulator } from './accumulate.js';
import { normCdf, normQuantile } from './distributions.js';
import { fixed } from './intervals.js';
import { isRate } from './quantities.js';
import { REPEAT_NOTE_SHARE, varyPlaysAdvice } from './verdict-repeats.js';

/**
 * Repeated plays in a comparison (compare.csv, its words): a side whose matches repeat a few plays
 * (matches.csv's play_hash, repeats.ts) has fewer independent observations than matches, so each row's
 * interval and p-value are corrected by Kish's design effect, deff = matches / effective plays
 * (N^2 / sum of squared play sizes; docs/statistics.md, "Repeated plays"). The row takes the larger of
 * its two sides' effects: the difference is no better known than its less known side.
 */

/** What the correction reads and changes of a compare row (compare.ts's CompareRow; named here, so the two modules do not import each other). */
interface WidenedRow {
  quantity: string;
  difference: number;
  low: number;
  high: number;
  se: number;
  p: number;
}

/** A side's design effect: its matches over Kish's effective plays (1 when no play repeats or there are no hashes). */
export function sideDesignEffect(side: SideAccumulator): number {
  const effective = side.repeats.effective;
  return effective === undefined ? 1 : side.repeats.matches / effective;
}

/**
 * Widens a row by the design effect (in place): the interval's distances from the estimate and the
 * standard error grow by sqrt(deff), and the p-value is the one of the normal statistic shrunk by
 * sqrt(deff) (its z read back from the two-sided p). deff 1 leaves the row as it was; above 1 the
 * interval is wider and the p-value larger, never the reverse. A rate's difference stays within [-1, 1].
 */
export function widenForRepeats(r: WidenedRow, deff: number): void {
  if (!(deff > 1)) return;
  const f = Math.sqrt(deff);
  const [lowest, highest] = isRate(r.quantity) ? [-1, 1] : [-Infinity, Infinity];
  if (Number.isFinite(r.low)) r.low = Math.max(lowest, r.difference - (r.difference - r.low) * f);
  if (Number.isFinite(r.high)) r.high = Math.min(highest, r.difference + (r.high - r.difference) * f);
  r.se *= f;
  if (r.p > 0 && r.p < 1) r.p = 2 * normCdf(-zOfTwoSided(r.p) / f);
}

/**
 * The |z| whose two-sided normal p-value is p. The quantile function loses the tail below about 1e-16
 * (it gives infinity there), so a smaller p is inverted by bisection on the cdf, which holds to 1e-300.
 */
function zOfTwoSided(p: number): number {
  const z = -normQuantile(p / 2);
  if (Number.isFinite(z) && p > 1e-12) return z;
  let [lo, hi] = [0, 40];
  for (let i = 0; i < 200 && hi - lo > 1e-12; i++) {
    const mid = (lo + hi) / 2;
    if (2 * normCdf(-mid) > p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** The distinct plays of each side and the matches the row's intervals count (Kish's effective plays), for compare.csv. */
export interface RowPlays {
  referencePlays: number;
  plays: number;
  effective: number;
}

/** What a comparison of two sides counts, or undefined when neither side has play hashes. */
export function rowPlays(ref: SideAccumulator, cand: SideAccumulator): RowPlays | undefined {
  if (!ref.repeats.known && !cand.repeats.known) return undefined;
  const effective = Math.min(ref.n / sideDesignEffect(ref), cand.n / sideDesignEffect(cand));
  return { referencePlays: ref.repeats.known ? ref.repeats.distinct : NaN, plays: cand.repeats.known ? cand.repeats.distinct : NaN, effective };
}

/** Every row of one candidate against its reference widened by the larger design effect of the two sides; returns what they count. */
export function correctForRepeats(rows: WidenedRow[], ref: SideAccumulator, cand: SideAccumulator): RowPlays | undefined {
  const deff = Math.max(sideDesignEffect(ref), sideDesignEffect(cand));
  for (const r of rows) widenForRepeats(r, deff);
  return rowPlays(ref, cand);
}

/** A side of a comparison as the words name it, with the random opening moves its run played (run.json's opening). */
export interface NamedSide {
  label: string;
  side: SideAccumulator;
  opening?: number;
}

/**
 * compare's first words about repeated plays: one 'Repeated play:' sentence per side whose repeats reach
 * REPEAT_NOTE_SHARE (the verdict's threshold), saying how many matches were one game, what the rows below
 * count instead, and what to do.
 */
export function compareRepeatNotes(sides: readonly NamedSide[]): string[] {
  const out: string[] = [];
  for (const { label, side, opening } of sides) {
    const r = side.repeats;
    if (!r.known || r.repeated / r.matches < REPEAT_NOTE_SHARE) continue;
    const effective = fixed(r.matches / sideDesignEffect(side), 1);
    const most = r.largest / r.matches >= 0.5
      ? `${r.largest} of the ${r.matches} matches of ${label} were one repeated game (${r.distinct === 1 ? 'no other play' : `${r.distinct} distinct plays in all`})`
      : `${r.repeated} of the ${r.matches} matches of ${label} repeat an earlier match (${r.distinct} distinct plays, the most frequent one ${r.largest} times)`;
    out.push(
      `Repeated play: ${most}, move for move (matches.csv's play_hash), so its figures describe ${r.distinct === 1 ? 'that game' : 'those plays'} more than the rules. ` +
        `The rows below count its ${effective} effective plays (Kish's), not its ${r.matches} matches, and are that much wider. ${varyPlaysAdvice(opening)}`,
    );
  }
  return out;
}

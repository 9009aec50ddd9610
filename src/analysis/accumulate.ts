import { IntHistogram, MomentsVector, type Moments } from './moments.js';
import type { QuantityPlan } from './quantities.js';
import { PlayRepeats } from './repeats.js';
import type { MatchRow } from './results.js';

/**
 * Streaming accumulators: what the tests need, gathered match by match in constant memory (moments,
 * discordant-pair counts, histograms of integer lengths), so that a million pairs cost no more memory
 * than ten.
 */

/** One side's matches on their own: for unpaired tests and for the per-variant table. */
export class SideAccumulator {
  /** Whether every value seen so far, per quantity, is 0 or 1 (NaN values skipped). */
  readonly binary: boolean[];
  readonly turns = new IntHistogram();
  readonly endReasons = new Map<string, number>();
  n = 0;
  /** The matches counted by play (repeats.ts): for the distinct plays and the intervals of a side whose plays repeat. */
  readonly repeats = new PlayRepeats();
  private readonly values: Float64Array;
  /** The values' sums (for PairAccumulator, which adds both sides' values in its own loop). */
  readonly sums: MomentsVector;
  private snapshot: Moments[] | undefined;

  constructor(readonly plan: QuantityPlan) {
    this.sums = new MomentsVector(plan.names.length);
    this.binary = plan.names.map(() => true);
    this.values = new Float64Array(plan.names.length);
  }

  /** Per quantity, the moments of the values (NaN values skipped). */
  get moments(): Moments[] {
    return (this.snapshot ??= this.sums.all());
  }

  add(row: MatchRow): void {
    this.plan.values(row, this.values);
    this.addValues(this.values, row);
  }

  /** Adds a match whose values were computed already. */
  addValues(values: Float64Array, row: MatchRow): void {
    this.addMatch(row);
    this.repeats.add(row.playHash, values);
    const { sums, binary } = this;
    for (let q = 0; q < values.length; q++) {
      const v = values[q];
      if (v !== v) continue; // NaN: no value
      sums.add(q, v);
      if (v !== 0 && v !== 1 && binary[q]) binary[q] = false;
    }
  }

  /** A match's count, length and end reason; its values go to `sums` and `binary` (addValues, or PairAccumulator's loop). */
  addMatch(row: MatchRow): void {
    this.n++;
    this.snapshot = undefined;
    this.turns.add(row.turns);
    this.endReasons.set(row.endReason, (this.endReasons.get(row.endReason) ?? 0) + 1);
  }
}

/** Two sides of the same matches, pair by pair. */
export class PairAccumulator {
  readonly ref: SideAccumulator;
  readonly cand: SideAccumulator;
  private readonly diffSums: MomentsVector;
  private diffSnapshot: Moments[] | undefined;
  /** Per quantity, pairs where the value is 1 in the reference and 0 in the candidate, and the reverse. */
  readonly refOnly: Float64Array;
  readonly candOnly: Float64Array;
  /** Per quantity, pairs with both values present. */
  readonly pairs: Float64Array;
  /**
   * Per quantity, the sums of the reference's and the candidate's values over those pairs only: the levels on
   * the difference's own population, when a match with no value (an empty cell) leaves pairs out.
   */
  private readonly pairedRefSum: Float64Array;
  private readonly pairedCandSum: Float64Array;
  readonly turnDiffs = new IntHistogram();
  /** Pairs by end reason: reference's reason => candidate's reason => count. */
  private readonly reasonPairs = new Map<string, Map<string, number>>();
  private readonly a: Float64Array;
  private readonly b: Float64Array;

  constructor(plan: QuantityPlan, candPlan: QuantityPlan = plan) {
    this.ref = new SideAccumulator(plan);
    this.cand = new SideAccumulator(candPlan);
    const q = plan.names.length;
    this.diffSums = new MomentsVector(q);
    this.refOnly = new Float64Array(q);
    this.candOnly = new Float64Array(q);
    this.pairs = new Float64Array(q);
    this.pairedRefSum = new Float64Array(q);
    this.pairedCandSum = new Float64Array(q);
    this.a = new Float64Array(q);
    this.b = new Float64Array(q);
  }

  add(refRow: MatchRow, candRow: MatchRow): void {
    const { a, b } = this;
    this.ref.plan.values(refRow, a);
    this.cand.plan.values(candRow, b);
    const { ref, cand } = this;
    ref.addMatch(refRow);
    cand.addMatch(candRow);
    ref.repeats.add(refRow.playHash, a);
    cand.repeats.add(candRow.playHash, b);
    this.diffSnapshot = undefined;
    // Both sides' values and their differences in one loop: each sum sees the same values in the same
    // order as through SideAccumulator.addValues, so the same bits, in a third of the passes.
    const [refSums, candSums, refBinary, candBinary, diffs] = [ref.sums, cand.sums, ref.binary, cand.binary, this.diffSums];
    for (let q = 0; q < a.length; q++) {
      const x = a[q];
      const y = b[q];
      if (x === x) {
        refSums.add(q, x);
        if (x !== 0 && x !== 1 && refBinary[q]) refBinary[q] = false;
      }
      if (y === y) {
        candSums.add(q, y);
        if (y !== 0 && y !== 1 && candBinary[q]) candBinary[q] = false;
      }
      if (x !== x || y !== y) continue; // a NaN on either side: no pair
      this.pairs[q]++;
      this.pairedRefSum[q] += x;
      this.pairedCandSum[q] += y;
      diffs.add(q, y - x);
      if (x === 1 && y === 0) this.refOnly[q]++;
      else if (x === 0 && y === 1) this.candOnly[q]++;
    }
    this.turnDiffs.add(candRow.turns - refRow.turns);
    let byCand = this.reasonPairs.get(refRow.endReason);
    if (byCand === undefined) this.reasonPairs.set(refRow.endReason, (byCand = new Map<string, number>()));
    byCand.set(candRow.endReason, (byCand.get(candRow.endReason) ?? 0) + 1);
  }

  /** Per quantity, the moments of the per-pair difference (candidate minus reference; pairs with a NaN skipped). */
  get diffs(): Moments[] {
    return (this.diffSnapshot ??= this.diffSums.all());
  }

  /** A quantity's means over the pairs where both sides have a value (NaN without such a pair). */
  pairedMeans(q: number): { ref: number; cand: number } {
    const n = this.pairs[q];
    return n > 0 ? { ref: this.pairedRefSum[q] / n, cand: this.pairedCandSum[q] / n } : { ref: NaN, cand: NaN };
  }

  /** For an end reason: pairs ending by it in the reference only, and in the candidate only. */
  reasonDiscordance(reason: string): { refOnly: number; candOnly: number } {
    let refOnly = 0;
    let candOnly = 0;
    for (const [r, byCand] of this.reasonPairs) {
      for (const [c, count] of byCand) {
        if (r === reason && c !== reason) refOnly += count;
        if (c === reason && r !== reason) candOnly += count;
      }
    }
    return { refOnly, candOnly };
  }
}

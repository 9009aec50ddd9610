import { IntHistogram, Moments } from './moments.js';
import type { QuantityPlan } from './quantities.js';
import type { MatchRow } from './results.js';

/**
 * Streaming accumulators: what the tests need, gathered match by match in constant memory (moments,
 * discordant-pair counts, histograms of integer lengths), so that a million pairs cost no more memory
 * than ten.
 */

/** One side's matches on their own: for unpaired tests and for the per-variant table. */
export class SideAccumulator {
  readonly moments: Moments[];
  /** Whether every value seen so far, per quantity, is 0 or 1 (NaN values skipped). */
  readonly binary: boolean[];
  readonly turns = new IntHistogram();
  readonly endReasons = new Map<string, number>();
  n = 0;
  private readonly values: Float64Array;

  constructor(readonly plan: QuantityPlan) {
    this.moments = plan.names.map(() => new Moments());
    this.binary = plan.names.map(() => true);
    this.values = new Float64Array(plan.names.length);
  }

  add(row: MatchRow): void {
    this.plan.values(row, this.values);
    this.addValues(this.values, row);
  }

  /** Adds a match whose values were computed already. */
  addValues(values: Float64Array, row: MatchRow): void {
    this.n++;
    for (let q = 0; q < values.length; q++) {
      const v = values[q];
      if (Number.isNaN(v)) continue;
      this.moments[q].add(v);
      if (v !== 0 && v !== 1) this.binary[q] = false;
    }
    this.turns.add(row.turns);
    this.endReasons.set(row.endReason, (this.endReasons.get(row.endReason) ?? 0) + 1);
  }
}

/** Two sides of the same matches, pair by pair. */
export class PairAccumulator {
  readonly ref: SideAccumulator;
  readonly cand: SideAccumulator;
  /** Per quantity, the moments of the per-pair difference (candidate minus reference; pairs with a NaN skipped). */
  readonly diffs: Moments[];
  /** Per quantity, pairs where the value is 1 in the reference and 0 in the candidate, and the reverse. */
  readonly refOnly: Float64Array;
  readonly candOnly: Float64Array;
  /** Per quantity, pairs with both values present. */
  readonly pairs: Float64Array;
  readonly turnDiffs = new IntHistogram();
  /** End-reason pairs "reference\u0000candidate" with their counts. */
  readonly reasonPairs = new Map<string, number>();
  private readonly a: Float64Array;
  private readonly b: Float64Array;

  constructor(plan: QuantityPlan, candPlan: QuantityPlan = plan) {
    this.ref = new SideAccumulator(plan);
    this.cand = new SideAccumulator(candPlan);
    const q = plan.names.length;
    this.diffs = plan.names.map(() => new Moments());
    this.refOnly = new Float64Array(q);
    this.candOnly = new Float64Array(q);
    this.pairs = new Float64Array(q);
    this.a = new Float64Array(q);
    this.b = new Float64Array(q);
  }

  add(refRow: MatchRow, candRow: MatchRow): void {
    const { a, b } = this;
    this.ref.plan.values(refRow, a);
    this.cand.plan.values(candRow, b);
    this.ref.addValues(a, refRow);
    this.cand.addValues(b, candRow);
    for (let q = 0; q < a.length; q++) {
      const x = a[q];
      const y = b[q];
      if (Number.isNaN(x) || Number.isNaN(y)) continue;
      this.pairs[q]++;
      this.diffs[q].add(y - x);
      if (x === 1 && y === 0) this.refOnly[q]++;
      else if (x === 0 && y === 1) this.candOnly[q]++;
    }
    this.turnDiffs.add(candRow.turns - refRow.turns);
    const key = `${refRow.endReason}\u0000${candRow.endReason}`;
    this.reasonPairs.set(key, (this.reasonPairs.get(key) ?? 0) + 1);
  }

  /** For an end reason: pairs ending by it in the reference only, and in the candidate only. */
  reasonDiscordance(reason: string): { refOnly: number; candOnly: number } {
    let refOnly = 0;
    let candOnly = 0;
    for (const [key, count] of this.reasonPairs) {
      const [r, c] = key.split('\u0000');
      if (r === reason && c !== reason) refOnly += count;
      if (c === reason && r !== reason) candOnly += count;
    }
    return { refOnly, candOnly };
  }
}

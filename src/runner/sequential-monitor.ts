import { sequentialTest, verdictOf, type SequentialTest, type SprtState, type Verdict } from '../analysis/sequential.js';
import { seatOfEntry } from '../engine/plan.js';
import { Rec, recordWidth, wonAt } from './records.js';
import type { SequentialSpec } from './sequential-spec.js';

/**
 * A sequential test during a run. Batches arrive in any order; the test is evaluated at fixed
 * checkpoints (every `checkEvery` matches per variant), each once every match before it is in, in
 * checkpoint order. So the stopping point depends on the matches alone, never on which batch finished
 * first: the files are byte-identical across thread counts, batch sizes and --resume.
 *
 * Matches are played window by window (a window: the matches between two checkpoints, in every
 * variant), and a batch never crosses a checkpoint (see `windowed`), so the files end at a batch
 * boundary and what was played past the stopping point is simply left out.
 */
export interface Checkpoint extends SprtState {
  /** Matches per variant up to this checkpoint. */
  matches: number;
}

/** Per-match value of one variant from its record (the layout: Rec in records.ts). */
type MatchValue = (rec: Float64Array, o: number, match: number) => number;

/** The win share of a lineup name in a match: its seats' wins (split between tied winners) over its seats. */
function winShare(players: number, entries: readonly number[]): MatchValue {
  return (rec, o, match) => {
    let winners = 0;
    for (let s = 0; s < players; s++) winners += rec[o + wonAt(players, s)];
    if (winners === 0) return 0;
    let mine = 0;
    for (const e of entries) {
      const seat = seatOfEntry(e, match, players);
      mine += rec[o + wonAt(players, seat)];
    }
    return mine / winners / entries.length;
  };
}

function quantityValue(quantity: string, players: number, lineup: readonly string[]): MatchValue {
  switch (quantity) {
    case 'turns_mean':
      return (rec, o) => rec[o + Rec.TURNS];
    case 'decisions_mean':
      return (rec, o) => rec[o + Rec.DECISIONS];
    case 'annulled_rate':
      return (rec, o) => rec[o + Rec.ANNULLED];
    case 'first_player_advantage':
      // Position 0's share of a match someone won, minus 1/players; NaN for a match nobody won, which
      // counts for no position (the definition of compare.csv and seats.csv: analysis/first-player.ts).
      return (rec, o) => {
        let winners = 0;
        for (let s = 0; s < players; s++) winners += rec[o + wonAt(players, s)];
        const first = rec[o + Rec.FIRST_PLAYER];
        return winners > 0 ? rec[o + wonAt(players, first)] / winners - 1 / players : NaN;
      };
    default: {
      const name = quantity.slice('win_share:'.length);
      return winShare(players, entriesOf(lineup, name));
    }
  }
}

const entriesOf = (lineup: readonly string[], name: string) => lineup.flatMap((n, e) => (n === name ? [e] : []));

export class SequentialMonitor {
  readonly checkpoints: Checkpoint[] = [];
  /** Matches per variant in the files, once decided (or at the maximum). */
  stopAt: number | null = null;
  private readonly test: SequentialTest;
  /** The variants the test reads, and the per-match value of each. */
  private readonly sides: Array<{ variant: number; value: MatchValue; values: Float64Array; seen: Uint8Array; filled: Int32Array }>;
  private readonly windows: number;
  private next = 0;

  constructor(
    readonly spec: SequentialSpec,
    private readonly players: number,
    private readonly matches: number,
    lineup: readonly string[],
  ) {
    this.test = sequentialTest(spec);
    this.windows = matches / spec.checkEvery;
    const q = spec.question;
    const side = (variant: number, value: MatchValue) => ({
      variant,
      value,
      values: new Float64Array(matches).fill(NaN),
      // Which matches are in (a value may itself be NaN: a first-player advantage of a match nobody won).
      seen: new Uint8Array(matches),
      filled: new Int32Array(this.windows),
    });
    if (q.kind === 'bots') {
      const a = winShare(players, entriesOf(lineup, q.bot));
      const b = winShare(players, entriesOf(lineup, q.opponent));
      this.sides = [side(q.variant, (rec, o, m) => a(rec, o, m) - b(rec, o, m))];
    } else {
      const value = quantityValue(q.quantity, players, lineup);
      this.sides = [side(q.variant, value), side(q.baseline, value)];
    }
  }

  get decided(): boolean {
    return this.stopAt !== null;
  }

  get verdict(): Verdict {
    const last = this.checkpoints[this.checkpoints.length - 1];
    return verdictOf(last?.decision ?? null);
  }

  /** A batch's records (matches start..): returns the checkpoints this made possible, in order. */
  offer(variant: number, start: number, rec: Float64Array): Checkpoint[] {
    const width = recordWidth(this.players);
    const count = rec.length / width;
    for (const side of this.sides) {
      if (side.variant !== variant) continue;
      for (let m = 0; m < count; m++) {
        const i = start + m;
        // A batch journaled twice (harmless, identical) must not count twice.
        if (i >= this.matches || side.seen[i] === 1) continue;
        side.seen[i] = 1;
        side.values[i] = side.value(rec, m * width, i);
        side.filled[Math.floor(i / this.spec.checkEvery)]++;
      }
    }
    return this.evaluate();
  }

  private evaluate(): Checkpoint[] {
    const out: Checkpoint[] = [];
    const every = this.spec.checkEvery;
    while (!this.decided && this.next < this.windows && this.sides.every((s) => s.filled[this.next] >= every)) {
      const lo = this.next * every;
      for (let b = lo; b < lo + every; b += this.players) {
        const value = this.blockValue(b);
        // A block with no decided match on a side says nothing about turn order: it is left out.
        if (!Number.isNaN(value)) this.test.add(value);
      }
      this.next++;
      const c = { matches: this.next * every, ...this.test.state() };
      this.checkpoints.push(c);
      out.push(c);
      if (c.decision || this.next === this.windows) this.stopAt = c.matches;
    }
    return out;
  }

  /**
   * Mean over one rotation (players matches from b) of the per-match difference. For a quantity that
   * counts only some matches (the first-player advantage counts the decided ones), each side's mean over
   * its counted matches of the block, then their difference (NaN when a side has none).
   */
  private blockValue(b: number): number {
    if (this.spec.question.kind !== 'bots' && this.spec.question.quantity === 'first_player_advantage') {
      return this.sides.map((side) => definedMean(side.values, b, b + this.players)).reduce((x, y) => x - y);
    }
    let sum = 0;
    for (let i = b; i < b + this.players; i++) {
      sum += this.sides.length === 1 ? this.sides[0].values[i] : this.sides[0].values[i] - this.sides[1].values[i];
    }
    return sum / this.players;
  }
}

/** The mean of the non-NaN values in [from, to); NaN when there are none. */
function definedMean(values: Float64Array, from: number, to: number): number {
  let sum = 0;
  let n = 0;
  for (let i = from; i < to; i++) {
    if (Number.isNaN(values[i])) continue;
    sum += values[i];
    n++;
  }
  return n > 0 ? sum / n : NaN;
}

/**
 * The ranges still to play, cut at the checkpoints and ordered window by window (all variants of one
 * window before the next), so the test can be evaluated as early as possible and no batch crosses a
 * checkpoint.
 */
export function windowed(
  ranges: ReadonlyArray<{ variant: number; start: number; end: number }>,
  checkEvery: number,
): Array<{ variant: number; start: number; end: number }> {
  const out: Array<{ variant: number; start: number; end: number }> = [];
  for (const r of ranges) {
    for (let s = r.start; s < r.end; ) {
      const end = Math.min(r.end, (Math.floor(s / checkEvery) + 1) * checkEvery);
      out.push({ variant: r.variant, start: s, end });
      s = end;
    }
  }
  return out.sort((a, b) => Math.floor(a.start / checkEvery) - Math.floor(b.start / checkEvery) || a.variant - b.variant || a.start - b.start);
}

/**
 * sequential.csv: the test at every checkpoint. The three-outcome test adds its "below" half's LLR
 * (`llr` is the "above" half's, so a chart of `llr` reads as before) and each half's decision so far.
 */
export const SEQUENTIAL_HEADER = ['checkpoint', 'matches', 'blocks', 'estimate', 'low95', 'high95', 'block_sd', 'llr', 'lower', 'upper', 'decision'];
export const THREE_WAY_COLUMNS = ['llr_below', 'above', 'below'];

export function sequentialHeader(threeWay: boolean): string[] {
  return threeWay ? [...SEQUENTIAL_HEADER, ...THREE_WAY_COLUMNS] : SEQUENTIAL_HEADER;
}

/** A checkpoint's decision column: the verdict where the test stopped, else `continue`. */
function decisionCell(c: Checkpoint, last: boolean): string {
  if (c.decision) return verdictOf(c.decision);
  return last ? verdictOf(null) : 'continue';
}

/** A three-outcome half's decision so far: the difference it accepted, or `continue`. */
function halfCell(decision: 'H1' | 'H0' | null, sign: string, within: number): string {
  return decision === null ? 'continue' : decision === 'H0' ? '0 accepted' : `${sign}${within} accepted`;
}

export function sequentialRows(checkpoints: readonly Checkpoint[], fixed: (v: number, d: number) => string, within: number | null = null): string[][] {
  return checkpoints.map((c, i) => {
    const row = [
      String(i + 1),
      String(c.matches),
      String(c.blocks),
      fixed(c.estimate, 6),
      fixed(c.low95, 6),
      fixed(c.high95, 6),
      fixed(c.sd, 6),
      fixed(c.llr, 4),
      fixed(c.lower, 4),
      fixed(c.upper, 4),
      decisionCell(c, i === checkpoints.length - 1),
    ];
    if (within === null || !c.halves) return row;
    return [...row, fixed(c.halves.llrBelow, 4), halfCell(c.halves.above, '+', within), halfCell(c.halves.below, '-', within)];
  });
}

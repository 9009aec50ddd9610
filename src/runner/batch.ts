import type { BotFactory } from '../engine/bot.js';
import type { AnyGame, Options } from '../engine/game.js';
import { playMatch, WATCH_CELLS, type FaultReason, type MatchHooks, type MatchWatch, type SeatBot } from '../engine/match.js';
import { csvCell } from '../reports/csv.js';
import { matchSeed, rotations } from './plan.js';
import { SLOT_MATCH } from './slots.js';
import type { Variant } from './spec.js';

/**
 * Running a batch of matches: the same code in a pool worker and in-process (`--threads 1`), so the
 * output cannot depend on where a batch ran.
 */

/** Everything needed to play any match of a tournament, built once per worker. */
export interface Prepared {
  game: AnyGame;
  players: number;
  seed: string;
  variants: Variant[];
  /** rotation r -> seat -> bot (see plan.ts). */
  seatBots: SeatBot[][];
  /** variant -> its name as a CSV cell. */
  variantCells: string[];
  /** rotation r -> the bot names at each seat, CSV-quoted, joined by commas. */
  seatNames: string[];
}

export interface PreparedLineupEntry {
  name: string;
  factory: BotFactory;
  params: Options;
}

export function prepare(
  game: AnyGame,
  players: number,
  seed: string,
  variants: Variant[],
  lineup: PreparedLineupEntry[],
): Prepared {
  const seatBots = rotations(lineup.map((e): SeatBot => ({ factory: e.factory, params: e.params })));
  const seatNames = rotations(lineup.map((e) => csvCell(e.name))).map((names) => names.join(','));
  const variantCells = variants.map((v) => csvCell(v.name));
  return { game, players, seed, variants, seatBots, variantCells, seatNames };
}

/**
 * Per-match record layout in BatchResult.rec (Float64Array, REC_FIXED + 2 * players numbers a match):
 * first player, turns, decisions, fault seat (-1 if none), annulled (0/1), fault reason (an index into
 * FAULT_REASONS, -1 if none), then per seat the score, then per seat 1 if it won (shared wins included)
 * else 0.
 */
export const REC_FIXED = 6;
export const REC_FAULT_SEAT = 3;
export const REC_FAULT_REASON = 5;
export const recordWidth = (players: number): number => REC_FIXED + 2 * players;

/** Fault end reasons in the order of their codes in the records (and of the report columns). */
export const FAULT_REASONS: readonly FaultReason[] = ['bot_error', 'illegal_action', 'bot_timeout', 'bot_crash'];

export interface FaultNote {
  variant: number;
  match: number;
  seat: number;
  reason: string;
  message: string;
}

/** Watch a batch: its progress slot, and faults already known for some of its matches (a replay). */
export interface BatchWatch {
  slot: Int32Array;
  forced?: ReadonlyMap<number, NonNullable<MatchWatch['forced']>>;
}

export interface BatchResult {
  variant: number;
  start: number;
  end: number;
  /** The matches.csv rows of this batch, in match order. */
  csv: string;
  /** Compact numeric records for aggregation, see REC_FIXED. */
  rec: Float64Array;
  /** The first few faults of the batch, with the bots' messages. */
  faults: FaultNote[];
  /** Set by a pool worker: the V8 heap in use in that worker after the batch, in bytes. */
  heap?: number;
  /**
   * Bots' thinking time in this batch, per lineup entry k: [2k] milliseconds summed over the timed
   * decisions, [2k + 1] how many decisions were timed (one in eight; see MatchHooks.timing). For
   * run.json only: never journaled, never in a CSV.
   */
  botTime: number[];
}

const MAX_FAULT_NOTES = 5;

/** Strings of the small non-negative integers, which are most cells of matches.csv. */
const SMALL_INTS: readonly string[] = Array.from({ length: 1024 }, (_, i) => String(i));

function num(v: number): string {
  // Small integers from the table; other numbers in JavaScript's shortest exact form; NaN/Infinity empty.
  if (v >>> 0 === v && v < 1024) return SMALL_INTS[v];
  return Number.isFinite(v) ? String(v) : '';
}

/** Plays matches [start, end) of one variant. */
export function runBatch(p: Prepared, variant: number, start: number, end: number, watch?: BatchWatch): BatchResult {
  const { game, players: n } = p;
  const opts = p.variants[variant].options;
  const width = recordWidth(n);
  const rec = new Float64Array((end - start) * width);
  const faults: FaultNote[] = [];
  const head = p.variantCells[variant];
  let csv = '';
  const matchWatch: MatchWatch | undefined = watch ? { cells: watch.slot.subarray(0, WATCH_CELLS) } : undefined;
  const timing = new Float64Array(2 * n);
  const botTime = new Array<number>(2 * n).fill(0);
  const hooks: MatchHooks = matchWatch ? { watch: matchWatch, timing } : { timing };

  for (let i = start; i < end; i++) {
    const r = i % n;
    const seed = matchSeed(p.seed, i);
    if (watch && matchWatch) {
      watch.slot[SLOT_MATCH] = i;
      matchWatch.forced = watch.forced?.get(i);
    }
    timing.fill(0);
    const out = playMatch(game, opts, p.seatBots[r], seed, hooks);
    // Seat s of match i is lineup entry (s + i) mod n.
    for (let s = 0; s < n; s++) {
      const k = (s + i) % n;
      botTime[2 * k] += timing[2 * s];
      botTime[2 * k + 1] += timing[2 * s + 1];
    }
    const res = out.result;
    const o = (i - start) * width;
    const faultSeat = out.fault ? out.fault.seat : -1;
    rec[o] = res.firstPlayer;
    rec[o + 1] = res.turns;
    rec[o + 2] = out.decisions;
    rec[o + 3] = faultSeat;
    rec[o + 4] = res.annulled ? 1 : 0;
    rec[o + 5] = out.fault ? FAULT_REASONS.indexOf(out.fault.reason) : -1;
    let scores = '';
    let ranks = '';
    for (let s = 0; s < n; s++) {
      rec[o + REC_FIXED + s] = res.scores[s];
      scores += ',' + num(res.scores[s]);
      ranks += ',' + num(res.ranks[s]);
    }
    for (let w = 0; w < res.winners.length; w++) rec[o + REC_FIXED + n + res.winners[w]] = 1;
    let metrics = '';
    for (let m = 0; m < out.metrics.length; m++) metrics += ',' + num(out.metrics[m]);
    csv +=
      head +
      ',' +
      i +
      ',' +
      csvCell(seed) +
      ',' +
      p.seatNames[r] +
      ',' +
      res.winners.join(';') +
      (res.annulled ? ',1' : ',0') +
      scores +
      ranks +
      ',' +
      res.firstPlayer +
      ',' +
      res.turns +
      ',' +
      out.decisions +
      ',' +
      csvCell(res.endReason) +
      ',' +
      (faultSeat >= 0 ? faultSeat : '') +
      metrics +
      '\n';
    if (out.fault && faults.length < MAX_FAULT_NOTES) {
      faults.push({ variant, match: i, seat: out.fault.seat, reason: out.fault.reason, message: out.fault.message });
    }
  }
  return { variant, start, end, csv, rec, faults, botTime };
}

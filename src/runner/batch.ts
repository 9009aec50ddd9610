import type { BotFactory } from '../engine/bot.js';
import type { AnyGame, Options } from '../engine/game.js';
import { playMatch, WATCH_CELLS, type FaultReason, type MatchHooks, type MatchOutcome, type MatchWatch, type SeatBot } from '../engine/match.js';
import { crc32 } from 'node:zlib';
import { CsvBytes, utf8 } from '../io/csv-bytes.js';
import { csvCell } from '../io/csv.js';
import { MeasureRecorder } from '../engine/measure-recorder.js';
import { PlayHash, seatingLanes } from '../engine/play-hash.js';
import { lineupIndex, matchSeed, rotations } from '../engine/plan.js';
import { encodeRec, Rec, recordWidth, scoreAt, wonAt, type RecKind } from './records.js';
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
  /** The match measures to write after the metrics (docs/measures.md); empty: none, and no recorder. */
  measures: readonly string[];
  /** The random opening moves of every match (spec `opening`); 0: none. */
  opening: number;
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
  measures: readonly string[] = [],
  opening = 0,
): Prepared {
  const seatBots = rotations(lineup.map((e): SeatBot => ({ factory: e.factory, params: e.params })));
  const seatNames = rotations(lineup.map((e) => csvCell(e.name))).map((names) => names.join(','));
  const variantCells = variants.map((v) => csvCell(v.name));
  return { game, players, seed, variants, seatBots, variantCells, seatNames, measures, opening };
}

/** The record layout lives in records.ts (Rec); these stay for the modules that import them from here. */
export const REC_FIXED = Rec.FIXED;
export { recordWidth };

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
  /**
   * The batch as the journal stores it (see journal.ts): its matches.csv rows (UTF-8, in match order),
   * then its numeric records (`rec`, encoded: see records.ts), then its fault notes (JSON). Built by the
   * worker, so the main thread only writes it; a buffer of its own, moved (not copied) between threads.
   */
  payload: Uint8Array;
  csvBytes: number;
  recKind: RecKind;
  recBytes: number;
  notesBytes: number;
  /** CRC-32 of the payload. */
  crc: number;
  /** Decisions taken by bots in the batch. */
  decisions: number;
  /** The first few faults of the batch, with the bots' messages (also in the payload). */
  faults: FaultNote[];
  /** Set by a pool worker: the V8 heap in use in that worker after the batch, in bytes. */
  heap?: number;
  /** Wall-clock milliseconds the batch took to play: sizes later batches (batching.ts), nothing else. */
  ms: number;
  /** When the batch finished, in milliseconds since the epoch (performance.timeOrigin + now): for the benchmark. */
  endedAt: number;
  /**
   * Bots' thinking time in this batch, per lineup entry k: [2k] milliseconds summed over the timed
   * decisions, [2k + 1] how many decisions were timed (one in 64; see MatchHooks.timing). For run.json
   * only: never journaled, never in a CSV.
   */
  botTime: number[];
}

const MAX_FAULT_NOTES = 5;

const COMMA = 44;
const SEMICOLON = 59;
const NEWLINE = 10;

/** Cells that repeat on every row of a batch, encoded once per prepared tournament. */
interface RowCells {
  variants: Uint8Array[];
  seatNames: Uint8Array[];
  /** rotation r -> the play hash's starting lanes for its seating (play-hash.ts). */
  seatings: Array<[number, number]>;
  /** `<master seed>/match/` when a match seed needs no CSV quoting (the match index follows), else null. */
  seedPrefix: Uint8Array | null;
}

const rowCells = new WeakMap<Prepared, RowCells>();

const rowWriter = new CsvBytes(1 << 20);

function cellsOf(p: Prepared): RowCells {
  let c = rowCells.get(p);
  if (c === undefined) {
    const probe = matchSeed(p.seed, 0);
    c = {
      variants: p.variantCells.map(utf8),
      seatNames: p.seatNames.map(utf8),
      seatings: p.seatNames.map(seatingLanes),
      seedPrefix: csvCell(probe) === probe ? utf8(probe.slice(0, -1)) : null,
    };
    rowCells.set(p, c);
  }
  return c;
}

/** The match measures of a batch: the recorder the matches tell, and the values of one match, reused. */
interface BatchMeasures {
  recorder: MeasureRecorder;
  values: number[];
}

/** What every matches.csv row of one batch shares. */
interface BatchRows {
  csv: CsvBytes;
  cells: RowCells;
  /** The variant's name, as a CSV cell. */
  variant: Uint8Array;
  players: number;
  measures: BatchMeasures | undefined;
  /** The play hash every match of the batch is told of (MatchHooks.hash). */
  hash: PlayHash;
}

/** Plays matches [start, end) of one variant. */
export function runBatch(p: Prepared, variant: number, start: number, end: number, watch?: BatchWatch): BatchResult {
  const t0 = performance.now(); // clock-ok: the batch's duration sizes later batches, it decides nothing in a match
  const { game, players: n } = p;
  const opts = p.variants[variant].options;
  const width = recordWidth(n);
  const rec = new Float64Array((end - start) * width);
  const faults: FaultNote[] = [];
  // One writer per thread, reused batch after batch: a new multi-megabyte buffer per batch cost page
  // faults and zeroing on every batch.
  const csv = rowWriter;
  csv.clear();
  const matchWatch: MatchWatch | undefined = watch ? { cells: watch.slot.subarray(0, WATCH_CELLS) } : undefined;
  // Built only when the spec asks for measures: otherwise the hooks carry none and the match loop skips them.
  const measures: BatchMeasures | undefined =
    p.measures.length > 0 ? { recorder: new MeasureRecorder(game, n, p.measures), values: new Array<number>(p.measures.length).fill(0) } : undefined;
  const hash = new PlayHash();
  const hooks = rotationHooks(n, matchWatch, measures?.recorder, p.opening, hash);
  const cells = cellsOf(p);
  const rows: BatchRows = { csv, cells, variant: cells.variants[variant], players: n, measures, hash };
  let decisions = 0;

  for (let i = start; i < end; i++) {
    const r = i % n;
    const seed = matchSeed(p.seed, i);
    if (watch && matchWatch) {
      watch.slot[SLOT_MATCH] = i;
      matchWatch.forced = watch.forced?.get(i);
    }
    hash.start(cells.seatings[r]);
    const out = playMatch(game, opts, p.seatBots[r], seed, hooks[r]);
    decisions += out.decisions;
    writeRecord(rec, (i - start) * width, n, out);
    writeRow(rows, i, seed, out);
    if (out.fault && faults.length < MAX_FAULT_NOTES) {
      faults.push({ variant, match: i, seat: out.fault.seat, reason: out.fault.reason, message: out.fault.message });
    }
  }

  return {
    variant,
    start,
    end,
    ...journalPayload(csv, rec, faults),
    decisions,
    faults,
    botTime: botTimeByEntry(hooks, n),
    ms: performance.now() - t0, // clock-ok
    endedAt: performance.timeOrigin + performance.now(), // clock-ok
  };
}

/**
 * The hooks of a batch's matches, one per seat rotation (match i has rotation i mod n), each with its own
 * array of bots' time per seat: a match adds to its rotation's array, and the seats are mapped to lineup
 * entries once, after the batch (botTimeByEntry). The last match's state is reused by the next
 * (Game.setup's `reuse`): nothing here keeps it.
 */
function rotationHooks(n: number, watch: MatchWatch | undefined, measure: MeasureRecorder | undefined, opening: number, hash: PlayHash): MatchHooks[] {
  const hooks: MatchHooks[] = [];
  const spare: { state?: unknown } = {};
  for (let r = 0; r < n; r++) {
    const timing = new Float64Array(2 * n + 1);
    const h: MatchHooks = watch ? { watch, timing, spare, hash } : { timing, spare, hash };
    if (measure) h.measure = measure;
    if (opening > 0) h.opening = opening;
    hooks.push(h);
  }
  return hooks;
}

/** A match's numeric record (records.ts's Rec layout) at offset `o` of the batch's records. */
function writeRecord(rec: Float64Array, o: number, n: number, out: MatchOutcome): void {
  const res = out.result;
  rec[o + Rec.FIRST_PLAYER] = res.firstPlayer;
  rec[o + Rec.TURNS] = res.turns;
  rec[o + Rec.DECISIONS] = out.decisions;
  rec[o + Rec.FAULT_SEAT] = out.fault ? out.fault.seat : -1;
  rec[o + Rec.ANNULLED] = res.annulled ? 1 : 0;
  rec[o + Rec.FAULT_REASON] = out.fault ? FAULT_REASONS.indexOf(out.fault.reason) : -1;
  for (let s = 0; s < n; s++) rec[o + scoreAt(s)] = res.scores[s];
  for (let w = 0; w < res.winners.length; w++) rec[o + wonAt(n, res.winners[w])] = 1;
}

/**
 * A match's matches.csv row: variant, match, seed, bots, winners, annulled, scores, ranks, first player,
 * turns, decisions, end reason, fault seat, play hash, metrics, measures (matchesHeader in io/csv.ts).
 */
function writeRow(rows: BatchRows, i: number, seed: string, out: MatchOutcome): void {
  const { csv, cells, players: n, measures } = rows;
  const res = out.result;
  csv.bytes(rows.variant);
  csv.commaNumber(i);
  csv.byte(COMMA);
  if (cells.seedPrefix) {
    csv.bytes(cells.seedPrefix);
    csv.number(i);
  } else csv.text(seed);
  csv.byte(COMMA);
  csv.bytes(cells.seatNames[i % n]);
  csv.byte(COMMA);
  for (let w = 0; w < res.winners.length; w++) {
    if (w > 0) csv.byte(SEMICOLON);
    csv.number(res.winners[w]);
  }
  csv.commaNumber(res.annulled ? 1 : 0);
  for (let s = 0; s < n; s++) csv.commaCell(res.scores[s]);
  for (let s = 0; s < n; s++) csv.commaCell(res.ranks[s]);
  csv.commaNumber(res.firstPlayer);
  csv.commaNumber(res.turns);
  csv.commaNumber(out.decisions);
  csv.byte(COMMA);
  csv.text(res.endReason);
  csv.byte(COMMA);
  if (out.fault) {
    csv.number(out.fault.seat);
    // Two matches that stopped at the same move for different faults did not end alike.
    rows.hash.value(0x46000000 | (FAULT_REASONS.indexOf(out.fault.reason) << 8) | out.fault.seat);
  }
  csv.byte(COMMA);
  hexCell(csv, rows.hash.high());
  hexCell(csv, rows.hash.low());
  const metrics = out.metrics;
  for (let m = 0; m < metrics.length; m++) csv.commaCell(metrics[m]);
  if (measures) {
    const values = measures.values;
    measures.recorder.finish(res, values, 0);
    for (let m = 0; m < values.length; m++) csv.commaCell(values[m]);
  }
  csv.byte(NEWLINE);
}

/** Lowercase hexadecimal digits, by byte. */
const HEX = utf8('0123456789abcdef');

/** An unsigned 32-bit integer as 8 hexadecimal digits (PlayHash.hex's, written without a string). */
function hexCell(csv: CsvBytes, v: number): void {
  for (let shift = 28; shift >= 0; shift -= 4) csv.byte(HEX[(v >>> shift) & 15]);
}

/** Bots' time per lineup entry (BatchResult.botTime): seat s of a match of rotation r is entry (s + r) mod n. */
function botTimeByEntry(hooks: readonly MatchHooks[], n: number): number[] {
  const botTime = new Array<number>(2 * n).fill(0);
  for (let r = 0; r < n; r++) {
    const timing = hooks[r].timing!;
    for (let s = 0; s < n; s++) {
      const k = lineupIndex(s, r, n);
      botTime[2 * k] += timing[2 * s];
      botTime[2 * k + 1] += timing[2 * s + 1];
    }
  }
  return botTime;
}

/** The journal payload, in one buffer: rows, records, notes (see BatchResult.payload), with its sizes and CRC. */
function journalPayload(
  csv: CsvBytes,
  rec: Float64Array,
  faults: readonly FaultNote[],
): Pick<BatchResult, 'payload' | 'csvBytes' | 'recKind' | 'recBytes' | 'notesBytes' | 'crc'> {
  const recEnc = encodeRec(rec);
  const notes = utf8(JSON.stringify(faults));
  const csvBytes = csv.length;
  const payload = new Uint8Array(csvBytes + recEnc.bytes.length + notes.length);
  payload.set(csv.view(), 0);
  payload.set(recEnc.bytes, csvBytes);
  payload.set(notes, csvBytes + recEnc.bytes.length);
  return { payload, csvBytes, recKind: recEnc.kind, recBytes: recEnc.bytes.length, notesBytes: notes.length, crc: crc32(payload) };
}

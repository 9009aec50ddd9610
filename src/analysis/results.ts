import { closeSync, existsSync, openSync, readFileSync, readSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { RecordCells, RecordError, RecordScanner, SpanCache, splitLine } from './csv-scan.js';

export { splitLine } from './csv-scan.js';
import { matchesFixedColumns } from '../io/csv.js';
import type { RunJson } from '../io/run-json.js';
import { InputError } from '../errors.js';
import { DERIVED_FILES, checkManifest } from '../io/manifest.js';
import { openMatchesParquet, parquetRows } from './results-parquet.js';
import type { ByteSpan, MatchRow, ReadOptions, ReadSummary, ResultInfo } from './result-types.js';

export type { ByteSpan, MatchRow, ReadOptions, ReadSummary, ResultInfo } from './result-types.js';

/**
 * Reading a finished result folder (what `tavolo run` or `tavolo merge` wrote): its run.json, and its
 * matches.csv streamed row by row with typed fields. It needs neither the spec nor the game, so it works
 * on folders from another machine, on merged shards and on folders of older tavolo versions (before the
 * `annulled` column, before run.json had `complete`).
 *
 * Usage:
 *
 *     const result = openResult('results/stramat-dado');        // checks run.json and the header
 *     await readMatches(result, (row) => { ... row.turns ... }); // every row, in file order, checked
 *
 * Anything that is not a finished result (a missing folder, a shard, an unfinished or interrupted run,
 * a truncated or edited matches.csv) is an InputError naming the folder and what is wrong.
 */

function shownPath(p: string): string {
  const r = relative(process.cwd(), p);
  return r === '' ? '.' : r.startsWith('..') ? p : r;
}

function notResult(shown: string, why: string): InputError {
  return new InputError(`${shown} is not a finished tavolo result: ${why}`);
}

export interface OpenOptions {
  /**
   * For the report of a folder from an early tavolo version, whose run.json lacks the list of variants,
   * the lineup or the match count: those are then taken from matches.csv itself (a quick first read of its
   * first two columns), and the rows are checked against them as usual.
   */
  loose?: boolean;
}

/** Reads and checks run.json and the header of matches.csv. Throws an InputError for anything else. */
export function openResult(dirArg: string, options: OpenOptions = {}): ResultInfo {
  const dir = resolve(dirArg);
  const shown = shownPath(dir);
  const run = readRunJson(dir, shown);
  // A folder of an early version: what its run.json lacks is read from matches.csv.
  if (options.loose) fillFromMatches(run, join(dir, 'matches.csv'), shown);
  const fields = runFields(run, shown);
  const { players, variants, matchesPerVariant } = fields;
  const matchesFile = join(dir, 'matches.csv');
  if (!existsSync(matchesFile)) {
    const temp = readdirSync(dir).some((n) => n.startsWith('matches.csv.tmp-'));
    throw notResult(shown, temp ? 'matches.csv was never put in place (the run or merge was interrupted while writing it)' : 'it has no matches.csv');
  }
  const header = readHeader(matchesFile, shown);
  const layout = headerLayout(header, players, shown);
  const merged = run.merged_from;
  // matches.parquet, when the run wrote one (always with the annulled column): checked whole here.
  const parquet =
    layout.annulled >= 0
      ? openMatchesParquet(dir, shown, {
          header,
          players,
          rows: variants.length * matchesPerVariant,
          maxMatch: matchesPerVariant - 1,
          specHash: typeof run.spec_hash === 'string' ? run.spec_hash : undefined,
        })
      : undefined;
  // Every file still the one the run wrote (manifest.json), once the folder is known to be a whole result.
  checkManifest(shown, DERIVED_FILES);
  return {
    dir,
    shown,
    tournament: typeof run.tournament === 'string' ? run.tournament : 'result',
    ...fields,
    metricNames: header.slice(layout.metricsAt),
    hasAnnulledColumn: layout.annulled >= 0,
    mergedShards: Array.isArray(merged) ? merged.length : undefined,
    // Checked above where the reader depends on it; the rest is the writers' layout (io/run-json.ts).
    run: run as RunJson,
    ...(parquet ? { parquet } : {}),
  };
}

/** run.json of a finished, whole result (not a shard, not an unfinished run), as a plain object. */
function readRunJson(dir: string, shown: string): Record<string, unknown> {
  if (!existsSync(dir)) throw notResult(shown, 'the folder does not exist');
  if (!statSync(dir).isDirectory()) throw notResult(shown, 'it is a file, not a folder (give the folder holding run.json and matches.csv)');
  const runFile = join(dir, 'run.json');
  if (!existsSync(runFile)) {
    if (existsSync(join(dir, 'journal'))) {
      throw notResult(shown, 'it holds the journal of an unfinished run (finish it with `tavolo run <spec> --out <folder> --resume`)');
    }
    throw notResult(shown, 'it has no run.json (give the folder that `tavolo run` or `tavolo merge` wrote)');
  }
  let run: Record<string, unknown>;
  try {
    run = JSON.parse(readFileSync(runFile, 'utf8')) as Record<string, unknown>;
  } catch (err) {
    throw notResult(shown, `run.json cannot be read as JSON (${(err as Error).message})`);
  }
  if (run === null || typeof run !== 'object' || Array.isArray(run)) throw notResult(shown, 'run.json is not a JSON object');
  const shard = run.shard as { index?: number; count?: number } | null | undefined;
  if (shard && typeof shard === 'object') {
    throw notResult(
      shown,
      `it is shard ${shard.index}/${shard.count} of a tournament; combine the shards first with \`tavolo merge <shard folders> --out <folder>\``,
    );
  }
  if (run.complete === false) throw notResult(shown, 'run.json says the run is not complete');
  return run;
}

/** The fields of run.json the reader depends on, each checked (an InputError names the field and what it holds). */
function runFields(run: Record<string, unknown>, shown: string): Pick<ResultInfo, 'game' | 'players' | 'seed' | 'matchesPerVariant' | 'variants' | 'variantOptions' | 'lineup'> {
  const field = <T>(name: string, check: (v: unknown) => v is T, expected: string): T => {
    const v = run[name];
    if (!check(v)) throw notResult(shown, `run.json field "${name}": expected ${expected}, found ${JSON.stringify(v) ?? 'nothing'}`);
    return v;
  };
  const isString = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
  const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 1;
  const isArray = (v: unknown): v is unknown[] => Array.isArray(v) && v.length > 0;
  // A game loaded from a file is named in a run's run.json and identified by its hash in a merged one.
  const gameHash = (run.game as { sha256?: unknown } | null)?.sha256;
  const game = typeof gameHash === 'string' ? `file sha256:${gameHash.slice(0, 12)}` : field('game', isString, 'the game name');
  const players = field('players', isCount, 'the number of players');
  const matchesPerVariant = field('matches_per_variant', isCount, 'the number of matches per variant');
  const seedRaw = run.seed;
  if (typeof seedRaw !== 'string' && typeof seedRaw !== 'number') throw notResult(shown, 'run.json field "seed": expected the master seed');
  const variantList = field('variants', isArray, 'the list of variants');
  const variants = variantList.map((v) => (v as { name?: unknown })?.name);
  if (!variants.every(isString)) throw notResult(shown, 'run.json field "variants": expected objects with a "name"');
  const variantOptions = variantList.map((v) => ((v as { options?: unknown }).options ?? {}) as Record<string, unknown>);
  const lineupList = field('lineup', isArray, 'the lineup');
  const lineup = lineupList.map((e) => (e as { name?: unknown })?.name);
  if (!lineup.every(isString)) throw notResult(shown, 'run.json field "lineup": expected objects with a "name"');
  if (lineup.length !== players) throw notResult(shown, `run.json lists ${lineup.length} lineup entries for ${players} players`);
  return { game, players, seed: String(seedRaw), matchesPerVariant, variants, variantOptions, lineup };
}

/**
 * Fills the fields an early run.json lacks (players, variants, lineup, matches_per_variant) from
 * matches.csv: the header's seat columns, the variants in order of their first row, the first row's
 * seats (match 0 seats the lineup in order) and the first variant's row count.
 */
function fillFromMatches(run: Record<string, unknown>, file: string, shown: string): void {
  if (run.variants !== undefined && run.lineup !== undefined && run.matches_per_variant !== undefined && run.players !== undefined) return;
  if (!existsSync(file)) return;
  const header = readHeader(file, shown);
  const players = header.filter((h) => /^seat\d+_score$/.test(h)).length;
  const counts = new Map<string, number>();
  let firstRow: string[] | undefined;
  let rest = '';
  let first = true;
  const fd = openSync(file, 'r');
  const buf = Buffer.alloc(1 << 20);
  try {
    for (let n; (n = readSync(fd, buf, 0, buf.length, null)) > 0; ) {
      const lines = (rest + buf.subarray(0, n).toString('latin1')).split('\n');
      rest = lines.pop()!;
      for (const line of lines) {
        if (first || line === '') {
          first = false;
          continue;
        }
        const cells = splitLine(Buffer.from(line, 'latin1').toString('utf8'));
        firstRow ??= cells;
        counts.set(cells[0], (counts.get(cells[0]) ?? 0) + 1);
      }
    }
  } finally {
    closeSync(fd);
  }
  run.players ??= players;
  run.variants ??= [...counts.keys()].map((name) => ({ name }));
  run.matches_per_variant ??= counts.values().next().value;
  run.lineup ??= firstRow?.slice(3, 3 + Number(run.players)).map((name) => ({ name }));
}

/** The first line of a file, parsed as CSV (read in small pieces: the file may be large). */
function readHeader(file: string, shown: string): string[] {
  const buf = Buffer.alloc(1 << 16);
  const fd = openSync(file, 'r');
  let text = '';
  try {
    for (;;) {
      const n = readSync(fd, buf, 0, buf.length, text.length);
      if (n === 0) break;
      text += buf.subarray(0, n).toString('latin1');
      if (text.includes('\n') || text.length > 1 << 20) break;
    }
  } finally {
    closeSync(fd);
  }
  const nl = text.indexOf('\n');
  if (nl < 0) throw notResult(shown, 'matches.csv has no complete header line');
  const line = Buffer.from(text.slice(0, nl), 'latin1').toString('utf8').replace(/\r$/, '');
  return splitLine(line);
}

interface Layout {
  bots: number;
  winners: number;
  annulled: number;
  scores: number;
  ranks: number;
  firstPlayer: number;
  turns: number;
  decisions: number;
  endReason: number;
  faultSeat: number;
  /** -1: a folder written before the column. */
  playHash: number;
  metricsAt: number;
  width: number;
}

/** Where each field sits in a matches.csv row, from its header (checked against the player count). */
function headerLayout(header: string[], players: number, shown: string): Layout {
  const annulled = header.indexOf('annulled');
  const expected = matchesFixedColumns(players, annulled >= 0, header.includes('play_hash'));
  for (let c = 0; c < expected.length; c++) {
    if (header[c] !== expected[c]) {
      throw notResult(
        shown,
        `matches.csv column ${c + 1} is ${header[c] === undefined ? 'missing' : JSON.stringify(header[c])}, expected "${expected[c]}" ` +
          `(for ${players} players, as run.json says)`,
      );
    }
  }
  const at = (name: string) => expected.indexOf(name);
  return {
    bots: 3,
    winners: at('winners'),
    annulled,
    scores: at('seat0_score'),
    ranks: at('seat0_rank'),
    firstPlayer: at('first_player'),
    turns: at('turns'),
    decisions: at('decisions'),
    endReason: at('end_reason'),
    faultSeat: at('fault_seat'),
    playHash: at('play_hash'),
    metricsAt: expected.length,
    width: header.length,
  };
}

/**
 * Streams matches.csv, calling `onRow` for every match in file order (variant by variant, match 0, 1,
 * ... within each). Each row is a fresh object the callback may keep. Checks as it goes that every row
 * has the header's width and numbers where numbers belong, that variants come in run.json's order with
 * their matches 0..n-1 in order, and at the end that every variant has run.json's match count.
 */
export async function readMatches(info: ResultInfo, onRow: (row: MatchRow) => void, options: ReadOptions = {}): Promise<ReadSummary> {
  const summary: ReadSummary = { rows: 0, perVariant: [], spans: [] };
  // Each row goes to onRow as soon as it is read, not gathered into a batch first: a row then dies young,
  // which the garbage collector's young generation frees for almost nothing (a batch of thousands of rows
  // kept alive across a collection is copied instead).
  for await (const batch of rowsOf(info, options, summary, onRow)) for (const row of batch) onRow(row);
  return summary;
}

/**
 * The same rows as `readMatches`, pulled in batches (one per chunk read from the file, a few hundred
 * rows): for walking two files, or two variants of one file, in step. `summary`, when given, is filled
 * in once the generator has run to its end.
 */
export function matchBatches(info: ResultInfo, options: ReadOptions = {}, summary?: ReadSummary): AsyncGenerator<MatchRow[]> {
  return rowsOf(info, options, summary);
}

/** Rows in a batch of matchBatches (the last of a file or span may hold fewer). */
const BATCH_ROWS = 512;

/** matchBatches, or, with `onRow`, every row handed to it at once (the batches are then empty and not yielded). */
async function* rowsOf(info: ResultInfo, options: ReadOptions, summary: ReadSummary | undefined, onRow?: (row: MatchRow) => void): AsyncGenerator<MatchRow[]> {
  if (info.parquet) {
    yield* parquetRows(info, info.parquet, options, summary, onRow);
    return;
  }
  const header = readHeader(join(info.dir, 'matches.csv'), info.shown);
  const wanted = options.variant === undefined ? -1 : info.variants.indexOf(options.variant);
  if (wanted < 0 && options.variant !== undefined) {
    throw new InputError(`${info.shown} has no variant ${JSON.stringify(options.variant)} (it has ${info.variants.join(', ')})`);
  }
  const span = options.span;
  if (span !== undefined && wanted < 0) throw new Error('a span of matches.csv is read for one variant only');
  const reader = recordReader(info, header, wanted, span ? wanted : 0, options.seeds ?? true);

  // Large sequential reads into one buffer, the rows handed on in small batches: a batch of a few hundred
  // rows dies young, which the garbage collector's young generation frees for almost nothing (batches of
  // 8,000 rows, two alive while two files are walked in step, were copied by it instead).
  const scanner = new RecordScanner(join(info.dir, 'matches.csv'), reader.cells, { start: span?.start ?? 0, end: span?.end ?? Infinity, lineBase: 0 });
  const nextRecord = (): boolean => {
    try {
      return scanner.next();
    } catch (err) {
      if (!(err instanceof RecordError)) throw err;
      reader.lineNo = scanner.lineNo;
      throw reader.bad(err.message);
    }
  };
  try {
    if (span === undefined) scanner.skipLine();
    let out: MatchRow[] = [];
    while (nextRecord()) {
      reader.lineNo = scanner.lineNo;
      const row = reader.take(scanner.recordAt);
      if (row === undefined) continue;
      if (onRow) onRow(row);
      else if (out.push(row) >= BATCH_ROWS) {
        yield out;
        out = [];
      }
    }
    if (out.length > 0) yield out;
  } finally {
    scanner.close();
  }
  const { perVariant } = reader;
  const short = span ? (perVariant[wanted] !== info.matchesPerVariant ? wanted : -1) : perVariant.findIndex((c) => c !== info.matchesPerVariant);
  if (short >= 0) {
    throw notResult(
      info.shown,
      `matches.csv holds ${perVariant[short]} matches of variant ${info.variants[short]}, run.json says ${info.matchesPerVariant} (the file is incomplete)`,
    );
  }
  if (summary) {
    summary.rows = reader.rows;
    summary.perVariant = perVariant;
    summary.spans = span ? [] : reader.spans(scanner.offset);
  }
}

/** What `recordReader` gives: the cells to fill, and each record filled in them checked and typed. */
export interface RecordReader {
  /** The cells a scanner fills with each record. */
  readonly cells: RecordCells;
  /** The line number errors name (the scanner's). */
  lineNo: number;
  /** Matches read per variant so far. */
  readonly perVariant: number[];
  /** Records read so far. */
  rows: number;
  /** The record in `cells`, at byte `at` of the file: checked, and its row when its variant is wanted. */
  take(at: number): MatchRow | undefined;
  /** An error naming the folder and the line. */
  bad(what: string): InputError;
  /** Where each variant's rows lie, the last ending at `end`. */
  spans(end: number): ByteSpan[];
}

/**
 * The checks and typed rows of matches.csv records, whatever scans them (the file, or the runner's
 * batches as they are written): every row has the header's width and numbers where numbers belong, and
 * variants come in run.json's order with their matches 0..n-1 in order. `wanted`: the variant whose rows
 * are returned (-1: all); `first`: the variant the records start with; `seeds`: see ReadOptions.
 *
 * Built of closures made once per reader (the typed cells, the variant order, the row), not a class: the
 * same reader as a class with its state in fields read the first million rows about 8% slower
 * (docs/lab/2026-11-performance.md, "Short functions on the hot paths").
 */
export function recordReader(info: ReaderInfo, header: readonly string[], wanted: number, first: number, seeds = true): RecordReader {
  const layout = headerLayout([...header], info.players, info.shown);
  const cells = new RecordCells(layout.width);
  const bad = (what: string) => notResult(info.shown, `matches.csv line ${self.lineNo}: ${what}`);
  const typed = typedCells(cells, header, info.players, bad);
  const order = variantOrder(info, first, typed, bad);
  const toRow = rowOf(info, layout, cells, typed, order.perVariant, seeds, bad);
  // Byte offsets where each variant's rows start (the end of the file closes the last).
  const starts: number[] = [];
  const variantNames = new SpanCache((text) => text);
  // Plain fields, not accessors: the scanner sets lineNo at every row.
  const self: RecordReader = {
    cells,
    lineNo: 0,
    perVariant: order.perVariant,
    rows: 0,
    bad,
    take(at: number): MatchRow | undefined {
      if (cells.isEmptyRecord()) throw bad('an empty line');
      if (cells.count < 2) throw bad(`${cells.count} cells, expected ${layout.width} as in the header`);
      const v = order.place(variantNames.get(cells, 0, 0));
      self.rows++;
      if (order.perVariant[v] === 1) starts[v] = at;
      return wanted < 0 || v === wanted ? toRow(v) : undefined;
    },
    spans: (end) => starts.map((start, v) => ({ start, end: v + 1 < starts.length ? starts[v + 1] : end })),
  };
  return self;
}

type ReaderInfo = Pick<ResultInfo, 'shown' | 'players' | 'variants' | 'matchesPerVariant' | 'metricNames'>;

/** The cells of the record now in `cells`, typed and checked; a column's name (for a message) is looked up only when its cell is not a plain integer. */
interface TypedCells {
  number(c: number): number;
  int(c: number): number;
  seat(c: number): number;
  /** A seat given as text (one of the winners), named `name` in a message. */
  seatText(cell: string, name: string): number;
}

function typedCells(cells: RecordCells, header: readonly string[], n: number, bad: (what: string) => InputError): TypedCells {
  const num = (cell: string, name: string): number => {
    if (cell === '') return NaN;
    const v = Number(cell);
    if (Number.isNaN(v)) throw bad(`${name} is ${JSON.stringify(cell)}, expected a number`);
    return v;
  };
  const int = (cell: string, name: string): number => {
    const v = Number(cell);
    if (cell === '' || !Number.isInteger(v)) throw bad(`${name} is ${JSON.stringify(cell)}, expected an integer`);
    return v;
  };
  const seat = (cell: string, name: string): number => {
    const v = int(cell, name);
    if (v < 0 || v >= n) throw bad(`${name} is ${v}, expected a seat from 0 to ${n - 1}`);
    return v;
  };
  return {
    number: (c) => {
      const v = cells.int(c);
      return Number.isNaN(v) ? num(cells.text(c), header[c]) : v;
    },
    int: (c) => {
      const v = cells.int(c);
      return Number.isNaN(v) ? int(cells.text(c), header[c]) : v;
    },
    seat: (c) => {
      const v = cells.int(c);
      if (v >= 0 && v < n) return v;
      return seat(cells.text(c), header[c]);
    },
    seatText: seat,
  };
}

/** Where each record belongs: its variant in run.json's order, each complete before the next, its matches 0..n-1 in order. */
interface VariantOrder {
  /** Matches read per variant so far. */
  readonly perVariant: number[];
  /** Checks the variant and match of the record; returns the variant's index. */
  place(variant: string): number;
}

function variantOrder(info: ReaderInfo, first: number, typed: TypedCells, bad: (what: string) => InputError): VariantOrder {
  const perVariant = new Array<number>(info.variants.length).fill(0);
  const variantIndex = new Map(info.variants.map((v, i) => [v, i]));
  let current = first;
  const enter = (v: number, variant: string): void => {
    if (v < current || perVariant[current] !== info.matchesPerVariant) {
      throw bad(
        `variant ${variant} starts after ${perVariant[current]} of ${info.matchesPerVariant} matches of ${info.variants[current]} ` +
          '(variants must come complete and in run.json order)',
      );
    }
    if (v > current + 1) {
      throw bad(`variant ${variant} follows ${info.variants[current]}, but ${info.variants[current + 1]} comes between them in run.json`);
    }
    current = v;
  };
  const place = (variant: string): number => {
    const v = variantIndex.get(variant);
    if (v === undefined) throw bad(`variant ${JSON.stringify(variant)} is not among run.json's variants (${info.variants.join(', ')})`);
    if (v !== current) enter(v, variant);
    const match = typed.int(1);
    if (match !== perVariant[v]) throw bad(`match ${match} of ${variant}, expected match ${perVariant[v]} (matches must be in order, none missing)`);
    perVariant[v]++;
    return v;
  };
  return { perVariant, place };
}

/** The record in `cells` as the MatchRow of variant `v` (its place already checked). */
function rowOf(
  info: ReaderInfo,
  layout: Layout,
  cells: RecordCells,
  typed: TypedCells,
  perVariant: readonly number[],
  seeds: boolean,
  bad: (what: string) => InputError,
): (v: number) => MatchRow {
  const n = info.players;
  const metricCount = info.metricNames.length;
  // Rows share these, recognised from their bytes: the seat names of a rotation and the end reasons repeat on every row.
  const seatNames = new SpanCache((): string[] => Array.from({ length: n }, (_, s) => cells.text(layout.bots + s)));
  const reasons = new SpanCache((text) => text);
  return (v) => {
    if (cells.count !== layout.width) throw bad(`${cells.count} cells, expected ${layout.width} as in the header`);
    const winners: number[] = [];
    if (!cells.isEmpty(layout.winners) && !cells.seats(layout.winners, n, winners)) {
      winners.length = 0;
      for (const w of cells.text(layout.winners).split(';')) winners.push(typed.seatText(w, 'winners'));
    }
    const scores = new Array<number>(n);
    const ranks = new Array<number>(n);
    for (let s = 0; s < n; s++) {
      scores[s] = typed.number(layout.scores + s);
      ranks[s] = typed.number(layout.ranks + s);
    }
    const metrics = new Array<number>(metricCount);
    for (let m = 0; m < metricCount; m++) metrics[m] = typed.number(layout.metricsAt + m);
    let annulled = winners.length === 0;
    if (layout.annulled >= 0) {
      const a = cells.int(layout.annulled);
      if (a !== 0 && a !== 1) throw bad(`annulled is ${JSON.stringify(cells.text(layout.annulled))}, expected 0 or 1`);
      annulled = a === 1;
    }
    const bots = seatNames.get(cells, layout.bots, layout.bots + n - 1);
    const endReason = reasons.get(cells, layout.endReason, layout.endReason);
    return {
      variant: info.variants[v],
      variantIndex: v,
      match: perVariant[v] - 1,
      seed: seeds ? cells.text(2) : '',
      bots,
      winners,
      annulled,
      scores,
      ranks,
      firstPlayer: typed.seat(layout.firstPlayer),
      turns: typed.int(layout.turns),
      decisions: typed.int(layout.decisions),
      endReason,
      faultSeat: cells.isEmpty(layout.faultSeat) ? -1 : typed.seat(layout.faultSeat),
      playHash: layout.playHash >= 0 ? cells.text(layout.playHash) : '',
      metrics,
    };
  };
}

import { closeSync, existsSync, fstatSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { parquetMetadata, parquetRead, type AsyncBuffer, type FileMetaData } from 'hyparquet';
import { KV, PARQUET_FORMAT, PARQUET_NAME, parquetColumns, schemaElement, type ParquetColumn } from '../io/parquet-layout.js';
import { matchesFixedColumns } from '../io/csv.js';
import { InputError } from '../errors.js';
import type { MatchRow, ParquetGroup, ParquetSource, ReadOptions, ReadSummary, ResultInfo } from './result-types.js';

/**
 * Reading matches.parquet (io/parquet.ts writes it) for analysis/results.ts, which reads it instead
 * of matches.csv when a result folder has one. Opening checks the file whole before a row is used: its
 * footer, its columns against matches.csv's header, its row count against run.json, the tournament it
 * belongs to; each row group is checked against the CRC-32 the writer kept for it as it is read. A file
 * that fails any of these is refused by name (an InputError), never read as different numbers; a folder
 * without the file is read from matches.csv as before.
 */

/** What the rest of the folder says the file must be. */
export interface ParquetExpect {
  /** matches.csv's header cells. */
  header: string[];
  players: number;
  /** Rows: matches per variant times variants. */
  rows: number;
  /** The highest match number (matches per variant - 1): it decides the type of the match column. */
  maxMatch: number;
  /** run.json's spec_hash, when it has one. */
  specHash?: string;
}

export function damagedParquet(shown: string, why: string): InputError {
  return new InputError(
    `${shown} is damaged: ${why}. Delete it to have tavolo read matches.csv instead, or run the tournament again (or merge its shards again) to rebuild it`,
  );
}

/** The folder's matches.parquet, opened and checked; undefined when the folder has none. */
export function openMatchesParquet(dir: string, shownDir: string, expect: ParquetExpect): ParquetSource | undefined {
  const file = join(dir, PARQUET_NAME);
  if (!existsSync(file)) return undefined;
  const shown = `${shownDir}/${PARQUET_NAME}`;
  const fail = (why: string) => damagedParquet(shown, why);
  const fd = openSync(file, 'r');
  let size: number;
  let metadata: FileMetaData;
  try {
    size = fstatSync(fd).size;
    if (size < 12) throw fail(`it has ${size} bytes, too few for a Parquet file`);
    const tail = readBytes(fd, size - 8, size);
    if (tail.readUInt32LE(4) !== 0x31524150) throw fail('it does not end with the Parquet mark (PAR1): the file was cut short or is not Parquet');
    const footer = tail.readUInt32LE(0);
    if (footer + 12 > size) throw fail(`its footer claims ${footer} bytes, more than the file holds`);
    try {
      metadata = parquetMetadata(readBytes(fd, size - footer - 8, size));
    } catch (err) {
      throw fail(`its footer cannot be read (${(err as Error).message})`);
    }
    if (readBytes(fd, 0, 4).readUInt32LE(0) !== 0x31524150) throw fail('it does not start with the Parquet mark (PAR1)');
  } finally {
    closeSync(fd);
  }
  const kv = new Map((metadata.key_value_metadata ?? []).map((e) => [e.key, e.value ?? '']));
  if (kv.get(KV.format) !== PARQUET_FORMAT) throw fail(`its metadata has no ${KV.format} of ${PARQUET_FORMAT}: it was not written by this tavolo`);
  const header = expect.header.join(',');
  if (kv.get(KV.header) !== header) throw fail(`its columns (${kv.get(KV.header)}) are not matches.csv's (${header})`);
  if (expect.specHash !== undefined && kv.get(KV.specHash) !== expect.specHash) {
    throw fail(`it belongs to another tournament (spec_hash ${kv.get(KV.specHash)}, run.json says ${expect.specHash})`);
  }
  if (Number(metadata.num_rows) !== expect.rows) throw fail(`it holds ${metadata.num_rows} rows, run.json counts ${expect.rows} matches`);
  const columns = parquetColumns(expect.header, expect.players, expect.maxMatch);
  checkSchema(metadata, columns, fail);
  const groups = checkGroups(metadata, kv.get(KV.groups), size, fail);
  return { file, shown, size, metadata, columns, groups };
}

function readBytes(fd: number, start: number, end: number): Buffer {
  const buf = Buffer.allocUnsafeSlow(end - start);
  for (let at = 0; at < buf.length; ) {
    const n = readSync(fd, buf, at, buf.length - at, start + at);
    if (n === 0) break;
    at += n;
  }
  return buf;
}

function checkSchema(metadata: FileMetaData, columns: ParquetColumn[], fail: (why: string) => InputError): void {
  const leaves = metadata.schema.slice(1);
  if (leaves.length !== columns.length) throw fail(`its schema has ${leaves.length} columns, expected ${columns.length}`);
  columns.forEach((col, c) => {
    const want = schemaElement(col);
    const got = leaves[c];
    if (got.name !== want.name || got.type !== want.type || got.repetition_type !== want.repetition_type) {
      throw fail(`column ${c + 1} is ${got.name} ${got.type} ${got.repetition_type}, expected ${want.name} ${want.type} ${want.repetition_type}`);
    }
  });
}

/** The row groups, from the footer and the writer's list of byte ranges and checksums, which must agree. */
function checkGroups(metadata: FileMetaData, listed: string | undefined, size: number, fail: (why: string) => InputError): ParquetGroup[] {
  let ranges: unknown;
  try {
    ranges = JSON.parse(listed ?? '');
  } catch {
    throw fail(`its metadata has no readable list of row-group checksums (${KV.groups})`);
  }
  const ok = Array.isArray(ranges) && ranges.length === metadata.row_groups.length && ranges.every((r) => Array.isArray(r) && r.length === 3 && r.every(Number.isSafeInteger));
  if (!ok) throw fail(`its list of row-group checksums does not match its ${metadata.row_groups.length} row groups`);
  const groups: ParquetGroup[] = [];
  let rowStart = 0;
  let next = 0;
  (ranges as Array<[number, number, number]>).forEach(([start, end, crc], g) => {
    const rg = metadata.row_groups[g];
    const rows = Number(rg.num_rows);
    if (start !== next || end <= start || end > size) throw fail(`row group ${g + 1} lies at bytes ${start}-${end}, which do not follow the group before it within the file`);
    for (const chunk of rg.columns) {
      const md = chunk.meta_data;
      const first = Number(md?.dictionary_page_offset ?? md?.data_page_offset ?? -1);
      const last = first + Number(md?.total_compressed_size ?? 0);
      if (first < start || last > end) throw fail(`a column of row group ${g + 1} lies outside the group's bytes`);
    }
    groups.push({ rowStart, rows, start, end, crc });
    rowStart += rows;
    next = end;
  });
  return groups;
}

/**
 * A row group's columns, by position, each an array of the group's rows: checked against its CRC-32 and
 * decoded by hyparquet from the group's own bytes only.
 */
export async function readGroup(source: ParquetSource, g: number): Promise<ArrayLike<unknown>[]> {
  const group = source.groups[g];
  const fd = openSync(source.file, 'r');
  let bytes: Buffer;
  try {
    // A buffer of its own (not from Node's shared pool): hyparquet is handed slices of its ArrayBuffer.
    bytes = readBytes(fd, group.start, group.end);
  } finally {
    closeSync(fd);
  }
  if (crc32(bytes) !== group.crc) {
    throw damagedParquet(source.shown, `row group ${g + 1} (bytes ${group.start}-${group.end}) fails its checksum`);
  }
  const file: AsyncBuffer = {
    byteLength: source.size,
    slice(s: number, e?: number) {
      const end = e ?? source.size;
      if (s < group.start || end > group.end) throw damagedParquet(source.shown, `row group ${g + 1} points outside its own bytes`);
      return (bytes.buffer as ArrayBuffer).slice(bytes.byteOffset + s - group.start, bytes.byteOffset + end - group.start);
    },
  };
  const byName = new Map(source.columns.map((c, i) => [c.name, i]));
  const parts: Array<Array<[number, ArrayLike<unknown>]>> = source.columns.map(() => []);
  try {
    await parquetRead({
      file,
      metadata: source.metadata,
      rowStart: group.rowStart,
      rowEnd: group.rowStart + group.rows,
      onChunk: ({ columnName, columnData, rowStart }) => parts[byName.get(columnName)!].push([rowStart, columnData]),
    });
  } catch (err) {
    if (err instanceof InputError) throw err;
    throw damagedParquet(source.shown, `row group ${g + 1} cannot be decoded (${(err as Error).message})`);
  }
  return parts.map((list, c) => joinParts(list, group, source, c));
}

function joinParts(list: Array<[number, ArrayLike<unknown>]>, group: ParquetGroup, source: ParquetSource, c: number): ArrayLike<unknown> {
  const total = list.reduce((a, [, d]) => a + d.length, 0);
  if (total !== group.rows) {
    throw damagedParquet(source.shown, `column ${source.columns[c].name} of a row group holds ${total} values, expected ${group.rows}`);
  }
  if (list.length === 1) return list[0][1];
  list.sort((a, b) => a[0] - b[0]);
  const out: unknown[] = [];
  for (const [, d] of list) for (let i = 0; i < d.length; i++) out.push(d[i]);
  return out;
}

/** Rows handed on at a time by `matchBatches`: short-lived batches, as the matches.csv reader's. */
const BATCH_ROWS = 1024;

/**
 * The rows of matches.parquet as `readMatches` gives those of matches.csv: the same MatchRow values, in
 * the same order, with the same checks (variants in run.json's order, matches 0..n-1 in each, seats in
 * range). With `options.variant`, only the row groups that hold that variant's rows are read.
 */
export async function* parquetRows(
  info: ResultInfo,
  source: ParquetSource,
  options: ReadOptions,
  summary: ReadSummary | undefined,
  onRow?: (row: MatchRow) => void,
): AsyncGenerator<MatchRow[]> {
  const perVariant = info.matchesPerVariant;
  const wanted = options.variant === undefined ? -1 : info.variants.indexOf(options.variant);
  if (wanted < 0 && options.variant !== undefined) {
    throw new InputError(`${info.shown} has no variant ${JSON.stringify(options.variant)} (it has ${info.variants.join(', ')})`);
  }
  const lo = wanted < 0 ? 0 : wanted * perVariant;
  const hi = wanted < 0 ? info.variants.length * perVariant : lo + perVariant;
  const build = rowBuilder(info, source);
  for (let g = 0; g < source.groups.length; g++) {
    const { rowStart, rows } = source.groups[g];
    if (rowStart + rows <= lo || rowStart >= hi) continue;
    const cols = groupColumns(source, await readGroup(source, g));
    let batch: MatchRow[] = [];
    for (let r = Math.max(lo, rowStart); r < Math.min(hi, rowStart + rows); r++) {
      const row = build(cols, r - rowStart, r);
      if (onRow) onRow(row);
      else {
        batch.push(row);
        if (batch.length === BATCH_ROWS) {
          yield batch;
          batch = [];
        }
      }
    }
    if (batch.length > 0) yield batch;
  }
  if (summary) {
    summary.rows = hi - lo;
    summary.perVariant = info.variants.map(() => perVariant);
    // For a result read from matches.parquet, a variant's span is its rows (the file holds them in order).
    summary.spans = wanted < 0 ? info.variants.map((_, v) => ({ start: v * perVariant, end: (v + 1) * perVariant })) : [];
  }
}

/** A decoded row group, each column in one form: numbers as a Float64Array (NaN where null), text as strings. */
interface GroupColumns {
  numbers: Array<Float64Array | undefined>;
  texts: Array<ArrayLike<string> | undefined>;
  flags: Array<ArrayLike<unknown> | undefined>;
}

/** The numbers of a decoded column, NaN for a null (hyparquet gives typed arrays, or arrays with nulls). */
function numbersOf(values: ArrayLike<unknown>): Float64Array {
  if (values instanceof Float64Array) return values;
  const out = new Float64Array(values.length);
  if (values instanceof Int32Array) {
    out.set(values);
    return out;
  }
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    out[i] = v === null || v === undefined ? NaN : Number(v);
  }
  return out;
}

function groupColumns(source: ParquetSource, cols: ArrayLike<unknown>[]): GroupColumns {
  const numeric = (k: string) => k === 'int' || k === 'double';
  return {
    numbers: source.columns.map((c, i) => (numeric(c.kind) ? numbersOf(cols[i]) : undefined)),
    texts: source.columns.map((c, i) => (c.kind === 'string' ? (cols[i] as ArrayLike<string>) : undefined)),
    flags: source.columns.map((c, i) => (c.kind === 'flag' ? cols[i] : undefined)),
  };
}

/** Where each field of a row sits among matches.parquet's columns (the order of matches.csv's header). */
interface ParquetLayout {
  variant: number;
  match: number;
  seed: number;
  winners: number;
  annulled: number;
  /** The first of the per-seat columns (`seat0_bot`, `seat0_score`, `seat0_rank`). */
  bots: number;
  scores: number;
  ranks: number;
  firstPlayer: number;
  turns: number;
  decisions: number;
  endReason: number;
  faultSeat: number;
  /** -1: a file written before the column. */
  playHash: number;
  metricsAt: number;
  metricCount: number;
}

function parquetLayout(players: number, source: ParquetSource): ParquetLayout {
  const fixed = matchesFixedColumns(players, true, source.columns.some((col) => col.name === 'play_hash'));
  const at = (name: string) => fixed.indexOf(name);
  return {
    variant: at('variant'),
    match: at('match'),
    seed: at('seed'),
    winners: at('winners'),
    annulled: at('annulled'),
    bots: at('seat0_bot'),
    scores: at('seat0_score'),
    ranks: at('seat0_rank'),
    firstPlayer: at('first_player'),
    turns: at('turns'),
    decisions: at('decisions'),
    endReason: at('end_reason'),
    faultSeat: at('fault_seat'),
    playHash: at('play_hash'),
    metricsAt: fixed.length,
    metricCount: source.columns.length - fixed.length,
  };
}

/**
 * The seat names of row `i`, the same array for every row of one rotation, as the CSV reader's rows
 * share theirs (the names of a dictionary-encoded column are the same string objects row after row).
 */
function seatNamesReader(n: number, firstColumn: number): (g: GroupColumns, i: number) => string[] {
  const seatNames: string[][] = [];
  return (g, i) => {
    for (const names of seatNames) {
      let s = 0;
      while (s < n && names[s] === g.texts[firstColumn + s]![i]) s++;
      if (s === n) return names;
    }
    const names = Array.from({ length: n }, (_, s) => g.texts[firstColumn + s]![i]);
    if (seatNames.length < 64) seatNames.push(names);
    return names;
  };
}

/** The winners cell as seats, each set parsed once and then shared (the caller copies it for its row). */
function winnersReader(n: number, bad: (r: number, what: string) => InputError): (cell: string, r: number) => number[] {
  const winnerSets = new Map<string, number[]>();
  return (cell, r) => {
    let winners = winnerSets.get(cell);
    if (winners === undefined) {
      winners = parseWinners(cell, n, (what) => bad(r, what));
      if (winnerSets.size < 4096) winnerSets.set(cell, winners);
    }
    return winners;
  };
}

/**
 * Builds the MatchRow of row `i` of a decoded row group (row `r` of the file), checking it as the CSV
 * reader does. Columns are read by position (the schema was checked against matches.csv's header).
 */
function rowBuilder(info: ResultInfo, source: ParquetSource): (g: GroupColumns, i: number, r: number) => MatchRow {
  const n = info.players;
  const c = parquetLayout(n, source);
  const M = info.matchesPerVariant;
  const bad = (r: number, what: string) => damagedParquet(source.shown, `row ${r + 1}: ${what}`);
  const seat = (g: GroupColumns, col: number, i: number, r: number): number => {
    const v = g.numbers[col]![i];
    if (!(Number.isInteger(v) && v >= 0 && v < n)) throw bad(r, `${source.columns[col].name} is ${v}, expected a seat from 0 to ${n - 1}`);
    return v;
  };
  const botsOf = seatNamesReader(n, c.bots);
  const winnersOf = winnersReader(n, bad);

  return (g, i, r) => {
    const num = g.numbers;
    const text = g.texts;
    const v = Math.floor(r / M);
    const variant = text[c.variant]![i];
    if (variant !== info.variants[v]) throw bad(r, `variant is ${JSON.stringify(variant)}, expected ${info.variants[v]} (variants come complete and in run.json order)`);
    const match = num[c.match]![i];
    if (match !== r % M) throw bad(r, `match ${match} of ${variant}, expected match ${r % M} (matches must be in order, none missing)`);
    const winners = winnersOf(text[c.winners]![i], r);
    const scores = new Array<number>(n);
    const ranks = new Array<number>(n);
    for (let s = 0; s < n; s++) {
      scores[s] = num[c.scores + s]![i];
      ranks[s] = num[c.ranks + s]![i];
    }
    const metrics = new Array<number>(c.metricCount);
    for (let m = 0; m < c.metricCount; m++) metrics[m] = num[c.metricsAt + m]![i];
    return {
      variant: info.variants[v],
      variantIndex: v,
      match,
      seed: text[c.seed]![i],
      bots: botsOf(g, i),
      // A fresh array per row, as the CSV reader gives (a caller may keep or change it).
      winners: winners.slice(),
      annulled: g.flags[c.annulled]![i] === true,
      scores,
      ranks,
      firstPlayer: seat(g, c.firstPlayer, i, r),
      turns: num[c.turns]![i],
      decisions: num[c.decisions]![i],
      endReason: text[c.endReason]![i],
      faultSeat: Number.isNaN(num[c.faultSeat]![i]) ? -1 : seat(g, c.faultSeat, i, r),
      playHash: c.playHash >= 0 ? text[c.playHash]![i] : '',
      metrics,
    };
  };
}

/** The winners cell (`0;2`, or empty) as seats, each checked. */
function parseWinners(cell: string, n: number, bad: (what: string) => InputError): number[] {
  const winners: number[] = [];
  if (cell === '') return winners;
  for (const part of cell.split(';')) {
    const s = part === '' ? NaN : Number(part);
    if (!(Number.isInteger(s) && s >= 0 && s < n)) throw bad(`winners is ${JSON.stringify(cell)}, expected seats from 0 to ${n - 1} separated by ;`);
    winners.push(s);
  }
  return winners;
}

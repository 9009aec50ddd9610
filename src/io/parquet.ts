import { closeSync, fsyncSync, openSync, writeSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { parse as parseCsv } from 'csv-parse/sync';
import { ByteWriter, ParquetWriter, type ColumnSource } from 'hyparquet-writer';
import { KV, PARQUET_FORMAT, ROW_GROUP_ROWS, parquetColumns, schemaElement, type ParquetColumn } from './parquet-layout.js';

/**
 * matches.parquet, written beside matches.csv when a run asks for it (`"parquet": true`, `--parquet`):
 * the same rows and columns, typed (see parquet-layout.ts), for pandas, polars, R, DuckDB and tavolo's
 * own analysis, which reads it instead of matches.csv when it is there.
 *
 * The rows come as the matches.csv bytes of each batch, in file order (the Assembler hands over what it
 * writes to matches.csv), and each cell is converted the way the matches.csv reader converts it
 * (`Number` of the text; an empty cell is a null): the two files hold the same values by construction.
 * Rows are gathered into row groups of a fixed ROW_GROUP_ROWS and each group is written as soon as it is
 * full, so the writer holds one row group, never the whole table, and the bytes depend only on the rows.
 *
 * The library is hyparquet-writer (pure JavaScript, no native code, one dependency: hyparquet, the reader
 * tavolo uses); its version is pinned in package.json because the file's bytes depend on it.
 */

/** A column's values for the row group being gathered. */
interface ColumnBuffer {
  col: ParquetColumn;
  strings?: string[];
  flags?: boolean[];
  numbers?: Float64Array;
  /** Rows of a nullable numeric column that hold no value. */
  nulls?: Uint8Array;
  hasNull: boolean;
}

/** Bytes go to the file at the end of each row group; each group's byte range and CRC-32 are noted. */
class FileSink extends ByteWriter {
  readonly groups: Array<[number, number, number]> = [];
  private start = 0;

  constructor(private readonly fd: number) {
    super(1 << 20);
  }

  /** Called by ParquetWriter after each row group: the buffer holds exactly that group's bytes (the first also the magic). */
  flush(): void {
    const bytes = this.drain();
    this.groups.push([this.start, this.offset, crc32(bytes)]);
    this.start = this.offset;
  }

  override finish(): void {
    this.drain();
  }

  private drain(): Uint8Array {
    const bytes = new Uint8Array(this.buffer, 0, this.index);
    for (let at = 0; at < bytes.length; ) at += writeSync(this.fd, bytes, at);
    this.index = 0;
    return bytes;
  }
}

export interface ParquetTarget {
  /** The file to write (a temporary name: the caller renames it into place with the other files). */
  file: string;
  /** matches.csv's header cells. */
  header: string[];
  players: number;
  /** The highest match number the file will hold (chooses INT32 or INT64 for `match`). */
  maxMatch: number;
  /** The tournament's identity hash (run.json's spec_hash), kept in the file's metadata. */
  specHash: string;
  /** Rows per row group: ROW_GROUP_ROWS (tests take fewer, to see several groups in a small file). */
  rowGroupRows?: number;
}

export class MatchesParquetWriter {
  private readonly columns: ParquetColumn[];
  private readonly buffers: ColumnBuffer[];
  private readonly writer: ParquetWriter;
  private readonly sink: FileSink;
  private readonly kv: Array<{ key: string; value: string }>;
  private fd: number;
  /** Rows gathered for the current row group; rows written in all. */
  private rows = 0;
  private total = 0;
  private readonly groupRows: number;

  constructor(private readonly target: ParquetTarget) {
    this.columns = parquetColumns(target.header, target.players, target.maxMatch);
    this.groupRows = target.rowGroupRows ?? ROW_GROUP_ROWS;
    this.buffers = this.columns.map((col) => newBuffer(col, this.groupRows));
    this.kv = [
      { key: KV.format, value: PARQUET_FORMAT },
      { key: KV.header, value: target.header.join(',') },
      { key: KV.specHash, value: target.specHash },
    ];
    this.fd = openSync(target.file, 'w');
    this.sink = new FileSink(this.fd);
    const schema = [{ name: 'root', num_children: this.columns.length }, ...this.columns.map(schemaElement)];
    // created_by without a version: the bytes stay those of the pinned writer, whatever tavolo's version.
    this.writer = new ParquetWriter({ writer: this.sink, schema, codec: 'SNAPPY', kvMetadata: this.kv, createdBy: 'tavolo (hyparquet-writer)' });
  }

  /** Rows written (and gathered) so far. */
  get written(): number {
    return this.total;
  }

  /** Complete matches.csv rows (UTF-8, each with its line end), in file order. */
  addCsvRows(bytes: Uint8Array): void {
    const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
    if (text.indexOf('"') >= 0) {
      // A quoted cell (a name with a comma, a quote or a line break): csv-parse, as the reader does.
      for (const cells of parseCsv(text, { relax_column_count: true })) {
        this.addRow(cells.length, (c, b, r) => setCell(b, r, cells[c], 0, cells[c].length, this.total));
      }
      return;
    }
    for (let at = 0; at < text.length; ) {
      const nl = text.indexOf('\n', at);
      const end = nl < 0 ? text.length : nl;
      this.addLine(text, at, end);
      at = end + 1;
    }
  }

  /** Writes the last row group and the footer, forces the file to disk and closes it. */
  finish(): void {
    this.writeGroup();
    this.kv.push({ key: KV.groups, value: JSON.stringify(this.sink.groups) });
    void this.writer.finish();
    fsyncSync(this.fd);
    closeSync(this.fd);
    this.fd = -1;
  }

  /** Closes the file without finishing it (the caller removes it). */
  abort(): void {
    if (this.fd < 0) return;
    try {
      closeSync(this.fd);
    } catch {
      // the error that brought us here says more
    }
    this.fd = -1;
  }

  /**
   * One unquoted line, text[start, end): its cells are read in place (numbers digit by digit), so a row
   * makes only the strings of its text columns, not one per cell.
   */
  private addLine(text: string, start: number, end: number): void {
    const n = this.columns.length;
    const r = this.rows;
    let c = 0;
    for (let pos = start; ; c++) {
      let comma = text.indexOf(',', pos);
      if (comma < 0 || comma > end) comma = end;
      if (c < n) setCell(this.buffers[c], r, text, pos, comma, this.total);
      if (comma === end) break;
      pos = comma + 1;
    }
    this.endRow(c + 1);
  }

  /** A row of cells already split (a quoted record): `set` stores cell c in its buffer. */
  private addRow(count: number, set: (c: number, b: ColumnBuffer, r: number) => void): void {
    if (count === this.columns.length) for (let c = 0; c < count; c++) set(c, this.buffers[c], this.rows);
    this.endRow(count);
  }

  private endRow(cells: number): void {
    if (cells !== this.columns.length) {
      throw new Error(`matches.parquet: row ${this.total + 1} has ${cells} cells, expected ${this.columns.length} as in matches.csv's header`);
    }
    this.rows++;
    this.total++;
    if (this.rows === this.groupRows) this.writeGroup();
  }

  private writeGroup(): void {
    const n = this.rows;
    if (n === 0) return;
    const columnData = this.buffers.map((b) => columnSource(b, n));
    // One page per column chunk (pageSize 0): the writer then skips sizing every value for page breaks.
    void this.writer.write({ columnData, rowGroupSize: n, pageSize: 0 });
    for (const b of this.buffers) resetBuffer(b, this.groupRows);
    this.rows = 0;
  }
}

function newBuffer(col: ParquetColumn, rows: number): ColumnBuffer {
  const b: ColumnBuffer = { col, hasNull: false };
  resetBuffer(b, rows);
  return b;
}

function resetBuffer(b: ColumnBuffer, rows: number): void {
  b.hasNull = false;
  if (b.col.kind === 'string') b.strings = [];
  else if (b.col.kind === 'flag') b.flags = [];
  else {
    b.numbers ??= new Float64Array(rows);
    if (b.col.nullable) {
      b.nulls ??= new Uint8Array(rows);
      b.nulls.fill(0);
    }
  }
}

/**
 * One cell, text[s, e), converted as the matches.csv reader converts it: `Number` of the text (plain
 * digits are read in place, which gives the same number), and an empty cell is no value.
 */
function setCell(b: ColumnBuffer, r: number, text: string, s: number, e: number, row: number): void {
  const col = b.col;
  if (col.kind === 'string') {
    b.strings!.push(text.slice(s, e));
    return;
  }
  if (col.kind === 'flag') {
    const ch = e - s === 1 ? text.charCodeAt(s) : 0;
    if (ch !== 48 && ch !== 49) throw badCell(col, row, text.slice(s, e), '0 or 1');
    b.flags!.push(ch === 49);
    return;
  }
  if (s === e) {
    if (!col.nullable) throw badCell(col, row, '', col.kind === 'int' ? 'an integer' : 'a number');
    b.nulls![r] = 1;
    b.hasNull = true;
    b.numbers![r] = 0;
    return;
  }
  let v = digits(text, s, e);
  if (Number.isNaN(v)) {
    v = Number(text.slice(s, e));
    if (Number.isNaN(v)) throw badCell(col, row, text.slice(s, e), 'a number');
  }
  if (col.kind === 'int' && !(Number.isInteger(v) && (col.wide ? Number.isSafeInteger(v) : v >= -0x80000000 && v <= 0x7fffffff))) {
    throw badCell(col, row, text.slice(s, e), col.wide ? 'an integer' : 'an integer from -2^31 to 2^31 - 1');
  }
  b.numbers![r] = v;
}

/** text[s, e) as an integer when it is 1 to 15 decimal digits after an optional minus (exactly `Number` of it), else NaN. */
function digits(text: string, s: number, e: number): number {
  let sign = 1;
  if (text.charCodeAt(s) === 45) {
    sign = -1;
    s++;
  }
  if (s === e || e - s > 15) return NaN;
  let v = 0;
  for (let i = s; i < e; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return NaN;
    v = v * 10 + d;
  }
  return sign * v;
}

function badCell(col: ParquetColumn, row: number, text: string, expected: string): Error {
  return new Error(`matches.parquet: row ${row + 1}, column ${col.name} is ${JSON.stringify(text)}, expected ${expected}`);
}

/**
 * The row group's values of a column, as hyparquet-writer takes them. No page indexes: a row group is read
 * whole (its pages are listed in its own column chunks), and the footer stays small.
 */
function columnSource(b: ColumnBuffer, n: number): ColumnSource {
  // Min/max statistics only where a reader selects rows by them (a variant, a range of matches): they
  // cost a pass over every value, for nothing in the other columns.
  const statistics = b.col.name === 'variant' || b.col.name === 'match';
  return { ...columnValues(b, n), statistics, offsetIndex: false, columnIndex: false };
}

function columnValues(b: ColumnBuffer, n: number): ColumnSource {
  const { col } = b;
  const name = col.name;
  if (col.kind === 'string') {
    // The seeds differ on every row: no dictionary (it would be thrown away).
    return name === 'seed' ? { name, data: b.strings!, encoding: 'PLAIN' } : { name, data: b.strings! };
  }
  if (col.kind === 'flag') return { name, data: b.flags! };
  const values = b.numbers!.subarray(0, n);
  let data: ColumnSource['data'];
  if (b.hasNull) data = Array.from(values, (v, i) => (b.nulls![i] ? null : v));
  else if (col.kind === 'double') data = values.slice();
  else if (col.wide) data = BigInt64Array.from(values, (v) => BigInt(v));
  else data = Int32Array.from(values);
  // Match numbers count up by one: delta encoding stores them in a few bits each.
  return name === 'match' ? { name, data, encoding: 'DELTA_BINARY_PACKED' } : { name, data };
}

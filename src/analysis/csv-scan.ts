import { closeSync, openSync, readSync } from 'node:fs';
import { parse as parseCsv } from 'csv-parse/sync';

/**
 * The byte-level part of reading matches.csv: the file read in large sequential pieces into one
 * reusable buffer, cut into records, and each record's cells located in place, so that a number is read
 * from its digits and a repeated name (a variant, a seat rotation, an end reason) is recognised from its
 * bytes, without making a string of either. Only what a caller asks for as text becomes a string.
 *
 * tavolo quotes a cell only when it holds a comma, a quote or a line break, so a record with no quote
 * character is exactly its cells joined by commas (the usual case); a record with a quote, which may run
 * over several lines, is decoded and parsed by csv-parse. A million rows of forty cells read through
 * strings made forty million short strings for the collector and spent most of its time decoding and
 * slicing; reading the bytes costs a fraction of that (docs/lab/2026-11-performance.md, "Comparing two runs").
 */

/**
 * One CSV record as text. tavolo quotes a cell only when it holds a comma, a quote or a line break, so a
 * record with no quote character is exactly its cells joined by commas and is split directly. A grid's
 * variant names hold a comma (`hand=1,deck=12`), so every row of a grid starts with a quoted cell: a
 * record whose only quotes are that first cell's own (no quote inside it) is split directly too, since
 * csv-parse, called once per record, cost about 100 µs a row (180,000 rows of a grid took three minutes
 * to analyse). Any other record with a quote goes through csv-parse.
 */
export function splitLine(line: string): string[] {
  if (line.indexOf('"') < 0) return line.split(',');
  const close = line.indexOf('"', 1);
  if (line.charCodeAt(0) === 34 && close > 0 && line.indexOf('"', close + 1) < 0 && (close === line.length - 1 || line.charCodeAt(close + 1) === 44)) {
    const first = line.slice(1, close);
    return close === line.length - 1 ? [first] : [first, ...line.slice(close + 2).split(',')];
  }
  const rows = parseCsv(line, { relax_column_count: true });
  if (rows.length !== 1) throw new Error('expected one CSV record');
  return rows[0];
}

/** Bytes start..end of a buffer as UTF-8 text: Node's own slice, without `toString`'s argument handling (a call per row). */
const utf8: (buf: Buffer, start: number, end: number) => string =
  typeof (Buffer.prototype as { utf8Slice?: unknown }).utf8Slice === 'function'
    ? (buf, start, end) => (buf as unknown as { utf8Slice(s: number, e: number): string }).utf8Slice(start, end)
    : (buf, start, end) => buf.toString('utf8', start, end);

const COMMA = 44;
const QUOTE = 34;
const NEWLINE = 10;
const CR = 13;

/**
 * The cells of one record without copying them out: for a record with no quote, where each cell starts
 * and ends in the buffer; for a record with quotes, the cells csv-parse gave. Valid until the next record.
 */
export class RecordCells {
  count = 0;
  private buf: Buffer = Buffer.alloc(0);
  private parsed: string[] | null = null;
  private readonly starts: Int32Array;
  private readonly ends: Int32Array;

  constructor(width: number) {
    this.starts = new Int32Array(width + 1);
    this.ends = new Int32Array(width + 1);
  }

  /**
   * Locates the cells of the quote-free line starting at `start`. Returns the index of its line end,
   * -1 when `buf` holds no line end before `limit`, or -2 when the line has a quote (the caller then
   * parses the record with `use`). A carriage return before the line end is not part of the last cell.
   */
  splitBytes(buf: Buffer, start: number, limit: number): number {
    const { starts, ends } = this;
    const max = starts.length;
    let c = 0;
    let cellStart = start;
    for (let i = start; i < limit; i++) {
      const b = buf[i];
      if (b > COMMA) continue; // digits, letters and most punctuation: nothing to do
      if (b === COMMA) {
        if (c < max) {
          starts[c] = cellStart;
          ends[c] = i;
        }
        c++;
        cellStart = i + 1;
      } else if (b === NEWLINE) {
        const end = i > cellStart && buf[i - 1] === CR ? i - 1 : i;
        if (c < max) {
          starts[c] = cellStart;
          ends[c] = end;
        }
        this.count = c + 1;
        this.buf = buf;
        this.parsed = null;
        return i;
      } else if (b === QUOTE) return -2;
    }
    return -1;
  }

  use(cells: string[]): void {
    this.parsed = cells;
    this.count = cells.length;
  }

  /** Whether the cells came from csv-parse (a record with quotes) rather than from the bytes in place. */
  isParsed(): boolean {
    return this.parsed !== null;
  }

  /** Whether the record is one empty cell (an empty line). */
  isEmptyRecord(): boolean {
    return this.count === 1 && this.isEmpty(0);
  }

  text(c: number): string {
    return this.parsed ? (this.parsed[c] ?? '') : utf8(this.buf, this.starts[c], this.ends[c]);
  }

  /** The text from the start of cell `first` to the end of cell `last`, commas included. */
  span(first: number, last: number): string {
    return this.parsed ? this.parsed.slice(first, last + 1).join('\u0000') : this.buf.toString('utf8', this.starts[first], this.ends[last]);
  }

  isEmpty(c: number): boolean {
    return this.parsed ? this.parsed[c] === '' : this.starts[c] === this.ends[c];
  }

  /** Whether cells `first` to `last` (commas included) are the bytes of `key`; false for a parsed record. */
  spanEquals(first: number, last: number, key: Uint8Array): boolean {
    if (this.parsed) return false;
    const s = this.starts[first];
    const len = this.ends[last] - s;
    if (len !== key.length) return false;
    const buf = this.buf;
    for (let i = 0; i < len; i++) if (buf[s + i] !== key[i]) return false;
    return true;
  }

  /** A copy of the bytes of cells `first` to `last` (for a SpanCache key). */
  spanBytes(first: number, last: number): Uint8Array {
    return Buffer.from(this.buf.subarray(this.starts[first], this.ends[last]));
  }

  /**
   * A cell of seats separated by ';' (the winners), pushed onto `out` without cutting the cell into
   * strings; false for anything but seats from 0 to players - 1 (the caller then reads the cell the slow
   * way, which names what is wrong).
   */
  seats(c: number, players: number, out: number[]): boolean {
    if (this.parsed) return false;
    const buf = this.buf;
    const end = this.ends[c];
    let v = -1;
    for (let i = this.starts[c]; i <= end; i++) {
      const ch = i < end ? buf[i] : 59;
      if (ch === 59) {
        if (v < 0 || v >= players) return false;
        out.push(v);
        v = -1;
      } else if (ch >= 48 && ch <= 57 && v <= 1e6) v = (v < 0 ? 0 : v * 10) + ch - 48;
      else return false;
    }
    return true;
  }

  /** A cell of plain decimal digits (an optional minus) as an integer; NaN for anything else. */
  int(c: number): number {
    if (this.parsed) {
      const t = this.parsed[c] ?? '';
      return /^-?\d{1,15}$/.test(t) ? Number(t) : NaN;
    }
    const buf = this.buf;
    let i = this.starts[c];
    const end = this.ends[c];
    let sign = 1;
    if (i < end && buf[i] === 45) {
      sign = -1;
      i++;
    }
    if (i === end || end - i > 15) return NaN;
    let v = 0;
    for (; i < end; i++) {
      const d = buf[i] - 48;
      if (d < 0 || d > 9) return NaN;
      v = v * 10 + d;
    }
    return sign * v;
  }
}

/**
 * Values of cells that repeat on many rows (a variant's name, a seat rotation's names, an end reason),
 * recognised from their bytes: the first few distinct ones are compared byte for byte with the cells,
 * so the usual row makes no string; anything else goes through a map by text.
 */
export class SpanCache<T> {
  private readonly keys: Uint8Array[] = [];
  private readonly values: T[] = [];
  private readonly byText = new Map<string, T>();

  constructor(private readonly make: (text: string) => T) {}

  get(cells: RecordCells, first: number, last: number): T {
    const keys = this.keys;
    for (let k = 0; k < keys.length; k++) if (cells.spanEquals(first, last, keys[k])) return this.values[k];
    const text = cells.span(first, last);
    let value = this.byText.get(text);
    if (value === undefined) {
      value = this.make(text);
      if (this.byText.size < 4096) this.byText.set(text, value);
    }
    if (keys.length < 32 && !cells.isParsed()) {
      keys.push(cells.spanBytes(first, last));
      this.values.push(value);
    }
    return value;
  }
}

/** What scanning found wrong, in the reader's words (it adds the file and line). */
export class RecordError extends Error {}

/**
 * The records of a CSV file, or of a byte range of it, or of bytes in memory, one at a time: `next()`
 * locates the next record's cells in `cells` and returns false at the end. A file is read with plain
 * sequential reads of 1 MB into one buffer (grown only for a record longer than that).
 */
export class RecordScanner {
  /** The line number of the current record's last line (1-based, counted from the file's first line when `lineBase` is 0). */
  lineNo: number;
  /** Byte offset in the file where the current record starts. */
  recordAt = 0;
  private buf: Buffer<ArrayBufferLike>;
  private have = 0;
  private at = 0;
  /** File offset of buf[0]. */
  private bufStart: number;
  private readPos: number;
  private eof = false;
  private readonly fd: number;

  /** `source`: a file (the range of it to read), or whole records in memory (`range.start`: their offset in the file). */
  constructor(
    source: string | Buffer,
    readonly cells: RecordCells,
    private readonly range: { start: number; end: number; lineBase: number },
  ) {
    // Bytes in memory are scanned where they are: no buffer, no copy (a run feeds a chunk per batch).
    if (typeof source === 'string') [this.fd, this.buf] = [openSync(source, 'r'), Buffer.allocUnsafe(1 << 20)];
    else [this.fd, this.buf, this.have, this.eof] = [-1, source, source.length, true];
    this.bufStart = range.start;
    this.readPos = range.start;
    this.lineNo = range.lineBase;
  }

  /** Byte offset in the file just after the last record read. */
  get offset(): number {
    return this.bufStart + this.at;
  }

  close(): void {
    if (this.fd >= 0) closeSync(this.fd);
  }

  /** Skips one line (the header). */
  skipLine(): void {
    for (;;) {
      const nl = this.buf.indexOf(NEWLINE, this.at);
      if (nl >= 0 && nl < this.have) {
        this.at = nl + 1;
        this.lineNo++;
        return;
      }
      if (!this.fill()) throw new RecordError('the header line is incomplete');
    }
  }

  /** The next record into `cells`; false at the end of the range. Throws a RecordError for an incomplete last line. */
  next(): boolean {
    for (;;) {
      const start = this.at;
      const end = this.cells.splitBytes(this.buf, start, this.have);
      if (end >= 0) {
        this.recordAt = this.bufStart + start;
        this.at = end + 1;
        this.lineNo++;
        return true;
      }
      if (end === -2) {
        const quoted = this.quotedRecord(start);
        if (quoted) return true;
      }
      if (!this.fill()) {
        if (this.at < this.have) {
          this.lineNo++;
          throw new RecordError('the last line is incomplete (the file was cut short)');
        }
        return false;
      }
    }
  }

  /** A record with quotes, which may span lines: parsed by csv-parse once its closing line end is in the buffer. */
  private quotedRecord(start: number): boolean {
    const buf = this.buf;
    let inQuotes = false;
    let lines = 0;
    for (let i = start; i < this.have; i++) {
      const b = buf[i];
      if (b === QUOTE) inQuotes = !inQuotes;
      else if (b === NEWLINE) {
        lines++;
        if (inQuotes) continue;
        let text = buf.toString('utf8', start, i);
        if (text.charCodeAt(text.length - 1) === CR) text = text.slice(0, -1);
        this.recordAt = this.bufStart + start;
        this.at = i + 1;
        this.lineNo += lines;
        try {
          this.cells.use(splitLine(text));
        } catch (err) {
          throw new RecordError(`not a CSV record (${(err as Error).message})`);
        }
        return true;
      }
    }
    return false;
  }

  /** Keeps the unread bytes and reads more after them; false at the end of the range. */
  private fill(): boolean {
    if (this.eof) return false;
    const rest = this.have - this.at;
    if (rest === this.buf.length) {
      const bigger = Buffer.allocUnsafe(this.buf.length * 2);
      this.buf.copy(bigger, 0, this.at, this.have);
      this.buf = bigger;
    } else if (rest > 0) this.buf.copy(this.buf, 0, this.at, this.have);
    this.bufStart += this.at;
    this.at = 0;
    this.have = rest;
    const want = Math.min(this.buf.length - rest, this.range.end - this.readPos);
    const got = want > 0 ? readSync(this.fd, this.buf, rest, want, this.readPos) : 0;
    if (got === 0) {
      this.eof = true;
      return false;
    }
    this.readPos += got;
    this.have += got;
    return true;
  }
}

import { csvCell } from './csv.js';

/**
 * matches.csv rows written straight into bytes. A run writes one row per match, a few dozen cells each:
 * built as strings, the rows were a rope of small pieces that then had to be flattened and encoded to
 * UTF-8 before reaching the journal, which cost more than the runner's other work together. Here the
 * cells go into a growing byte buffer: integers digit by digit, text cells (names, seeds, end reasons)
 * quoted by `csvCell` (csv-stringify's rules) and encoded once, then copied.
 */
export class CsvBytes {
  private buf: Uint8Array;
  /** Bytes written so far. */
  length = 0;
  private readonly encoded = new Map<string, Uint8Array>();

  constructor(capacity = 1 << 16) {
    this.buf = new Uint8Array(capacity);
  }

  /** The bytes written so far (a view, valid until the next write). */
  view(): Uint8Array {
    return this.buf.subarray(0, this.length);
  }

  private room(n: number): void {
    if (this.length + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.length + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
  }

  /** One byte (an ASCII character code: comma, semicolon, line end, digit). */
  byte(b: number): void {
    this.room(1);
    this.buf[this.length++] = b;
  }

  /** Raw bytes (a cell encoded beforehand). */
  bytes(b: Uint8Array): void {
    const n = b.length;
    this.room(n);
    if (n > 32) {
      this.buf.set(b, this.length);
      this.length += n;
      return;
    }
    // Cells are short: a loop costs less than calling TypedArray.prototype.set.
    const buf = this.buf;
    let at = this.length;
    for (let i = 0; i < n; i++) buf[at++] = b[i];
    this.length = at;
  }

  /** Forgets what was written, keeping the memory (a worker reuses one writer for all its batches). */
  clear(): void {
    this.length = 0;
  }

  /** A text cell: quoted as csv-stringify would, UTF-8; encodings of repeated texts are kept. */
  text(t: string): void {
    let b = this.encoded.get(t);
    if (b === undefined) {
      b = utf8(csvCell(t));
      if (this.encoded.size < 1024) this.encoded.set(t, b);
    }
    this.bytes(b);
  }

  /** A number as `String(v)` writes it (an integer digit by digit, anything else through String). */
  number(v: number): void {
    if (v === (v | 0)) {
      this.int32(v);
      return;
    }
    const s = String(v);
    this.room(s.length);
    // String(number) is ASCII.
    for (let i = 0; i < s.length; i++) this.buf[this.length++] = s.charCodeAt(i);
  }

  /** A numeric cell: as `number`, but NaN and infinities leave the cell empty. */
  cell(v: number): void {
    if (v === (v | 0)) this.int32(v);
    else if (Number.isFinite(v)) this.number(v);
  }

  /** A comma, then `cell(v)`. Most cells are integers below 100: those take a short path. */
  commaCell(v: number): void {
    if (v >= 0 && v < 100 && v === (v | 0)) this.commaSmall(v);
    else {
      this.byte(44);
      this.cell(v);
    }
  }

  /** A comma, then `number(v)`. */
  commaNumber(v: number): void {
    if (v >= 0 && v < 100 && v === (v | 0)) this.commaSmall(v);
    else {
      this.byte(44);
      this.number(v);
    }
  }

  private commaSmall(v: number): void {
    this.room(3);
    const buf = this.buf;
    let at = this.length;
    buf[at++] = 44;
    if (v >= 10) {
      const q = (v / 10) | 0;
      buf[at++] = 48 + q;
      buf[at++] = 48 + v - q * 10;
    } else buf[at++] = 48 + v;
    this.length = at;
  }

  private int32(v: number): void {
    this.room(11);
    if (v < 0) {
      this.buf[this.length++] = 45; // '-'
      v = -v;
    }
    if (v < 10) {
      this.buf[this.length++] = 48 + v;
      return;
    }
    let digits = 1;
    for (let x = v; x >= 10; x = (x / 10) | 0) digits++;
    let at = this.length + digits;
    this.length = at;
    // v may be 2^31 here (the negation of -2^31), which `| 0` would wrap: divide as floats.
    while (v > 0) {
      const q = Math.floor(v / 10);
      this.buf[--at] = 48 + (v - q * 10);
      v = q;
    }
  }
}

const encoder = new TextEncoder();

export function utf8(s: string): Uint8Array {
  return encoder.encode(s);
}

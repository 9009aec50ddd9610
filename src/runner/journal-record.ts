import { crc32 } from 'node:zlib';
import { csvCell } from '../io/csv.js';
import { recordWidth } from './batch.js';
import type { RecKind } from './records.js';

/**
 * One record of the journal's batches.log, and how it checks itself. A record is a text header line
 *
 *   `TVB2 <variant> <start> <end> <rows> <csv bytes> <i|f> <rec bytes> <notes bytes> <payload crc> <header crc>`
 *
 * followed by the payload (the batch's matches.csv rows, its numeric records, its fault notes) and a
 * line end. `payload crc` is the CRC-32 of the payload; `header crc` is the CRC-32 of the header text
 * before it (which includes the payload's CRC), so one flipped bit anywhere in a record, header or
 * payload, is caught. Beyond the checksums, a record must agree with itself: as many rows and numeric
 * records as matches in [start, end), its first and last rows naming its variant and its first and last
 * match, its range inside the journal's. These checks name the field that is wrong.
 */
export const MAGIC = 'TVB2';
/** The magic of format 1 (payload CRC only), refused with a message (see readMeta). */
export const OLD_MAGIC = 'TVB1';
export const MAX_HEADER = 240;

/** A record's header fields, in the order they are written. */
export interface RecordHeader {
  variant: number;
  start: number;
  end: number;
  rows: number;
  csvBytes: number;
  recKind: RecKind;
  recBytes: number;
  notesBytes: number;
  /** CRC-32 of the payload. */
  crc: number;
}

const NUMBER_FIELDS = ['variant', 'start', 'end', 'rows', 'csvBytes'] as const;
const hex8 = (n: number) => n.toString(16).padStart(8, '0');

/** The header line of a record (with its line end). */
export function headerLine(h: RecordHeader): string {
  const body =
    `${MAGIC} ${h.variant} ${h.start} ${h.end} ${h.rows} ${h.csvBytes} ${h.recKind} ${h.recBytes} ${h.notesBytes} ${hex8(h.crc)} `;
  return `${body}${hex8(crc32(Buffer.from(body, 'latin1')))}\n`;
}

/** A header that cannot be trusted: which field, and what is wrong with it. */
export interface HeaderDamage {
  field: string;
  problem: string;
}

/** Parses a header line (without its line end): the header, or what is damaged in it. */
export function parseHeaderLine(line: string): RecordHeader | HeaderDamage {
  const p = line.split(' ');
  if (p[0] !== MAGIC) return { field: 'magic', problem: `the record does not start with ${MAGIC}` };
  if (p.length !== 11) return { field: 'header', problem: `the header has ${p.length} fields, not 11` };
  const num = (i: number, field: string): number | HeaderDamage =>
    /^\d{1,15}$/.test(p[i]) ? Number(p[i]) : { field, problem: `${field} reads ${JSON.stringify(p[i])}, not a number` };
  const hex = (i: number, field: string): number | HeaderDamage =>
    /^[0-9a-f]{8}$/.test(p[i]) ? parseInt(p[i], 16) : { field, problem: `${field} reads ${JSON.stringify(p[i])}, not a CRC-32` };
  const values = [
    ...NUMBER_FIELDS.map((f, i) => num(i + 1, f)),
    num(7, 'recBytes'),
    num(8, 'notesBytes'),
    hex(9, 'payload crc'),
    hex(10, 'header crc'),
  ];
  const bad = values.find((v): v is HeaderDamage => typeof v !== 'number');
  if (bad) return bad;
  if (p[6] !== 'i' && p[6] !== 'f') return { field: 'recKind', problem: `recKind reads ${JSON.stringify(p[6])}, not i or f` };
  const [variant, start, end, rows, csvBytes, recBytes, notesBytes, crc, headerCrc] = values as number[];
  const body = line.slice(0, line.length - 8);
  if (crc32(Buffer.from(body, 'latin1')) !== headerCrc) {
    return { field: 'header crc', problem: 'the header does not match its checksum (a field of it was changed)' };
  }
  return { variant, start, end, rows, csvBytes, recKind: p[6], recBytes, notesBytes, crc };
}

export const isDamage = (h: RecordHeader | HeaderDamage): h is HeaderDamage => 'problem' in h;

/** What a record must agree with: the journal's variants, ranges and player count. */
export interface RecordContext {
  variants: readonly string[];
  ranges: ReadonlyArray<readonly [number, number]>;
  players: number;
}

/**
 * Checks a record's header against itself and the journal (range, row count, lengths), and, given its
 * payload, the payload against the header (CRC, rows naming the variant and the first and last match).
 * Returns what is wrong, or undefined.
 */
export function checkRecord(h: RecordHeader, ctx: RecordContext, payload?: Uint8Array): HeaderDamage | undefined {
  const range = ctx.ranges[h.variant];
  if (range === undefined) return { field: 'variant', problem: `variant reads ${h.variant}, but the journal has ${ctx.variants.length} variants` };
  if (h.end <= h.start) return { field: 'end', problem: `end ${h.end} is not after start ${h.start}` };
  if (h.start < range[0] || h.end > range[1]) {
    return { field: h.start < range[0] ? 'start' : 'end', problem: `matches ${h.start}-${h.end - 1} lie outside the journal's range ${range[0]}-${range[1] - 1}` };
  }
  if (payload !== undefined) {
    if (crc32(payload) !== h.crc) return { field: 'payload', problem: 'the payload (rows, numbers or notes) does not match its checksum' };
    const rows = checkRows(h, ctx, Buffer.from(payload.buffer, payload.byteOffset, h.csvBytes));
    if (rows) return rows;
  }
  if (h.rows !== h.end - h.start) return { field: 'rows', problem: `rows reads ${h.rows}, but matches ${h.start}-${h.end - 1} are ${h.end - h.start}` };
  const recSize = (h.recKind === 'i' ? 4 : 8) * recordWidth(ctx.players) * h.rows;
  if (h.recBytes !== recSize) {
    return { field: 'recBytes', problem: `recBytes reads ${h.recBytes}, but ${h.rows} matches of kind ${h.recKind} (recKind) take ${recSize}` };
  }
  return undefined;
}

/** The first and last rows of a payload must name the header's variant, start and last match. */
function checkRows(h: RecordHeader, ctx: RecordContext, csv: Buffer): HeaderDamage | undefined {
  const cell = csvCell(ctx.variants[h.variant]);
  // Only the first and last rows are decoded: this runs on the main thread for every batch.
  const first = csv.subarray(0, csv.indexOf(10) + 1).toString('utf8');
  const last = csv.subarray(csv.lastIndexOf(10, csv.length - 2) + 1).toString('utf8');
  const [firstVariant, firstMatch] = splitRowStart(first);
  if (firstVariant !== cell) {
    return { field: 'variant', problem: `variant reads ${h.variant} (${ctx.variants[h.variant]}), but its rows are of variant ${firstVariant}` };
  }
  if (firstMatch !== String(h.start)) return { field: 'start', problem: `start reads ${h.start}, but its first row is match ${firstMatch}` };
  const [, lastMatch] = splitRowStart(last);
  if (lastMatch !== String(h.end - 1)) return { field: 'end', problem: `end reads ${h.end}, but its last row is match ${lastMatch}` };
  return undefined;
}

/** The variant cell and the match cell at the start of a matches.csv row. */
function splitRowStart(row: string): [string, string] {
  // A quoted variant name may hold commas: its cell ends at the quote followed by a comma.
  const end = row.startsWith('"') ? row.indexOf('",') + 1 : row.indexOf(',');
  const rest = row.slice(end + 1);
  return [row.slice(0, end), rest.slice(0, rest.indexOf(','))];
}

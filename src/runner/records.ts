/**
 * The numeric record of one match, as a batch keeps it (BatchResult.rec, a Float64Array of
 * `recordWidth(players)` numbers a match) and the journal stores it: the fixed fields below, then per seat
 * the score (`scoreAt`), then per seat 1 if it won, shared wins included, else 0 (`wonAt`). Every reader
 * and writer goes through these names, never a bare offset.
 */
export const enum Rec {
  FIRST_PLAYER = 0,
  TURNS = 1,
  DECISIONS = 2,
  /** The faulty seat, -1 if none. */
  FAULT_SEAT = 3,
  /** 1 if the match was annulled, else 0. */
  ANNULLED = 4,
  /** An index into FAULT_REASONS (runner/batch.ts), -1 if none. */
  FAULT_REASON = 5,
  /** How many fixed fields come before the per-seat ones. */
  FIXED = 6,
}

/** Numbers a match takes in a record. */
export function recordWidth(players: number): number {
  return Rec.FIXED + 2 * players;
}

/** Offset of seat s's score within a match's record. */
export function scoreAt(s: number): number {
  return Rec.FIXED + s;
}

/** Offset of seat s's win flag within a match's record at a table of `players`. */
export function wonAt(players: number, s: number): number {
  return Rec.FIXED + players + s;
}

/**
 * The numeric records of a batch as the journal stores them: Int32 little-endian when every value is a
 * 32-bit integer (the usual case: seats, turns, scores), else Float64. Encoded by the worker that
 * played the batch, decoded by the final assembly and `tavolo merge`.
 */
export type RecKind = 'i' | 'f';

export function encodeRec(rec: Float64Array): { kind: RecKind; bytes: Uint8Array } {
  let ints = true;
  for (let i = 0; i < rec.length; i++) {
    if ((rec[i] | 0) !== rec[i] || Object.is(rec[i], -0)) {
      ints = false;
      break;
    }
  }
  if (ints) {
    const a = new Int32Array(rec.length);
    for (let i = 0; i < rec.length; i++) a[i] = rec[i];
    return { kind: 'i', bytes: new Uint8Array(a.buffer, a.byteOffset, a.byteLength) };
  }
  return { kind: 'f', bytes: new Uint8Array(rec.buffer, rec.byteOffset, rec.byteLength) };
}

export function decodeRec(kind: RecKind, bytes: Uint8Array): Float64Array {
  // Copy into a fresh, aligned buffer.
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  return kind === 'i' ? Float64Array.from(new Int32Array(copy.buffer)) : new Float64Array(copy.buffer);
}

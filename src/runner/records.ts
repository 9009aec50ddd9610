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

import {
  closeSync,
  existsSync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
  writevSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import type { BatchResult, FaultNote } from './batch.js';
import { decodeRec } from './records.js';
import { InputError } from './errors.js';
import type { SpecIdentity } from './identity.js';

/**
 * The journal of a run: completed batches, appended as they finish, so that a killed run resumes
 * (`--resume`) and shards can be merged. It lives in `<out>/journal/`:
 *
 * - `meta.json`: the tournament's identity and its hash, the shard, the match range of every variant this
 *   journal must cover, and what the final files need (the matches.csv header, variant and bot names).
 *   Written once, to a temporary name, flushed, then renamed.
 * - `batches.log`: one record per completed batch, in completion order. A record is a text header line
 *   `TVB1 <variant> <start> <end> <csv bytes> <i|f> <record bytes> <notes bytes> <crc32>` followed by the
 *   batch's matches.csv rows, its numeric records (Int32 when every value is a 32-bit integer, else
 *   Float64, little-endian) and its fault notes (JSON), then a line end. A record is written with one call and checked by
 *   its lengths and CRC-32 when read back: a record torn by a crash (kill -9, power loss) is dropped and
 *   its batch played again; whatever was complete before it is kept.
 * - `lock`: the pid and host of the run writing the journal (a second run on the same directory stops).
 */
export const JOURNAL_DIR = 'journal';
export const JOURNAL_FORMAT = 'tavolo-journal/1';
const MAGIC = 'TVB1';
const MAX_HEADER = 200;
/**
 * How often the journal is forced to disk (fsync). Only a power cut or a crash of the operating system
 * loses what was not synced (a killed process does not: its writes are in the kernel already), and
 * then the batches since the last sync are simply played again on --resume. The kernel writes dirty
 * pages back after about 30 s on its own (vm.dirty_expire_centisecs), so syncing more often buys
 * little; and syncing every 2 s cost the main thread a quarter of its time at 170,000 matches/s, time
 * the workers then lacked on two cores, while a journal deleted before 30 s is never written to disk.
 */
const FSYNC_EVERY_MS = 30_000;
const NEWLINE = Buffer.from('\n');

export interface Shard {
  index: number;
  count: number;
}

export interface JournalMeta {
  format: typeof JOURNAL_FORMAT;
  spec_hash: string;
  identity: SpecIdentity;
  shard: Shard | null;
  /** Per variant, the match range [start, end) this journal must cover. */
  ranges: Array<[number, number]>;
  /** The matches.csv header line, with its line end. */
  matches_header: string;
  variants: string[];
  lineup_names: string[];
  players: number;
  spec_path: string | null;
  created_at: string;
}

export interface JournalRecord {
  variant: number;
  start: number;
  end: number;
  /** File offset of the payload (csv, then rec, then notes). */
  offset: number;
  csvBytes: number;
  recKind: 'i' | 'f';
  recBytes: number;
  notesBytes: number;
}

export interface RecordPayload {
  csv: Buffer;
  rec: Float64Array;
  notes: FaultNote[];
}

/** Bytes of a record's payload (rows, numbers, notes). */
export const payloadBytes = (r: Pick<JournalRecord, 'csvBytes' | 'recBytes' | 'notesBytes'>): number => r.csvBytes + r.recBytes + r.notesBytes;

export interface PayloadParts {
  csv?: boolean;
  notes?: boolean;
}

/**
 * A record's payload from its bytes (as the journal holds them, or as the worker built them: the same
 * bytes). `csv` is a view on `buf`, not a copy.
 */
export function decodePayload(r: Omit<JournalRecord, 'offset'>, buf: Uint8Array, what: PayloadParts = { csv: true, notes: true }): RecordPayload {
  const b = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
  const csv = what.csv ? b.subarray(0, r.csvBytes) : Buffer.alloc(0);
  const rec = decodeRec(r.recKind, b.subarray(r.csvBytes, r.csvBytes + r.recBytes));
  const notes = what.notes ? (JSON.parse(b.subarray(r.csvBytes + r.recBytes, payloadBytes(r)).toString('utf8')) as FaultNote[]) : [];
  return { csv, rec, notes };
}

export const journalDir = (outDir: string): string => join(outDir, JOURNAL_DIR);
const metaFile = (outDir: string) => join(journalDir(outDir), 'meta.json');
const logFile = (outDir: string) => join(journalDir(outDir), 'batches.log');
const lockFile = (outDir: string) => join(journalDir(outDir), 'lock');

export function hasJournal(outDir: string): boolean {
  return existsSync(metaFile(outDir));
}

export function readMeta(outDir: string, field = '--out'): JournalMeta {
  let meta: JournalMeta;
  try {
    meta = JSON.parse(readFileSync(metaFile(outDir), 'utf8')) as JournalMeta;
  } catch (err) {
    throw new InputError(`cannot read the journal of ${outDir}: ${(err as Error).message}`, field);
  }
  if (meta.format !== JOURNAL_FORMAT) {
    throw new InputError(`${metaFile(outDir)} is not a tavolo journal of format ${JOURNAL_FORMAT} (found ${JSON.stringify(meta.format)})`, field);
  }
  return meta;
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parseHeader(line: string): Omit<JournalRecord, 'offset'> & { crc: number } | undefined {
  const p = line.split(' ');
  if (p.length !== 9 || p[0] !== MAGIC) return undefined;
  const n = (s: string) => (/^\d+$/.test(s) ? Number(s) : NaN);
  const [variant, start, end, csvBytes] = [n(p[1]), n(p[2]), n(p[3]), n(p[4])];
  const recKind = p[5];
  const [recBytes, notesBytes] = [n(p[6]), n(p[7])];
  const crc = /^[0-9a-f]{8}$/.test(p[8]) ? parseInt(p[8], 16) : NaN;
  const all = [variant, start, end, csvBytes, recBytes, notesBytes, crc];
  if (all.some((x) => !Number.isSafeInteger(x)) || (recKind !== 'i' && recKind !== 'f') || end < start) return undefined;
  return { variant, start, end, csvBytes, recKind, recBytes, notesBytes, crc };
}

/** An open journal: for appending (a run) or reading (a run's final assembly, merge). */
export class Journal {
  readonly records: JournalRecord[] = [];
  /** Bytes of a torn or corrupt tail dropped when the journal was opened. */
  droppedBytes = 0;
  private fd: number;
  private size = 0;
  private lastSync = 0;
  private locked = false;

  private constructor(
    readonly outDir: string,
    readonly meta: JournalMeta,
    private readonly writable: boolean,
  ) {
    this.fd = openSync(logFile(outDir), writable ? 'r+' : 'r');
  }

  /** Starts a new journal in outDir (which must exist): writes meta.json and an empty log. */
  static create(outDir: string, meta: JournalMeta): Journal {
    const dir = journalDir(outDir);
    mkdirSync(dir, { recursive: true });
    writeFileSync(logFile(outDir), '');
    const tmp = `${metaFile(outDir)}.tmp-${process.pid}`;
    const fd = openSync(tmp, 'w');
    writeSync(fd, JSON.stringify(meta, null, 2) + '\n');
    fsyncSync(fd);
    closeSync(fd);
    const j = new Journal(outDir, meta, true);
    j.lock();
    // The meta file last: a journal without meta.json is not a journal, and is started again.
    renameSync(tmp, metaFile(outDir));
    return j;
  }

  /**
   * Opens an existing journal. Writable: takes the lock and cuts a torn tail off the log. Read-only
   * (merge): a torn tail is ignored.
   */
  static open(outDir: string, writable: boolean, meta = readMeta(outDir)): Journal {
    if (!existsSync(logFile(outDir))) {
      if (!writable) throw new InputError(`${journalDir(outDir)} has no batches.log`, outDir);
      writeFileSync(logFile(outDir), '');
    }
    const j = new Journal(outDir, meta, writable);
    if (writable) j.lock();
    j.scan();
    return j;
  }

  private lock(): void {
    const file = lockFile(this.outDir);
    const me = { pid: process.pid, host: hostname() };
    if (existsSync(file)) {
      let other: { pid?: number; host?: string } = {};
      try {
        other = JSON.parse(readFileSync(file, 'utf8'));
      } catch {
        // unreadable: a crash while writing it; take it over
      }
      if (other.host === me.host && typeof other.pid === 'number' && other.pid !== process.pid && pidAlive(other.pid)) {
        throw new InputError(
          `another tavolo run (pid ${other.pid}) is writing to ${this.outDir}; wait for it or stop it first`,
          '--out',
        );
      }
    }
    writeFileSync(file, JSON.stringify(me) + '\n');
    this.locked = true;
  }

  /** Reads every record header and checks every payload; stops at the first torn or corrupt record. */
  private scan(): void {
    const size = fstatSync(this.fd).size;
    const head = Buffer.alloc(MAX_HEADER);
    let off = 0;
    while (off < size) {
      const got = readSync(this.fd, head, 0, Math.min(MAX_HEADER, size - off), off);
      const nl = head.subarray(0, got).indexOf(10);
      if (nl < 0) break;
      const h = parseHeader(head.subarray(0, nl).toString('latin1'));
      if (!h) break;
      const payload = payloadBytes(h);
      const offset = off + nl + 1;
      if (offset + payload + 1 > size) break;
      const buf = Buffer.alloc(payload + 1);
      readSync(this.fd, buf, 0, payload + 1, offset);
      if (buf[payload] !== 10 || crc32(buf.subarray(0, payload)) !== h.crc) break;
      const { crc: _crc, ...rest } = h;
      this.records.push({ ...rest, offset });
      off = offset + payload + 1;
    }
    this.size = off;
    this.droppedBytes = size - off;
    if (this.droppedBytes > 0 && this.writable) {
      ftruncateSync(this.fd, off);
      fsyncSync(this.fd);
    }
  }

  /**
   * Appends a completed batch (one write: header, the payload its worker built, line end), and forces
   * it to disk every FSYNC_EVERY_MS.
   */
  append(res: BatchResult): JournalRecord {
    const header = Buffer.from(
      `${MAGIC} ${res.variant} ${res.start} ${res.end} ${res.csvBytes} ${res.recKind} ${res.recBytes} ${res.notesBytes} ${res.crc.toString(16).padStart(8, '0')}\n`,
      'latin1',
    );
    const parts = [header, res.payload, NEWLINE];
    const total = header.length + res.payload.length + 1;
    let written = writevSync(this.fd, parts, this.size);
    if (written < total) {
      // A short write (rare: a full disk, a signal): the rest in plain writes.
      const buf = Buffer.concat(parts);
      while (written < total) written += writeSync(this.fd, buf, written, total - written, this.size + written);
    }
    const record: JournalRecord = {
      variant: res.variant,
      start: res.start,
      end: res.end,
      offset: this.size + header.length,
      csvBytes: res.csvBytes,
      recKind: res.recKind,
      recBytes: res.recBytes,
      notesBytes: res.notesBytes,
    };
    this.records.push(record);
    this.size += total;
    const now = performance.now();
    if (now - this.lastSync > FSYNC_EVERY_MS) {
      fsyncSync(this.fd);
      this.lastSync = now;
    }
    return record;
  }

  /** The payload of a record. */
  read(r: JournalRecord, what: PayloadParts = { csv: true, notes: true }): RecordPayload {
    const total = payloadBytes(r);
    const buf = Buffer.alloc(total);
    readSync(this.fd, buf, 0, total, r.offset);
    return decodePayload(r, buf, what);
  }

  /** Matches recorded per variant. */
  matchesDone(): number {
    return this.records.reduce((a, r) => a + (r.end - r.start), 0);
  }

  /**
   * The ranges still to play per variant: this journal's target ranges minus what is recorded, as
   * [variant, start, end) gaps in order.
   */
  missing(): Array<{ variant: number; start: number; end: number }> {
    const out: Array<{ variant: number; start: number; end: number }> = [];
    this.meta.ranges.forEach(([lo, hi], v) => {
      const done = this.records.filter((r) => r.variant === v).sort((a, b) => a.start - b.start);
      let at = lo;
      for (const r of done) {
        if (r.start > at) out.push({ variant: v, start: at, end: Math.min(r.start, hi) });
        at = Math.max(at, r.end);
      }
      if (at < hi) out.push({ variant: v, start: at, end: hi });
    });
    return out;
  }

  /** Flushes (unless `sync` is false) and closes; releases the lock. */
  close(sync = true): void {
    if (this.fd >= 0) {
      try {
        if (this.writable && sync) fsyncSync(this.fd);
      } finally {
        closeSync(this.fd);
        this.fd = -1;
      }
    }
    if (this.locked) {
      rmSync(lockFile(this.outDir), { force: true });
      this.locked = false;
    }
  }

  /** Closes and deletes the journal (after the final files are in place): no sync for a file about to go. */
  remove(): void {
    this.close(false);
    rmSync(journalDir(this.outDir), { recursive: true, force: true });
  }
}

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
import { InputError } from '../errors.js';
import { AtomicFile } from '../io/atomic-write.js';
import { refuseLinkedFolder } from '../io/safe-path.js';
import type { SpecIdentity } from './identity.js';
import { readOwnerOf, takeLock } from './journal-lock.js';
import { MAX_HEADER, checkRecord, headerLine, isDamage, parseHeaderLine, type HeaderDamage, type RecordHeader } from './journal-record.js';
import { checkAgreement, rowColumns } from './journal-agreement.js';

/**
 * The journal of a run: completed batches, appended as they finish, so that a killed run resumes
 * (`--resume`) and shards can be merged. It lives in `<out>/journal/`:
 *
 * - `meta.json`: the tournament's identity and its hash, the shard, the match range of every variant this
 *   journal must cover, and what the final files need (the matches.csv header, variant and bot names).
 *   Written once, to a temporary name, flushed, then renamed.
 * - `batches.log`: one record per completed batch, in completion order (format: journal-record.ts): a
 *   header line with a CRC-32 of its own, then the batch's matches.csv rows, its numeric records (Int32
 *   when every value is a 32-bit integer, else Float64, little-endian) and its fault notes (JSON), whose
 *   CRC-32 the header holds, then a line end. A record is checked when it is written, when the journal
 *   is opened (every record, header and payload) and when its payload is read back. A record torn by a
 *   crash at the end of the log (kill -9, power loss) is dropped and its batch played again; a damaged
 *   record followed by good ones (a flipped bit on disk) is reported by name: `--resume` removes it and
 *   plays its batch again, `tavolo merge` refuses the shard until then.
 * - `lock`: the pid and host of the run writing the journal (journal-lock.ts).
 */
export const JOURNAL_DIR = 'journal';
export const JOURNAL_FORMAT = 'tavolo-journal/2';
/** Journals of format 1 (a CRC over the payload only) are refused: readMeta says how to go on. */
const OLD_FORMAT = 'tavolo-journal/1';
/** Bytes read at a time when looking for the next record after a damaged one. */
const SEARCH_CHUNK = 1 << 20;
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
  /** Set when the run asked for matches.parquet: a resumed run and `tavolo merge` of its shards write it too. */
  parquet?: true;
}

export interface JournalRecord extends RecordHeader {
  /** File offset of the payload (csv, then rec, then notes). */
  offset: number;
}

/** A damaged record found in the log: where it is and what is wrong with it. */
export interface RecordDamage {
  /** 1-based position of the record in batches.log. */
  index: number;
  /** Byte offset of its header in batches.log. */
  at: number;
  /** Bytes from its header to the next good record. */
  bytes: number;
  field: string;
  problem: string;
}

/** A journal record that failed its check when read back (a file changed under the run). */
export class JournalDamaged extends InputError {
  constructor(file: string, damage: Pick<RecordDamage, 'index' | 'at' | 'field' | 'problem'>, advice: string) {
    super(`${file}: record ${damage.index} (at byte ${damage.at}) is damaged: ${damage.field}: ${damage.problem}. ${advice}`, 'journal');
    this.name = 'JournalDamaged';
  }
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
export function decodePayload(r: Pick<JournalRecord, 'csvBytes' | 'recKind' | 'recBytes' | 'notesBytes'>, buf: Uint8Array, what: PayloadParts = { csv: true, notes: true }): RecordPayload {
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
/** batches.log of a journal, for messages. */
export const journalLog = logFile;

/** An empty batches.log, created as a new file: whatever had its name (a planted link) is removed, never written through. */
function newEmptyLog(outDir: string): void {
  const log = logFile(outDir);
  rmSync(log, { force: true });
  writeFileSync(log, '', { flag: 'wx' });
}

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
  // Whatever the file holds: a format this version does not know is reported, not assumed.
  const format: unknown = meta.format;
  if (format === OLD_FORMAT) {
    throw new InputError(
      `${journalDir(outDir)} was written by an older tavolo (journal format 1, whose records cannot be checked whole); ` +
        `finish it with the tavolo version that started it, or delete ${journalDir(outDir)} and run again`,
      field,
    );
  }
  if (format !== JOURNAL_FORMAT) {
    throw new InputError(`${metaFile(outDir)} is not a tavolo journal of format ${JOURNAL_FORMAT} (found ${JSON.stringify(format)})`, field);
  }
  return meta;
}

/** An open journal: for appending (a run) or reading (a run's final assembly, merge). */
export class Journal {
  readonly records: JournalRecord[] = [];
  /** Bytes of a torn tail dropped when the journal was opened. */
  droppedBytes = 0;
  /** Damaged records found when the journal was opened (removed from the log by a writable open). */
  readonly damaged: RecordDamage[] = [];
  /** Records found twice when the journal was opened (the same matches of a variant): counted once, the copy dropped. */
  readonly duplicates: RecordDamage[] = [];
  /** Set when a stale lock was taken over: what it was. */
  tookOverLock?: string;
  /** The columns of a matches.csv row that a record's numbers also hold (journal-agreement.ts). */
  private readonly columns: ReturnType<typeof rowColumns>;
  private fd: number;
  private size = 0;
  private lastSync = 0;
  private locked = false;

  private constructor(
    readonly outDir: string,
    readonly meta: JournalMeta,
    private readonly writable: boolean,
  ) {
    this.columns = rowColumns(meta.matches_header, meta.players);
    this.fd = openSync(logFile(outDir), writable ? 'r+' : 'r');
  }

  /** Starts a new journal in outDir (which must exist): takes the lock, writes meta.json and an empty log. */
  static create(outDir: string, meta: JournalMeta): Journal {
    const dir = journalDir(outDir);
    // Nothing written through a link: a journal/ folder planted as one is refused (io/safe-path.ts).
    refuseLinkedFolder(dir, '--out');
    mkdirSync(dir, { recursive: true });
    // The lock first: a second run must not empty the log of the first.
    const tookOver = takeLock(lockFile(outDir), outDir);
    let j: Journal;
    let metaOut: AtomicFile | undefined;
    try {
      newEmptyLog(outDir);
      metaOut = AtomicFile.open(metaFile(outDir), { durable: true });
      metaOut.write(JSON.stringify(meta, null, 2) + '\n');
      j = new Journal(outDir, meta, true);
      // The meta file last: a journal without meta.json is not a journal, and is started again.
      metaOut.commit();
    } catch (err) {
      metaOut?.abort();
      releaseLock(outDir);
      throw err;
    }
    j.locked = true;
    j.tookOverLock = tookOver;
    return j;
  }

  /**
   * Opens an existing journal. Writable: takes the lock, cuts a torn tail off the log and removes
   * damaged records (their batches are then missing, and played again). Read-only (merge): a torn tail
   * is ignored; damaged records are listed in `damaged`.
   */
  static open(outDir: string, writable: boolean, meta = readMeta(outDir)): Journal {
    const tookOver = writable ? takeLock(lockFile(outDir), outDir) : undefined;
    try {
      if (!existsSync(logFile(outDir))) {
        if (!writable) throw new InputError(`${journalDir(outDir)} has no batches.log`, outDir);
        newEmptyLog(outDir);
      }
      const j = new Journal(outDir, meta, writable);
      j.locked = writable;
      j.tookOverLock = tookOver;
      j.scan();
      return j;
    } catch (err) {
      if (writable) releaseLock(outDir);
      throw err;
    }
  }

  /** What a record must agree with. */
  private get context() {
    return { variants: this.meta.variants, ranges: this.meta.ranges, players: this.meta.players };
  }

  /**
   * Reads and checks every record (header, payload, agreement with the journal). A damaged record is
   * skipped up to the next good one; damage with no good record after it is a torn tail.
   */
  private scan(): void {
    const size = fstatSync(this.fd).size;
    const good: Array<{ at: number; end: number }> = [];
    let off = 0;
    let pending: RecordDamage | undefined;
    const seen = new Set<string>();
    while (off < size) {
      const got = this.recordAt(off, size);
      if ('record' in got) {
        if (pending) this.damaged.push({ ...pending, bytes: off - pending.at });
        pending = undefined;
        const r = got.record;
        const key = `${r.variant}:${r.start}:${r.end}`;
        if (seen.has(key)) {
          // The same matches recorded again: counted once (the first copy kept, as the assembly does).
          const index = this.records.length + this.damaged.length + this.duplicates.length + 1;
          this.duplicates.push({ index, at: off, bytes: got.next - off, field: 'range', problem: `it records matches ${r.start}-${r.end - 1} of variant ${r.variant} again` });
          off = got.next;
          continue;
        }
        seen.add(key);
        this.records.push(got.record);
        good.push({ at: off, end: got.next });
        off = got.next;
        continue;
      }
      if (got.torn) break;
      pending ??= { index: this.records.length + this.damaged.length + 1, at: off, bytes: 0, field: got.field, problem: got.problem };
      const next = this.nextHeader(off + 1, size);
      if (next < 0) break;
      off = next;
    }
    const keptEnd = good.length > 0 ? good[good.length - 1].end : 0;
    this.size = keptEnd;
    this.droppedBytes = size - keptEnd;
    if (this.writable && this.damaged.length + this.duplicates.length > 0) this.rewrite(good);
    else if (this.writable && this.droppedBytes > 0) {
      ftruncateSync(this.fd, keptEnd);
      fsyncSync(this.fd);
    }
  }

  /** The record at `off`: checked, or torn (the file ends inside it), or damaged (with what). */
  private recordAt(off: number, size: number): { record: JournalRecord; next: number } | { torn: true } | (HeaderDamage & { torn: false }) {
    const head = Buffer.alloc(MAX_HEADER);
    const got = readSync(this.fd, head, 0, Math.min(MAX_HEADER, size - off), off);
    const nl = head.subarray(0, got).indexOf(10);
    if (nl < 0) return got < MAX_HEADER ? { torn: true } : { torn: false, field: 'header', problem: 'no header line' };
    const h = parseHeaderLine(head.subarray(0, nl).toString('latin1'));
    if (isDamage(h)) return { torn: false, ...h };
    const payload = payloadBytes(h);
    const offset = off + nl + 1;
    if (offset + payload + 1 > size) return { torn: true };
    const buf = Buffer.alloc(payload + 1);
    readSync(this.fd, buf, 0, payload + 1, offset);
    if (buf[payload] !== 10) return { torn: false, field: 'csvBytes, recBytes or notesBytes', problem: 'the lengths in the header do not end at a line end' };
    const bad = checkRecord(h, this.context, buf.subarray(0, payload)) ?? checkAgreement(h, buf.subarray(0, payload), this.columns, this.meta.players);
    if (bad) return { torn: false, ...bad };
    return { record: { ...h, offset }, next: offset + payload + 1 };
  }

  /** The offset of the next line that starts with the record magic, after `from`; -1 if none. */
  private nextHeader(from: number, size: number): number {
    const needle = Buffer.from('\nTVB2 ', 'latin1');
    const buf = Buffer.alloc(SEARCH_CHUNK + needle.length);
    for (let at = from - 1; at < size; at += SEARCH_CHUNK) {
      const got = readSync(this.fd, buf, 0, Math.min(buf.length, size - at), at);
      const i = buf.subarray(0, got).indexOf(needle);
      if (i >= 0) return at + i + 1;
    }
    return -1;
  }

  /** Writes the good records into a new log and puts it in place of the old one (damaged records go). */
  private rewrite(good: ReadonlyArray<{ at: number; end: number }>): void {
    const out = AtomicFile.open(logFile(this.outDir), { durable: true });
    let pos = 0;
    try {
      for (const [i, g] of good.entries()) {
        const buf = Buffer.alloc(g.end - g.at);
        readSync(this.fd, buf, 0, buf.length, g.at);
        out.write(buf);
        this.records[i].offset += pos - g.at;
        pos += buf.length;
      }
      out.close();
    } catch (err) {
      out.abort();
      throw err;
    }
    closeSync(this.fd);
    out.commit();
    this.fd = openSync(logFile(this.outDir), 'r+');
    this.size = pos;
  }

  /**
   * Appends a completed batch (one write: header, the payload its worker built, line end), after
   * checking it (CRC, rows, range: a batch damaged on its way is not journaled), and forces it to disk
   * every FSYNC_EVERY_MS.
   */
  append(res: BatchResult): JournalRecord {
    const h: RecordHeader = {
      variant: res.variant,
      start: res.start,
      end: res.end,
      rows: res.end - res.start,
      csvBytes: res.csvBytes,
      recKind: res.recKind,
      recBytes: res.recBytes,
      notesBytes: res.notesBytes,
      crc: res.crc,
    };
    const bad = res.payload.length !== payloadBytes(h) ? { field: 'payload', problem: 'its length differs from its parts' } : checkRecord(h, this.context, res.payload);
    if (bad) throw new Error(`batch ${res.variant}:${res.start}-${res.end - 1} arrived damaged (${bad.field}: ${bad.problem}); not journaled`);
    const header = Buffer.from(headerLine(h), 'latin1');
    const parts = [header, res.payload, NEWLINE];
    const total = header.length + res.payload.length + 1;
    let written = writevSync(this.fd, parts, this.size);
    if (written < total) {
      // A short write (rare: a full disk, a signal): the rest in plain writes.
      const buf = Buffer.concat(parts);
      while (written < total) written += writeSync(this.fd, buf, written, total - written, this.size + written);
    }
    const record: JournalRecord = { ...h, offset: this.size + header.length };
    this.records.push(record);
    this.size += total;
    const now = performance.now();
    if (now - this.lastSync > FSYNC_EVERY_MS) {
      fsyncSync(this.fd);
      this.lastSync = now;
    }
    return record;
  }

  /** The payload of a record, checked again against its CRC (a file changed since it was opened is refused). */
  read(r: JournalRecord, what: PayloadParts = { csv: true, notes: true }): RecordPayload {
    const total = payloadBytes(r);
    const buf = Buffer.alloc(total);
    const got = readSync(this.fd, buf, 0, total, r.offset);
    if (got !== total || crc32(buf) !== r.crc) {
      const index = this.records.indexOf(r) + 1;
      throw new JournalDamaged(
        logFile(this.outDir),
        { index, at: r.offset, field: 'payload', problem: 'it changed after the journal was checked (its checksum no longer matches)' },
        'Nothing was written; run the same command again.',
      );
    }
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
      releaseLock(this.outDir);
      this.locked = false;
    }
  }

  /** Closes and deletes the journal (after the final files are in place): no sync for a file about to go. */
  remove(): void {
    this.close(false);
    // meta.json first: a kill during the removal leaves no journal (the final files are complete), never a
    // journal without its batches, which --resume would play again from the start.
    rmSync(metaFile(this.outDir), { force: true });
    rmSync(journalDir(this.outDir), { recursive: true, force: true });
  }
}

/** Removes the lock of outDir's journal if it is this process's (never another run's). */
function releaseLock(outDir: string): void {
  const owner = readOwnerOf(lockFile(outDir));
  if (owner?.pid === process.pid && owner.host === hostname()) rmSync(lockFile(outDir), { force: true });
}

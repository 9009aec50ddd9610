import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { VariantStats, seatsCsv, summaryCsv } from './aggregate.js';
import { AtomicFile, putInPlace, removeTemps, tempPath, writeTemp } from '../io/atomic-write.js';
import { MANIFEST, manifestOfTemps } from '../io/manifest.js';
import { MatchesParquetWriter } from '../io/parquet.js';
import { PARQUET_NAME } from '../io/parquet-layout.js';
import { recordWidth, type FaultNote } from './batch.js';
import { playHashesOf } from '../analysis/play-tally.js';
import { payloadBytes, type Journal, type JournalMeta, type JournalRecord, type RecordPayload } from './journal.js';

/**
 * The final files from journals: matches.csv (rows in variant and match order), summary.csv and
 * seats.csv (aggregated in that same order, so the numbers are byte-identical however the batches were
 * played), and run.json. Used at the end of a run (one journal) and by `tavolo merge` (one per shard).
 * Every file is written under a temporary name first, forced to disk, and the four are renamed at the
 * end; the directory is then forced to disk too, so that a power cut after the journal is deleted finds
 * the complete files (or, before the renames reached the disk, the journal to resume from). The
 * temporary names, the syncs and the renames are those of src/io/atomic-write.ts.
 */
// A type, not an interface, so that Object.values() of it is string[] (an interface has no index signature).
export type OutputFiles = {
  matches: string;
  summary: string;
  seats: string;
  run: string;
  /** matches.parquet: written only when the run asks for it (`"parquet": true`, `--parquet`). */
  parquet: string;
  /** manifest.json: the size and SHA-256 of each of the files above (io/manifest.ts), put in place with them. */
  manifest: string;
};

export function outputFiles(outDir: string): OutputFiles {
  return {
    matches: join(outDir, 'matches.csv'),
    summary: join(outDir, 'summary.csv'),
    seats: join(outDir, 'seats.csv'),
    run: join(outDir, 'run.json'),
    parquet: join(outDir, PARQUET_NAME),
    manifest: join(outDir, MANIFEST),
  };
}

/** The files an Assembler writes: the four always, matches.parquet when asked, and their manifest last. */
function writtenFiles(files: OutputFiles, parquet: boolean): string[] {
  return [files.matches, files.summary, files.seats, files.run, ...(parquet ? [files.parquet] : []), files.manifest];
}

/** The final files are forced to disk (data, then the directory's entries) before the journal goes. */
const DURABLE = { durable: true } as const;

/** The final files that are present in outDir (a finished run, or a merge, left them). */
export function finishedFiles(outDir: string): string[] {
  return Object.values(outputFiles(outDir)).filter((f) => existsSync(f));
}

/** Line ends in a buffer of matches.csv rows: one per row. */
function countLines(buf: Buffer): number {
  let n = 0;
  for (let i = buf.indexOf(10); i >= 0; i = buf.indexOf(10, i + 1)) n++;
  return n;
}

/** Removes temporary output files left by a killed run or merge (ours and other pids'). */
export function removeStaleTemps(outDir: string): void {
  let names: string[];
  try {
    names = readdirSync(outDir);
  } catch {
    return;
  }
  for (const n of names) {
    if (/^(matches\.csv|matches\.parquet|summary\.csv|seats\.csv|run\.json|sequential\.csv|manifest\.json)\.tmp-\d+$/.test(n)) rmSync(join(outDir, n), { force: true });
  }
}

export interface Placed {
  journal: Journal;
  record: JournalRecord;
}

/**
 * Orders the records of all journals by variant and start and checks they cover every variant's range
 * [0, matches) exactly once. Returns the order, or the problems (gaps and overlaps) in words.
 */
export function placeRecords(journals: readonly Journal[], variants: number, matches: number): { order: Placed[][]; problems: string[] } {
  const order: Placed[][] = Array.from({ length: variants }, () => []);
  for (const journal of journals) for (const record of journal.records) order[record.variant]?.push({ journal, record });
  const problems: string[] = [];
  for (let v = 0; v < variants; v++) {
    const list = order[v].sort((a, b) => a.record.start - b.record.start || a.record.end - b.record.end);
    const kept: Placed[] = [];
    let at = 0;
    for (const p of list) {
      const r = p.record;
      if (r.start > at) problems.push(`variant ${v}: matches ${at}-${r.start - 1} are missing`);
      if (r.start < at) {
        // The same batch recorded twice in one journal (identical content) is harmless; anything else is not.
        const prev = kept[kept.length - 1];
        if (prev && prev.journal === p.journal && prev.record.start === r.start && prev.record.end === r.end) continue;
        problems.push(`variant ${v}: matches ${r.start}-${Math.min(at, r.end) - 1} are recorded twice`);
        continue;
      }
      kept.push(p);
      at = r.end;
    }
    if (at < matches) problems.push(`variant ${v}: matches ${at}-${matches - 1} are missing`);
    order[v] = kept;
  }
  return { order, problems };
}

export interface Assembled {
  stats: VariantStats[];
  files: OutputFiles;
  /** The first fault notes (at most a few per bot and reason), with the bots' messages. */
  notes: FaultNote[];
}

/** Records that arrived ahead of their turn keep their payload in memory up to this many bytes in all. */
const HELD_PAYLOAD_BYTES = 64 << 20;
/** matches.csv is written in chunks of about this size. */
const FLUSH_BYTES = 1 << 20;

interface Held {
  placed: Placed;
  payload?: RecordPayload;
}

/**
 * Receives matches.csv as it is written: the header, then each batch's rows in file order. The analysis
 * after a run gathers what it needs there (cli/after-run.ts) instead of reading the file again.
 */
export interface MatchesCsvListener {
  /**
   * `file`: the temporary matches.csv being written. A variant's rows are all in it (flushed) before the
   * next variant's first rows are handed over, so a listener may read an earlier variant back from it.
   */
  header(text: string, file?: string): void;
  rows(csv: Buffer): void;
}

/**
 * Builds the final files from journal records offered in any order. Each record is taken in its turn
 * (variant by variant, match order within a variant): its rows go to the temporary matches.csv and its
 * numbers to the summaries at once, and a record that arrives early waits until the ones before it are
 * in. A run offers each batch as it is journaled, so matches.csv grows while the workers play (batches
 * are handed out in that very order and mostly finish in it) and little is left for the end; `tavolo
 * merge` and the end of a run offer whatever the journals hold. The files are the same byte for byte
 * whatever the order of the offers: only the order of taking counts, and it is fixed.
 */
export interface AssembleOptions {
  /** Also write matches.parquet (the same rows, typed: io/parquet.ts). */
  parquet?: boolean;
  /** Sees matches.csv as it is written (MatchesCsvListener). */
  listener?: MatchesCsvListener;
}

export class Assembler {
  readonly files: OutputFiles;
  private readonly listener: MatchesCsvListener | undefined;
  /** The files this assembler puts in place (matches.parquet only when asked). */
  readonly outputs: string[];
  private readonly parquet?: MatchesParquetWriter;
  readonly stats: VariantStats[];
  readonly notes: FaultNote[] = [];
  private readonly noted = new Set<string>();
  /** matches.csv, streamed under its temporary name as the records come in order. */
  private readonly matchesCsv: AtomicFile;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** The variant being written, and its next match. */
  private v = 0;
  private at: number;
  private readonly held = new Map<string, Held[]>();
  private heldBytes = 0;
  /** Ranges taken so far ("variant:start:end"), to drop a batch journaled twice. */
  private readonly taken = new Set<string>();
  private readonly problemList: string[] = [];
  /** Per variant: matches.csv rows written, and matches whose numbers went to the summaries. */
  private readonly rowsWritten: number[];
  private readonly recsAdded: number[];
  /** play_hash's column in matches.csv (-1: a journal of a version without it), for the distinct plays. */
  private readonly hashColumn: number;

  constructor(
    private readonly meta: JournalMeta,
    private readonly outDir: string,
    /** Per variant, the match range [start, end) to write. */
    private readonly ranges: ReadonlyArray<readonly [number, number]>,
    options: AssembleOptions = {},
  ) {
    this.files = outputFiles(outDir);
    this.outputs = writtenFiles(this.files, options.parquet === true);
    this.listener = options.listener;
    this.stats = meta.variants.map((v) => new VariantStats(v, meta.lineup_names));
    this.rowsWritten = meta.variants.map(() => 0);
    this.recsAdded = meta.variants.map(() => 0);
    this.hashColumn = meta.matches_header.replace(/\r?\n$/, '').split(',').indexOf('play_hash');
    this.at = ranges.length > 0 ? ranges[0][0] : 0;
    this.matchesCsv = AtomicFile.open(this.files.matches, DURABLE);
    try {
      this.matchesCsv.write(meta.matches_header);
      options.listener?.header(meta.matches_header, this.matchesCsv.temp);
      if (options.parquet) {
        this.parquet = new MatchesParquetWriter({
          file: tempPath(this.files.parquet),
          header: meta.matches_header.replace(/\r?\n$/, '').split(','),
          players: meta.players,
          maxMatch: Math.max(0, ...ranges.map(([, hi]) => hi - 1)),
          specHash: meta.spec_hash,
        });
      }
    } catch (err) {
      this.abort();
      throw err;
    }
    this.skipEmptyVariants();
  }

  /** Whether every variant's range has been written. */
  get complete(): boolean {
    return this.v >= this.ranges.length;
  }

  /** Matches written so far. */
  get written(): number {
    let n = 0;
    for (let v = 0; v < Math.min(this.v, this.ranges.length); v++) n += this.ranges[v][1] - this.ranges[v][0];
    if (this.v < this.ranges.length) n += this.at - this.ranges[this.v][0];
    return n;
  }

  /**
   * A journal record: written now if it is next, else kept until it is. `payload`: its payload, when the
   * caller has it at hand (a batch just played), which spares reading it back from the journal.
   */
  offer(placed: Placed, payload?: RecordPayload): void {
    const r = placed.record;
    const key = `${r.variant}:${r.start}`;
    if (this.isBehind(r)) {
      if (!this.taken.has(`${key}:${r.end}`)) this.problemList.push(`variant ${r.variant}: matches ${r.start}-${r.end - 1} are recorded twice`);
      return;
    }
    if (r.variant === this.v && r.start === this.at) {
      this.take(placed, payload);
      this.drain();
      return;
    }
    let list = this.held.get(key);
    if (list === undefined) this.held.set(key, (list = []));
    const keep = payload !== undefined && this.heldBytes + payloadBytes(r) <= HELD_PAYLOAD_BYTES;
    if (keep) this.heldBytes += payloadBytes(r);
    list.push({ placed, payload: keep ? payload : undefined });
  }

  /**
   * What keeps the files from being complete, in words (gaps; overlapping records), once every record
   * has been offered. Empty when complete.
   */
  problems(): string[] {
    const out = [...this.problemList];
    if (this.complete) return out;
    const waiting = [...this.held.values()].flat().map((h) => h.placed.record);
    const [, hi] = this.ranges[this.v];
    const next = waiting.filter((r) => r.variant === this.v).map((r) => r.start);
    const gapEnd = Math.min(hi, ...next);
    out.push(`variant ${this.v}: matches ${this.at}-${gapEnd - 1} are missing`);
    for (let v = this.v + 1; v < this.ranges.length; v++) {
      if (!waiting.some((r) => r.variant === v)) out.push(`variant ${v}: matches ${this.ranges[v][0]}-${this.ranges[v][1] - 1} are missing`);
    }
    return out;
  }

  /**
   * Writes summary.csv, seats.csv and run.json (`info`, from the statistics), finishes matches.parquet
   * when asked, and puts all the files in place.
   */
  finish(info: (stats: VariantStats[]) => Record<string, unknown>): Assembled {
    if (!this.complete) throw new Error(`the records do not cover the tournament: ${this.problems().join('; ')}`);
    try {
      const mismatch = this.crossCheck();
      if (mismatch.length > 0) throw new Error(`the final files would not agree, so none was written: ${mismatch.join('; ')}`);
      this.flush();
      this.matchesCsv.close();
      writeTemp(this.files.summary, summaryCsv(this.stats), DURABLE);
      writeTemp(this.files.seats, seatsCsv(this.stats), DURABLE);
      writeTemp(this.files.run, JSON.stringify(info(this.stats), null, 2) + '\n', DURABLE);
      this.parquet?.finish();
      // The manifest of what is about to be put in place, and of sequential.csv when a sequential run wrote one.
      const data = this.outputs.filter((f) => f !== this.files.manifest);
      writeTemp(this.files.manifest, manifestOfTemps(data, [join(this.outDir, 'sequential.csv')]), DURABLE);
      // All renamed together, then the directory synced (a rename is on disk only once the directory is):
      // the journal is deleted after this returns, so a power cut cannot leave neither the files nor it.
      putInPlace(this.outputs, DURABLE);
      return { stats: this.stats, files: this.files, notes: this.notes };
    } catch (err) {
      this.abort();
      throw err;
    }
  }

  /**
   * The counts of the three files compared before any is put in place: per variant, the matches of its
   * range, the rows of matches.csv, the matches in the summaries' numbers, every bot's appearances in
   * summary.csv (players per match) and every position's matches in seats.csv.
   */
  crossCheck(): string[] {
    const out: string[] = [];
    this.ranges.forEach(([lo, hi], v) => {
      const name = this.meta.variants[v];
      const want = hi - lo;
      const stats = this.stats[v];
      const appearances = stats.botRows().reduce((a, r) => a + r.matches, 0);
      const counts: Array<[string, number, number]> = [
        ['matches.csv rows', this.rowsWritten[v], want],
        ['numeric records', this.recsAdded[v], want],
        ['summary.csv appearances', appearances, want * this.meta.players],
        ...stats.positionRows().map((r): [string, number, number] => [`seats.csv matches at position ${r.position}`, r.matches, want]),
      ];
      for (const [what, found, expected] of counts) {
        if (found !== expected) out.push(`variant ${name}: ${what} ${found}, expected ${expected}`);
      }
    });
    const total = this.ranges.reduce((a, [lo, hi]) => a + hi - lo, 0);
    if (this.parquet && this.parquet.written !== total) out.push(`matches.parquet rows ${this.parquet.written}, expected ${total}`);
    return out;
  }

  /** Stops: closes and removes the temporary files (the journal keeps everything). */
  abort(): void {
    this.matchesCsv.abort();
    this.parquet?.abort();
    removeTemps(this.outputs);
  }

  /** A record that starts before the current position (a batch journaled twice, or an overlap), or of no variant. */
  private isBehind(r: JournalRecord): boolean {
    return r.variant < this.v || (r.variant === this.v && r.start < this.at) || r.variant >= this.ranges.length;
  }

  private take(placed: Placed, payload?: RecordPayload): void {
    const r = placed.record;
    const p = payload ?? placed.journal.read(r);
    this.pending.push(p.csv);
    this.listener?.rows(p.csv);
    this.pendingBytes += p.csv.length;
    this.parquet?.addCsvRows(p.csv);
    this.rowsWritten[r.variant] += countLines(p.csv);
    this.recsAdded[r.variant] += p.rec.length / recordWidth(this.meta.players);
    if (this.pendingBytes >= FLUSH_BYTES) this.flush();
    this.stats[r.variant].add(r.start, p.rec);
    if (this.hashColumn >= 0) this.stats[r.variant].addPlays(playHashesOf(p.csv, this.hashColumn), p.rec);
    for (const f of p.notes) {
      const key = `${f.variant}/${this.meta.lineup_names[(f.seat + f.match) % this.meta.players]}/${f.reason}`;
      if (!this.noted.has(key) && this.notes.length < 100) {
        this.noted.add(key);
        this.notes.push(f);
      }
    }
    this.taken.add(`${r.variant}:${r.start}:${r.end}`);
    this.at = r.end;
    if (this.at > this.ranges[this.v][1]) {
      this.problemList.push(`variant ${r.variant}: matches ${this.ranges[this.v][1]}-${r.end - 1} are outside its range`);
    }
    this.skipEmptyVariants();
  }

  /** Takes the held records that are now next, for as long as there are any. */
  private drain(): void {
    while (!this.complete) {
      const key = `${this.v}:${this.at}`;
      const list = this.held.get(key);
      if (list === undefined) return;
      this.held.delete(key);
      for (const h of list) if (h.payload !== undefined) this.heldBytes -= payloadBytes(h.placed.record);
      this.take(list[0].placed, list[0].payload);
      // Others held for the same start were recorded twice (or overlap): judged like late arrivals.
      for (let i = 1; i < list.length; i++) this.offer(list[i].placed);
    }
  }

  private skipEmptyVariants(): void {
    while (this.v < this.ranges.length && this.at >= this.ranges[this.v][1]) {
      // A finished variant is on disk before the next one's rows go to the listener (MatchesCsvListener).
      this.flush();
      this.v++;
      if (this.v < this.ranges.length) this.at = this.ranges[this.v][0];
    }
  }

  private flush(): void {
    if (this.pendingBytes === 0) return;
    const buf = this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending, this.pendingBytes);
    this.matchesCsv.write(buf);
    this.pending = [];
    this.pendingBytes = 0;
  }
}

/**
 * Writes the final files from placed records (in order, as placeRecords gives them). `info` becomes
 * run.json, completed with the fault counts. Yields to the event loop now and then, and stops (removing
 * its temporary files) when `signal` aborts.
 */
export async function assemble(
  order: Placed[][],
  meta: JournalMeta,
  outDir: string,
  info: (stats: VariantStats[]) => Record<string, unknown>,
  signal?: AbortSignal,
  onAbort: () => Error = () => new Error('aborted'),
  options: AssembleOptions = {},
): Promise<Assembled> {
  const ranges = order.map((list): [number, number] => [list.length > 0 ? list[0].record.start : 0, list.length > 0 ? list[list.length - 1].record.end : 0]);
  const a = new Assembler(meta, outDir, ranges, options);
  try {
    let n = 0;
    for (const list of order) {
      for (const placed of list) {
        a.offer(placed);
        if (++n % 64 === 0) {
          await yieldToLoop();
          if (signal?.aborted) throw onAbort();
        }
      }
    }
    if (signal?.aborted) throw onAbort();
    return a.finish(info);
  } catch (err) {
    a.abort();
    throw err;
  }
}

/** Fault counts by reason over all variants, for run.json. */
export function faultTotals(stats: readonly VariantStats[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of stats) for (const [k, v] of Object.entries(s.faultsByReason())) out[k] = (out[k] ?? 0) + v;
  return out;
}

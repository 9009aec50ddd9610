import { closeSync, openSync, readdirSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { VariantStats, seatsCsv, summaryCsv } from '../reports/aggregate.js';
import type { FaultNote } from './batch.js';
import type { Journal, JournalMeta, JournalRecord } from './journal.js';

/**
 * The final files from journals: matches.csv (rows in variant and match order), summary.csv and
 * seats.csv (aggregated in that same order, so the numbers are byte-identical however the batches were
 * played), and run.json. Used at the end of a run (one journal) and by `tavolo merge` (one per shard).
 * Every file is written under a temporary name first and the four are renamed at the end.
 */
export interface OutputFiles {
  matches: string;
  summary: string;
  seats: string;
  run: string;
}

export function outputFiles(outDir: string): OutputFiles {
  return {
    matches: join(outDir, 'matches.csv'),
    summary: join(outDir, 'summary.csv'),
    seats: join(outDir, 'seats.csv'),
    run: join(outDir, 'run.json'),
  };
}

const TEMP_MARK = '.tmp-';
const tempName = (file: string) => `${file}${TEMP_MARK}${process.pid}`;

/** Removes temporary output files left by a killed run or merge (ours and other pids'). */
export function removeStaleTemps(outDir: string): void {
  let names: string[];
  try {
    names = readdirSync(outDir);
  } catch {
    return;
  }
  for (const n of names) {
    if (/^(matches\.csv|summary\.csv|seats\.csv|run\.json)\.tmp-\d+$/.test(n)) rmSync(join(outDir, n), { force: true });
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

/**
 * Writes the final files from placed records. `info` becomes run.json, completed with the fault counts.
 * Yields to the event loop now and then, and stops (removing its temporary files) when `signal` aborts.
 */
export async function assemble(
  order: Placed[][],
  meta: JournalMeta,
  outDir: string,
  info: (stats: VariantStats[]) => Record<string, unknown>,
  signal?: AbortSignal,
  onAbort: () => Error = () => new Error('aborted'),
): Promise<Assembled> {
  const files = outputFiles(outDir);
  const temps = Object.values(files).map(tempName);
  const stats = meta.variants.map((v) => new VariantStats(v, meta.lineup_names));
  const notes: FaultNote[] = [];
  const noted = new Set<string>();
  let fd = -1;
  try {
    fd = openSync(tempName(files.matches), 'w');
    writeSync(fd, meta.matches_header);
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = () => {
      if (pendingBytes === 0) return;
      const buf = Buffer.concat(pending, pendingBytes);
      let written = 0;
      while (written < buf.length) written += writeSync(fd, buf, written);
      pending = [];
      pendingBytes = 0;
    };
    let n = 0;
    for (let v = 0; v < order.length; v++) {
      for (const { journal, record } of order[v]) {
        const p = journal.read(record);
        pending.push(p.csv);
        pendingBytes += p.csv.length;
        if (pendingBytes > 1 << 20) flush();
        stats[v].add(record.start, p.rec);
        for (const f of p.notes) {
          const key = `${f.variant}/${meta.lineup_names[(f.seat + f.match) % meta.players]}/${f.reason}`;
          if (!noted.has(key) && notes.length < 100) {
            noted.add(key);
            notes.push(f);
          }
        }
        if (++n % 64 === 0) {
          await yieldToLoop();
          if (signal?.aborted) throw onAbort();
        }
      }
    }
    flush();
    closeSync(fd);
    fd = -1;
    writeFileSync(tempName(files.summary), summaryCsv(stats));
    writeFileSync(tempName(files.seats), seatsCsv(stats));
    writeFileSync(tempName(files.run), JSON.stringify(info(stats), null, 2) + '\n');
    if (signal?.aborted) throw onAbort();
    for (const f of Object.values(files)) renameSync(tempName(f), f);
    return { stats, files, notes };
  } catch (err) {
    if (fd >= 0) closeSync(fd);
    for (const t of temps) rmSync(t, { force: true });
    throw err;
  }
}

/** Fault counts by reason over all variants, for run.json. */
export function faultTotals(stats: readonly VariantStats[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of stats) for (const [k, v] of Object.entries(s.faultsByReason())) out[k] = (out[k] ?? 0) + v;
  return out;
}

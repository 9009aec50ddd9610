import { once } from 'node:events';
import { createWriteStream, existsSync, mkdirSync, readdirSync, renameSync, rmSync, rmdirSync, writeFileSync, type WriteStream } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { VariantStats, seatsCsv, summaryCsv } from '../reports/aggregate.js';
import { csvLine, matchesHeader } from '../reports/csv.js';
import { versions } from '../reports/runinfo.js';
import { prepare, runBatch, type BatchResult, type FaultNote } from './batch.js';
import { createPool } from './pool.js';
import { toWorkerSpec, type ResolvedSpec } from './spec.js';
import type { BatchTask } from './worker.js';

export const DEFAULT_BATCH = 250;

/**
 * The default batch size: 250 matches, or fewer for short runs so that every thread gets about eight
 * batches (load balance, and a progress bar that moves with slow bots). Never changes the output.
 */
export function defaultBatch(matches: number, threads: number): number {
  return Math.max(1, Math.min(DEFAULT_BATCH, Math.ceil(matches / (threads * 8))));
}

export function defaultThreads(): number {
  return availableParallelism();
}

/** No more threads than tasks: a worker that would get nothing costs a start-up for nothing. */
export function effectiveThreads(spec: ResolvedSpec, threads: number, batch: number): number {
  const taskCount = spec.variants.length * Math.ceil(spec.matches / batch);
  return Math.max(1, Math.min(threads, taskCount));
}

export interface RunOptions {
  /** Worker threads; 1 runs in-process (same code, byte-identical output). */
  threads: number;
  /** Matches per task. */
  batch: number;
  /** Output directory (created if needed). */
  outDir: string;
  /** Called after each batch is written, with matches done and total. */
  onProgress?: (done: number, total: number) => void;
  /** Called for the first faults (a bot threw or returned an illegal action). */
  onFault?: (note: FaultNote, bot: string) => void;
  /** Aborts the run (SIGINT): temp files are removed and nothing is left half-written. */
  signal?: AbortSignal;
  /** Use the worker pool even with one thread (the benchmark compares pool sizes). */
  forcePool?: boolean;
}

export interface RunOutcome {
  stats: VariantStats[];
  outDir: string;
  files: { matches: string; summary: string; seats: string; run: string };
  wallSeconds: number;
  totalMatches: number;
  matchesPerSecond: number;
  info: Record<string, unknown>;
}

export class Interrupted extends Error {
  constructor() {
    super('interrupted');
    this.name = 'Interrupted';
  }
}

interface Task {
  variant: number;
  start: number;
  end: number;
}

function* tasks(spec: ResolvedSpec, batch: number): Generator<Task> {
  for (let v = 0; v < spec.variants.length; v++) {
    for (let start = 0; start < spec.matches; start += batch) {
      yield { variant: v, start, end: Math.min(spec.matches, start + batch) };
    }
  }
}

async function write(stream: WriteStream, chunk: string): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain');
}

/**
 * Runs a tournament: every variant, matches 0..spec.matches-1, on a worker pool in batches. Rows are
 * streamed to matches.csv in match order (out-of-order batches wait in a small window), summaries are
 * aggregated incrementally, and all files are written under temporary names and renamed at the end.
 */
export async function runTournament(spec: ResolvedSpec, o: RunOptions): Promise<RunOutcome> {
  const batch = o.batch;
  const threads = effectiveThreads(spec, o.threads, batch);
  const outDir = resolve(o.outDir);
  const createdDir = !existsSync(outDir);
  mkdirSync(outDir, { recursive: true });
  const files = {
    matches: join(outDir, 'matches.csv'),
    summary: join(outDir, 'summary.csv'),
    seats: join(outDir, 'seats.csv'),
    run: join(outDir, 'run.json'),
  };
  const temp = (file: string) => `${file}.tmp-${process.pid}`;
  const temps = Object.values(files).map(temp);
  const lineupNames = spec.lineup.map((e) => e.name);
  const stats = spec.variants.map((v) => new VariantStats(v.name, lineupNames));
  const total = spec.matches * spec.variants.length;
  let done = 0;
  const started = new Date();
  const t0 = performance.now();

  const stream = createWriteStream(temp(files.matches));
  const streamError = new Promise<never>((_, reject) => stream.once('error', reject));
  streamError.catch(() => {});

  const faultsSeen = new Set<string>();
  const consume = async (res: BatchResult): Promise<void> => {
    await Promise.race([write(stream, res.csv), streamError]);
    stats[res.variant].add(res.start, res.rec);
    done += res.end - res.start;
    for (const f of res.faults) {
      const bot = spec.lineup[(f.seat + f.match) % spec.players].name;
      const key = `${bot}/${f.reason}`;
      if (!faultsSeen.has(key)) {
        faultsSeen.add(key);
        o.onFault?.(f, bot);
      }
    }
    o.onProgress?.(done, total);
  };
  const checkAbort = () => {
    if (o.signal?.aborted) throw new Interrupted();
  };

  try {
    await write(stream, csvLine(matchesHeader(spec.game, spec.players)));
    if (threads <= 1 && !o.forcePool) {
      const prepared = prepare(spec.game, spec.players, spec.seed, spec.variants, spec.lineup);
      for (const t of tasks(spec, batch)) {
        checkAbort();
        await consume(runBatch(prepared, t.variant, t.start, t.end));
        await yieldToLoop();
      }
    } else {
      const pool = createPool(threads);
      try {
        const workerSpec = toWorkerSpec(spec);
        const key = JSON.stringify(workerSpec);
        const window = threads * 3;
        const inFlight: Array<Promise<BatchResult>> = [];
        const iter = tasks(spec, batch);
        let exhausted = false;
        const topUp = () => {
          while (!exhausted && inFlight.length < window) {
            const next = iter.next();
            if (next.done) {
              exhausted = true;
              break;
            }
            const task: BatchTask = { key, spec: workerSpec, ...next.value };
            const p = pool.run(task) as Promise<BatchResult>;
            p.catch(() => {}); // awaited in order below; this only silences early rejections
            inFlight.push(p);
          }
        };
        topUp();
        while (inFlight.length > 0) {
          checkAbort();
          const res = await inFlight.shift()!;
          topUp();
          await consume(res);
        }
      } finally {
        await pool.destroy();
      }
    }
    checkAbort();
    stream.end();
    await Promise.race([once(stream, 'finish'), streamError]);

    const wallSeconds = (performance.now() - t0) / 1000;
    const matchesPerSecond = total / Math.max(wallSeconds, 1e-9);
    const decisions = stats.reduce((a, s) => a + s.totalDecisions, 0);
    const info: Record<string, unknown> = {
      tournament: spec.name,
      spec: spec.specPath ?? null,
      game: spec.game.name,
      players: spec.players,
      seed: spec.seed,
      matches_per_variant: spec.matches,
      variants: spec.variants.map((v) => ({ name: v.name, options: v.options })),
      lineup: spec.lineup.map((e) => ({ name: e.name, bot: e.ref, params: e.params })),
      seat_rotation: 'in match i, seat s is played by lineup entry (s + i) mod players',
      match_seed: "deriveSeed(seed, 'match', i), the same for every variant",
      threads,
      batch,
      started_at: started.toISOString(),
      wall_seconds: Number(wallSeconds.toFixed(3)),
      matches_total: total,
      matches_per_second: Math.round(matchesPerSecond),
      decisions_per_second: Math.round(decisions / Math.max(wallSeconds, 1e-9)),
      versions: versions(),
      platform: `${process.platform}-${process.arch}`,
    };
    writeFileSync(temp(files.summary), summaryCsv(stats));
    writeFileSync(temp(files.seats), seatsCsv(stats));
    writeFileSync(temp(files.run), JSON.stringify(info, null, 2) + '\n');
    for (const f of Object.values(files)) renameSync(temp(f), f);
    return { stats, outDir, files, wallSeconds, totalMatches: total, matchesPerSecond, info };
  } catch (err) {
    stream.destroy();
    for (const t of temps) rmSync(t, { force: true });
    if (createdDir && readdirSync(outDir).length === 0) rmdirSync(outDir);
    throw err;
  }
}

import { accessSync, constants, existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { VariantStats } from './aggregate.js';
import { csvLine, matchesHeader } from '../io/csv.js';
import { readRunJson, runJsonHead, runJsonTail, runJsonText, type RunIdentity, type RunJson } from '../io/run-json.js';
import { refuseLinkedFolder } from '../io/safe-path.js';
import { Assembler, faultTotals, finishedFiles, outputFiles, removeStaleTemps, type MatchesCsvListener, type OutputFiles } from './assemble.js';
import { prepare, runBatch, type BatchResult, type FaultNote } from './batch.js';
import { BatchesFailed, InputError, Interrupted } from '../errors.js';
import { identityDiff, identityHash, specIdentity } from './identity.js';
import { JOURNAL_FORMAT, Journal, decodePayload, hasJournal, journalDir, readMeta, type JournalMeta, type Shard } from './journal.js';
import { BatchPlanner, type BatchSize } from './batching.js';
import { setAsideResults } from './result-guard.js';
import { MAX_BATCH, checkThreads, checkVariantCount } from './limits.js';
import { shardRange } from '../engine/plan.js';
import { MAX_FAILURES, playOnPool, type FailedBatch, type Incident, type PlayBatch, type StudyPool } from './pool.js';
import { toWorkerSpec, type ResolvedSpec } from './spec.js';
import { shownRef } from '../protocol/process-bot.js';
import { checkDeterminism, verifyCount, type DeterminismCheck } from './self-check.js';
import { assembleUpTo, monitorFromJournal, refuseShard, sequentialInfo, until, writeSequentialCsv } from './sequential-run.js';
import { windowed, type Checkpoint, type SequentialMonitor } from './sequential-monitor.js';
import { writeFileAtomic } from '../io/atomic-write.js';
import { writeManifest } from '../io/manifest.js';

export { Interrupted };

export { MAX_BATCH };

export function defaultThreads(): number {
  return availableParallelism();
}

/** No more threads than tasks: a worker that would get nothing costs a start-up for nothing. */
export function effectiveThreads(spec: ResolvedSpec, threads: number, batch: BatchSize, shard: Shard | null = null): number {
  const [lo, hi] = shardRange(spec.matches, shard);
  const taskCount = spec.variants.length * Math.ceil((hi - lo) / (batch === 'auto' ? 1 : batch));
  return Math.max(1, Math.min(threads, taskCount));
}

export interface RunOptions {
  /** Worker threads. Batches always run on worker threads (also with 1), so hangs and crashes are caught. */
  threads: number;
  /** Matches per task, or 'auto' (sized to the measured speed: see batching.ts). */
  batch: BatchSize;
  /** Output directory (created if needed). */
  outDir: string;
  /** Continue the journal in outDir (or start, if there is none; or do nothing, if the run is complete). */
  resume?: boolean;
  /**
   * Replace the finished results in outDir (matches.csv, summary.csv, seats.csv, run.json of an earlier
   * run). Without it such a directory is refused, so a finished run is never overwritten by accident.
   */
  force?: boolean;
  /** Play only this shard's share of the matches and keep the journal for `tavolo merge`. */
  shard?: Shard | null;
  /** Also write matches.parquet (`--parquet`; the spec's `"parquet": true` asks the same). */
  parquet?: boolean;
  /** Heap limit of each worker (resourceLimits.maxOldGenerationSizeMb); default: V8's. */
  workerMemoryMb?: number;
  /** A study's worker pool, shared by its runs (pool.ts); without it the run starts a pool of its own. */
  pool?: StudyPool;
  /** How long past the decision time limit a bot call may run before its worker is ended (see pool.ts). */
  watchdogGraceMs?: number;
  /** Called once the journal is open: matches already done (on resume) and the total. */
  onStart?: (s: { done: number; total: number; resumed: boolean; droppedBytes: number; notices: string[] }) => void;
  /** Called after each batch is journaled, with matches done and total. */
  onProgress?: (done: number, total: number) => void;
  /** Called for each completed batch (after onProgress), with its result: for the benchmark's timings. */
  onBatch?: (res: BatchResult) => void;
  /** Sees matches.csv as it is written during the play (not for a shard or a sequential run). */
  matchesCsv?: MatchesCsvListener;
  /** Called for the first fault of each bot and reason. */
  onFault?: (note: FaultNote, bot: string) => void;
  /** Worker timeouts, crashes, retries. */
  onIncident?: (i: Incident) => void;
  /** A sequential spec: each checkpoint once evaluated (in order). */
  onCheckpoint?: (c: Checkpoint) => void;
  /** Stops the run (SIGINT/SIGTERM; abort with an Interrupted as reason): the journal keeps what is done. */
  signal?: AbortSignal;
  /**
   * Play in this thread instead of on workers (the benchmark's runner-overhead figure). No decision time
   * limit and no protection against a bot that hangs or kills its thread.
   */
  inProcess?: boolean;
  /**
   * Matches replayed in a fresh worker after the run to check that they come out the same (self-check.ts);
   * 0 turns the check off. Default: 8 when the game or a bot is loaded from a file (not in process), else 0.
   */
  verifyMatches?: number;
}

export interface RunOutcome {
  /** `complete`: final files written; `shard`: a shard's journal complete; `already-complete`: nothing to do. */
  kind: 'complete' | 'shard' | 'already-complete';
  /** Per variant (empty for a shard and when already complete). */
  stats: VariantStats[];
  outDir: string;
  files: OutputFiles;
  wallSeconds: number;
  /** Matches of this run (or shard), over all variants. */
  totalMatches: number;
  /** Matches played in this session (fewer on resume). */
  playedMatches: number;
  matchesPerSecond: number;
  /** Matches that ended because a bot faulted, by end reason. */
  faults: Record<string, number>;
  info: RunJson;
  /** A sequential spec's test: its verdict and checkpoints (a complete run only). */
  sequential?: SequentialMonitor;
  /** The determinism self-check, when it ran: `differing` not empty means a bot or the game is not deterministic. */
  determinism?: DeterminismCheck;
}

/**
 * Creates outDir and its missing parents one level at a time (not with a recursive mkdir, which loops
 * forever under /proc on Linux), turning every failure (a name too long, no permission, a read-only or
 * pseudo file system) into one InputError naming the folder: exit 2, nothing written.
 */
export function makeOutDir(outDir: string, field = '--out'): void {
  refuseLinkedFolder(outDir, field);
  const target = resolve(outDir);
  const levels: string[] = [];
  for (let p = target; !existsSync(p); p = dirname(p)) {
    if (dirname(p) === p) break;
    levels.unshift(p);
  }
  for (const p of levels) {
    try {
      mkdirSync(p);
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      if (e.code === 'EEXIST' && statSync(p).isDirectory()) continue;
      const why: Record<string, string> = {
        ENAMETOOLONG: 'the name is too long for the file system',
        EACCES: `no permission to write in ${dirname(p)}`,
        EPERM: `${dirname(p)} does not allow folders to be created in it`,
        EROFS: 'the file system is read-only',
        ENOENT: `${dirname(p)} does not allow folders to be created in it`,
        ENOSPC: 'the disk is full',
      };
      throw new InputError(`cannot create ${outDir.length > 120 ? `${outDir.slice(0, 100)}... (${outDir.length} characters)` : outDir}: ${why[e.code ?? ''] ?? e.message}`, field);
    }
  }
}

/** Throws an InputError unless outDir is, or can be created as, a writable directory. Writes nothing. */
export function checkOutDir(outDir: string, field = '--out'): void {
  refuseLinkedFolder(outDir, field);
  let p = resolve(outDir);
  let missing = false;
  for (;;) {
    let st;
    try {
      st = statSync(p);
    } catch {
      const up = dirname(p);
      if (up === p) throw new InputError(`cannot create ${outDir}`, field);
      p = up;
      missing = true;
      continue;
    }
    if (!st.isDirectory()) {
      throw new InputError(
        missing ? `cannot create ${outDir}: ${p} is a file, not a directory` : `${outDir} exists and is not a directory`,
        field,
      );
    }
    try {
      accessSync(p, constants.W_OK | constants.X_OK);
    } catch {
      throw new InputError(missing ? `cannot create ${outDir}: no permission to write in ${p}` : `${outDir} is not writable`, field);
    }
    return;
  }
}

function journalMeta(spec: ResolvedSpec, shard: Shard | null, parquet: boolean): JournalMeta {
  const identity = specIdentity(spec);
  const range = shardRange(spec.matches, shard);
  return {
    format: JOURNAL_FORMAT,
    spec_hash: identityHash(identity),
    identity,
    shard,
    ranges: spec.variants.map(() => [range[0], range[1]]),
    matches_header: csvLine(matchesHeader(spec.game, spec.players, spec.measures)),
    variants: spec.variants.map((v) => v.name),
    lineup_names: spec.lineup.map((e) => e.name),
    players: spec.players,
    spec_path: spec.specPath ?? null,
    created_at: new Date().toISOString(),
    ...(parquet ? { parquet: true as const } : {}),
  };
}

/** What opening the journal repaired, in sentences: damaged and copied records removed, a stale lock taken over. */
function journalNotices(journal: Journal): string[] {
  const out: string[] = [];
  if (journal.tookOverLock) out.push(`Journal lock: ${journal.tookOverLock}.`);
  for (const d of journal.damaged) {
    out.push(
      `Journal record ${d.index} (at byte ${d.at}) was damaged (${d.field}: ${d.problem}); it was removed and its batch is played again.`,
    );
  }
  for (const d of journal.duplicates) out.push(`Journal record ${d.index} (at byte ${d.at}) was a copy (${d.problem}); counted once and removed.`);
  return out;
}

const shardText = (s: Shard | null) => (s ? `${s.index}/${s.count}` : 'none');

/**
 * A directory that holds the final files of a finished run (or merge) is not overwritten unless asked:
 * a run that is given the same --out again would otherwise replace results that took hours to play.
 */
export function refuseFinished(outDir: string, force: boolean, field = '--out'): void {
  const found = finishedFiles(outDir);
  if (force || found.length === 0) return;
  const names = found.map((f) => f.slice(outDir.length + 1)).join(', ');
  throw new InputError(
    `${outDir} already holds finished results (${names}); add --force to replace them, ` +
      'or give another --out to keep them',
    field,
  );
}

/** The run.json of a finished run in outDir, if it is this spec and shard. */
function finishedRun(outDir: string, hash: string, shard: Shard | null): RunJson | undefined {
  const files = outputFiles(outDir);
  try {
    const info = readRunJson(files.run);
    if (info === undefined) return undefined;
    if (info.spec_hash !== hash || shardText((info.shard as Shard | null) ?? null) !== shardText(shard)) return undefined;
    if (!shard && !(existsSync(files.matches) && existsSync(files.summary) && existsSync(files.seats))) return undefined;
    if (shard && !hasJournal(outDir)) return undefined;
    return info;
  } catch {
    return undefined;
  }
}

/**
 * Each bot's mean time per decision over the matches played by this process (one decision in 64 is
 * timed), by lineup name: for run.json, the only file with timings.
 */
function botTimeTable(names: string[], botTime: number[]): Array<{ bot: string; timed_decisions: number; ms_per_decision: number | null }> {
  const byName = new Map<string, [number, number]>();
  names.forEach((name, k) => {
    const t = byName.get(name) ?? [0, 0];
    t[0] += botTime[2 * k];
    t[1] += botTime[2 * k + 1];
    byName.set(name, t);
  });
  return [...byName].map(([bot, [ms, timed]]) => ({
    bot,
    timed_decisions: timed,
    ms_per_decision: timed > 0 ? Number((ms / timed).toPrecision(4)) : null,
  }));
}

/** What a session of play did: for run.json. */
interface Session {
  done: number;
  decisions: number;
  botTime: number[];
  workerRestarts: number;
  workerHeapPeak: number;
}

const alreadyComplete = (outDir: string, files: OutputFiles, info: RunJson): RunOutcome => ({
  kind: 'already-complete',
  stats: [],
  outDir,
  files,
  wallSeconds: 0,
  totalMatches: Number(info.matches_total ?? 0),
  playedMatches: 0,
  matchesPerSecond: 0,
  faults: info.faults ?? {},
  info,
});

/**
 * The journal to play into: the one in outDir when resuming (checked to be this tournament and shard),
 * else a new one; or, when outDir already holds this run complete, the outcome that says so.
 */
function openJournal(
  outDir: string,
  meta: JournalMeta,
  shard: Shard | null,
  resume: boolean,
  /** Before a new journal is created: refuses a directory holding finished results (unless --force). */
  refuseFinished: () => void,
): { journal: Journal; resumed: boolean } | { complete: RunOutcome } {
  const files = outputFiles(outDir);
  if (!hasJournal(outDir)) {
    const info = resume ? finishedRun(outDir, meta.spec_hash, shard) : undefined;
    if (info) return { complete: alreadyComplete(outDir, files, info) };
    refuseFinished();
    makeOutDir(outDir);
    return { journal: Journal.create(outDir, meta), resumed: false };
  }
  const old = readMeta(outDir);
  if (resume && !shard && old.spec_hash === meta.spec_hash) {
    // Killed while the journal was being removed, after the final files were put in place.
    const info = finishedRun(outDir, meta.spec_hash, null);
    if (info && !existsSync(join(journalDir(outDir), 'batches.log'))) {
      rmSync(journalDir(outDir), { recursive: true, force: true });
      return { complete: alreadyComplete(outDir, files, info) };
    }
  }
  if (!resume) {
    throw new InputError(
      old.shard
        ? `${outDir} holds the journal of shard ${shardText(old.shard)} (its results, complete or not); add --resume to ` +
            `finish it, or delete ${journalDir(outDir)} to start again`
        : `${outDir} holds an unfinished run (its journal, ${journalDir(outDir)}); add --resume to finish it, ` +
            'or delete that directory to start again',
      '--out',
    );
  }
  const diff = identityDiff(meta.identity, old.identity, 'now', 'in the journal');
  if (old.spec_hash !== meta.spec_hash || diff.length > 0) {
    throw new InputError(
      `cannot resume: the journal in ${outDir} was written for a different tournament:\n  ${(diff.length > 0 ? diff : ['(its identity hash differs)']).join('\n  ')}\n` +
        'Resume with the same spec and the same --matches, --seed and --decision-timeout-ms, or use another --out.',
      '--resume',
    );
  }
  if (shardText(old.shard) !== shardText(shard)) {
    throw new InputError(`cannot resume: the journal in ${outDir} is of shard ${shardText(old.shard)}, not ${shardText(shard)}`, '--resume');
  }
  // A complete shard (its run.json is written after its last batch): nothing to do, if its journal is
  // whole; a damaged or incomplete one is resumed (the batches it lacks are played again).
  const info = shard ? finishedRun(outDir, meta.spec_hash, shard) : undefined;
  if (info && journalWhole(outDir, old)) return { complete: alreadyComplete(outDir, files, info) };
  return { journal: Journal.open(outDir, true, old), resumed: true };
}

/** Whether the journal in outDir holds every batch of its ranges, undamaged. */
function journalWhole(outDir: string, meta: JournalMeta): boolean {
  const j = Journal.open(outDir, false, meta);
  try {
    return j.damaged.length === 0 && j.missing().length === 0;
  } finally {
    j.close();
  }
}

/** Plays the batches, in this thread or on the worker pool; `onResult` takes each result as it comes. */
async function playBatches(
  spec: ResolvedSpec,
  batches: Iterable<PlayBatch>,
  o: RunOptions,
  threads: number,
  onResult: (res: BatchResult) => void,
  stop?: () => boolean,
): Promise<{ failed: FailedBatch[]; workerRestarts: number; workerHeapPeak: number }> {
  if (o.inProcess) {
    const prepared = prepare(spec.game, spec.players, spec.seed, spec.variants, spec.lineup, spec.measures, spec.opening);
    for (const t of batches) {
      if (o.signal?.aborted) throw new Interrupted((o.signal.reason as Interrupted | undefined)?.signal);
      onResult(runBatch(prepared, t.variant, t.start, t.end));
      await yieldToLoop();
    }
    return { failed: [], workerRestarts: 0, workerHeapPeak: 0 };
  }
  return playOnPool(batches, {
    threads,
    spec: toWorkerSpec(spec),
    decisionTimeoutMs: spec.decisionTimeoutMs,
    graceMs: o.watchdogGraceMs,
    workerMemoryMb: o.workerMemoryMb,
    shared: o.pool,
    signal: o.signal,
    onResult,
    onIncident: o.onIncident,
    stop,
  });
}

/** Throws BatchesFailed, listing them, when some batches kept failing. */
function throwIfFailed(failed: FailedBatch[], spec: ResolvedSpec, outDir: string): void {
  if (failed.length === 0) return;
  failed.sort((a, b) => a.variant - b.variant || a.start - b.start);
  const lines = failed.slice(0, 10).map(
    (f) => `  variant ${spec.variants[f.variant].name}, matches ${f.start}-${f.end - 1}: ${f.errors[f.errors.length - 1]}`,
  );
  if (failed.length > 10) lines.push(`  ... and ${failed.length - 10} more`);
  throw new BatchesFailed(
    `${failed.length} batch${failed.length > 1 ? 'es' : ''} kept failing (their worker died, or hung outside any bot call, ` +
      `${MAX_FAILURES} times in a row):\n${lines.join('\n')}\n` +
      `Everything else is kept in ${journalDir(outDir)}: \`--resume\` plays only the failed batches again.`,
    failed,
  );
}

/** run.json's fields about the tournament and this session (timings included: the only file with them). */
function runInfo(
  spec: ResolvedSpec,
  meta: JournalMeta,
  o: RunOptions,
  run: { shard: Shard | null; threads: number; started: Date; wallSeconds: number; total: number; resumed: boolean; played: number },
  session: Session,
): RunJson {
  const { wallSeconds, played } = run;
  const identity: RunIdentity = {
    tournament: spec.name,
    spec: spec.specPath ?? null,
    spec_hash: meta.spec_hash,
    game: spec.game.name,
    players: spec.players,
    seed: spec.seed,
    matches_per_variant: spec.matches,
    variants: spec.variants.map((v) => ({ name: v.name, options: v.options })),
    lineup: spec.lineup.map((e) => ({ name: e.name, bot: shownRef(e.ref), params: e.params })),
  };
  return {
    ...runJsonHead(identity, { shard: run.shard }),
    seat_rotation: 'in match i, seat s is played by lineup entry (s + i) mod players',
    match_seed: "deriveSeed(seed, 'match', i), the same for every variant",
    decision_timeout_ms: spec.decisionTimeoutMs,
    ...(spec.opening > 0 ? { opening: spec.opening } : {}),
    threads: o.inProcess ? 1 : run.threads,
    in_process: Boolean(o.inProcess),
    batch: o.batch,
    started_at: run.started.toISOString(),
    wall_seconds: Number(wallSeconds.toFixed(3)),
    matches_total: run.total,
    resumed: run.resumed,
    matches_played: played,
    matches_per_second: Math.round(played / Math.max(wallSeconds, 1e-9)),
    decisions_per_second: Math.round(session.decisions / Math.max(wallSeconds, 1e-9)),
    bot_time_per_decision: botTimeTable(spec.lineup.map((e) => e.name), session.botTime),
    worker_restarts: session.workerRestarts,
    worker_heap_peak_mb: Number((session.workerHeapPeak / 1048576).toFixed(1)),
    peak_rss_mb: Number((process.resourceUsage().maxRSS / 1024).toFixed(1)),
  };
}

/** A shard's run.json, from its journal's figures; its results are combined by `tavolo merge`. */
function finishShard(journal: Journal, meta: JournalMeta, files: OutputFiles, info: RunJson): { faults: Record<string, number>; info: RunJson } {
  const stats = meta.variants.map((v) => new VariantStats(v, meta.lineup_names));
  for (const r of journal.records) stats[r.variant].add(r.start, journal.read(r, { csv: false, notes: false }).rec);
  const faults = faultTotals(stats);
  const full = { ...info, faults, ...runJsonTail() };
  writeFileAtomic(files.run, runJsonText(full));
  writeManifest(dirname(files.run), ['run.json']);
  journal.close();
  return { faults, info: full };
}

/** What one run works with once its journal is open. */
interface OpenRun {
  spec: ResolvedSpec;
  o: RunOptions;
  outDir: string;
  threads: number;
  journal: Journal;
  /** Matches of the run (or shard), over all variants. */
  total: number;
}

/**
 * Runs a tournament (or one shard of it): plays every match that its journal in outDir does not hold
 * yet, appending each completed batch to the journal; then, for a whole run, writes matches.csv,
 * summary.csv, seats.csv and run.json from the journal (in match order, so they are byte-identical
 * whatever happened on the way) and deletes the journal. A shard keeps its journal for `tavolo merge`.
 * A sequential spec stops where its test decides (sequential-run.ts).
 */
export async function runTournament(spec: ResolvedSpec, o: RunOptions): Promise<RunOutcome> {
  const outDir = resolve(o.outDir);
  const shard = o.shard ?? null;
  checkThreads(o.threads);
  checkVariantCount(spec.variants.length);
  const threads = effectiveThreads(spec, o.threads, o.batch, shard);
  refuseShard(spec, shard);
  checkOutDir(outDir);
  const meta = journalMeta(spec, shard, Boolean(spec.parquet || o.parquet));
  const files = outputFiles(outDir);
  const started = new Date();
  const t0 = performance.now();
  let replaced: string | undefined;
  const opened = openJournal(outDir, meta, shard, Boolean(o.resume), () => {
    refuseFinished(o.outDir, o.force === true);
    if (finishedFiles(outDir).length > 0) replaced = setAsideResults(outDir);
  });
  if ('complete' in opened) return opened.complete;
  const { journal, resumed } = opened;
  // Asked for now, or when the run was started (a resume need not repeat --parquet).
  const parquet = Boolean(meta.parquet || journal.meta.parquet);
  const run: OpenRun = { spec, o, outDir, threads, journal, total: meta.ranges.reduce((a, [lo, hi]) => a + (hi - lo), 0) };

  let assembler: Assembler | undefined;
  try {
    removeStaleTemps(outDir);
    // A sequential run's files end where its test decides: they are assembled at the end (sequential-run.ts).
    const monitor = monitorFromJournal(spec, journal, o.onCheckpoint);
    if (!shard && !monitor) assembler = liveAssembler(meta, outDir, journal, parquet, o.matchesCsv);
    const { session, played } = await playMissing(run, resumed, assembler, monitor);
    const determinism = await replayCheck(spec, journal, o);
    const checked = determinism ? { determinism_check: determinism } : {};
    let wallSeconds = 0;
    const info = () => {
      wallSeconds = (performance.now() - t0) / 1000;
      return { ...runInfo(spec, meta, o, { shard, threads, started, wallSeconds, total: run.total, resumed, played }, session), ...checked };
    };
    const speed = () => played / Math.max(wallSeconds, 1e-9);

    if (shard) {
      const { faults, info: written } = finishShard(journal, meta, files, info());
      if (replaced) rmSync(replaced, { recursive: true, force: true });
      return { kind: 'shard', stats: [], outDir, files, wallSeconds, totalMatches: run.total, playedMatches: played, matchesPerSecond: speed(), faults, info: written, determinism };
    }

    if (monitor) assembler = assembleUpTo(monitor, journal, meta, outDir, { parquet });
    const stats = writeFinalFiles(assembler!, run, monitor, info);
    assembler = undefined;
    journal.remove();
    if (replaced) rmSync(replaced, { recursive: true, force: true });
    const faults = faultTotals(stats);
    const written = readRunJson(files.run);
    if (written === undefined) throw new Error(`${files.run} was not written as a JSON object`);
    const kept = monitor ? monitor.stopAt! * spec.variants.length : run.total;
    return { kind: 'complete', stats, outDir, files, wallSeconds, totalMatches: kept, playedMatches: played, matchesPerSecond: speed(), faults, info: written, sequential: monitor, determinism };
  } catch (err) {
    assembler?.abort();
    try {
      journal.close();
    } catch {
      // the original error says more (a full disk, say)
    }
    throw err;
  }
}

/**
 * The assembler that builds matches.csv and the summaries while the matches are played (see Assembler),
 * from what the journal holds already (on resume) and then from each batch as it is journaled.
 */
function liveAssembler(meta: JournalMeta, outDir: string, journal: Journal, parquet: boolean, listener: MatchesCsvListener | undefined): Assembler {
  const assembler = new Assembler(meta, outDir, meta.ranges, { parquet, listener });
  try {
    const journaled = [...journal.records].sort((a, b) => a.variant - b.variant || a.start - b.start);
    for (const record of journaled) assembler.offer({ journal, record });
  } catch (err) {
    assembler.abort();
    throw err;
  }
  return assembler;
}

/**
 * Plays every batch the journal lacks (up to the decision of a sequential test), journaling each as it
 * comes; throws BatchesFailed when some kept failing. What the session did, and how many matches it played.
 */
async function playMissing(
  run: OpenRun,
  resumed: boolean,
  assembler: Assembler | undefined,
  monitor: SequentialMonitor | undefined,
): Promise<{ session: Session; played: number }> {
  const { spec, o, journal, threads } = run;
  const doneBefore = journal.matchesDone();
  const session: Session = { done: doneBefore, decisions: 0, botTime: new Array<number>(2 * spec.players).fill(0), workerRestarts: 0, workerHeapPeak: 0 };
  o.onStart?.({ done: doneBefore, total: run.total, resumed, droppedBytes: journal.droppedBytes, notices: journalNotices(journal) });
  const todo = new BatchPlanner(monitor ? windowed(journal.missing(), monitor.spec.checkEvery) : journal.missing(), o.batch, o.inProcess ? 1 : threads);
  const onResult = resultTaker(run, session, todo, assembler, monitor);
  const decided = monitor ? () => monitor.decided : undefined;
  const out = await playBatches(spec, decided ? until(todo, decided) : todo, o, threads, onResult, decided);
  session.workerRestarts = out.workerRestarts;
  session.workerHeapPeak = out.workerHeapPeak;
  // Batches past a sequential test's stopping point do not count, failed or not.
  throwIfFailed(out.failed.filter((f) => !monitor?.decided || f.start < monitor.stopAt!), spec, run.outDir);
  return { session, played: session.done - doneBefore };
}

/**
 * What is done with each batch's result as it comes: journaled, offered to matches.csv's assembler and
 * to the sequential test, counted into the session; the first fault of each bot and reason reported.
 */
function resultTaker(
  run: OpenRun,
  session: Session,
  todo: BatchPlanner,
  assembler: Assembler | undefined,
  monitor: SequentialMonitor | undefined,
): (res: BatchResult) => void {
  const { spec, o, journal } = run;
  const faultsSeen = new Set<string>();
  return (res) => {
    const record = journal.append(res);
    const payload = decodePayload(record, res.payload);
    assembler?.offer({ journal, record }, payload);
    for (const c of monitor?.offer(res.variant, res.start, payload.rec) ?? []) o.onCheckpoint?.(c);
    todo.observe(res.end - res.start, res.ms);
    session.done += res.end - res.start;
    session.decisions += res.decisions;
    for (let k = 0; k < session.botTime.length; k++) session.botTime[k] += res.botTime?.[k] ?? 0;
    for (const f of res.faults) {
      const bot = spec.lineup[(f.seat + f.match) % spec.players].name;
      const key = `${bot}/${f.reason}`;
      if (!faultsSeen.has(key)) {
        faultsSeen.add(key);
        o.onFault?.(f, bot);
      }
    }
    o.onProgress?.(session.done, run.total);
    o.onBatch?.(res);
  };
}

/** The determinism self-check (self-check.ts), when it is to run: some matches replayed in a fresh worker. */
async function replayCheck(spec: ResolvedSpec, journal: Journal, o: RunOptions): Promise<DeterminismCheck | undefined> {
  const verify = verifyCount(spec, o.verifyMatches ?? (o.inProcess ? 0 : undefined), journal.matchesDone());
  return verify > 0 ? await checkDeterminism(spec, journal, matchesHeader(spec.game, spec.players, spec.measures), verify, o.signal) : undefined;
}

/**
 * A whole run's final files (matches.csv, summary.csv, seats.csv, run.json, and a sequential test's
 * sequential.csv), once the journal covers the tournament and nothing has stopped the run.
 */
function writeFinalFiles(assembler: Assembler, run: OpenRun, monitor: SequentialMonitor | undefined, info: () => RunJson): VariantStats[] {
  const problems = assembler.problems();
  if (problems.length > 0) throw new Error(`the journal does not cover the tournament: ${problems.join('; ')}`);
  const signal = run.o.signal;
  if (signal?.aborted) throw new Interrupted((signal.reason as Interrupted | undefined)?.signal);
  if (monitor) writeSequentialCsv(run.outDir, monitor);
  const tail = runJsonTail();
  const { stats } = assembler.finish((st) => ({ ...info(), faults: faultTotals(st), ...(monitor ? sequentialInfo(run.spec, monitor) : {}), ...tail }));
  return stats;
}

import { Piscina } from 'piscina';
import { WATCH_DECISION, WATCH_EXPIRED, WATCH_SEAT, WATCH_SEQ } from '../engine/match.js';
import type { BatchResult } from './batch.js';
import { Interrupted } from '../errors.js';
import {
  SLOT_INTS,
  SLOT_MATCH,
  SLOT_STATE,
  SLOT_THREAD,
  SLOT_TOKEN,
  STATE_FAILED,
  STATE_QUEUED,
  STATE_RUNNING,
  type BatchTask,
  type ForcedFault,
} from './slots.js';
import type { WorkerSpec } from './spec.js';
import { watchdogGraceMs, watchdogTickMs } from './limits.js';
import type { PoolWorkerData } from './worker.js';

/**
 * The worker pool and its watchdog.
 *
 * Batches run on a piscina pool. Every batch in flight owns a *progress slot*: a few Int32 cells on a
 * SharedArrayBuffer that its worker writes before and after every bot call (see MatchWatch in
 * engine/match.ts) plus the match being played, the batch's state and the worker's threadId. The main
 * thread reads the slots a few times per second:
 *
 * - a bot call running for longer than the decision time limit is marked expired (the worker records
 *   the match as `bot_timeout` if the call ever returns);
 * - a call still running after a grace period (half the limit, 0.25 s to 5 s) is stuck: that worker is
 *   terminated (piscina starts a replacement) and the batch is played again from its start, with the
 *   stuck call replaced by a `bot_timeout` fault (the matches are deterministic, so the rows are the same);
 * - a worker that dies (process.exit in a bot, an uncaught error, out of memory) costs its batch a
 *   retry; if it died twice in a row in the same bot call, that call is recorded as `bot_crash` and the
 *   batch goes on past it; a batch that fails MAX_FAILURES times in a row otherwise (or hangs outside any
 *   bot call) is given up and reported.
 *
 * The clock only ever decides *that* a bot call forfeits, never anything inside a match.
 */

/** A batch is given up after this many failures in a row that teach nothing (no new crash point). */
export const MAX_FAILURES = 3;

/**
 * The compiled worker entry (worker-entry.cts, which loads worker.ts). From dist/ it sits next to this
 * module; under vitest this module runs from src/*.ts, and the worker is still the compiled dist/
 * counterpart (`npm test` builds first).
 */
export function workerUrl(): URL {
  const here = import.meta.url;
  if (here.endsWith('.ts')) return new URL('../../dist/src/runner/worker-entry.cjs', here);
  return new URL('./worker-entry.cjs', here);
}

/**
 * The young generation of each worker's heap, in MB. A worker allocates a match's short-lived objects
 * and little else that lives; V8's default lets each worker's young generation grow to about 48 MB, most
 * of it garbage between scavenges, and that was the largest part of a long run's peak memory. At 12 MB a
 * 2 x 400,000-match Stramat run peaked at 215 MB instead of 260 MB for the same CPU time
 * (docs/performance.md, "Memory").
 */
export const WORKER_YOUNG_MB = 12;

let poolsMade = 0;

/** How many worker pools this process has started: tests count them (a study starts one). */
export function poolsCreated(): number {
  return poolsMade;
}

/** A piscina pool; `spec` is the tournament of every task (undefined: each task carries its own, StudyPool). */
export function createPool(threads: number, spec: WorkerSpec | undefined, watch?: SharedArrayBuffer, workerMemoryMb?: number): Piscina {
  poolsMade++;
  return new Piscina({
    filename: workerUrl().href,
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: 60_000,
    // Two tasks per worker: the next batch is already waiting in the worker when one finishes, so a
    // worker never idles for a round trip through a busy main thread. Tasks run one after the other
    // (the worker chains them), and results are matched to tasks, so the output does not change.
    concurrentTasksPerWorker: 2,
    workerData: { watch, spec } satisfies PoolWorkerData,
    resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_MB, ...(workerMemoryMb ? { maxOldGenerationSizeMb: workerMemoryMb } : {}) },
  });
}

/** Progress slots for `threads` workers: three a worker (two tasks queued in each, and retries). */
const slotCount = (threads: number) => Math.max(2, threads * 3);

/** A pool with its progress slots, as a play borrows it. */
interface PoolLease {
  pool: Piscina;
  cells: Int32Array;
  /** The free slots, shared by the plays of a study pool (a late task of an earlier play gives its slot back). */
  free: number[];
}

function lease(threads: number, spec: WorkerSpec | undefined, workerMemoryMb?: number): PoolLease {
  const slots = slotCount(threads);
  const shared = new SharedArrayBuffer(slots * SLOT_INTS * 4);
  return {
    pool: createPool(threads, spec, shared, workerMemoryMb),
    cells: new Int32Array(shared),
    free: Array.from({ length: slots }, (_, i) => slots - 1 - i),
  };
}

/**
 * One worker pool for a whole study (its tune rounds, importance runs or skill steps): starting a pool
 * costs a second or more under load, more than a short run plays. The pool starts with the first play
 * that uses it; each task then carries its run's tournament, and a worker keeps the games and bots of
 * the latest runs prepared. `close` ends it: once at the end of the study, whether it finished, failed or
 * was interrupted (withStudyPool). A play that fails or is interrupted closes it too, since batches may
 * still be running in it; a later play would start a new one.
 */
export class StudyPool {
  private current?: PoolLease;
  constructor(
    readonly threads: number,
    private readonly workerMemoryMb?: number,
  ) {}

  /** The pool, started on first use. */
  lease(): PoolLease {
    if (!this.current) {
      this.current = lease(this.threads, undefined, this.workerMemoryMb);
      // Between two plays no play listens to the pool's 'error' event (a late result of an earlier play's
      // task), which unheard would be an uncaught exception; each play adds its own listener while it runs.
      this.current.pool.on('error', () => undefined);
    }
    return this.current;
  }

  /** Whether its workers are running (started and not closed since). */
  get isOpen(): boolean {
    return this.current !== undefined;
  }

  /** Ends the pool's workers (nothing when it never started or is closed already). */
  async close(): Promise<void> {
    const current = this.current;
    this.current = undefined;
    if (current) await current.pool.destroy();
  }
}

/** Runs `body` with a study pool of `threads` workers, closed when `body` ends, however it ends. */
export async function withStudyPool<T>(threads: number, body: (pool: StudyPool) => Promise<T>): Promise<T> {
  const pool = new StudyPool(threads);
  try {
    return await body(pool);
  } finally {
    await pool.close();
  }
}

export interface PlayBatch {
  variant: number;
  start: number;
  end: number;
}

/** Something that happened to a worker, for warnings. */
export interface Incident {
  kind: 'timeout' | 'crash' | 'retry' | 'failed';
  batch: PlayBatch;
  /** The bot call concerned (timeout, crash, or where a worker died). */
  at?: { match: number; decision: number; seat: number };
  error?: string;
  failures?: number;
}

export interface FailedBatch extends PlayBatch {
  errors: string[];
}

export interface PoolOptions {
  threads: number;
  spec: WorkerSpec;
  decisionTimeoutMs: number;
  /** How long past the limit a bot call may run before its worker is ended (default: half the limit, 0.25 s to 5 s). */
  graceMs?: number;
  workerMemoryMb?: number;
  /** Play on this study's pool instead of a pool of the play's own (threads and workerMemoryMb are then the study's). */
  shared?: StudyPool;
  signal?: AbortSignal;
  /** A completed batch (called synchronously, in completion order). */
  onResult(res: BatchResult): void;
  onIncident?(i: Incident): void;
  /**
   * Checked after each batch: true ends the play. No batch is started after it; the batches already
   * running are let finish (see `PoolRun.drain`) and their results dropped, never given to onResult.
   */
  stop?(): boolean;
}

export interface PoolOutcome {
  failed: FailedBatch[];
  /** Workers ended by the watchdog or that died. */
  workerRestarts: number;
  /** The largest V8 heap a worker reported after a batch, in bytes. */
  workerHeapPeak: number;
}

interface Job extends PlayBatch {
  forced: Map<number, ForcedFault>;
  failures: number;
  errors: string[];
  /** The bot call in which the worker died last time, if it died in one. */
  lastDeath?: { match: number; decision: number; seat: number };
  slot: number;
  token: number;
  /** Set when the watchdog ended the worker: the stuck bot call, or null if outside any bot call. */
  kill?: { match: number; decision: number; seat: number } | null;
  seenSeq: number;
  since: number;
  marked: boolean;
}


const batchOf = (j: Job): PlayBatch => ({ variant: j.variant, start: j.start, end: j.end });

/** What a progress slot said when its batch's task failed, read before the slot is given back. */
interface SlotSnapshot {
  token: number;
  state: number;
  seat: number;
  decision: number;
  match: number;
}

/** Plays batches on a pool of `threads` workers under the watchdog; resolves when all are done or given up. */
export function playOnPool(batches: Iterable<PlayBatch>, o: PoolOptions): Promise<PoolOutcome> {
  return new PoolRun(batches, o).start();
}

/** Numbers the plays on study pools: a worker keeps the prepared tournament of each play by it. */
let playIds = 0;

/** One playOnPool: the pool, its progress slots, the batches in flight and waiting, and the watchdog. */
class PoolRun {
  private readonly cells: Int32Array;
  private readonly pool: Piscina;
  /** On a study pool, what each task carries: its tournament and the play's number. */
  private readonly carried?: { spec: WorkerSpec; specId: number };
  private readonly iter: Iterator<PlayBatch>;
  private readonly retry: Job[] = [];
  private readonly free: number[];
  private readonly active = new Map<number, Job>();
  private readonly failed: FailedBatch[] = [];
  private restarts = 0;
  private tokens = 0;
  private heapPeak = 0;
  private readonly limit: number;
  private readonly hard: number;
  private readonly tick: number;
  private finished = false;
  /** Set when `stop()` said so: nothing more is started, what runs is awaited and dropped. */
  private draining = false;
  private lastTick = 0;
  private noThreadsSince = -1;
  private timer?: ReturnType<typeof setInterval>;
  private resolve!: (outcome: PoolOutcome) => void;
  private reject!: (err: unknown) => void;
  private readonly onPoolError = (err: unknown) => {
    if (!this.finished) this.finish(err);
  };
  private readonly onAbort = () => this.finish(new Interrupted((this.o.signal?.reason as Interrupted | undefined)?.signal));

  constructor(
    batches: Iterable<PlayBatch>,
    private readonly o: PoolOptions,
  ) {
    const l = o.shared ? o.shared.lease() : lease(o.threads, o.spec, o.workerMemoryMb);
    this.cells = l.cells;
    this.pool = l.pool;
    this.free = l.free;
    if (o.shared) this.carried = { spec: o.spec, specId: ++playIds };
    this.iter = batches[Symbol.iterator]();
    this.limit = o.decisionTimeoutMs;
    this.hard = this.limit + (o.graceMs ?? watchdogGraceMs(this.limit));
    this.tick = watchdogTickMs(this.limit);
  }

  start(): Promise<PoolOutcome> {
    return new Promise<PoolOutcome>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
      this.lastTick = performance.now();

      // piscina reports on its 'error' event what belongs to no task, such as a result arriving for a task it
      // no longer knows; with no listener that event would be an uncaught exception. Once the pool is being
      // torn down (an interruption, a failure), a late result is expected and means nothing.
      this.pool.on('error', this.onPoolError);

      this.noThreadsSince = -1;
      this.timer = setInterval(() => this.watchdogTick(), this.tick);

      const signal = this.o.signal;
      if (signal?.aborted) {
        this.finish(new Interrupted((signal.reason as Interrupted | undefined)?.signal));
        return;
      }
      signal?.addEventListener('abort', this.onAbort);
      this.pump();
    });
  }

  private finish(err?: unknown): void {
    if (this.finished) return;
    this.finished = true;
    clearInterval(this.timer);
    this.o.signal?.removeEventListener('abort', this.onAbort);
    this.pool.off('error', this.onPoolError);
    const outcome = () => (err ? this.reject(err) : this.resolve({ failed: this.failed, workerRestarts: this.restarts, workerHeapPeak: this.heapPeak }));
    // A study's pool outlives a play that ended well (nothing is in flight then); after a failure or an
    // interruption batches may still run in it, and the study ends: it is closed as a play's own pool is.
    if (this.o.shared && !err) return outcome();
    (this.o.shared ? this.o.shared.close() : this.pool.destroy()).then(outcome, (e: unknown) => this.reject(err ?? e));
  }

  private slotOf(i: number): Int32Array {
    return this.cells.subarray(i * SLOT_INTS, (i + 1) * SLOT_INTS);
  }

  private nextJob(): Job | undefined {
    const again = this.retry.shift();
    if (again) return again;
    const n = this.iter.next();
    if (n.done) return undefined;
    return { ...n.value, forced: new Map(), failures: 0, errors: [], slot: -1, token: 0, seenSeq: -1, since: 0, marked: false };
  }

  private pump(): void {
    if (this.finished) return;
    // The caller's stop() and batch iterator, and piscina's run, may throw: that ends the play with the
    // error (the pool destroyed, the watchdog stopped), never an unhandled rejection.
    try {
      this.fill();
    } catch (err) {
      this.finish(err);
    }
  }

  private fill(): void {
    // A sequential test has decided: what is still running is past its stopping point.
    if (this.draining || this.o.stop?.()) {
      this.drain();
      return;
    }
    while (this.free.length > 0) {
      const job = this.nextJob();
      if (!job) break;
      this.submit(job);
    }
    if (this.active.size === 0) this.finish();
  }

  /**
   * Stops handing out batches and ends the play once the batches in flight have settled. Destroying the
   * pool under running tasks would race with their results (piscina then reports a result for a task it
   * no longer knows, an uncaught 'error'); waiting costs at most the batches in flight (about a quarter
   * of a second each with automatic batches), and the watchdog still ends a stuck one.
   */
  private drain(): void {
    this.draining = true;
    this.retry.length = 0;
    if (this.active.size === 0) this.finish();
  }

  private submit(job: Job): void {
    const slot = this.free.pop()!;
    const s = this.slotOf(slot);
    s.fill(0);
    s[WATCH_SEAT] = -1;
    job.token = ++this.tokens;
    s[SLOT_TOKEN] = job.token;
    job.slot = slot;
    job.kill = undefined;
    job.seenSeq = -1;
    job.marked = false;
    this.active.set(slot, job);
    const task: BatchTask = {
      variant: job.variant,
      start: job.start,
      end: job.end,
      slot,
      forced: [...job.forced.values()],
      ...this.carried,
    };
    (this.pool.run(task) as Promise<BatchResult>).then(
      (res) => this.settled(job, res),
      (err: unknown) => this.rejected(job, err),
    );
  }

  /** A batch's task returned its result. */
  private settled(job: Job, res: BatchResult): void {
    this.release(job);
    if (this.finished) return;
    if (this.draining) {
      this.drain();
      return;
    }
    this.heapPeak = Math.max(this.heapPeak, res.heap ?? 0);
    try {
      this.o.onResult(res);
    } catch (err) {
      this.finish(err);
      return;
    }
    this.pump();
  }

  /** A batch's task failed (its worker died or was ended by the watchdog, or the batch threw). */
  private rejected(job: Job, err: unknown): void {
    const s = this.slotOf(job.slot);
    const snap: SlotSnapshot = {
      token: Atomics.load(s, SLOT_TOKEN),
      state: Atomics.load(s, SLOT_STATE),
      seat: Atomics.load(s, WATCH_SEAT),
      decision: Atomics.load(s, WATCH_DECISION),
      match: Atomics.load(s, SLOT_MATCH),
    };
    this.release(job);
    if (this.finished) return;
    if (this.draining) {
      // Past the stopping point: a failure there counts for nothing.
      this.drain();
      return;
    }
    try {
      this.failure(job, err, snap);
    } catch (e) {
      this.finish(e);
      return;
    }
    this.pump();
  }

  private release(job: Job): void {
    this.active.delete(job.slot);
    this.free.push(job.slot);
  }

  private countFailure(job: Job, error: string, at?: Job['lastDeath']): void {
    job.failures++;
    job.errors.push(at ? `${error} (in match ${at.match}, seat ${at.seat} deciding)` : error);
    job.lastDeath = at;
    if (job.failures >= MAX_FAILURES) {
      this.failed.push({ ...batchOf(job), errors: job.errors });
      this.o.onIncident?.({ kind: 'failed', batch: batchOf(job), error, at, failures: job.failures });
    } else {
      this.o.onIncident?.({ kind: 'retry', batch: batchOf(job), error, at, failures: job.failures });
      this.retry.unshift(job);
    }
  }

  private failure(job: Job, err: unknown, snap: SlotSnapshot): void {
    const error = err instanceof Error ? err.message : String(err);
    if (job.kill !== undefined) {
      const k = job.kill;
      if (k) {
        job.forced.set(k.match, { ...k, reason: 'bot_timeout' });
        this.o.onIncident?.({ kind: 'timeout', batch: batchOf(job), at: k });
        this.retry.unshift(job);
      } else {
        this.countFailure(job, `no progress for ${Math.round(this.hard)} ms outside any bot call (the game hung?)`);
      }
      return;
    }
    if (snap.token !== job.token || snap.state === STATE_QUEUED) {
      // It was waiting behind another batch in a worker that died: not its fault.
      this.retry.unshift(job);
      return;
    }
    if (snap.state !== STATE_FAILED) this.restarts++;
    const at = snap.state === STATE_RUNNING && snap.seat >= 0 ? { match: snap.match, decision: snap.decision, seat: snap.seat } : undefined;
    const last = job.lastDeath;
    if (at && last && last.match === at.match && last.decision === at.decision && last.seat === at.seat) {
      // The worker died twice in the same bot call: the bot's doing. That match ends there.
      job.forced.set(at.match, { ...at, reason: 'bot_crash' });
      job.lastDeath = undefined;
      job.failures = 0;
      this.o.onIncident?.({ kind: 'crash', batch: batchOf(job), at, error });
      this.retry.unshift(job);
      return;
    }
    this.countFailure(job, error, at);
  }

  private watchdogTick(): void {
    const now = performance.now();
    if (this.noThreadsLeft(now)) return;
    // A late tick means this thread (or the whole machine, e.g. suspended) stood still: what was
    // observed before says nothing about the bots, so observations start again.
    const stalled = now - this.lastTick > Math.max(4 * this.tick, 1000);
    this.lastTick = now;
    for (const job of this.active.values()) this.watch(job, now, stalled);
  }

  /** Ends the play, and says so, once the pool has had no threads for 5 s while batches are in flight. */
  private noThreadsLeft(now: number): boolean {
    // piscina stops replacing workers that die while starting up: with none left, nothing would run.
    if (this.pool.threads.length === 0 && this.active.size > 0) {
      if (this.noThreadsSince < 0) this.noThreadsSince = now;
      else if (now - this.noThreadsSince > 5000) {
        this.finish(new Error('the worker pool has no threads left: workers die while starting (see the errors above)'));
        return true;
      }
    } else this.noThreadsSince = -1;
    return false;
  }

  /** One batch in flight at a watchdog tick: marks its bot call expired past the limit, ends its worker past `hard`. */
  private watch(job: Job, now: number, stalled: boolean): void {
    const s = this.slotOf(job.slot);
    if (job.kill !== undefined || Atomics.load(s, SLOT_STATE) !== STATE_RUNNING) return;
    const seq = Atomics.load(s, WATCH_SEQ);
    if (stalled || seq !== job.seenSeq) {
      job.seenSeq = seq;
      job.since = now;
      job.marked = false;
      return;
    }
    const elapsed = now - job.since;
    const seat = Atomics.load(s, WATCH_SEAT);
    if (seat >= 0 && !job.marked && elapsed >= this.limit) {
      Atomics.store(s, WATCH_EXPIRED, seq);
      job.marked = true;
    }
    if (elapsed >= this.hard) {
      const at = seat >= 0 ? { match: Atomics.load(s, SLOT_MATCH), decision: Atomics.load(s, WATCH_DECISION), seat } : null;
      if (Atomics.load(s, WATCH_SEQ) !== seq || Atomics.load(s, SLOT_STATE) !== STATE_RUNNING) return;
      job.kill = at;
      this.restarts++;
      const thread = Atomics.load(s, SLOT_THREAD);
      const worker = this.pool.threads.find((w) => w.threadId === thread);
      void worker?.terminate();
    }
  }
}

import { Piscina } from 'piscina';
import { WATCH_DECISION, WATCH_EXPIRED, WATCH_SEAT, WATCH_SEQ } from '../engine/match.js';
import type { BatchResult } from './batch.js';
import { Interrupted } from './errors.js';
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

export function createPool(threads: number, spec: WorkerSpec, watch?: SharedArrayBuffer, workerMemoryMb?: number): Piscina {
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
    resourceLimits: workerMemoryMb ? { maxOldGenerationSizeMb: workerMemoryMb } : undefined,
  });
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
  signal?: AbortSignal;
  /** A completed batch (called synchronously, in completion order). */
  onResult(res: BatchResult): void;
  onIncident?(i: Incident): void;
  /**
   * Checked after each batch: true ends the play. No batch is started after it; the batches already
   * running are let finish (see `drain` in playOnPool) and their results dropped, never given to onResult.
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

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Plays batches on a pool of `threads` workers under the watchdog; resolves when all are done or given up. */
export function playOnPool(batches: Iterable<PlayBatch>, o: PoolOptions): Promise<PoolOutcome> {
  const slots = Math.max(2, o.threads * 3);
  const shared = new SharedArrayBuffer(slots * SLOT_INTS * 4);
  const cells = new Int32Array(shared);
  const slotOf = (i: number) => cells.subarray(i * SLOT_INTS, (i + 1) * SLOT_INTS);
  const pool = createPool(o.threads, o.spec, shared, o.workerMemoryMb);
  const iter = batches[Symbol.iterator]();
  const retry: Job[] = [];
  const free = Array.from({ length: slots }, (_, i) => slots - 1 - i);
  const active = new Map<number, Job>();
  const failed: FailedBatch[] = [];
  let restarts = 0;
  let tokens = 0;
  let heapPeak = 0;

  const limit = o.decisionTimeoutMs;
  const hard = limit + (o.graceMs ?? clamp(limit / 2, 250, 5000));
  const tick = clamp(limit / 4, 10, 250);

  return new Promise<PoolOutcome>((resolve, reject) => {
    let finished = false;
    /** Set when `stop()` said so: nothing more is started, what runs is awaited and dropped. */
    let draining = false;
    let lastTick = performance.now();

    // piscina reports on its 'error' event what belongs to no task, such as a result arriving for a task it
    // no longer knows; with no listener that event would be an uncaught exception. Once the pool is being
    // torn down (an interruption, a failure), a late result is expected and means nothing.
    pool.on('error', (err: unknown) => {
      if (!finished) finish(err);
    });

    const finish = (err?: unknown) => {
      if (finished) return;
      finished = true;
      clearInterval(timer);
      o.signal?.removeEventListener('abort', onAbort);
      pool.destroy().then(
        () => (err ? reject(err) : resolve({ failed, workerRestarts: restarts, workerHeapPeak: heapPeak })),
        (e: unknown) => reject(err ?? e),
      );
    };
    const onAbort = () => finish(new Interrupted((o.signal?.reason as Interrupted | undefined)?.signal));

    const nextJob = (): Job | undefined => {
      const again = retry.shift();
      if (again) return again;
      const n = iter.next();
      if (n.done) return undefined;
      return { ...n.value, forced: new Map(), failures: 0, errors: [], slot: -1, token: 0, seenSeq: -1, since: 0, marked: false };
    };

    const pump = () => {
      if (finished) return;
      // A sequential test has decided: what is still running is past its stopping point.
      if (draining || o.stop?.()) {
        drain();
        return;
      }
      while (free.length > 0) {
        const job = nextJob();
        if (!job) break;
        submit(job);
      }
      if (active.size === 0) finish();
    };

    /**
     * Stops handing out batches and ends the play once the batches in flight have settled. Destroying the
     * pool under running tasks would race with their results (piscina then reports a result for a task it
     * no longer knows, an uncaught 'error'); waiting costs at most the batches in flight (about a quarter
     * of a second each with automatic batches), and the watchdog still ends a stuck one.
     */
    const drain = () => {
      draining = true;
      retry.length = 0;
      if (active.size === 0) finish();
    };

    const submit = (job: Job) => {
      const slot = free.pop()!;
      const s = slotOf(slot);
      s.fill(0);
      s[WATCH_SEAT] = -1;
      job.token = ++tokens;
      s[SLOT_TOKEN] = job.token;
      job.slot = slot;
      job.kill = undefined;
      job.seenSeq = -1;
      job.marked = false;
      active.set(slot, job);
      const task: BatchTask = {
        variant: job.variant,
        start: job.start,
        end: job.end,
        slot,
        forced: [...job.forced.values()],
      };
      (pool.run(task) as Promise<BatchResult>).then(
        (res) => {
          release(job);
          if (finished) return;
          if (draining) {
            drain();
            return;
          }
          heapPeak = Math.max(heapPeak, res.heap ?? 0);
          try {
            o.onResult(res);
          } catch (err) {
            finish(err);
            return;
          }
          pump();
        },
        (err: unknown) => {
          const s2 = slotOf(job.slot);
          const snap = {
            token: Atomics.load(s2, SLOT_TOKEN),
            state: Atomics.load(s2, SLOT_STATE),
            seat: Atomics.load(s2, WATCH_SEAT),
            decision: Atomics.load(s2, WATCH_DECISION),
            match: Atomics.load(s2, SLOT_MATCH),
          };
          release(job);
          if (finished) return;
          if (draining) {
            // Past the stopping point: a failure there counts for nothing.
            drain();
            return;
          }
          try {
            failure(job, err, snap);
          } catch (e) {
            finish(e);
            return;
          }
          pump();
        },
      );
    };

    const release = (job: Job) => {
      active.delete(job.slot);
      free.push(job.slot);
    };

    const batchOf = (j: Job): PlayBatch => ({ variant: j.variant, start: j.start, end: j.end });

    const countFailure = (job: Job, error: string, at?: Job['lastDeath']) => {
      job.failures++;
      job.errors.push(at ? `${error} (in match ${at.match}, seat ${at.seat} deciding)` : error);
      job.lastDeath = at;
      if (job.failures >= MAX_FAILURES) {
        failed.push({ ...batchOf(job), errors: job.errors });
        o.onIncident?.({ kind: 'failed', batch: batchOf(job), error, at, failures: job.failures });
      } else {
        o.onIncident?.({ kind: 'retry', batch: batchOf(job), error, at, failures: job.failures });
        retry.unshift(job);
      }
    };

    const failure = (job: Job, err: unknown, snap: { token: number; state: number; seat: number; decision: number; match: number }) => {
      const error = err instanceof Error ? err.message : String(err);
      if (job.kill !== undefined) {
        const k = job.kill;
        if (k) {
          job.forced.set(k.match, { ...k, reason: 'bot_timeout' });
          o.onIncident?.({ kind: 'timeout', batch: batchOf(job), at: k });
          retry.unshift(job);
        } else {
          countFailure(job, `no progress for ${Math.round(hard)} ms outside any bot call (the game hung?)`);
        }
        return;
      }
      if (snap.token !== job.token || snap.state === STATE_QUEUED) {
        // It was waiting behind another batch in a worker that died: not its fault.
        retry.unshift(job);
        return;
      }
      if (snap.state !== STATE_FAILED) restarts++;
      const at = snap.state === STATE_RUNNING && snap.seat >= 0 ? { match: snap.match, decision: snap.decision, seat: snap.seat } : undefined;
      const last = job.lastDeath;
      if (at && last && last.match === at.match && last.decision === at.decision && last.seat === at.seat) {
        // The worker died twice in the same bot call: the bot's doing. That match ends there.
        job.forced.set(at.match, { ...at, reason: 'bot_crash' });
        job.lastDeath = undefined;
        job.failures = 0;
        o.onIncident?.({ kind: 'crash', batch: batchOf(job), at, error });
        retry.unshift(job);
        return;
      }
      countFailure(job, error, at);
    };

    let noThreadsSince = -1;
    const timer = setInterval(() => {
      const now = performance.now();
      // piscina stops replacing workers that die while starting up: with none left, nothing would run.
      if (pool.threads.length === 0 && active.size > 0) {
        if (noThreadsSince < 0) noThreadsSince = now;
        else if (now - noThreadsSince > 5000) {
          finish(new Error('the worker pool has no threads left: workers die while starting (see the errors above)'));
          return;
        }
      } else noThreadsSince = -1;
      // A late tick means this thread (or the whole machine, e.g. suspended) stood still: what was
      // observed before says nothing about the bots, so observations start again.
      const stalled = now - lastTick > Math.max(4 * tick, 1000);
      lastTick = now;
      for (const job of active.values()) {
        const s = slotOf(job.slot);
        if (job.kill !== undefined || Atomics.load(s, SLOT_STATE) !== STATE_RUNNING) continue;
        const seq = Atomics.load(s, WATCH_SEQ);
        if (stalled || seq !== job.seenSeq) {
          job.seenSeq = seq;
          job.since = now;
          job.marked = false;
          continue;
        }
        const elapsed = now - job.since;
        const seat = Atomics.load(s, WATCH_SEAT);
        if (seat >= 0 && !job.marked && elapsed >= limit) {
          Atomics.store(s, WATCH_EXPIRED, seq);
          job.marked = true;
        }
        if (elapsed >= hard) {
          const at = seat >= 0 ? { match: Atomics.load(s, SLOT_MATCH), decision: Atomics.load(s, WATCH_DECISION), seat } : null;
          if (Atomics.load(s, WATCH_SEQ) !== seq || Atomics.load(s, SLOT_STATE) !== STATE_RUNNING) continue;
          job.kill = at;
          restarts++;
          const thread = Atomics.load(s, SLOT_THREAD);
          const worker = pool.threads.find((w) => w.threadId === thread);
          void worker?.terminate();
        }
      }
    }, tick);

    if (o.signal?.aborted) {
      finish(new Interrupted((o.signal.reason as Interrupted | undefined)?.signal));
      return;
    }
    o.signal?.addEventListener('abort', onAbort);
    pump();
  });
}


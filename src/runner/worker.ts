import { getHeapStatistics } from 'node:v8';
import { threadId, workerData } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { loadBot, loadGame } from '../plugins/loader.js';
import { WATCH_CELLS, WATCH_SEAT } from '../engine/match.js';
import { prepare, runBatch, type BatchResult, type Prepared } from './batch.js';
import { isolatedFactory } from './isolation.js';
import {
  SLOT_INTS,
  SLOT_MATCH,
  SLOT_STATE,
  SLOT_THREAD,
  STATE_FAILED,
  STATE_FINISHED,
  STATE_PREPARING,
  STATE_RUNNING,
  type BatchTask,
  type ForcedFault,
} from './slots.js';
import type { WorkerSpec } from './spec.js';

/**
 * The pool worker: stateless apart from a cache of loaded games and bots. A task names the tournament
 * (as plain data), a variant and a range of matches; the answer is that batch's CSV rows and compact
 * records. Game and bot references are registered names or absolute paths. While it plays, the worker
 * writes its progress into the task's slot of the shared buffer (see pool.ts) for the watchdog.
 */
export type { BatchTask };

/** What the pool gives every worker when it starts: the progress cells and the tournament. */
export interface PoolWorkerData {
  watch?: SharedArrayBuffer;
  /** The tournament of the pool, sent once per worker rather than with every task. */
  spec?: WorkerSpec;
}

const data = (workerData ?? {}) as PoolWorkerData;
const shared: Int32Array | undefined = data.watch instanceof SharedArrayBuffer ? new Int32Array(data.watch) : undefined;

let prepared: Promise<Prepared> | undefined;
/** On a study's pool: the prepared tournaments of the latest plays, by play number (two: a late task of the one before may follow). */
const preparedByPlay = new Map<number, Promise<Prepared>>();
const PLAYS_KEPT = 2;

function preparedFor(task: BatchTask): Promise<Prepared> {
  if (task.spec === undefined || task.specId === undefined) {
    if (!data.spec) throw new Error('tavolo worker started without a tournament (workerData.spec)');
    prepared ??= prepareWorkerSpec(data.spec);
    return prepared;
  }
  let p = preparedByPlay.get(task.specId);
  if (p === undefined) {
    p = prepareWorkerSpec(task.spec);
    preparedByPlay.set(task.specId, p);
    if (preparedByPlay.size > PLAYS_KEPT) preparedByPlay.delete(preparedByPlay.keys().next().value!);
  }
  return p;
}

export async function prepareWorkerSpec(spec: WorkerSpec): Promise<Prepared> {
  // The main thread has loaded these files already, each first in a throwaway worker under a time limit.
  const { game } = await loadGame(spec.gameRef, '/', 'game', { probe: false });
  const lineup = [];
  for (const e of spec.lineup) {
    const { factory } = await loadBot(e.ref, '/', 'bot', { probe: false });
    lineup.push({ name: e.name, factory: e.isolate ? isolatedFactory(factory, e.ref, spec.gameRef) : factory, params: e.params });
  }
  return prepare(game, spec.players, spec.seed, spec.variants, lineup, spec.measures, spec.opening);
}

async function play(task: BatchTask): Promise<BatchResult> {
  const slot = shared && task.slot >= 0 ? shared.subarray(task.slot * SLOT_INTS, (task.slot + 1) * SLOT_INTS) : undefined;
  if (slot) {
    slot[SLOT_THREAD] = threadId;
    Atomics.store(slot, SLOT_STATE, STATE_PREPARING);
  }
  try {
    const p = await preparedFor(task);
    let res: BatchResult;
    if (slot) {
      slot.fill(0, 0, WATCH_CELLS);
      slot[WATCH_SEAT] = -1;
      slot[SLOT_MATCH] = task.start;
      Atomics.store(slot, SLOT_STATE, STATE_RUNNING);
      const forced = new Map(task.forced.map((f: ForcedFault) => [f.match, { decision: f.decision, seat: f.seat, reason: f.reason }]));
      res = runBatch(p, task.variant, task.start, task.end, { slot, forced });
      Atomics.store(slot, SLOT_STATE, STATE_FINISHED);
    } else {
      res = runBatch(p, task.variant, task.start, task.end);
    }
    res.heap = getHeapStatistics().used_heap_size;
    return res;
  } catch (err) {
    if (slot) Atomics.store(slot, SLOT_STATE, STATE_FAILED);
    throw err;
  }
}

// Tasks run strictly one after the other (two may be queued in a worker): a task only marks its slot once
// the one before it has finished, so a worker's death is charged to the batch it was playing.
let chain: Promise<unknown> = Promise.resolve();

/** The payload's buffer is moved to the main thread, not copied (the rest of the result is small). */
function moved(res: BatchResult): BatchResult {
  const transferable = {
    get [Piscina.transferableSymbol]() {
      return res.payload.buffer;
    },
    get [Piscina.valueSymbol]() {
      return res;
    },
  };
  return Piscina.move(transferable as unknown as Parameters<typeof Piscina.move>[0]) as unknown as BatchResult;
}

export default function runTask(task: BatchTask): Promise<BatchResult> {
  const run = chain.then(() => play(task)).then(moved);
  chain = run.catch(() => undefined);
  return run;
}

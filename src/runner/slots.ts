import { WATCH_CELLS, type MatchWatch } from '../engine/match.js';
import type { WorkerSpec } from './spec.js';

/**
 * The progress slot of a batch in flight: Int32 cells on a SharedArrayBuffer shared by the main thread
 * (the watchdog, pool.ts) and the workers (worker.ts). First the match's watch cells (MatchWatch in
 * engine/match.ts: bot-call sequence number, decision index, seat, expired mark), then the match being
 * played, the batch's state, the worker's threadId and the task's token. A module of its own so that
 * workers do not load the pool.
 */
export const SLOT_MATCH = WATCH_CELLS;
export const SLOT_STATE = WATCH_CELLS + 1;
export const SLOT_THREAD = WATCH_CELLS + 2;
export const SLOT_TOKEN = WATCH_CELLS + 3;
export const SLOT_INTS = WATCH_CELLS + 4;

export const STATE_QUEUED = 0;
export const STATE_PREPARING = 1;
export const STATE_RUNNING = 2;
export const STATE_FINISHED = 3;
export const STATE_FAILED = 4;

export interface ForcedFault {
  match: number;
  decision: number;
  seat: number;
  reason: NonNullable<MatchWatch['forced']>['reason'];
}

/**
 * What a pool task carries: the batch, its slot, faults already known. (The tournament itself reaches
 * each worker once, in its workerData, except on a study's pool, whose runs differ.)
 */
export interface BatchTask {
  variant: number;
  start: number;
  end: number;
  /** Index of the progress slot, or -1 for none. */
  slot: number;
  forced: ForcedFault[];
  /** On a study's pool (pool.ts, StudyPool): the task's tournament, and the number of the play it belongs to. */
  spec?: WorkerSpec;
  specId?: number;
}

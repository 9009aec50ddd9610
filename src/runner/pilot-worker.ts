import { parentPort, workerData } from 'node:worker_threads';
import { prepareWorkerSpec } from './worker.js';
import { pilotRun, type PilotMeasure } from './pilot.js';
import type { WorkerSpec } from './spec.js';

/**
 * The pilot's thread (cost.ts starts it, and ends it at a time limit): loads each run's game and bots as
 * a pool worker does, pilots the runs in order and posts each measure as it comes, so that what was
 * measured before a time limit is kept.
 */
export interface PilotTask {
  runs: Array<{ spec: WorkerSpec; matchesPerVariant: number; matches: number }>;
  /** Each run's share of the pilot, in seconds. */
  share: number;
  threads: number;
  /** A run is plainly short below this many seconds (with as many more like it). */
  short: number;
}

export interface PilotMessage {
  run: number;
  measure: PilotMeasure;
}

async function main(task: PilotTask): Promise<void> {
  for (const [k, run] of task.runs.entries()) {
    const prepared = await prepareWorkerSpec(run.spec);
    const others = task.runs.length - k - 1;
    const enough = (spm: number) => ((1 + others) * run.matches * spm) / task.threads < task.short;
    const measure = pilotRun(prepared, run.matchesPerVariant, task.share, enough);
    parentPort!.postMessage({ run: k, measure } satisfies PilotMessage);
  }
}

await main(workerData as PilotTask);

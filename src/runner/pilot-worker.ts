import { parentPort, workerData } from 'node:worker_threads';
import { prepareWorkerSpec } from './worker.js';
import { pilotRuns, type PilotMeasure, type PilotPlan } from './pilot.js';
import type { WorkerSpec } from './spec.js';

/**
 * The pilot's thread (cost.ts starts it for a game or bot loaded from a file, and ends it at a time
 * limit): loads each run's game and bots as a pool worker does, pilots the runs in order and posts each
 * measure as it comes, so that what was measured before a time limit is kept.
 */
export interface PilotTask extends PilotPlan {
  runs: Array<{ spec: WorkerSpec; matchesPerVariant: number; matches: number }>;
}

export interface PilotMessage {
  run: number;
  measure: PilotMeasure;
}

const task = workerData as PilotTask;
await pilotRuns(
  task.runs.map((r) => ({ prepared: () => prepareWorkerSpec(r.spec), matchesPerVariant: r.matchesPerVariant, matches: r.matches })),
  task,
  (run, measure) => parentPort!.postMessage({ run, measure } satisfies PilotMessage),
);

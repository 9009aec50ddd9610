import { loadBot } from '../../bots/index.js';
import { prepare, runBatch, type BatchResult, type Prepared } from './batch.js';
import { loadGame } from './games.js';
import type { WorkerSpec } from './spec.js';

/**
 * The pool worker: stateless apart from a cache of loaded games and bots. A task names the tournament
 * (as plain data), a variant and a range of matches; the answer is that batch's CSV rows and compact
 * records. Game and bot references are registered names or absolute paths.
 */
export interface BatchTask {
  /** Identifies the spec within this process (the JSON of `spec`), for the cache. */
  key: string;
  spec: WorkerSpec;
  variant: number;
  start: number;
  end: number;
}

const cache = new Map<string, Promise<Prepared>>();

export async function prepareWorkerSpec(spec: WorkerSpec): Promise<Prepared> {
  const { game } = await loadGame(spec.gameRef, '/');
  const lineup = [];
  for (const e of spec.lineup) {
    const { factory } = await loadBot(e.ref, '/');
    lineup.push({ name: e.name, factory, params: e.params });
  }
  return prepare(game, spec.players, spec.seed, spec.variants, lineup);
}

export default async function runTask(task: BatchTask): Promise<BatchResult> {
  let prepared = cache.get(task.key);
  if (!prepared) {
    prepared = prepareWorkerSpec(task.spec);
    cache.set(task.key, prepared);
  }
  return runBatch(await prepared, task.variant, task.start, task.end);
}

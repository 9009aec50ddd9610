import { Piscina } from 'piscina';

/**
 * The compiled worker file. From dist/ it sits next to this module; under vitest this module runs from
 * src/*.ts, and the worker is still the compiled dist/ counterpart (`npm test` builds first).
 */
export function workerUrl(): URL {
  const here = import.meta.url;
  if (here.endsWith('.ts')) return new URL('../../dist/src/runner/worker.js', here);
  return new URL('./worker.js', here);
}

export function createPool(threads: number): Piscina {
  return new Piscina({
    filename: workerUrl().href,
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: 60_000,
    // Two tasks per worker: the next batch is already waiting in the worker when one finishes, so a
    // worker never idles for a round trip through a busy main thread. Tasks run one after the other
    // (a batch is synchronous), and results are matched to tasks, so the output does not change.
    concurrentTasksPerWorker: 2,
  });
}

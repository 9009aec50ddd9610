import { statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { InputError } from '../errors.js';

/**
 * A game or bot file is first loaded in a throwaway worker thread, under a time limit, before tavolo
 * imports it itself: a file whose top level hangs, calls process.exit or runs out of memory would
 * otherwise hang tavolo at 0 matches or end it (with exit 0 and nothing written). In a worker, an exit
 * ends only that thread, and a hang is ended by terminating it; either is reported as bad input (exit 2)
 * naming the file. The main thread imports the file only once it has loaded cleanly there.
 */

/** How long a file may take to load (its top level and its imports). TAVOLO_LOAD_TIMEOUT_MS changes it. */
export const DEFAULT_LOAD_TIMEOUT_MS = 60_000;

export function loadTimeoutMs(): number {
  const env = Number(process.env.TAVOLO_LOAD_TIMEOUT_MS);
  return Number.isSafeInteger(env) && env > 0 ? env : DEFAULT_LOAD_TIMEOUT_MS;
}

/** The probe's worker, as CommonJS source (an eval worker needs no file of its own): imports, then says so. */
const PROBE_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const exit = process.exit;
process.exit = (code) => {
  parentPort.postMessage({ exitCalled: code === undefined ? 0 : Number(code) });
  exit(code);
};
import(workerData.url).then(
  () => parentPort.postMessage({ loaded: true }),
  (err) => parentPort.postMessage({ loaded: false, message: err instanceof Error ? err.message : String(err) }),
);
`;

/**
 * How loading went: `exited` is a call of process.exit; `stalled` a load that left nothing to run and
 * never finished (a top-level await of a promise that never settles).
 */
type ProbeOutcome =
  | { kind: 'loaded' }
  | { kind: 'threw'; message: string }
  | { kind: 'exited'; code: number }
  | { kind: 'stalled' }
  | { kind: 'hung' }
  | { kind: 'crashed'; message: string };

/** Loads `file` in a fresh worker thread and says how that went. */
export function probeFile(file: string, timeoutMs = loadTimeoutMs()): Promise<ProbeOutcome> {
  return new Promise((resolve) => {
    const worker = new Worker(PROBE_SOURCE, { eval: true, workerData: { url: pathToFileURL(file).href } });
    let settled = false;
    const settle = (o: ProbeOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(o);
    };
    const timer = setTimeout(() => settle({ kind: 'hung' }), timeoutMs);
    let exitCalled: number | undefined;
    worker.on('message', (m: { loaded?: boolean; message?: string; exitCalled?: number }) => {
      if (m.exitCalled !== undefined) exitCalled = m.exitCalled;
      else settle(m.loaded ? { kind: 'loaded' } : { kind: 'threw', message: m.message ?? '' });
    });
    worker.on('error', (err) => settle({ kind: 'crashed', message: err.message }));
    worker.on('exit', (code) => settle(exitCalled !== undefined || code !== 0 ? { kind: 'exited', code: exitCalled ?? code } : { kind: 'stalled' }));
  });
}

/** Files that loaded cleanly, with their modification time and size then (a lineup may name a file often). */
const loadedCleanly = new Map<string, string>();

const stamp = (file: string) => {
  const st = statSync(file);
  return `${st.mtimeMs}:${st.size}`;
};

/** Throws an InputError naming the file unless it loads cleanly in a worker within the time limit. */
export async function checkLoads(file: string, field: string, what: string): Promise<void> {
  if (loadedCleanly.get(file) === stamp(file)) return;
  const timeoutMs = loadTimeoutMs();
  const o = await probeFile(file, timeoutMs);
  if (o.kind === 'loaded') loadedCleanly.set(file, stamp(file));
  switch (o.kind) {
    case 'loaded':
      return;
    case 'threw':
      throw new InputError(`could not load ${what} file ${file}: ${o.message}`, field);
    case 'exited':
      throw new InputError(
        `${what} file ${file} ended its thread while loading (exit code ${o.code}): its top level calls process.exit; ` +
          'a module must only define its exports',
        field,
      );
    case 'stalled':
      throw new InputError(`${what} file ${file} never finished loading: its top level awaits something that never settles`, field);
    case 'hung':
      throw new InputError(
        `${what} file ${file} did not finish loading within ${timeoutMs / 1000} s: its top level hangs or loops ` +
          '(TAVOLO_LOAD_TIMEOUT_MS sets the limit, in milliseconds)',
        field,
      );
    case 'crashed':
      throw new InputError(`${what} file ${file} failed while loading: ${o.message}`, field);
  }
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunJson } from '../../src/io/run-json.js';

/**
 * Typed reads of the JSON files tests look into. JSON.parse gives `any`, which the linter (rightly) will
 * not let flow on unchecked; here each file gets the type its writer gives it, and the test's expectations
 * check what it holds.
 */

/** run.json of a result folder; `Extra` names the sections a test reads beyond the common head (sequential, determinism_check). */
export function readRunJson<Extra extends object = object>(dir: string): RunJson & Extra {
  return JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')) as RunJson & Extra;
}

/** A JSON file (a spec, a journal's meta.json) as the shape the test states. */
export function readJsonFile<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

/** run.json's account of a sequential test (runner/sequential-run.ts, sequentialInfo): the fields tests read. */
export interface SequentialSection {
  sequential: { verdict: string; verdict_text: string[]; matches: number; llr: number; upper: number; lower: number; [more: string]: unknown };
}

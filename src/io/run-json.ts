import { readFileSync } from 'node:fs';
import { versions } from './runinfo.js';

/**
 * run.json: the one layout of the file, written by `tavolo run` (a whole run or a shard) and by `tavolo
 * merge`, and read by every command that opens a result folder (analysis/results.ts checks it). Its head,
 * the tournament's identity, is built here for both writers, so a field cannot be spelled or placed
 * differently by one of them; the rest says how this result was made (timings: the only file with them).
 */
export interface RunJson {
  tournament: string;
  /** The spec file, as given (null when the spec was not read from a file). */
  spec: string | null;
  spec_hash: string;
  /** A run: its shard (null for a whole run). */
  shard?: { index: number; count: number } | null;
  /** A merge: the shards it combined. */
  merged_from?: MergedShard[];
  /** Whether every match is in the folder (false only for files of an interrupted run of an early version). */
  complete: boolean;
  /** The game's name, or the hash of a game file (a merge knows only the hash). */
  game: string | { sha256: string };
  players: number;
  /** The master seed. */
  seed: string;
  matches_per_variant: number;
  variants: Array<{ name: string; options: unknown }>;
  /** Lineup entries in lineup order: entry k plays seat (k - i) mod players in match i (engine/plan.ts). */
  lineup: Array<{ name: string; bot: string | { sha256: string }; params: unknown }>;
  seat_rotation?: string;
  match_seed?: string;
  decision_timeout_ms: number;
  /** The random opening moves of every match (spec `opening`); absent when there were none. */
  opening?: number;
  matches_total?: number;
  faults?: Record<string, number>;
  versions?: Record<string, string>;
  platform?: string;
  /** A run's session (threads, wall_seconds, matches_per_second, ...), a merge's merge_seconds, a sequential test's account. */
  [more: string]: unknown;
}

/** One shard of a merge, as its run.json described it (null where a shard had none). */
export interface MergedShard {
  shard: string;
  dir: string;
  matches: string | undefined;
  threads: unknown;
  wall_seconds: unknown;
  matches_per_second: unknown;
  started_at: unknown;
  worker_restarts: unknown;
}

/** The tournament's identity, as both writers know it. */
export type RunIdentity = Pick<RunJson, 'tournament' | 'spec' | 'spec_hash' | 'game' | 'players' | 'seed' | 'matches_per_variant' | 'variants' | 'lineup'>;

/** The head of run.json, in its fixed order: the identity, with where the result came from (a run's shard or a merge's shards). */
export function runJsonHead(id: RunIdentity, origin: { shard: RunJson['shard'] } | { merged_from: MergedShard[] }): RunJson {
  const { tournament, spec, spec_hash, game, players, seed, matches_per_variant, variants, lineup } = id;
  return { tournament, spec, spec_hash, ...origin, complete: true, game, players, seed, matches_per_variant, variants, lineup } as RunJson;
}

/** The last fields of every run.json: the versions and the platform that wrote it. */
export function runJsonTail(): Pick<RunJson, 'versions' | 'platform'> {
  return { versions: versions(), platform: `${process.platform}-${process.arch}` };
}

/** The run.json of a folder as an object, or undefined when there is none or it is not a JSON object (the caller decides what that means). */
export function readRunJson(file: string): RunJson | undefined {
  try {
    const v = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as RunJson) : undefined;
  } catch {
    return undefined;
  }
}

/** run.json's text: two-space indented, one final newline. */
export function runJsonText(run: RunJson): string {
  return JSON.stringify(run, null, 2) + '\n';
}

import { dirname, join, resolve } from 'node:path';
import { resolveSpec, type RawSpec, type ResolvedSpec } from '../../runner/spec.js';
import { metaLineups, type Lineup } from './lineups.js';
import { asStrategyError, readMetaSpec, type MetaSpec } from './spec.js';

/**
 * `tavolo meta`'s runs: one ordinary tournament per lineup (a seating of a multiset of strategies,
 * lineups.ts), all on the spec's seed, so that match i of every lineup is dealt alike; they are played by
 * the runner's study runs (study-runs.ts): journaled, resumable, reused when complete.
 */

export interface MetaRun extends Lineup {
  dir: string;
  spec: ResolvedSpec;
}

export interface MetaPlan {
  meta: MetaSpec;
  /** The game's title, for the words. */
  title: string;
  /** The folder of meta.csv, meta.json and meta.html, holding each lineup's folder under lineups/. */
  root: string;
  /** How many multisets of strategies the lineups seat. */
  multisets: number;
  runs: MetaRun[];
}

/** The tournament of one lineup. */
function lineupSpec(meta: MetaSpec, seats: readonly number[], k: number): RawSpec {
  return {
    name: `${meta.name}-lineup${k + 1}`,
    game: meta.game,
    players: meta.players,
    matches: meta.matches,
    seed: meta.seed,
    ...(meta.decisionTimeoutMs !== undefined ? { decisionTimeoutMs: meta.decisionTimeoutMs } : {}),
    ...(meta.opening !== undefined ? { opening: meta.opening } : {}),
    variants: meta.variants,
    bots: seats.map((s) => meta.population[s]),
  };
}

/** A lineup's folder: its number (so that names never collide) and its strategies by seat. */
function lineupDir(root: string, meta: MetaSpec, seats: readonly number[], k: number, total: number): string {
  return join(root, 'lineups', `${String(k + 1).padStart(String(total).length, '0')}-${seats.map((s) => meta.population[s].name).join('-vs-')}`);
}

/**
 * Each strategy alone at the table first (its self-play lineup), so that a mistake in an entry is named
 * by its place in the population; then every lineup. Nothing is played or written.
 */
export async function planMeta(specPath: string, overrides: { matches?: number; seed?: string }, outDir: (name: string) => string): Promise<MetaPlan> {
  const file = resolve(specPath);
  const read = readMetaSpec(file);
  const meta: MetaSpec = { ...read, matches: overrides.matches ?? read.matches, seed: overrides.seed ?? read.seed };
  const base = dirname(file);
  const { lineups, multisets } = metaLineups(meta.population.length, meta.players);
  for (const [s] of meta.population.entries()) {
    const seats = Array.from({ length: meta.players }, () => s);
    try {
      await resolveSpec(lineupSpec(meta, seats, 0), base);
    } catch (err) {
      throw asStrategyError(err, s, meta.variants.length > 1);
    }
  }
  const root = outDir(meta.name);
  const runs: MetaRun[] = [];
  for (const [k, l] of lineups.entries()) {
    const spec = await resolveSpec(lineupSpec(meta, l.seats, k), base);
    runs.push({ ...l, dir: lineupDir(root, meta, l.seats, k, lineups.length), spec });
  }
  return { meta, title: runs[0].spec.game.title ?? runs[0].spec.game.name, root, multisets, runs };
}

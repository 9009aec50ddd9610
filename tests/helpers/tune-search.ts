import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { TuneSearch } from '../../src/studies/tune/charts.js';
import { parseSpec, resolveSpec, type ResolvedSpec } from '../../src/runner/spec.js';
import { runTune } from '../../src/studies/tune/run.js';
import { resolveTune, type TunePlan } from '../../src/studies/tune/spec.js';
import { FIXTURES, tempDir } from '../fixtures/cli.js';

/**
 * The search of tests/fixtures/highcard-tune.json, played for the tests of tune.html (its data, its page,
 * its read-back): ten high-card candidates against three targets in five rounds of 60 matches, a few
 * seconds on one thread. Some are dropped in round 1 (too short or too long, too many annulled), some
 * later, three are left.
 */
export interface FixtureSearch {
  spec: ResolvedSpec;
  plan: TunePlan;
  /** The spec's raw `tune` field, to vary. */
  rawTune: { targets: object[] } & Record<string, unknown>;
  dir: string;
  search: TuneSearch;
}

export const HIGHCARD_TUNE_SPEC = join(FIXTURES, 'highcard-tune.json');

/** Plays the fixture search (with `plan` when given) into a new folder. */
export async function fixtureSearch(prefix: string, plan?: (spec: ResolvedSpec, raw: FixtureSearch['rawTune']) => TunePlan): Promise<FixtureSearch> {
  const raw = parseSpec(JSON.parse(readFileSync(HIGHCARD_TUNE_SPEC, 'utf8')));
  const spec = await resolveSpec(raw, FIXTURES);
  const rawTune = raw.tune as FixtureSearch['rawTune'];
  const p = plan ? plan(spec, rawTune) : resolveTune(rawTune, spec);
  const dir = join(tempDir(prefix), 'hc');
  const outcome = await runTune(spec, p, { threads: 1, outDir: dir });
  const search = { tournament: spec.name, game: spec.game.name, seed: spec.seed, names: spec.variants.map((v) => v.name), plan: p, outcome };
  return { spec, plan: p, rawTune, dir, search };
}

/**
 * A search on Stramat (tests/studies/tune/run.test.ts, pool.test.ts): four candidates, with and without the
 * Stramat card and two Dado counts, raced in rounds of 100 matches and confirmed on 100 more.
 */
export const STRAMAT_TUNE_RAW = {
  name: 'tune-test',
  game: 'stramat',
  players: 4,
  matches: 300,
  seed: 'tune-test',
  sweep: { stramatCount: [0, 1], dadoCount: [2, 6] },
  tune: {
    targets: [
      { quantity: 'annulled_rate', max: 0.2 },
      { quantity: 'turns_mean', min: 20, max: 38 },
    ],
    block: 100,
    confirm: 100,
  },
  bots: [{ name: 'greedy', bot: 'greedy' }, { bot: 'random' }, { bot: 'random' }, { bot: 'random' }],
};

export type TuneRow = Record<string, string>;

/** tune.csv's rows of the race (candidate names hold commas, so it is read by a real CSV parser); `stage` 'confirmation' for the confirmation's. */
export const tuneCsvRows = (dir: string, stage = 'race'): TuneRow[] =>
  parse<TuneRow>(readFileSync(join(dir, 'tune.csv'), 'utf8'), { columns: true }).filter((row) => row.stage === stage);

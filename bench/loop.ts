/**
 * One loop of the benchmark, alone in its process, for counting instructions with `perf stat` (which,
 * unlike wall time, hardly varies with what else the machine is doing):
 *
 *   node dist/bench/loop.js <rules|engine|runner> <matches> [measures | measures=<name>,<name>...]
 *
 * rules: the bare rules loop; engine: the bare playMatch loop; runner: a whole in-process run (journal,
 * matches.csv, summaries), all on 4-player Stramat with random bots. The cost of one more match is the
 * difference between two match counts, which cancels start-up: `bench/instructions.sh` does exactly that.
 * With `measures`, the runner's spec asks for every match measure (docs/measures.md), with
 * `measures=a,b` for those: what they cost.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTournament } from '../src/runner/run.js';
import { resolveSpec } from '../src/runner/spec.js';
import { barePlayMatchLoop, bareRulesLoop } from './bare-loop.js';

const [kind, count, extra] = process.argv.slice(2);
const matches = Number(count);
if (!['rules', 'engine', 'runner'].includes(kind) || !Number.isInteger(matches) || matches < 1 || (extra !== undefined && extra !== 'measures' && !extra.startsWith('measures='))) {
  console.error('usage: node dist/bench/loop.js <rules|engine|runner> <matches> [measures | measures=<name>,...]');
  process.exit(2);
}
const spec = await resolveSpec(
  { name: 'bench-loop', game: 'stramat', players: 4, matches, seed: 'bench', bots: [{ bot: 'random' }, { bot: 'random' }, { bot: 'random' }, { bot: 'random' }], ...(extra ? { measures: extra === 'measures' ? true : extra.slice('measures='.length).split(',') } : {}) },
  process.cwd(),
);
if (kind === 'rules') bareRulesLoop(spec, 0, matches);
else if (kind === 'engine') barePlayMatchLoop(spec, 0, matches);
else {
  const out = mkdtempSync(join(tmpdir(), 'tavolo-loop-'));
  try {
    await runTournament(spec, { threads: 1, batch: 'auto', outDir: out, inProcess: true });
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

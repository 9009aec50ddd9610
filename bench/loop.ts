/**
 * One loop of the benchmark, alone in its process, for counting instructions with `perf stat` (which,
 * unlike wall time, hardly varies with what else the machine is doing):
 *
 *   node dist/bench/loop.js <rules|engine|batches|runner> <matches> [measures | measures=<name>,<name>...]
 *
 * rules: the bare rules loop; engine: the bare playMatch loop; batches: runBatch in batches of 2,000 with
 * a watchdog slot, as a pool worker runs them (the matches, their rows and records, the watchdog's cells),
 * in this thread; runner: a whole in-process run (journal, matches.csv, summaries), all on 4-player
 * Stramat with random bots. The cost of one more match is the
 * difference between two match counts, which cancels start-up: `bench/instructions.sh` does exactly that.
 * With `measures`, the runner's spec asks for every match measure (docs/measures.md), with
 * `measures=a,b` for those: what they cost.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepare, runBatch } from '../src/runner/batch.js';
import { runTournament } from '../src/runner/run.js';
import { SLOT_INTS } from '../src/runner/slots.js';
import { resolveSpec } from '../src/runner/spec.js';
import { barePlayMatchLoop, bareRulesLoop } from './bare-loop.js';

const [kind, count, extra] = process.argv.slice(2);
const matches = Number(count);
if (!['rules', 'engine', 'batches', 'runner'].includes(kind) || !Number.isInteger(matches) || matches < 1 || (extra !== undefined && extra !== 'measures' && !extra.startsWith('measures='))) {
  console.error('usage: node dist/bench/loop.js <rules|engine|batches|runner> <matches> [measures | measures=<name>,...]');
  process.exit(2);
}
const spec = await resolveSpec(
  { name: 'bench-loop', game: 'stramat', players: 4, matches, seed: 'bench', bots: [{ bot: 'random' }, { bot: 'random' }, { bot: 'random' }, { bot: 'random' }], ...(extra ? { measures: extra === 'measures' ? true : extra.slice('measures='.length).split(',') } : {}) },
  process.cwd(),
);
if (kind === 'rules') bareRulesLoop(spec, 0, matches);
else if (kind === 'engine') barePlayMatchLoop(spec, 0, matches);
else if (kind === 'batches') {
  const prepared = prepare(spec.game, spec.players, spec.seed, spec.variants, spec.lineup, spec.measures);
  const slot = new Int32Array(new SharedArrayBuffer(4 * SLOT_INTS));
  for (let start = 0; start < matches; start += 2000) runBatch(prepared, 0, start, Math.min(matches, start + 2000), { slot });
}
else {
  const out = mkdtempSync(join(tmpdir(), 'tavolo-loop-'));
  try {
    await runTournament(spec, { threads: 1, batch: 'auto', outDir: out, inProcess: true });
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

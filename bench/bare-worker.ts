/**
 * A bench thread for the machine's own scaling (bench.ts): warms up, says it is ready, waits for "go",
 * plays its share of the matches with no runner (the bare rules loop for random bots, the bare
 * playMatch loop for others) and answers with the milliseconds it took.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { resolveSpec } from '../src/runner/spec.js';
import { barePlayMatchLoop, bareRulesLoop } from './bare-loop.js';

const { bot, matches, offset } = workerData as { bot: string; matches: number; offset: number };
const spec = await resolveSpec(
  { name: `bench-${bot}`, game: 'stramat', players: 4, matches: offset + matches, seed: 'bench', bots: [{ bot }, { bot }, { bot }, { bot }] },
  process.cwd(),
);
const loop = bot === 'random' ? bareRulesLoop : barePlayMatchLoop;
loop(spec, 0, Math.min(2000, matches));
parentPort!.postMessage('ready');
parentPort!.once('message', () => {
  const t0 = performance.now(); // clock-ok: benchmark timing only
  loop(spec, offset, offset + matches);
  parentPort!.postMessage(performance.now() - t0); // clock-ok
});

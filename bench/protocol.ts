/**
 * `node dist/bench/protocol.js [--matches N]`: what a bot in another process costs per decision. Plays the
 * same 2-player Stramat matches with tavolo's random bot in seat 0 and with the Python random bot over
 * pipes (python/examples/random_bot.py, through the protocol of docs/protocol.md), against tavolo's random
 * bot in seat 1, interleaved, and prints decisions per second of each and the time per decision of the
 * Python seat: the round trip, the observation's JSON and the Python client's own work.
 */
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { bots } from '../bots/index.js';
import type { BotFactory } from '../src/engine/bot.js';
import { playMatch, type SeatBot } from '../src/engine/match.js';
import { resolveOptions } from '../src/engine/options.js';
import { stramat } from '../src/games/stramat/index.js';
import { processBotFactory } from '../src/protocol/process-bot.js';

const i = process.argv.indexOf('--matches');
const MATCHES = i >= 0 ? Number(process.argv[i + 1]) : 200;
const OPTS = resolveOptions(stramat.options, {});
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SCRIPT = join(ROOT, 'python', 'examples', 'random_bot.py');

/** Over MATCHES matches (seat 1: tavolo's random bot): decisions per second of the match, and seconds per decision of seat 0. */
function speed(factory: BotFactory): { perSecond: number; perSeat0: number } {
  let seat0 = 0;
  const counted: BotFactory = {
    ...factory,
    create(ctx) {
      const bot = factory.create(ctx);
      return { choose: (d) => (seat0++, bot.choose(d)), end: (r) => bot.end?.(r) };
    },
  };
  const seats: SeatBot[] = [
    { factory: counted, params: {} },
    { factory: bots.random, params: {} },
  ];
  let decisions = 0;
  const t0 = performance.now(); // clock-ok: a benchmark
  for (let m = 0; m < MATCHES; m++) decisions += playMatch(stramat, OPTS, seats, `protocol-bench/${m}`).decisions;
  const seconds = (performance.now() - t0) / 1000; // clock-ok: a benchmark
  return { perSecond: decisions / seconds, perSeat0: seconds / seat0 };
}

const python = processBotFactory({ command: ['python3', SCRIPT], cwd: ROOT, waitMs: 60_000, files: [1] });
speed(bots.random); // warm-up, and the Python process's start
speed(python);
const inProcess: Array<ReturnType<typeof speed>> = [];
const overPipes: Array<ReturnType<typeof speed>> = [];
for (let rep = 0; rep < 3; rep++) {
  inProcess.push(speed(bots.random));
  overPipes.push(speed(python));
}
const med = (xs: number[]) => [...xs].sort((x, y) => x - y)[1];
const rate = (runs: typeof inProcess) => med(runs.map((r) => r.perSecond));
console.log(`Process bot, 2-player Stramat, ${MATCHES} matches per measurement, medians of 3:\n`);
console.log('| seat 0 | decisions per second (both seats) | time per decision of seat 0 (whole match / its decisions) |\n|---|---:|---:|');
console.log(`| tavolo's random bot (in-process) | ${rate(inProcess).toFixed(0)} | ${(med(inProcess.map((r) => r.perSeat0)) * 1e6).toFixed(2)} µs |`);
console.log(`| Python random bot over pipes | ${rate(overPipes).toFixed(0)} | ${(med(overPipes.map((r) => r.perSeat0)) * 1e6).toFixed(0)} µs |`);
process.exit(0);

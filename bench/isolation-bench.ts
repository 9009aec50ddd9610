/**
 * `node dist/bench/isolation-bench.js [--matches N]`: what isolation mode costs per decision. Plays the
 * same 4-player Stramat matches with the random bot and with greedy, in the engine's thread and in
 * isolation (every seat in a thread of its own), interleaved, and prints the time per decision of each
 * and the difference: the price of one round trip (plus the observation's copy for greedy, which reads it).
 */
import { bots } from '../bots/index.js';
import type { BotFactory } from '../src/engine/bot.js';
import { playMatch, type SeatBot } from '../src/engine/match.js';
import { resolveOptions } from '../src/engine/options.js';
import { stramat } from '../src/games/stramat/index.js';
import { isolatedFactory } from '../src/runner/isolation.js';

const i = process.argv.indexOf('--matches');
const MATCHES = i >= 0 ? Number(process.argv[i + 1]) : 2000;
const OPTS = resolveOptions(stramat.options, {});

/** Microseconds per decision over MATCHES matches with `factory` in every seat. */
function perDecision(factory: BotFactory): number {
  const seats: SeatBot[] = [0, 1, 2, 3].map(() => ({ factory, params: resolveOptions(factory.params, {}) }));
  let decisions = 0;
  const t0 = performance.now(); // clock-ok: a benchmark
  for (let m = 0; m < MATCHES; m++) decisions += playMatch(stramat, OPTS, seats, `iso-bench/${m}`).decisions;
  return ((performance.now() - t0) * 1000) / decisions; // clock-ok: a benchmark
}

const rows: string[] = [];
for (const name of ['random', 'greedy']) {
  const plain = bots[name];
  // All four seats' bots in one thread apart from the engine (a round trip per decision either way).
  const seatsIsolated: BotFactory = isolatedFactory(plain, name, 'stramat');
  perDecision(plain); // warm-up
  perDecision(seatsIsolated);
  const a: number[] = [];
  const b: number[] = [];
  for (let rep = 0; rep < 3; rep++) {
    a.push(perDecision(plain));
    b.push(perDecision(seatsIsolated));
  }
  const med = (xs: number[]) => [...xs].sort((x, y) => x - y)[1];
  rows.push(`| ${name} | ${med(a).toFixed(2)} | ${med(b).toFixed(2)} | ${(med(b) - med(a)).toFixed(2)} | ${(med(b) / med(a)).toFixed(0)}x |`);
}
console.log(`Isolation mode, 4-player Stramat, ${MATCHES} matches per measurement, medians of 3 (microseconds per decision):\n`);
console.log('| bot | engine thread | isolation | cost of isolation | ratio |\n|---|---:|---:|---:|---:|');
for (const r of rows) console.log(r);
process.exit(0);

/**
 * Per-game speed on one thread: every registered game, 4 players, random bots, through `playMatch`
 * (the engine and the bots, no runner, no output). Medians over repetitions; decisions per match too,
 * so games of very different lengths can be compared per decision.
 *
 *   node dist/bench/games-bench.js [--seconds S] [--reps R] [--players N] [--game NAME]
 * (a game that does not take N players is left out of the table).
 */
import { random } from '../bots/random.js';
import { playMatch, type SeatBot } from '../src/engine/match.js';
import { resolveOptions } from '../src/engine/options.js';
import { games } from '../src/games/index.js';
import { gameFlag, positiveFlag } from './flags.js';
import { matchSeed } from '../src/engine/plan.js';


const SECONDS = positiveFlag('games-bench', 'seconds', 3);
const REPS = positiveFlag('games-bench', 'reps', 3);
const PLAYERS = positiveFlag('games-bench', 'players', 4);
const ONLY = gameFlag('games-bench', Object.keys(games));

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

interface Row {
  game: string;
  matchesPerSecond: number;
  decisionsPerMatch: number;
}

const rows: Row[] = [];
for (const [name, game] of Object.entries(games)) {
  if (ONLY !== undefined && name !== ONLY) continue;
  if (PLAYERS < game.minPlayers || PLAYERS > game.maxPlayers) continue;
  const opts = resolveOptions(game.options, {});
  game.checkOptions(opts, PLAYERS);
  const seats: SeatBot[] = Array.from({ length: PLAYERS }, () => ({ factory: random, params: {} }));
  const rates: number[] = [];
  let decisions = 0;
  let played = 0;
  let index = 0;
  // Warm-up, then timed repetitions of about SECONDS each.
  for (let rep = -1; rep < REPS; rep++) {
    const t0 = process.hrtime.bigint(); // clock-ok: benchmark timing only
    let n = 0;
    for (;;) {
      for (let k = 0; k < 50; k++, n++) {
        const out = playMatch(game, opts, seats, matchSeed('games-bench', index++));
        if (rep >= 0) {
          decisions += out.decisions;
          played++;
        }
      }
      const elapsed = Number(process.hrtime.bigint() - t0) / 1e9; // clock-ok
      if (elapsed >= (rep < 0 ? 1 : SECONDS)) {
        if (rep >= 0) rates.push(n / elapsed);
        break;
      }
    }
  }
  rows.push({ game: name, matchesPerSecond: median(rates), decisionsPerMatch: decisions / played });
}

console.log(`\nPer game, ${PLAYERS} players, random bots, playMatch on one thread (median of ${REPS} x ${SECONDS} s)\n`);
console.log('| game | matches/s | decisions/match | decisions/s |');
console.log('|---|---:|---:|---:|');
for (const r of rows) {
  const dps = r.matchesPerSecond * r.decisionsPerMatch;
  console.log(`| ${r.game} | ${Math.round(r.matchesPerSecond).toLocaleString('en')} | ${r.decisionsPerMatch.toFixed(1)} | ${Math.round(dps).toLocaleString('en')} |`);
}

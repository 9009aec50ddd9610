// Heads-up strength and speed of one bot against another (greedy by default), in paired matches: every
// seed is played twice, the bot in each seat, so the deal and who moves first are the same for both bots.
//   npm run build && node dist/bench/headsup-bench.js --game scala --pairs 50 \
//     --bot alphabeta --params '{"nodes":2000}' [--opponent greedy --opponent-params '{}'] [--options '{}']
//
// Prints the bot's win share (a win shared by k seats counts 1/k) with Wilson's 95% interval over the
// matches (src/analysis/intervals.ts; the pairs split it by outcome), and the bot's time per decision in CPU
// milliseconds of this process (what one core does; nearly independent of other work on the machine) and
// in wall milliseconds. The matches, and so every figure but the times, replay exactly from --seed.
import { parseArgs } from 'node:util';
import type { Bot, BotContext, BotFactory, Decision } from '../src/engine/bot.js';
import { type SeatBot, playMatch } from '../src/engine/match.js';
import { resolveOptions } from '../src/engine/options.js';
import { games } from '../src/games/index.js';
import { fixed, wilson } from '../src/analysis/intervals.js';
import { bots } from '../bots/index.js';

const line = (s: string) => process.stdout.write(s + '\n');

/** The bot's own clock: CPU and wall microseconds spent in its `choose`, and how many decisions. */
interface DecisionClock {
  cpuMicros: number;
  wallMs: number;
  decisions: number;
}

function timed(factory: BotFactory, clock: DecisionClock): BotFactory {
  return {
    ...factory,
    create(ctx: BotContext): Bot {
      const bot = factory.create(ctx);
      return {
        choose(d: Decision): number {
          const cpu0 = process.cpuUsage();
          const wall0 = performance.now(); // clock-ok (benchmark)
          const a = bot.choose(d);
          const cpu = process.cpuUsage(cpu0);
          clock.wallMs += performance.now() - wall0; // clock-ok (benchmark)
          clock.cpuMicros += cpu.user + cpu.system;
          clock.decisions++;
          return a;
        },
      };
    },
  };
}

/** A JSON object given on the command line, or a clear error naming the flag. */
function jsonObject(text: string, flag: string): Record<string, unknown> {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw new Error(`--${flag}: expected a JSON object, found ${JSON.stringify(text)}`);
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error(`--${flag}: expected a JSON object, found ${text}`);
  return v as Record<string, unknown>;
}

function seatBot(name: string, params: string, flag: string, clock?: DecisionClock): SeatBot {
  const factory = bots[name];
  if (!factory) throw new Error(`unknown bot "${name}"; known: ${Object.keys(bots).join(', ')}`);
  return { factory: clock ? timed(factory, clock) : factory, params: resolveOptions(factory.params, jsonObject(params, flag), 'bot parameter') };
}

/** Per pair of matches (one seed, both seatings): how many of the two the bot won (win shares summed). */
interface PairTally {
  wins: number;
  matches: number;
  asFirst: number;
  firstMatches: number;
  both: number;
  split: number;
  neither: number;
}

function main(): void {
  const { values: v } = parseArgs({
    options: {
      game: { type: 'string', default: 'scala' },
      pairs: { type: 'string', default: '50' },
      bot: { type: 'string', default: 'alphabeta' },
      params: { type: 'string', default: '{}' },
      opponent: { type: 'string', default: 'greedy' },
      'opponent-params': { type: 'string', default: '{}' },
      options: { type: 'string', default: '{}' },
      seed: { type: 'string', default: 'headsup' },
    },
  });
  const game = games[v.game];
  if (!game) throw new Error(`unknown game "${v.game}"; known: ${Object.keys(games).join(', ')}`);
  const opts = resolveOptions(game.options, jsonObject(v.options, 'options'));
  const clock: DecisionClock = { cpuMicros: 0, wallMs: 0, decisions: 0 };
  const me = seatBot(v.bot, v.params, 'params', clock);
  me.factory.checkParams?.(me.params, game, 2);
  const other = seatBot(v.opponent, v['opponent-params'], 'opponent-params');
  const t: PairTally = { wins: 0, matches: 0, asFirst: 0, firstMatches: 0, both: 0, split: 0, neither: 0 };
  const pairs = Number(v.pairs);
  if (!Number.isInteger(pairs) || pairs < 1) throw new Error(`--pairs: expected a positive integer, found ${v.pairs}`);
  for (let i = 0; i < pairs; i++) {
    let pairWins = 0;
    for (let mySeat = 0; mySeat < 2; mySeat++) {
      const out = playMatch(game, opts, mySeat === 0 ? [me, other] : [other, me], `${v.seed}/pair/${i}`);
      const w = out.result.winners;
      const share = w.includes(mySeat) ? 1 / w.length : 0;
      pairWins += share;
      t.wins += share;
      t.matches++;
      if (out.result.firstPlayer === mySeat) {
        t.asFirst += share;
        t.firstMatches++;
      }
    }
    if (pairWins === 2) t.both++;
    else if (pairWins === 0) t.neither++;
    else t.split++;
  }
  report(v.bot, v.params, v.opponent, v.game, t, clock);
}

function report(bot: string, params: string, opponent: string, game: string, t: PairTally, clock: DecisionClock): void {
  const [lo, hi] = wilson(t.wins, t.matches);
  const pct = (x: number) => `${fixed(100 * x, 1)}%`;
  const cpuMs = clock.cpuMicros / 1000 / Math.max(1, clock.decisions);
  const wallMs = clock.wallMs / Math.max(1, clock.decisions);
  line(
    `${bot} ${params} against ${opponent} in ${game}, heads-up: won ${pct(t.wins / t.matches)} of ${t.matches} matches ` +
      `(95% interval ${pct(lo)} to ${pct(hi)}), ${pct(t.asFirst / Math.max(1, t.firstMatches))} of the ${t.firstMatches} where it moved first.`,
  );
  line(`Of ${t.both + t.split + t.neither} pairs (one seed, both seatings) it won both in ${t.both}, one in ${t.split}, neither in ${t.neither}.`);
  line(`Time per decision: ${fixed(cpuMs, 2)} ms of CPU, ${fixed(wallMs, 2)} ms of wall time, over ${clock.decisions} decisions.`);
  line(`matches\twin_share\tci_low95\tci_high95\tfirst_win_share\tcpu_ms_per_decision\twall_ms_per_decision`);
  line(`${t.matches}\t${fixed(t.wins / t.matches, 4)}\t${fixed(lo, 4)}\t${fixed(hi, 4)}\t${fixed(t.asFirst / Math.max(1, t.firstMatches), 4)}\t${fixed(cpuMs, 3)}\t${fixed(wallMs, 3)}`);
}

main();

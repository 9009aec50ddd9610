// How much room Symbotrio leaves for skill between players of perfect memory: a measuring instrument, not a
// bot (it reads the whole state on purpose, which no bot may).
//   npm run build && node dist/bench/symbotrio-ceiling.js [--pairs 1000] [--seed ceiling]
//
// 1. The census: in matches of perfect-memory greedy against itself, the share of decisions where memory
//    alone settles the move: the attempt's three squares are all known, so the flip that opens the safe is
//    certain (the heuristic rates it WIN) and no search can find a better one. The rest are the
//    decisions where some judgement is possible (which unknown square to explore, whether to stop, whom a
//    cheater robs).
// 2. The ceiling: an oracle that sees every square (greedy's judgement on the true keypad) against
//    perfect-memory greedy, every seed in both seatings. No honest player, however deep its search, knows
//    more than the oracle about the squares, so the oracle's win share bounds what knowing the squares is
//    worth; it is not a bound on cleverness elsewhere (hiding squares from the opponent, the cheater's
//    victim), where the oracle plays as greedy does.
import { parseArgs } from 'node:util';
import { matchRngs } from '../src/engine/match.js';
import { resolveOptions } from '../src/engine/options.js';
import { symbotrio } from '../src/games/symbotrio/index.js';
import type { SymbotrioObservation } from '../src/games/symbotrio/observation.js';
import type { SymbotrioState } from '../src/games/symbotrio/state.js';
import { fixed, wilson } from '../src/analysis/intervals.js';
import { greedyChoice } from '../bots/greedy.js';

const line = (s: string) => process.stdout.write(s + '\n');
/** The heuristic's value of the flip that opens the safe (src/games/symbotrio/heuristic.ts, WIN). */
const WIN = 100;

/** Decisions with a choice, and those of them memory settles (the rest are left to judgement). */
interface Census {
  decisions: number;
  settled: number;
}

/** What seat p sees, or (oracle) the same with every square of the keypad shown as it truly is. */
function view(s: SymbotrioState, p: number, oracle: boolean): SymbotrioObservation {
  const obs = symbotrio.observe(s, p);
  if (oracle) for (let i = 0; i < obs.known.length; i++) obs.known[i] = s.at[i];
  return obs;
}

/** One match, seat `oracleSeat` the oracle (-1: none); returns the winners and counts the census. */
function play(seed: string, oracleSeat: number, census: Census | null): number[] {
  const opts = resolveOptions(symbotrio.options, {});
  const rngs = matchRngs(seed, 2);
  const s = symbotrio.setup(opts, 2, rngs.game);
  const buf = new Int32Array(symbotrio.maxActions);
  for (let p = symbotrio.currentPlayer(s); p >= 0; p = symbotrio.currentPlayer(s)) {
    const k = symbotrio.legalActions(s, buf);
    const obs = view(s, p, p === oracleSeat);
    if (census && k > 1) tally(census, obs, buf, k);
    const a = k === 1 ? buf[0] : greedyChoice(symbotrio, obs, buf, k, rngs.bots[p]);
    symbotrio.apply(s, a, rngs.game);
  }
  return symbotrio.result(s).winners;
}

function tally(census: Census, obs: SymbotrioObservation, buf: Int32Array, k: number): void {
  let best = -Infinity;
  for (let i = 0; i < k; i++) best = Math.max(best, symbotrio.search.heuristic!(obs, buf[i]));
  census.decisions++;
  if (best === WIN) census.settled++;
}

function main(): void {
  const { values: v } = parseArgs({ options: { pairs: { type: 'string', default: '1000' }, seed: { type: 'string', default: 'ceiling' } } });
  const pairs = Number(v.pairs);
  const census: Census = { decisions: 0, settled: 0 };
  let oracleWins = 0;
  let oracleFirst = 0;
  for (let i = 0; i < pairs; i++) {
    play(`${v.seed}/census/${i}`, -1, census);
    for (const seat of [0, 1]) {
      const winners = play(`${v.seed}/pair/${i}`, seat, null);
      if (winners.includes(seat)) {
        oracleWins += 1 / winners.length;
        if (seat === 0) oracleFirst += 1 / winners.length;
      }
    }
  }
  const share = census.settled / census.decisions;
  const judged = census.decisions - census.settled;
  line(
    `Census over ${pairs} matches of perfect-memory greedy against itself: ${census.decisions} decisions with a choice, ` +
      `${census.settled} (${fixed(100 * share, 1)}%) settled by memory (the flip that opens the safe is known), ` +
      `${judged} (${fixed(100 * (1 - share), 1)}%) left to judgement; ${fixed(judged / pairs, 1)} of those a match.`,
  );
  const n = 2 * pairs;
  const [lo, hi] = wilson(oracleWins, n);
  line(
    `Ceiling: an oracle that sees every square won ${fixed(100 * oracleWins / n, 1)}% of ${n} matches against perfect-memory greedy ` +
      `(95% interval ${fixed(100 * lo, 1)}% to ${fixed(100 * hi, 1)}%), ${fixed(100 * oracleFirst / pairs, 1)}% of the ${pairs} where it moved first.`,
  );
}

main();

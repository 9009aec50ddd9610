// Stop's playout horizon for the search bots: game.search.stage and game.search.evaluate (src/games/stop/evaluate.ts)
// and the playouts that stop at the end of the round (bots/mc-common.ts).
import { describe, expect, it } from 'vitest';
import { Playout } from '../../../bots/mc-common.js';
import { pimc } from '../../../bots/pimc.js';
import { ismcts } from '../../../bots/ismcts.js';
import type { AnyGame } from '../../../src/engine/game.js';
import { resolveOptions } from '../../../src/engine/options.js';
import { Rng } from '../../../src/engine/rng.js';
import { stop, type StopState } from '../../../src/games/stop/index.js';
import { stramat } from '../../../src/games/stramat/index.js';

const game = stop as AnyGame;
const opts = resolveOptions(stop.options, {}, 'option');

/** A Stop match played at random until `rounds` rounds are scored (or it ends). */
function afterRounds(rounds: number, seed: string, players = 4): StopState {
  const rng = new Rng(seed);
  const s = stop.setup(opts, players, rng);
  const buf = new Int32Array(stop.maxActions);
  while (stop.currentPlayer(s) >= 0 && stop.search.stage!(s) < rounds) stop.apply(s, buf[rng.int(stop.legalActions(s, buf))], rng);
  return s;
}

describe('Stop: stage and evaluate', () => {
  it('stage counts the rounds scored', () => {
    const s = afterRounds(3, 'stage');
    expect(stop.search.stage!(s)).toBe(3);
    expect(typeof stop.measures.write).toBe('function');
    const m: number[] = [];
    stop.measures.write(s, m);
    expect(m[0]).toBe(3);
  });

  it('evaluate gives win chances that sum to 1 and order the seats by total, lowest first', () => {
    for (let k = 0; k < 50; k++) {
      const s = afterRounds(1 + (k % 5), `eval-${k}`);
      if (stop.currentPlayer(s) < 0) continue;
      const out = new Float64Array(4);
      stop.search.evaluate!(s, out);
      expect(out.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
      for (let p = 0; p < 4; p++) {
        for (let q = 0; q < 4; q++) {
          if (s.totals[p] < s.totals[q]) expect(out[p]).toBeGreaterThan(out[q]);
          if (s.totals[p] === s.totals[q]) expect(out[p]).toBeCloseTo(out[q], 12);
        }
      }
    }
  });

  it('the same gap counts for more near the target than at the start', () => {
    const s = afterRounds(1, 'gap');
    const out = new Float64Array(4);
    s.totals.set([0, 60, 60, 60]);
    stop.search.evaluate!(s, out);
    const early = out[0];
    s.totals.set([400, 460, 460, 460]);
    stop.search.evaluate!(s, out);
    expect(out[0]).toBeGreaterThan(early);
  });
});

describe('playouts to the end of the round', () => {
  it("stop at the round's end and score with evaluate; a whole-match playout goes on to the end", () => {
    const start = afterRounds(1, 'playout');
    const byRound = new Playout(game, 4, new Rng('p'), 'random', 0, 0, 'auto');
    const s = stop.clone(start);
    const rewards = byRound.run(s);
    expect(stop.search.stage!(s)).toBe(2);
    expect(stop.currentPlayer(s)).toBeGreaterThanOrEqual(0);
    const expected = new Float64Array(4);
    stop.search.evaluate!(s, expected);
    expect(Array.from(rewards)).toEqual(Array.from(expected));
    const whole = new Playout(game, 4, new Rng('p'), 'random', 0, 0, 'match');
    const t = stop.clone(start);
    whole.run(t);
    expect(stop.currentPlayer(t)).toBe(-1);
  });

  it("'round' on a game without stage and evaluate is refused clearly", () => {
    expect(() => new Playout(stramat as AnyGame, 2, new Rng('x'), 'random', 0, 0, 'round')).toThrow(/horizon 'round' needs search.stage and search.evaluate/);
  });

  it('the search bots play Stop with a few dozen actions per playout instead of a whole match', () => {
    // Counting applies (not time): a bot's decision costs its playouts' actions.
    for (const factory of [pimc, ismcts]) {
      const counts: Record<string, number> = {};
      for (const horizon of ['auto', 'match']) {
        const s = afterRounds(1, 'bots');
        let applies = 0;
        const counting = { ...stop, apply: (st: StopState, a: number, r: Rng) => (applies++, stop.apply(st, a, r)) } as AnyGame;
        const legal = new Int32Array(stop.maxActions);
        const count = stop.legalActions(s, legal);
        const player = stop.currentPlayer(s);
        const bot = factory.create({
          game: counting,
          seat: player,
          players: 4,
          rng: new Rng('bot'),
          params: resolveOptions(factory.params, { iterations: 200, horizon }, 'bot parameter'),
        });
        bot.choose({ game: counting, player, legal, count, observation: stop.observe(s, player), describe: (a) => stop.view.actionText(s, a) });
        counts[horizon] = applies;
      }
      expect(counts.auto * 5).toBeLessThan(counts.match);
    }
  });
});

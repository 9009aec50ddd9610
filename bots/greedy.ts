import type { Bot, BotContext, BotFactory, Decision } from '../src/engine/bot.js';
import type { AnyGame } from '../src/engine/game.js';
import { heuristicOf, requireHeuristic } from '../src/engine/heuristic.js';
import type { Rng } from '../src/engine/rng.js';

/**
 * The action among the first `count` of `legal` that `game.search.heuristic` rates highest for `obs`; ties
 * broken uniformly at random by reservoir sampling (one draw from rng per tie met, no allocation). The
 * one argmax of the greedy bot, the search bots' greedy playouts (mc-common.ts) and the memory bot, so
 * that the same observation, actions and generator give the same choice in all of them.
 */
export function greedyChoice(game: AnyGame, obs: unknown, legal: Int32Array, count: number, rng: Rng): number {
  const heuristic = heuristicOf(game);
  let best = legal[0];
  let bestValue = heuristic(obs, best);
  let ties = 1;
  for (let i = 1; i < count; i++) {
    const a = legal[i];
    const v = heuristic(obs, a);
    if (v > bestValue) {
      best = a;
      bestValue = v;
      ties = 1;
    } else if (v === bestValue && rng.int(++ties) === 0) {
      best = a;
    }
  }
  return best;
}

class GreedyBot implements Bot {
  constructor(
    private readonly game: AnyGame,
    private readonly rng: Rng,
    private readonly epsilon: number,
  ) {}

  choose(d: Decision): number {
    const { legal, count } = d;
    if (count === 1) return legal[0];
    if (this.epsilon > 0 && this.rng.float() < this.epsilon) return legal[this.rng.int(count)];
    return greedyChoice(this.game, d.observation, legal, count, this.rng);
  }
}

/** Takes the action with the highest `game.search.heuristic` value for its observation; ties broken at random. */
export const greedy: BotFactory = {
  name: 'greedy',
  description: "Takes the legal action the game's heuristic rates highest (from its observation only); ties at random.",
  params: [
    {
      name: 'epsilon',
      type: 'number',
      default: 0,
      min: 0,
      max: 1,
      description: 'Probability of playing a uniformly random legal action instead.',
    },
  ],
  checkParams(_params, game) {
    requireHeuristic(game, 'greedy');
  },
  create(ctx: BotContext): Bot {
    return new GreedyBot(ctx.game, ctx.rng, ctx.params.epsilon as number);
  },
};

export default greedy;

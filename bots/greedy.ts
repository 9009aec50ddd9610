import type { Bot, BotContext, BotFactory, Decision } from '../src/engine/bot.js';
import type { AnyGame, OptionSpec } from '../src/engine/game.js';
import { heuristicOf, requireHeuristic, softmaxChoice } from '../src/engine/heuristic.js';
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

/**
 * How a casual player errs: with probability `epsilon` a uniformly random legal action (a slip), else with
 * `temperature` above 0 a softmax choice over the heuristic (a misjudgement that favours the near-best),
 * else the greedy choice. Both draw from `rng` only when set, so the defaults (0, 0) play greedy's moves
 * with greedy's draws exactly.
 */
export function casualChoice(game: AnyGame, d: Decision, legal: Int32Array, count: number, rng: Rng, mistakes: Mistakes): number {
  if (mistakes.epsilon > 0 && rng.float() < mistakes.epsilon) return legal[rng.int(count)];
  if (mistakes.temperature > 0) return softmaxChoice(game, d.observation, legal, count, mistakes.temperature, rng, mistakes.values);
  return greedyChoice(game, d.observation, legal, count, rng);
}

/** A casual player's two ways of erring (greedy's `epsilon` and `temperature`) and a buffer for the softmax. */
export interface Mistakes {
  readonly epsilon: number;
  readonly temperature: number;
  readonly values: Float64Array;
}

/** The mistakes a bot's parameters ask for (greedy's and the persona's `epsilon`, `temperature`). */
export function mistakesOf(ctx: BotContext): Mistakes {
  return {
    epsilon: ctx.params.epsilon as number,
    temperature: ctx.params.temperature as number,
    values: new Float64Array(ctx.game.maxActions),
  };
}

class GreedyBot implements Bot {
  constructor(
    private readonly game: AnyGame,
    private readonly rng: Rng,
    private readonly mistakes: Mistakes,
  ) {}

  choose(d: Decision): number {
    const { legal, count } = d;
    if (count === 1) return legal[0];
    return casualChoice(this.game, d, legal, count, this.rng, this.mistakes);
  }
}

/** Greedy's parameters, shared with the persona bot (which plays greedy where no rule applies). */
export const MISTAKE_PARAMS: OptionSpec[] = [
  {
    name: 'epsilon',
    type: 'number',
    default: 0,
    min: 0,
    max: 1,
    description: 'Error rate: probability of playing a uniformly random legal action instead.',
  },
  {
    name: 'temperature',
    type: 'number',
    default: 0,
    min: 0,
    max: 1e6,
    description:
      "Softmax temperature over the game's heuristic, in its units: action a with probability proportional to exp(h(a) / temperature); 0 takes the best.",
  },
];

/** Takes the action with the highest `game.search.heuristic` value for its observation; ties broken at random. */
export const greedy: BotFactory = {
  name: 'greedy',
  description:
    "Takes the legal action the game's heuristic rates highest (from its observation only); ties at random. epsilon and temperature make it a casual player (docs/personas.md).",
  params: MISTAKE_PARAMS,
  checkParams(_params, game) {
    requireHeuristic(game, 'greedy');
  },
  create(ctx: BotContext): Bot {
    return new GreedyBot(ctx.game, ctx.rng, mistakesOf(ctx));
  },
};

export default greedy;

import type { Bot, BotContext, BotFactory, Decision } from '../src/engine/bot.js';
import type { AnyGame, Recollection } from '../src/engine/game.js';
import { requireHeuristic } from '../src/engine/heuristic.js';
import type { Rng } from '../src/engine/rng.js';
import { greedyChoice } from './greedy.js';

/**
 * A player with a human memory, through the contract alone: the game's optional `search.recollection` (GameSearch in
 * src/engine/game.ts) says how a player of that game forgets (Symbotrio: its keypad picture fades,
 * is capped, and may fail to turn with the board). The bot then plays as the greedy bot does
 * (search.heuristic), judged on the observation as it remembers it. Its forgetting draws on its own
 * generator; the memory lives in the bot (a fresh one per match).
 *
 * On a game without a recollection it remembers everything and plays the game's heuristic, as `greedy`.
 */
class MemoryBot implements Bot {
  constructor(
    private readonly game: AnyGame,
    private readonly rng: Rng,
    private readonly memory: Recollection<unknown> | undefined,
  ) {}

  choose(d: Decision): number {
    const { legal, count } = d;
    if (count === 1) return legal[0];
    const game = this.game;
    const obs = this.memory ? this.memory.recall(d.observation) : d.observation;
    return greedyChoice(game, obs, legal, count, this.rng);
  }
}

export const memory: BotFactory = {
  name: 'memory',
  description:
    "Plays like greedy on its own memory of the table, as the game's recollection models it: it forgets (recall per " +
    "turn, capacity) and may fail to follow a change that moves what it remembers (confusion; Symbotrio: a code card's " +
    'rotation). On a game without a recollection: the game heuristic, as greedy.',
  params: [
    { name: 'recall', type: 'number', default: 1, min: 0, max: 1, description: 'Probability that a remembered square is kept through each turn.' },
    { name: 'capacity', type: 'int', default: 24, min: 0, max: 24, description: 'Most squares remembered at once (the oldest are forgotten first).' },
    {
      name: 'confusion',
      type: 'number',
      default: 0,
      min: 0,
      max: 1,
      description: "Probability of not turning the remembered picture when the board is turned (memories stay at the old positions).",
    },
  ],
  checkParams(_params, game) {
    requireHeuristic(game, 'memory');
  },
  create(ctx: BotContext): Bot {
    const limits = { recall: ctx.params.recall as number, capacity: ctx.params.capacity as number, confusion: ctx.params.confusion as number };
    return new MemoryBot(ctx.game, ctx.rng, ctx.game.search.recollection?.(limits, ctx.rng));
  },
};

export default memory;

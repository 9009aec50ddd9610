import type { Bot, BotContext, BotFactory, Decision } from '../src/engine/bot.js';
import type { Rng } from '../src/engine/rng.js';

class RandomBot implements Bot {
  constructor(private readonly rng: Rng) {}

  choose(d: Decision): number {
    // Only `legal` and `count`: the observation is never computed, so this bot costs nothing.
    return d.legal[this.rng.int(d.count)];
  }
}

/** Uniform over the legal actions, drawn from the bot's own seeded generator. */
export const random: BotFactory = {
  name: 'random',
  description: 'Picks uniformly among the legal actions (its own seeded generator; never looks at the observation).',
  params: [],
  create(ctx: BotContext): Bot {
    return new RandomBot(ctx.rng);
  },
};

export default random;

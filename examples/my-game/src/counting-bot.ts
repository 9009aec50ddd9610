// A bot for Race to 21 that knows the trick: leave the total at target minus a multiple of maxStep + 1,
// and the opponent cannot stop you (with two players). Written against tavolo's exported types.
import type { Bot, BotContext, BotFactory, Decision } from 'tavolo';
import type { RaceObservation } from './race.js';

export const countingBot: BotFactory = {
  name: 'counting',
  description: 'Race to 21: steps to target minus a multiple of (maxStep + 1) when it can, else at random.',
  params: [{ name: 'mistakes', type: 'number', default: 0, min: 0, max: 1, description: 'probability of a random step instead' }],
  create(ctx: BotContext): Bot {
    const mistakes = ctx.params.mistakes as number;
    return {
      choose(d: Decision): number {
        const obs = d.observation as RaceObservation;
        const want = (obs.target - obs.total) % (obs.maxStep + 1);
        // Actions are steps minus one (see race.ts); want 0 means no step wins by force.
        if (want > 0 && want - 1 < d.count && ctx.rng.float() >= mistakes) return d.legal[want - 1];
        return d.legal[ctx.rng.int(d.count)];
      },
    };
  },
};

export default countingBot;

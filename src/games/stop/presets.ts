import type { BotPreset } from '../../engine/game.js';

/**
 * Stop's named bots (Game.presets; docs/bots.md, "Presets"). ismcts with playouts that end with the round
 * (horizon auto, scored by Stop's evaluate) is the strongest at four players (docs/bots.md, Strength).
 */
export const stopPresets: Readonly<Record<string, BotPreset>> = {
  strongest: {
    bot: 'ismcts',
    params: { iterations: 1000 },
    description: "ismcts at 1,000 iterations, random playouts to the end of the round scored by Stop's evaluate: the strongest Stop bot measured",
  },
  casual: {
    bot: 'greedy',
    params: { temperature: 20, epsilon: 0.1 },
    description: "a casual player: greedy's judgement with a softmax at temperature 20 and one random action in ten (docs/personas.md)",
  },
  attacker: {
    bot: 'persona',
    params: {
      rules: [
        { when: 'smallest_opponent_hand <= 2', prefer: 'two_plus' },
        { when: 'smallest_opponent_hand <= 2', prefer: 'skip' },
      ],
    },
    description: 'a persona: a 2+, else a skip, as soon as an opponent holds two cards or fewer; greedy otherwise (docs/personas.md)',
  },
};

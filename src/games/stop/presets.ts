import type { BotPreset } from '../../engine/game.js';
import { casualGreedy, persona } from '../../engine/player-presets.js';

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
  casual: casualGreedy(20, 0.1, 'action'),
  attacker: persona(
    [
      { when: 'smallest_opponent_hand <= 2', prefer: 'two_plus' },
      { when: 'smallest_opponent_hand <= 2', prefer: 'skip' },
    ],
    'a 2+, else a skip, as soon as an opponent holds two cards or fewer',
  ),
};

import type { BotPreset } from '../../engine/game.js';

/**
 * Stramat's named bots (Game.presets; docs/bots.md, "Presets"). ismcts with random playouts to the match's
 * end is the strongest: 81.4% of 1,000 heads-up matches against greedy (docs/bots.md, Strength).
 */
export const stramatPresets: Readonly<Record<string, BotPreset>> = {
  strongest: {
    bot: 'ismcts',
    params: { iterations: 1000 },
    description: 'ismcts at 1,000 iterations, random playouts to the end of the match: the strongest Stramat bot measured',
  },
  'alphabeta-tuned': {
    bot: 'alphabeta',
    params: { nodes: 20000 },
    description: 'alphabeta at 20,000 nodes over 8 worlds: 73.3% of 200 heads-up matches against greedy at 8 ms a decision',
  },
};

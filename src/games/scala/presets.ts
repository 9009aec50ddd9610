import type { BotPreset } from '../../engine/game.js';

/**
 * Scala's named bots (Game.presets; docs/bots.md, "Presets"). Nothing is hidden, and greedy is hard to
 * beat: no bot yet wins 65% against it heads-up (docs/bots.md, Strength).
 */
export const scalaPresets: Readonly<Record<string, BotPreset>> = {
  strongest: {
    bot: 'alphabeta',
    params: { nodes: 2000 },
    description: 'alphabeta at 2,000 nodes (nothing is hidden: one world): 55% of 100 heads-up matches against greedy',
  },
  'ismcts-tuned': {
    bot: 'ismcts',
    params: { iterations: 400, rollout: 'greedy', maxDepth: 12, exploration: 0.3, widening: 1 },
    description: 'ismcts at 400 iterations with progressive widening (w 1, c 0.3) and greedy playouts cut 12 actions after the decision',
  },
};

import type { BotPreset } from '../../engine/game.js';
import { casualGreedy, persona } from '../../engine/player-presets.js';

/** ismcts's settings for Zatre (docs/rules/zatre.md, Bots): they turned a losing ismcts into a winning one. */
const ISMCTS_ZATRE = { rollout: 'greedy', maxDepth: 6, exploration: 0.1, widening: 1 } as const;

/**
 * Zatre's named bots (Game.presets; docs/bots.md, "Presets"). ismcts with progressive widening and short
 * greedy playouts scored by Zatre's evaluate (with its board judge) wins 83.5% of 200 heads-up matches
 * against greedy (zatre-strongest-vs-greedy-2p).
 */
export const zatrePresets: Readonly<Record<string, BotPreset>> = {
  strongest: {
    bot: 'ismcts',
    params: { iterations: 400, ...ISMCTS_ZATRE },
    description: 'ismcts at 400 iterations with progressive widening (w 1, c 0.1) and greedy playouts cut 6 actions after the decision: the strongest Zatre bot measured',
  },
  'alphabeta-tuned': {
    bot: 'alphabeta',
    params: { nodes: 3000, determinizations: 4 },
    description: 'alphabeta at 3,000 nodes over 4 worlds: 71.0% of 100 heads-up matches against greedy at 46 ms of CPU a decision (76.5% before the board judge)',
  },
  'alphabeta-chance': {
    bot: 'alphabeta',
    params: { nodes: 3000, determinizations: 4, chance: 4 },
    description: 'alphabeta at 3,000 nodes over 4 worlds, each draw averaged over 4 sampled outcomes (chance 4): 76.0% of 200 heads-up matches against greedy at 36 ms a decision; its skill trace rose from 30 to 3,000 nodes before the board judge',
  },
  casual: casualGreedy(1, 0.1, 'tile'),
  'sixes-first': persona([{ when: 'bag > 0', prefer: 'six' }], 'places a 6 whenever it can while tiles are left in the bag, where greedy judges it best'),
};

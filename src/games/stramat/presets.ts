import type { BotPreset } from '../../engine/game.js';
import { casualGreedy, persona } from '../../engine/player-presets.js';

/**
 * Stramat's named bots (Game.presets; docs/bots.md, "Presets"). ismcts with MAST playouts is the strongest:
 * 62.5% and 65.3% of 200 heads-up matches (two seed sets) against the same ismcts without MAST, and
 * 63.0% against it at 1,500 iterations (docs/bots-search.md, MCTS options); a Stramat card is worth much the same
 * whichever turn it is played in, which is what MAST assumes.
 */
export const stramatPresets: Readonly<Record<string, BotPreset>> = {
  strongest: {
    bot: 'ismcts',
    params: { iterations: 1000, mast: true },
    description: 'ismcts at 1,000 iterations with MAST playouts to the end of the match: the strongest Stramat bot measured',
  },
  'ismcts-plain': {
    bot: 'ismcts',
    params: { iterations: 1000 },
    description: 'ismcts at 1,000 iterations, random playouts to the end of the match (the strongest until MAST): 81.4% of 1,000 heads-up matches against greedy',
  },
  'alphabeta-tuned': {
    bot: 'alphabeta',
    params: { nodes: 20000 },
    description: 'alphabeta at 20,000 nodes over 8 worlds: 73.3% of 200 heads-up matches against greedy at 8 ms a decision',
  },
  casual: casualGreedy(2, 0.1, 'card'),
  attacker: persona(
    [
      { when: 'smallest_opponent_hand <= 3', prefer: 'alt' },
      { when: 'smallest_opponent_hand <= 3', prefer: 'colpo' },
    ],
    'blocks (Alt), then makes draw (Colpo), an opponent close to emptying the hand',
  ),
};

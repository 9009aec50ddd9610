import type { BotPreset } from '../../engine/game.js';
import { casualGreedy, persona } from '../../engine/player-presets.js';

/**
 * Scala's named bots (Game.presets; docs/bots.md, "Presets"). Nothing is hidden, and greedy is hard to
 * beat: the first player loses unless it takes a line (docs/bots.md, Strength).
 */
export const scalaPresets: Readonly<Record<string, BotPreset>> = {
  strongest: {
    bot: 'alphabeta',
    params: { nodes: 3000, taper: 3, trust: 1 },
    description:
      "alphabeta at 3,000 nodes (one world: nothing is hidden), a budget that grows as the choice narrows (taper 3) and other seats modelled by their heuristic (trust 1): 72.0% of 200 heads-up matches against greedy (95% interval 65.4 - 77.8%), about 50 ms of CPU a decision",
  },
  'alphabeta-paranoid': {
    bot: 'alphabeta',
    params: { nodes: 3000, taper: 3 },
    description:
      "the same search without the opponent model (trust 0: every other seat plays its best reply), for Scala's skill trace, where the opponent searches too: 62.5% of 200 heads-up matches against greedy (55.6 - 68.9%), about 55 ms of CPU a decision",
  },
  'ismcts-tuned': {
    bot: 'ismcts',
    params: { iterations: 400, rollout: 'greedy', maxDepth: 12, exploration: 0.3, widening: 1 },
    description: 'ismcts at 400 iterations with progressive widening (w 1, c 0.3) and greedy playouts cut 12 actions after the decision',
  },
  casual: casualGreedy(1, 0.05, 'piece'),
  'fours-first': persona([{ when: 'empty_squares > 12', prefer: 'four' }], 'places its 4s while more than twelve squares are empty, where greedy judges it best'),
};

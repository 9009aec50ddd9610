import type { BotPreset } from '../../engine/game.js';
import { persona } from '../../engine/player-presets.js';

/**
 * Symbotrio's named bots (Game.presets; docs/bots.md, "Presets"). A memory game: the greedy heuristic with
 * perfect recall is the strongest player measured: memory settles 94% of its moves, alphabeta only draws level
 * with it and ismcts loses (docs/rules/symbotrio.md, "How much room does the game leave a searching player?").
 */
export const symbotrioPresets: Readonly<Record<string, BotPreset>> = {
  strongest: {
    bot: 'greedy',
    params: {},
    description: 'greedy: the game heuristic with perfect memory; 90.5% of 4,000 heads-up matches against a memory of recall 0.95',
  },
  'ismcts-tuned': {
    bot: 'ismcts',
    params: { iterations: 1000, rollout: 'greedy', maxDepth: 12 },
    description: 'ismcts at 1,000 iterations with greedy playouts cut 12 actions after the decision',
  },
  casual: {
    bot: 'memory',
    params: { recall: 0.95 },
    description: "a casual player: the game heuristic on a memory that keeps each seen square through a turn with probability 0.95 (Symbotrio's casual player is its forgetting, docs/personas.md)",
  },
  'cautious-leader': persona([{ when: ['lead > 0', 'flipped >= 1'], prefer: 'stop' }], 'while ahead, stops after the first square of an attempt instead of risking more'),
};

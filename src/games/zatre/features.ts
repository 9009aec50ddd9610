import type { GameFeature } from '../../engine/game.js';
import type { ZatreObservation } from './observation.js';

/**
 * Zatre's named numbers, read from a seat's observation (Game.features): what the persona bot's rules
 * test (docs/personas.md). A seat's score is its sheet's total (partners share a sheet in the pairs variant).
 */

/** My sheet's total minus the best other sheet's. */
function lead(o: ZatreObservation): number {
  const mine = o.sheetOf[o.player];
  let best = -Infinity;
  for (let sh = 0; sh < o.sheets.length; sh++) if (sh !== mine) best = Math.max(best, o.sheets[sh].total);
  return best === -Infinity ? 0 : o.sheets[mine].total - best;
}

export const zatreFeatures: readonly GameFeature<ZatreObservation>[] = [
  { name: 'hand_size', label: 'tiles in my hand', value: (o) => o.handSizes[o.player] },
  { name: 'bag', label: 'tiles left in the bag', value: (o) => o.bag },
  { name: 'my_score', label: "my sheet's total", value: (o) => o.sheets[o.sheetOf[o.player]].total },
  { name: 'lead', label: "my sheet's total minus the best other sheet's", value: lead },
  { name: 'placed_this_turn', label: 'tiles placed this turn', value: (o) => o.turnCells.length },
];

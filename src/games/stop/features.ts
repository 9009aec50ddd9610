import type { GameFeature } from '../../engine/game.js';
import type { StopObservation } from './observation.js';

/**
 * Stop's named numbers, read from a seat's observation (Game.features): what the persona bot's rules test
 * (docs/personas.md). Penalty points count against their holder: `points_behind` is above 0 when another
 * seat has fewer.
 */

/** The fewest cards in another seat's hand. */
function smallestOpponentHand(o: StopObservation): number {
  let least = Infinity;
  for (let t = 0; t < o.players; t++) if (t !== o.player) least = Math.min(least, o.handSizes[t]);
  return least === Infinity ? 0 : least;
}

/** My penalty points minus the lowest of another seat's. */
function pointsBehind(o: StopObservation): number {
  let best = Infinity;
  for (let t = 0; t < o.players; t++) if (t !== o.player) best = Math.min(best, o.totals[t]);
  return best === Infinity ? 0 : o.totals[o.player] - best;
}

export const stopFeatures: readonly GameFeature<StopObservation>[] = [
  { name: 'hand_size', label: 'cards in my hand', value: (o) => o.hand.length },
  { name: 'deck_size', label: 'cards left in the draw pile', value: (o) => o.drawPile },
  { name: 'smallest_opponent_hand', label: "the fewest cards in an opponent's hand", value: smallestOpponentHand },
  { name: 'my_points', label: 'my penalty points so far', value: (o) => o.totals[o.player] },
  { name: 'points_behind', label: 'my penalty points minus the lowest of an opponent', value: pointsBehind },
];

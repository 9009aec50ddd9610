import type { GameFeature } from '../../engine/game.js';
import type { StramatObservation } from './observation.js';

/**
 * Stramat's named numbers, read from a seat's observation (Game.features): what the persona bot's rules
 * test (docs/personas.md). Points count against their holder, so `hand_points` is what the hand would cost
 * if the game ended now.
 */

function sum(a: readonly number[]): number {
  let t = 0;
  for (const x of a) t += x;
  return t;
}

/** The fewest cards any opponent still in the game holds (0 when none is left). */
function smallestOpponentHand(o: StramatObservation): number {
  let least = Infinity;
  for (let t = 0; t < o.players; t++) if (t !== o.player && o.active[t]) least = Math.min(least, o.handSizes[t]);
  return least === Infinity ? 0 : least;
}

export const stramatFeatures: readonly GameFeature<StramatObservation>[] = [
  { name: 'hand_size', label: 'cards in my hand', value: (o) => sum(o.hand) },
  { name: 'hand_points', label: 'points of the cards in my hand', value: (o) => o.hand.reduce((t, k, c) => t + k * o.rules.points[c], 0) },
  { name: 'deck_size', label: 'cards left in the deck', value: (o) => o.deckSize },
  { name: 'smallest_opponent_hand', label: "the fewest cards in an opponent's hand", value: smallestOpponentHand },
  { name: 'opponents', label: 'opponents still in the game', value: (o) => o.active.filter((a, t) => a && t !== o.player).length },
];

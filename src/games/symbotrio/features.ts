import type { GameFeature } from '../../engine/game.js';
import type { SymbotrioObservation } from './observation.js';

/**
 * Symbotrio's named numbers, read from a seat's observation (Game.features): what the persona bot's rules
 * test (docs/personas.md). A seat's score is the cards it has won. The observation is the perfect-recall
 * one; a forgetting player (the memory bot) is modelled by the game's recollection, not by features.
 */

/** My cards won minus the most another seat has won. */
function lead(o: SymbotrioObservation): number {
  let most = -Infinity;
  for (let t = 0; t < o.players; t++) if (t !== o.player) most = Math.max(most, o.piles[t].length);
  return most === -Infinity ? 0 : o.piles[o.player].length - most;
}

export const symbotrioFeatures: readonly GameFeature<SymbotrioObservation>[] = [
  { name: 'cards_won', label: 'cards I have won', value: (o) => o.piles[o.player].length },
  { name: 'lead', label: 'my cards won minus the most an opponent has won', value: lead },
  { name: 'deck_size', label: 'cards left in the deck', value: (o) => o.deckSize },
  { name: 'known_squares', label: 'keypad squares whose sticker has been seen', value: (o) => o.known.filter((k) => k >= 0).length },
  { name: 'flipped', label: 'squares flipped in this attempt', value: (o) => o.flipped.length },
];

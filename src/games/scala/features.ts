import type { GameFeature } from '../../engine/game.js';
import type { ScalaObservation } from './observation.js';

/**
 * Scala's named numbers, read from a seat's observation (Game.features): what the persona bot's rules
 * test (docs/personas.md). A seat's score is the pieces it holds; the last seat with pieces wins.
 */

/** Kinds of piece per seat in `supply` (colour << 2 | number - 1). */
const KINDS = 16;

function piecesOf(o: ScalaObservation, seat: number): number {
  let t = 0;
  for (let k = 0; k < KINDS; k++) t += o.supply[seat * KINDS + k];
  return t;
}

/** The most pieces another seat still in the game holds (0 when none is). */
function mostOpponentPieces(o: ScalaObservation): number {
  let most = 0;
  for (let t = 0; t < o.players; t++) if (t !== o.player && o.out[t] === 0) most = Math.max(most, piecesOf(o, t));
  return most;
}

export const scalaFeatures: readonly GameFeature<ScalaObservation>[] = [
  { name: 'my_pieces', label: 'pieces I hold', value: (o) => piecesOf(o, o.player) },
  { name: 'most_opponent_pieces', label: 'the most pieces an opponent still in holds', value: mostOpponentPieces },
  { name: 'lead', label: 'my pieces minus the most an opponent holds', value: (o) => piecesOf(o, o.player) - mostOpponentPieces(o) },
  { name: 'players_in', label: 'seats still in the game', value: (o) => o.out.filter((x) => x === 0).length },
  { name: 'empty_squares', label: 'squares with no piece', value: (o) => o.heights.filter((h) => h === 0).length },
];

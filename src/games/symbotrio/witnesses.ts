import { countEvents, type Witness } from '../../engine/witness.js';

/*
 * Symbotrio's metric columns counted again from the events and the result (GameTesting.metricWitnesses):
 * the metrics suite compares each with the column of the same name.
 */
export const symbotrioWitnesses: Record<string, Witness> = {
  flips: countEvents('flip'),
  rotations: countEvents('rotate'),
  cheater_reshuffles: countEvents('cheat_reshuffle'),
  winner_cards: (_events, result) => Math.max(...result.scores),
  cards_won_per_player: (_events, result) => result.scores.reduce((a, b) => a + b, 0) / result.scores.length,
};

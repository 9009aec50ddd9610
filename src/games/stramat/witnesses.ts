import { countEvents, eventData, sumEvents, type Witness } from '../../engine/witness.js';

/*
 * Stramat's metric columns counted again from the events (GameTesting.metricWitnesses): the metrics suite
 * compares each with the column of the same name.
 */
export const stramatWitnesses: Record<string, Witness> = {
  games: countEvents('game_end'),
  annulled_games: countEvents('game_end', (e) => eventData(e).reason === 'stramat'),
  empty_hand_wins: countEvents('game_end', (e) => eventData(e).reason === 'empty_hand'),
  eliminated: countEvents('eliminate'),
  jolly_uses: countEvents('jolly'),
  blocked_turns: countEvents('blocked_turn'),
  dado_pips: sumEvents('roll', (e) => eventData(e).roll as number, (e) => e.seat >= 0),
};

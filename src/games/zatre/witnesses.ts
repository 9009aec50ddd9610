import { countEvents, eventData, sumEvents, type Witness } from '../../engine/witness.js';

/*
 * Zatre's metric columns counted again from the events and the result (GameTesting.metricWitnesses): the
 * metrics suite compares each with the column of the same name.
 */
export const zatreWitnesses: Record<string, Witness> = {
  tiles_placed: countEvents('place'),
  crosses: sumEvents('score', (e) => eventData(e).crosses as number),
  no_draw_turns: countEvents('no_draw'),
  blocked_turns: countEvents('blocked_turn'),
  winning_total: (_events, result) => Math.max(...result.scores),
};

import { countEvents, eventData, type Witness } from '../../engine/witness.js';

/*
 * Stop's metric columns counted again from the events (GameTesting.metricWitnesses): the metrics suite
 * compares each with the column of the same name.
 */
export const stopWitnesses: Record<string, Witness> = {
  rounds: countEvents('round_end'),
  stuck_rounds: countEvents('round_end', (e) => eventData(e).stuck === true),
  attention_penalties: countEvents('attention'),
  reshuffles: countEvents('reshuffle'),
  swap_cancels: countEvents('swap_cancelled'),
};

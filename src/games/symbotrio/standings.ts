import type { SymbotrioState } from './state.js';

/** Each seat's standing (Game.standings): the cards it has won so far, higher is better. */
export function standings(s: SymbotrioState, out: Float64Array): void {
  for (let p = 0; p < s.n; p++) out[p] = s.pileLen[p];
}

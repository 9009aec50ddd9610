import type { StopState } from './state.js';

/**
 * Each seat's standing (Game.standings): its penalty total of the match so far, the rounds already
 * scored; lower is better, like the score. The cards in hand count only when their round is scored.
 */
export function standings(s: StopState, out: Float64Array): void {
  for (let p = 0; p < s.n; p++) out[p] = s.totals[p];
}

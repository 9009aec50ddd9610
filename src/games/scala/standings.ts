import type { ScalaState } from './state.js';

/**
 * Each seat's standing (Game.standings): the pieces it holds, higher is better (the most pieces wins at
 * the turn cap or when nobody can place). An eliminated player holds none, so stands at 0.
 */
export function standings(s: ScalaState, out: Float64Array): void {
  for (let p = 0; p < s.n; p++) out[p] = s.total[p];
}

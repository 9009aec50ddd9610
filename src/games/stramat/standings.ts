import { Phase, type StramatState } from './state.js';

/**
 * Each seat's standing (Game.standings): the points it would score if the evening ended now, lower is
 * better like the score. The evening's finished games, plus the current game's points: the hand's points
 * for a player still in, the points a player took away when leaving (Birichino, 9.0). Hands are hidden
 * information: this reads the full state and is for the engine's measures only.
 */
export function standings(s: StramatState, out: Float64Array): void {
  const over = s.phase === Phase.OVER;
  for (let p = 0; p < s.n; p++) {
    out[p] = s.eveningPoints[p] + (over ? 0 : s.active[p] ? s.handPoints(p) : s.gamePoints[p]);
  }
}

import { Phase, type ZatreState } from './state.js';

/**
 * Each seat's standing (Game.standings): the points on its sheet, higher is better. The minus points for
 * tiles still held come off at the end only (scoring rule 10), so they count once the match is over,
 * exactly as in the result.
 */
export function standings(s: ZatreState, out: Float64Array): void {
  const over = s.phase === Phase.OVER;
  for (let p = 0; p < s.n; p++) out[p] = over ? s.finalTotal(s.sheetOf[p]) : s.sheetTotal[s.sheetOf[p]];
}

import { Phase, type ZatreState } from './state.js';

/**
 * What the search bots need to score a playout cut before the end (docs/bots.md, `maxDepth`): each
 * seat's chance of winning from the score sheets as they stand. Without it a cut playout scores 1 for
 * whoever leads and 0 for the rest, which says next to nothing about a move worth two points in a
 * match won by thirty: the search bots then played worse than greedy.
 *
 * The chance is a softmax of the sheets' standings, exp(v / tau) normalised over the sheets, each seat
 * getting its sheet's chance shared with its partner in the pairs variant (as a won match shares the
 * win). A sheet's standing is its total less TILE_HOLD_COST per pip of the tiles its seats hold face
 * down when it is not their turn (the minus points they risk at the end; the greedy heuristic uses the
 * same price). tau is the spread of the points still to come: TURN_POINTS * sqrt(turns left + 1), the
 * turns left per seat estimated from the bag at two tiles a turn. TURN_POINTS = 7 is the standard
 * deviation of one greedy player's points in one turn, from 300 greedy matches at 2 players (sheets
 * 300 +- 42 over 30 turns) and at 4 (139 +- 24 over 15). A heuristic that orders positions, not a model
 * fitted to the game.
 */
export const TURN_POINTS = 7;
export const TILE_HOLD_COST = 0.6;

/** Each seat's estimated win chance (summing to 1 over the sheets) from the sheets; written into out. */
export function evaluate(s: ZatreState, out: Float64Array): void {
  const n = s.n;
  const sheets = s.sheets;
  const over = s.phase === Phase.OVER;
  // Standings per sheet in out[0..sheets) first, then spread to the seats (sheets <= n).
  for (let k = 0; k < sheets; k++) out[k] = s.sheetTotal[k];
  for (let p = 0; p < n; p++) {
    if (!over && p === s.cur) continue;
    out[s.sheetOf[p]] -= (over ? 1 : TILE_HOLD_COST) * s.handValue(p);
  }
  let highest = -Infinity;
  for (let k = 0; k < sheets; k++) if (out[k] > highest) highest = out[k];
  const turnsLeft = s.bagLen / (2 * n);
  const tau = TURN_POINTS * Math.sqrt(turnsLeft + 1);
  let sum = 0;
  for (let k = 0; k < sheets; k++) {
    // Shifted by the highest standing so the largest term is exp(0) = 1: no overflow.
    out[k] = Math.exp((out[k] - highest) / tau);
    sum += out[k];
  }
  for (let k = 0; k < sheets; k++) out[k] /= sum;
  if (sheets === n) return;
  // Pairs: seat p takes half of its sheet's chance. Read the sheets' chances before overwriting.
  const chance = Array.from(out.subarray(0, sheets));
  for (let p = 0; p < n; p++) out[p] = chance[s.sheetOf[p]] / (n / sheets);
}

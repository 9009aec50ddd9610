import { Geo, Kind } from './board.js';
import { Phase, type ZatreState } from './state.js';

/**
 * What the search bots need to score a playout cut before the end (docs/bots-search.md, `maxDepth`): each
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

/**
 * The board judge: the player to move gains BOARD_WEIGHT x the most points one tile of its hand can
 * write on the board as it stands (bestTilePoints). The sheets alone cannot see a run of 7 left open
 * for a 4 in hand, nor a run the last move left for the next player to close; a search that stops at
 * the end of a turn then takes both for nothing. Less than 1 because the tile is not yet placed (its
 * cell may be taken, or the rules may forbid it there). 0.7 was measured (docs/bots.md, the Zatre
 * bullet of the skill traces): 3,000 against 300 alphabeta nodes 73.5% of 100 matches with it, 62.5%
 * without.
 */
export const BOARD_WEIGHT = 0.7;

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
  if (!over) out[s.sheetOf[s.cur]] += BOARD_WEIGHT * bestTilePoints(s);
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

/**
 * The most points one tile of the mover's hand makes on the board now: over every empty cell next to a
 * tile and every value held, the points of the runs across and down that the tile would make 10, 11 or
 * 12 long in pips (the configured points for each), none if either run would pass 12. A judge, not a
 * move generator: the rules' other limits on where a tile may go (the dark squares' caps) are not read.
 */
export function bestTilePoints(s: ZatreState): number {
  const hand = s.cur * Geo.VALUES;
  let best = 0;
  for (let w = 0; w < Geo.WORDS; w++) {
    for (let bits = s.front[w]; bits !== 0; bits &= bits - 1) {
      const c = w * 32 + (31 - Math.clz32(bits & -bits));
      if (s.cfg.kinds[c] === Kind.NONE) continue;
      for (let v = 1; v <= 6; v++) {
        if (s.hands[hand + v] === 0) continue;
        const gain = cellPoints(s, c, v);
        if (gain > best) best = gain;
      }
    }
  }
  return best;
}

/** Points of the runs through empty cell c with a tile of value v there; 0 if a run would pass 12. */
function cellPoints(s: ZatreState, c: number, v: number): number {
  const sums = s.sums;
  const across = runPoints(s, sums[c] + sums[Geo.SIZE + c], v);
  const down = runPoints(s, sums[2 * Geo.SIZE + c] + sums[3 * Geo.SIZE + c], v);
  return across < 0 || down < 0 ? 0 : across + down;
}

/** A run of `run` pips (0: none) completed by a tile of value v: its points, 0, or -1 past 12 (void). */
function runPoints(s: ZatreState, run: number, v: number): number {
  if (run === 0) return 0;
  const total = run + v;
  if (total > 12) return -1;
  return total >= 10 ? s.cfg.points[total - 10] : 0;
}

import { allowedNumbers, ranksOf } from './rules.js';
import type { ScalaState } from './state.js';

/**
 * Each seat's chance of winning from a Scala position (Game.evaluate), for the search bots' leaves.
 *
 * The model: without further lines every player places one piece a turn, so the first to run out is the
 * one holding fewest pieces, and between equal holdings the one who plays earlier (greedy against greedy,
 * the first player never wins). A seat's **reserve** is its pieces, plus a fraction of a piece for its place
 * in the turn order from the player to move (who also spends the extra turns still due), plus the lines it
 * can expect:
 * - lines the player to move can complete now: it takes them (four pieces back and another turn);
 * - lines only some other seat can complete (the player to move lacks the missing number): the player to
 *   move may block them, so they count for part of a line.
 * The chances are a softmax of the reserves, whose temperature falls as the pieces run out: early on a
 * lead of a piece or two decides little, at the end it decides the match.
 */

/** Reserve gained from a line the player to move can take now (4 pieces back, 1 spent on the extra turn). */
const LINE_NOW = 3;
/** Reserve gained from a line only another seat can complete (it may be blocked before that seat plays). */
const LINE_LATER = 1.5;
/** Lines of each kind that count (a second line is a second chance; more rarely survive). */
const LINES_COUNTED = 2;
/** Temperature of the softmax: 1 piece plus one for each PIECES_PER_DEGREE pieces still held in all. */
const PIECES_PER_DEGREE = 16;

const reserve = new Float64Array(4);
const now = new Int32Array(4);
const later = new Int32Array(4);

export function evaluate(s: ScalaState, out: Float64Array): void {
  const n = s.n;
  if (s.over || s.cur < 0) return finished(s, out);
  countLines(s);
  let held = 0;
  let best = -Infinity;
  for (let k = 0, p = s.cur; k < n; k++, p = p + 1 === n ? 0 : p + 1) {
    if (s.out[p] !== 0) continue;
    held += s.total[p];
    // k / n: later in the turn order is better among equal holdings.
    let r = s.total[p] + k / n;
    if (p === s.cur) r += LINE_NOW * Math.min(now[p], LINES_COUNTED) - s.extra;
    else r += LINE_LATER * Math.min(later[p], LINES_COUNTED);
    reserve[p] = r;
    if (r > best) best = r;
  }
  const temperature = 1 + held / PIECES_PER_DEGREE;
  let sum = 0;
  for (let p = 0; p < n; p++) {
    out[p] = s.out[p] !== 0 ? 0 : Math.exp((reserve[p] - best) / temperature);
    sum += out[p];
  }
  for (let p = 0; p < n; p++) out[p] /= sum;
}

/** A finished match: each winner's share. */
function finished(s: ScalaState, out: Float64Array): void {
  const ranks = ranksOf(s);
  let winners = 0;
  for (let p = 0; p < s.n; p++) if (ranks[p] === 1) winners++;
  for (let p = 0; p < s.n; p++) out[p] = ranks[p] === 1 ? 1 / winners : 0;
}

/**
 * Fills `now` (lines the player to move can complete with one placement, for that player) and `later`
 * (per other seat still playing, lines it could complete and the player to move could not).
 */
function countLines(s: ScalaState): void {
  now.fill(0);
  later.fill(0);
  const g = s.geo;
  const top = s.top;
  const cur = s.cur;
  for (let w = 0; w < g.windows; w++) {
    const b = w * 4;
    for (let d = 0; d < 2; d++) {
      if (s.misses[w * 2 + d] !== 1) continue;
      let miss = 0;
      while (top[g.win[b + miss]] === (d === 0 ? miss + 1 : 4 - miss)) miss++;
      const want = d === 0 ? miss + 1 : 4 - miss;
      if ((allowedNumbers(s, g.win[b + miss]) & (1 << (want - 1))) === 0) continue;
      if (s.held[cur * 4 + want - 1] !== 0) {
        now[cur]++;
        continue;
      }
      for (let p = 0; p < s.n; p++) if (p !== cur && s.out[p] === 0 && s.held[p * 4 + want - 1] !== 0) later[p]++;
    }
  }
}

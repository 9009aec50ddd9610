/**
 * How often a stronger bot finishes ahead of a weaker one, on deals played twice (`tavolo skill`,
 * docs/statistics.md "Skill and luck").
 *
 * Each deal (a match seed) is played in two seatings: the stronger bot in the seats the weaker held in the
 * other. A match gives one number: the share of the (stronger seat, weaker seat) pairs in which the
 * stronger seat finished ahead, ties counting half (head-to-head.ts's per-match number). A deal gives the
 * mean of its two matches: the luck of the deal (good cards for seat 0) falls on each bot once, so it
 * cancels inside the deal instead of adding to the spread between deals.
 *
 * The deals are the independent units: the share is the mean of the deal values, its interval Wilson's at
 * the effective number of deals (clusteredWilson, the interval summary.csv gives win shares), and the
 * p-value that of the score test Wilson's interval inverts, for "the stronger finishes ahead half the
 * time": z = (share - 1/2) / sqrt((1/4) / n_eff). The interval excludes 1/2 exactly when p < 0.05.
 */
import { normCdf } from './distributions.js';
import { clusteredWilson, effectiveTrials } from '../output/stats.js';

export interface AheadEstimate {
  /** Mean over the deals of the stronger bot's ahead share. */
  share: number;
  low95: number;
  high95: number;
  /** Two-sided p-value of "share = 1/2". */
  p: number;
  deals: number;
}

/**
 * One match: the share of (stronger seat, weaker seat) pairs in which the stronger one is ranked ahead
 * (rank 1 is best; equal ranks count half). NaN when the match has no such pair.
 */
export function aheadInMatch(ranks: ArrayLike<number>, stronger: ArrayLike<boolean>): number {
  let pairs = 0;
  let score = 0;
  for (let a = 0; a < ranks.length; a++) {
    if (!stronger[a]) continue;
    for (let b = 0; b < ranks.length; b++) {
      if (stronger[b]) continue;
      pairs++;
      score += ranks[a] < ranks[b] ? 1 : ranks[a] === ranks[b] ? 0.5 : 0;
    }
  }
  return pairs === 0 ? NaN : score / pairs;
}

/** The share, its 95% interval and p-value from the deal values (each in [0, 1]). */
export function pairedAhead(dealValues: readonly number[]): AheadEstimate {
  const n = dealValues.length;
  if (n === 0) return { share: NaN, low95: NaN, high95: NaN, p: NaN, deals: 0 };
  let total = 0;
  let squares = 0;
  for (const v of dealValues) {
    if (!(v >= 0 && v <= 1)) throw new RangeError(`a deal value must lie in [0, 1], found ${v}`);
    total += v;
    squares += v * v;
  }
  const share = total / n;
  const [low95, high95] = clusteredWilson(total, squares, n);
  const effective = effectiveTrials(total, squares, n);
  const z = (share - 0.5) / Math.sqrt(0.25 / effective);
  // No spread at all: the share is exact; 1/2 itself is no evidence of anything.
  const p = share === 0.5 ? 1 : effective === Infinity ? 0 : 2 * normCdf(-Math.abs(z));
  return { share, low95, high95, p, deals: n };
}

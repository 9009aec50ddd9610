/**
 * How often a stronger bot finishes ahead of a weaker one, on deals played twice (`tavolo skill`,
 * docs/statistics.md "Skill and luck").
 *
 * Each deal (a match seed) is played in two seatings: the stronger bot in the seats the weaker held in the
 * other. A pair of seats, one of each bot, is *decided* when one of them is ranked ahead of the other; a
 * deal's value is the share of its decided pairs, over both seatings, that the stronger bot won. So the
 * luck of the deal (good cards for seat 0) falls on each bot once and cancels inside the deal instead of
 * adding to the spread between deals. Tied pairs (an annulled match, the losers of a game that ranks only
 * its winner) decide nothing: a deal without a decided pair has no value and is counted apart.
 *
 * The deals with a value are the independent units: the share is their mean, its interval Wilson's at the
 * effective number of deals n p (1 - p) / s^2, s^2 the deal values' variance (head-to-head.csv's interval,
 * Kish's design effect: exactly Wilson's when every deal is a plain win or loss; with no spread at all
 * between deals, the deals themselves, which is conservative), and the
 * p-value that of the score test Wilson's interval inverts, for "the stronger one wins half the decided
 * pairs": z = (share - 1/2) / sqrt((1/4) / n_eff), from SIGN_FLIP_EXACT_BELOW deals on; below, the exact
 * sign-flip test of the deal values about 1/2 (paired-tests.ts). With the score test the interval excludes
 * 1/2 exactly when p < 0.05; with the exact test the two may disagree near the edge, and the reading
 * (skill/words.ts) then says "cannot tell" if either holds 1/2.
 */
import { normCdf } from './distributions.js';
import { wilson } from './intervals.js';
import { SIGN_FLIP_EXACT_BELOW, signFlipTest, signTestAbout } from './paired-tests.js';

export interface AheadEstimate {
  /** Mean over the deals of the stronger bot's ahead share. */
  share: number;
  low95: number;
  high95: number;
  /** Two-sided p-value of "share = 1/2". */
  p: number;
  deals: number;
}

/** One match's pairs of seats (stronger, weaker): how many are decided, and how many the stronger won. */
export interface MatchPairs {
  decided: number;
  won: number;
}

/** The pairs of one match: rank 1 is best; equal ranks decide nothing. */
export function matchPairs(ranks: ArrayLike<number>, stronger: ArrayLike<boolean>): MatchPairs {
  let decided = 0;
  let won = 0;
  for (let a = 0; a < ranks.length; a++) {
    if (!stronger[a]) continue;
    for (let b = 0; b < ranks.length; b++) {
      if (stronger[b] || ranks[a] === ranks[b]) continue;
      decided++;
      if (ranks[a] < ranks[b]) won++;
    }
  }
  return { decided, won };
}

/** A deal's value from its two matches: the share of decided pairs the stronger won; NaN when none is decided. */
export function dealValue(a: MatchPairs, b: MatchPairs): number {
  const decided = a.decided + b.decided;
  return decided === 0 ? NaN : (a.won + b.won) / decided;
}

/** The share, its 95% interval and p-value from the values of the deals that have one (each in [0, 1]). */
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
  const variance = Math.max(squares / n - share * share, 0);
  // No spread at all between deals (or a share of 0 or 1): taken as n coin-like deals rather than as exact.
  const effective = variance > 0 && share > 0 && share < 1 ? (n * share * (1 - share)) / variance : n;
  const [low95, high95] = wilson(share * effective, effective);
  return { share, low95, high95, p: aheadP(dealValues, share, effective), deals: n };
}

/**
 * The p-value of "share = 1/2". Below SIGN_FLIP_EXACT_BELOW deals, exact: the sign-flip test of the deal
 * values about 1/2 (or, when they have no small common denominator, the sign test), since the score test
 * below leans on a spread estimated from those few deals and would print absurd p-values (1e-25 from 30
 * deals). From there on, the score test Wilson's interval inverts.
 */
function aheadP(dealValues: readonly number[], share: number, effective: number): number {
  if (dealValues.length < SIGN_FLIP_EXACT_BELOW) return signFlipTest(dealValues, 0.5) ?? signTestAbout(dealValues, 0.5);
  const z = (share - 0.5) / Math.sqrt(0.25 / effective);
  return share === 0.5 ? 1 : 2 * normCdf(-Math.abs(z));
}

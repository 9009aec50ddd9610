import type { MatchResult } from './game.js';

/**
 * Ranks and winners from scores, the one rule every game's result uses: a seat's rank is 1 + the number
 * of seats strictly better, so tied seats share the best rank of their group (scores 5, 7, 7, 2 with
 * higher better give ranks 3, 1, 1, 4), and the winners are the seats ranked 1, in seat order.
 */
export type Better = 'higher' | 'lower';

/** Rank of each seat by its key; `better` says whether a higher or a lower key is better. */
export function ranksByScore(keys: ArrayLike<number>, better: Better): number[] {
  const n = keys.length;
  const ranks: number[] = [];
  for (let i = 0; i < n; i++) {
    let r = 1;
    if (better === 'higher') {
      for (let j = 0; j < n; j++) if (keys[j] > keys[i]) r++;
    } else {
      for (let j = 0; j < n; j++) if (keys[j] < keys[i]) r++;
    }
    ranks.push(r);
  }
  return ranks;
}

/** The seats ranked 1, in seat order. */
export function seatsRankedFirst(ranks: readonly number[]): number[] {
  const w: number[] = [];
  for (let p = 0; p < ranks.length; p++) if (ranks[p] === 1) w.push(p);
  return w;
}

/**
 * The result of a match that no rule annulled, from its scores and the seats' ranks: the winners are the
 * seats ranked 1. `end` says why, who began and how many turns were played (MatchResult).
 */
export function resultFromRanks(scores: number[], ranks: number[], end: MatchEnd): MatchResult {
  return { scores, ranks, winners: seatsRankedFirst(ranks), annulled: false, endReason: end.endReason, firstPlayer: end.firstPlayer, turns: end.turns };
}

/** resultFromRanks with each seat ranked by its score, `better` saying which scores are better. */
export function resultFromScores(scores: number[], better: Better, end: MatchEnd): MatchResult {
  return resultFromRanks(scores, ranksByScore(scores, better), end);
}

/** How a match ended, as MatchResult words it. */
export type MatchEnd = Pick<MatchResult, 'endReason' | 'firstPlayer' | 'turns'>;

import { handPoints } from './rules.js';
import { Phase, Stat, type StopState } from './state.js';

/**
 * What the search bots need to cut their playouts at the end of a round (docs/bots-search.md, `horizon`):
 * `stage`, the rounds scored so far, and `evaluate`, each seat's chance of winning the match from the
 * penalty totals, so a playout of one round (a few dozen actions) replaces one of a whole 500-point
 * match (eight rounds on average).
 *
 * The chance is a softmax of the negated totals, exp(-t_p / tau) normalised over the seats: the lowest
 * total is likeliest to win, and the gap matters less the more rounds are left. tau is the spread of
 * the penalty still to come: ROUND_POINTS * sqrt(rounds left + 1), rounds left estimated as the distance
 * of the highest total from the target in ROUND_POINTS. ROUND_POINTS = 45 is the mean penalty of a
 * player in a round, measured over 400 four-player matches of greedy against three random bots (rounds
 * 8.1 a match). A heuristic, not a model fitted to the game: it only has to order positions sensibly.
 * Cut mid-round (maxDepth), each hand counts as if the round ended now.
 */
export const ROUND_POINTS = 45;

/** Rounds scored so far: a playout with horizon 'round' stops when this changes. */
export function stage(s: StopState): number {
  return s.stats[Stat.ROUNDS];
}

/** Each seat's estimated win chance (summing to 1) from the totals; written into out. */
export function evaluate(s: StopState, out: Float64Array): void {
  const n = s.n;
  const midRound = s.phase !== Phase.OVER && s.roundTurns > 0;
  let highest = -Infinity;
  let lowest = Infinity;
  for (let p = 0; p < n; p++) {
    const t = s.totals[p] + (midRound ? handPoints(s, p) : 0);
    out[p] = t;
    if (t > highest) highest = t;
    if (t < lowest) lowest = t;
  }
  const roundsLeft = Math.max(0, (s.cfg.targetScore - highest) / ROUND_POINTS);
  const tau = ROUND_POINTS * Math.sqrt(roundsLeft + 1);
  let sum = 0;
  for (let p = 0; p < n; p++) {
    // Shifted by the lowest total so the largest term is exp(0) = 1: no underflow to 0/0.
    out[p] = Math.exp(-(out[p] - lowest) / tau);
    sum += out[p];
  }
  for (let p = 0; p < n; p++) out[p] /= sum;
}

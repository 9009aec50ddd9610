import { normCdf } from './distributions.js';
import { symmetric, type Estimate } from './estimate.js';
import type { MatchRow } from './results.js';

/**
 * Turn order, one definition everywhere: position k's win share is its share of the matches someone
 * won (a win shared by j seats gives each 1/j; an annulled match, won by nobody, counts for no
 * position), and the first-player advantage is position 0's share minus the fair share 1/players.
 * So the positions' shares add up to 1, a fair game reads 0 whatever its annulled rate, and a change in
 * the annulled rate alone does not move the advantage.
 *
 * Each share is a ratio of two means over the matches, R = mean(x) / mean(d), x the position's share
 * of the match's win and d = 1 when someone won. Its interval is the delta method's: R's variance is
 * that of the linearised per-match value u = (x - R d) / mean(d), divided by the matches. A paired
 * difference of two such ratios (match i of two variants from the same seed) takes the variance of
 * u_candidate - u_reference within each pair, so what the pairs share cancels as in the paired t.
 * The co-moments are gathered in one pass (Welford's update), in match order.
 */

/** Means and co-moments (sums of products of deviations from the mean) of k variables. */
export class CoMoments {
  n = 0;
  readonly mean: Float64Array;
  /** c[i * k + j]: the sum over observations of (v_i - mean_i)(v_j - mean_j). */
  readonly c: Float64Array;
  private readonly delta: Float64Array;
  private readonly after: Float64Array;

  constructor(readonly k: number) {
    this.mean = new Float64Array(k);
    this.c = new Float64Array(k * k);
    this.delta = new Float64Array(k);
    this.after = new Float64Array(k);
  }

  add(v: ArrayLike<number>): void {
    const { k, mean, c, delta, after } = this;
    this.n++;
    for (let i = 0; i < k; i++) {
      delta[i] = v[i] - mean[i];
      mean[i] += delta[i] / this.n;
    }
    // Welford's co-moment update: the old deviation times the new one (the new ones computed once, not k times).
    for (let j = 0; j < k; j++) after[j] = v[j] - mean[j];
    for (let i = 0; i < k; i++) {
      const d = delta[i];
      const row = i * k;
      for (let j = 0; j < k; j++) c[row + j] += d * after[j];
    }
  }

  /** The sample covariance of the linear combination sum_i g_i v_i (NaN below two observations). */
  varianceOf(g: ArrayLike<number>): number {
    if (this.n < 2) return NaN;
    let s = 0;
    for (let i = 0; i < this.k; i++) for (let j = 0; j < this.k; j++) s += g[i] * g[j] * this.c[i * this.k + j];
    return Math.max(s, 0) / (this.n - 1);
  }
}

/** Where one side's values sit in a vector: the positions' win parts, then the "someone won" indicator. */
const decidedAt = (players: number) => players;

/** Fills out[offset ..] with one match's per-position win parts (from the first player) and whether someone won. */
export function positionValues(row: MatchRow, players: number, out: Float64Array, offset: number): void {
  out.fill(0, offset, offset + players + 1);
  const share = row.winners.length > 0 ? 1 / row.winners.length : 0;
  for (const w of row.winners) out[offset + ((w - row.firstPlayer + players) % players)] += share;
  out[offset + decidedAt(players)] = row.winners.length > 0 ? 1 : 0;
}

interface RatioEstimate {
  estimate: number;
  se: number;
  /** Standard deviation of the linearised per-match value: what effect sizes divide by. */
  sd: number;
}

/** Position `pos`'s share of the decided matches on one side, `base` where that side starts in the vector. */
function ratioOf(cm: CoMoments, base: number, pos: number, players: number): { r: number; g: (k: number) => number } {
  const md = cm.mean[base + decidedAt(players)];
  const r = cm.mean[base + pos] / md;
  // u = (x - r d) / md: its coefficients on x and d.
  return { r, g: (k) => (k === base + pos ? 1 / md : k === base + decidedAt(players) ? -r / md : 0) };
}

function linear(cm: CoMoments, g: (k: number) => number): { sd: number; se: number } {
  const sd = Math.sqrt(cm.varianceOf(Float64Array.from({ length: cm.k }, (_, k) => g(k))));
  return { sd, se: sd / Math.sqrt(cm.n) };
}

/** One side's matches: the positions' shares of the decided matches. */
export class PositionShares {
  readonly cm: CoMoments;
  private readonly v: Float64Array;

  constructor(readonly players: number) {
    this.cm = new CoMoments(players + 1);
    this.v = new Float64Array(players + 1);
  }

  add(row: MatchRow): void {
    positionValues(row, this.players, this.v, 0);
    this.cm.add(this.v);
  }

  /** Position `pos`'s share of the decided matches, with its delta-method standard error. */
  share(pos: number): RatioEstimate {
    const { r, g } = ratioOf(this.cm, 0, pos, this.players);
    return { estimate: r, ...linear(this.cm, g) };
  }
}

/** Pairs of matches (reference, candidate): the paired differences of the positions' shares. */
export class PairedPositionShares {
  readonly cm: CoMoments;
  private readonly v: Float64Array;

  constructor(readonly players: number) {
    this.cm = new CoMoments(2 * (players + 1));
    this.v = new Float64Array(2 * (players + 1));
  }

  add(ref: MatchRow, cand: MatchRow): void {
    positionValues(ref, this.players, this.v, 0);
    positionValues(cand, this.players, this.v, this.players + 1);
    this.cm.add(this.v);
  }

  /** Candidate's share minus the reference's, for position `pos`, with the paired delta-method error. */
  difference(pos: number): RatioEstimate & { reference: number; candidate: number } {
    const a = ratioOf(this.cm, 0, pos, this.players);
    const b = ratioOf(this.cm, this.players + 1, pos, this.players);
    return { reference: a.r, candidate: b.r, estimate: b.r - a.r, ...linear(this.cm, (k) => b.g(k) - a.g(k)) };
  }
}

/** A z test and interval for a delta-method estimate; zero spread gives p = 1 for no change, 0 otherwise. */
export function ratioTest(e: RatioEstimate, test: string, n: number, confidence = 0.95): Estimate {
  const base = { estimate: e.estimate, se: e.se, sd: e.sd, df: Infinity, test, n };
  if (!Number.isFinite(e.estimate) || Number.isNaN(e.se)) return { ...base, low: NaN, high: NaN, p: NaN };
  if (!(e.se > 0)) return { ...base, low: e.estimate, high: e.estimate, p: e.estimate === 0 ? 1 : 0, se: 0 };
  return symmetric({ ...base, p: 2 * normCdf(-Math.abs(e.estimate / e.se)) }, confidence);
}

/** Two independent sides: the difference of their shares, with the errors added in quadrature. */
export function unpairedShareDifference(ref: PositionShares, cand: PositionShares, pos: number): RatioEstimate & { reference: number; candidate: number } {
  const a = ref.share(pos);
  const b = cand.share(pos);
  const se = Math.sqrt(a.se ** 2 + b.se ** 2);
  return { reference: a.estimate, candidate: b.estimate, estimate: b.estimate - a.estimate, se, sd: Math.sqrt((a.sd ** 2 + b.sd ** 2) / 2) };
}

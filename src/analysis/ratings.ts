/**
 * Ratings from finishing orders: a Bradley-Terry model fitted to every pair of seats of every match of a
 * variant at once (full rank breaking; a composite likelihood), with a cluster-robust (sandwich) variance
 * that treats the pairs of one match as dependent. docs/ratings.md gives the model, the scale and why.
 *
 * - Input: per match, the lineup name of each seat and each seat's rank (1 = best, tied seats share a
 *   rank, as matches.csv writes them). A pair of seats with different names is one comparison: 1 to the
 *   seat ranked ahead, 1/2 each when tied (an annulled match ties everyone; a faulted one ranks the
 *   faulty seat last, the others tied first). Seats with the same name are not compared.
 * - Matches are reduced to counts of their pattern (the multiset of (name, rank) of the seats), so the
 *   fit is a pure function of those counts: it does not depend on the order in which matches were read.
 * - Scale: rating = 1500 + (400 / ln 10) * theta with sum(theta) = 0 over the names: the field's mean is
 *   1500 and, as with Elo, a 400-point gap means the stronger finishes ahead of the weaker in 10 pairs
 *   out of 11.
 * - A prior of one virtual draw per pair of names (as BayesElo does) keeps the fit finite when a bot is
 *   never beaten; its weight is that of one match among thousands.
 */
import { holm } from './decisions.js';
import { normCdf, normQuantile } from './distributions.js';

export const ELO_PER_NAT = 400 / Math.LN10;
export const RATING_MEAN = 1500;
/** Virtual draws per pair of names (the prior). */
export const PRIOR_DRAWS = 1;
const Z95 = normQuantile(0.975);

export interface Pattern {
  count: number;
  names: Int32Array;
  ranks: Float64Array;
}

/** Match patterns of one variant: the sufficient statistics of the fit. */
export class FinishingOrders {
  private readonly patterns = new Map<string, Pattern>();
  /** Per name, matches in which it sat. */
  readonly matchesOf: Float64Array;
  matches = 0;

  constructor(readonly names: readonly string[]) {
    this.matchesOf = new Float64Array(names.length);
  }

  /** Seat order of the current match, sorted by (name, rank): scratch, reused. */
  private order = new Int32Array(0);

  /** One match: the name index of each seat and each seat's rank. */
  add(seatNames: ArrayLike<number>, ranks: ArrayLike<number>, count = 1): void {
    const n = seatNames.length;
    if (this.order.length !== n) this.order = new Int32Array(n);
    const order = this.order;
    // Insertion sort of the seats by (name, rank): a handful of seats, once per match read.
    for (let s = 0; s < n; s++) {
      let j = s;
      while (j > 0 && (seatNames[order[j - 1]] > seatNames[s] || (seatNames[order[j - 1]] === seatNames[s] && ranks[order[j - 1]] > ranks[s]))) {
        order[j] = order[j - 1];
        j--;
      }
      order[j] = s;
    }
    // The key: one UTF-16 unit per seat, name * 65 + rank (at most 64 seats and names).
    let key = '';
    for (let i = 0; i < n; i++) key += String.fromCharCode(seatNames[order[i]] * 65 + ranks[order[i]]);
    let p = this.patterns.get(key);
    if (p === undefined) {
      p = { count: 0, names: Int32Array.from(order, (s) => seatNames[s]), ranks: Float64Array.from(order, (s) => ranks[s]) };
      this.patterns.set(key, p);
    }
    p.count += count;
    this.matches += count;
    let last = -1;
    for (let i = 0; i < n; i++) {
      const name = seatNames[order[i]];
      if (name !== last) this.matchesOf[name] += count;
      last = name;
    }
  }

  /** The patterns in a fixed order (by key), so every sum is taken in the same order. */
  sorted(): Pattern[] {
    return [...this.patterns.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, p]) => p);
  }
}

/**
 * For one pattern, per ordered pair of names (i, j), i != j: the comparisons between a seat of i and a
 * seat of j, and i's score in them (1 ahead, 1/2 tied).
 */
function pairScores(p: Pattern, k: number): { n: Float64Array; w: Float64Array } {
  const n = new Float64Array(k * k);
  const w = new Float64Array(k * k);
  for (let a = 0; a < p.names.length; a++) {
    for (let b = 0; b < p.names.length; b++) {
      const i = p.names[a];
      const j = p.names[b];
      if (i === j) continue;
      n[i * k + j] += 1;
      w[i * k + j] += p.ranks[a] < p.ranks[b] ? 1 : p.ranks[a] === p.ranks[b] ? 0.5 : 0;
    }
  }
  return { n, w };
}

const logistic = (x: number) => 1 / (1 + Math.exp(-x));

/** Solves A x = b for a symmetric positive definite A (k x k, row-major) by Cholesky. */
function solveSpd(a: Float64Array, b: Float64Array, k: number): Float64Array {
  const l = new Float64Array(k * k);
  for (let i = 0; i < k; i++) {
    for (let j = 0; j <= i; j++) {
      let s = a[i * k + j];
      for (let m = 0; m < j; m++) s -= l[i * k + m] * l[j * k + m];
      l[i * k + j] = i === j ? Math.sqrt(s) : s / l[j * k + j];
    }
  }
  const y = new Float64Array(k);
  for (let i = 0; i < k; i++) {
    let s = b[i];
    for (let m = 0; m < i; m++) s -= l[i * k + m] * y[m];
    y[i] = s / l[i * k + i];
  }
  const x = new Float64Array(k);
  for (let i = k - 1; i >= 0; i--) {
    let s = y[i];
    for (let m = i + 1; m < k; m++) s -= l[m * k + i] * x[m];
    x[i] = s / l[i * k + i];
  }
  return x;
}

/**
 * The Moore-Penrose inverse of a k x k information matrix whose null space is the constant vector (only
 * differences of theta are identified): (H + 11'/k)^-1 - 11'/k.
 */
function pseudoInverse(h: Float64Array, k: number): Float64Array {
  const a = Float64Array.from(h, (v) => v + 1 / k);
  const out = new Float64Array(k * k);
  for (let c = 0; c < k; c++) {
    const e = new Float64Array(k);
    e[c] = 1;
    const col = solveSpd(a, e, k);
    for (let r = 0; r < k; r++) out[r * k + c] = col[r] - 1 / k;
  }
  return out;
}

interface Totals {
  n: Float64Array;
  w: Float64Array;
}

/** Comparisons and scores summed over all matches, plus the prior's virtual draws. */
function totals(patterns: Pattern[], k: number): Totals {
  const n = new Float64Array(k * k);
  const w = new Float64Array(k * k);
  for (const p of patterns) {
    const s = pairScores(p, k);
    for (let x = 0; x < k * k; x++) {
      n[x] += p.count * s.n[x];
      w[x] += p.count * s.w[x];
    }
  }
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      if (i === j || n[i * k + j] === 0) continue;
      n[i * k + j] += PRIOR_DRAWS;
      w[i * k + j] += PRIOR_DRAWS / 2;
    }
  }
  return { n, w };
}

/** Gradient and information (negative Hessian) of the composite log-likelihood at theta. */
function gradientAndInformation(t: Totals, theta: Float64Array, k: number): { g: Float64Array; h: Float64Array } {
  const g = new Float64Array(k);
  const h = new Float64Array(k * k);
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      if (i === j) continue;
      const nij = t.n[i * k + j];
      if (nij === 0) continue;
      const p = logistic(theta[i] - theta[j]);
      g[i] += t.w[i * k + j] - nij * p;
      // Each unordered pair appears twice in the double loop (as ij and ji): halve its information.
      const info = (nij * p * (1 - p)) / 2;
      h[i * k + i] += info;
      h[j * k + j] += info;
      h[i * k + j] -= info;
      h[j * k + i] -= info;
    }
  }
  return { g, h };
}

/** Newton iterations from theta = 0 under sum(theta) = 0; deterministic. */
function fitTheta(t: Totals, k: number): { theta: Float64Array; information: Float64Array; iterations: number } {
  const theta = new Float64Array(k);
  for (let it = 1; it <= 200; it++) {
    const { g, h } = gradientAndInformation(t, theta, k);
    const inv = pseudoInverse(h, k);
    let largest = 0;
    for (let i = 0; i < k; i++) {
      let step = 0;
      for (let j = 0; j < k; j++) step += inv[i * k + j] * g[j];
      // The log-likelihood is concave: a full Newton step, capped, converges.
      step = Math.max(-2, Math.min(2, step));
      theta[i] += step;
      largest = Math.max(largest, Math.abs(step));
    }
    if (largest < 1e-12) return { theta, information: gradientAndInformation(t, theta, k).h, iterations: it };
  }
  throw new Error('the rating fit did not converge in 200 Newton steps');
}

/** Sum over matches of the outer product of each match's score vector (the "meat" of the sandwich). */
function scoreOuterProducts(patterns: Pattern[], theta: Float64Array, k: number): Float64Array {
  const j = new Float64Array(k * k);
  for (const p of patterns) {
    const s = pairScores(p, k);
    const u = new Float64Array(k);
    for (let a = 0; a < k; a++) {
      for (let b = 0; b < k; b++) {
        const nab = s.n[a * k + b];
        if (nab > 0) u[a] += s.w[a * k + b] - nab * logistic(theta[a] - theta[b]);
      }
    }
    for (let a = 0; a < k; a++) for (let b = 0; b < k; b++) j[a * k + b] += p.count * u[a] * u[b];
  }
  return j;
}

function multiply(a: Float64Array, b: Float64Array, k: number): Float64Array {
  const out = new Float64Array(k * k);
  for (let i = 0; i < k; i++) for (let m = 0; m < k; m++) for (let j = 0; j < k; j++) out[i * k + j] += a[i * k + m] * b[m * k + j];
  return out;
}

export interface Rating {
  name: string;
  /** On the Elo-like scale. */
  rating: number;
  low95: number;
  high95: number;
  /** Matches in which the name sat. */
  matches: number;
  /** Position on the leaderboard, 1 = highest rating (ties in rating by name). */
  rank: number;
}

export interface Gap {
  /** The higher and the lower of two adjacent names on the leaderboard. */
  upper: string;
  lower: string;
  /** Rating difference and its standard error, in rating points. */
  difference: number;
  se: number;
  p: number;
  /** Holm-adjusted over the adjacent gaps of the variant. */
  pHolm: number;
  separated: boolean;
}

export interface RatingFit {
  ratings: Rating[];
  gaps: Gap[];
  /** Covariance of theta (sum-zero coordinates, nats squared), by name index. */
  covariance: Float64Array;
  theta: Float64Array;
  matches: number;
  iterations: number;
}

/** Fits the ratings of one variant's matches. `alpha` decides which adjacent gaps count as separated. */
export function fitRatings(data: FinishingOrders, alpha = 0.05): RatingFit {
  const k = data.names.length;
  const patterns = data.sorted();
  const t = totals(patterns, k);
  const { theta, information, iterations } = k > 1 ? fitTheta(t, k) : { theta: new Float64Array(k), information: new Float64Array(k * k), iterations: 0 };
  const bread = k > 1 ? pseudoInverse(information, k) : new Float64Array(k * k);
  const covariance = multiply(multiply(bread, scoreOuterProducts(patterns, theta, k), k), bread, k);
  const order = data.names.map((_, i) => i).sort((a, b) => theta[b] - theta[a] || (data.names[a] < data.names[b] ? -1 : 1));
  const ratings: Rating[] = order.map((i, r) => {
    const half = Z95 * Math.sqrt(Math.max(covariance[i * k + i], 0));
    return {
      name: data.names[i],
      rating: RATING_MEAN + ELO_PER_NAT * theta[i],
      low95: RATING_MEAN + ELO_PER_NAT * (theta[i] - half),
      high95: RATING_MEAN + ELO_PER_NAT * (theta[i] + half),
      matches: data.matchesOf[i],
      rank: r + 1,
    };
  });
  const raw = order.slice(1).map((b, r) => {
    const a = order[r];
    const v = covariance[a * k + a] + covariance[b * k + b] - 2 * covariance[a * k + b];
    const se = Math.sqrt(Math.max(v, 0));
    const d = theta[a] - theta[b];
    const p = se > 0 ? 2 * normCdf(-Math.abs(d) / se) : d === 0 ? 1 : 0;
    return { upper: data.names[a], lower: data.names[b], difference: ELO_PER_NAT * d, se: ELO_PER_NAT * se, p };
  });
  const adjusted = holm(raw.map((g) => g.p));
  const gaps = raw.map((g, i) => ({ ...g, pHolm: adjusted[i], separated: adjusted[i] < alpha }));
  return { ratings, gaps, covariance, theta, matches: data.matches, iterations };
}

/** The probability that a player rated `a` finishes ahead of one rated `b` (ties counting half). */
export function expectedAhead(a: number, b: number): number {
  return 1 / (1 + Math.pow(10, (b - a) / 400));
}

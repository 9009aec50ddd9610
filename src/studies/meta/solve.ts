import { solve, type Model } from 'yalps';

/**
 * The two solutions of a meta-game (docs/meta.md, docs/statistics.md "Meta-game"):
 *
 * - heads-up, a Nash equilibrium of the symmetric constant-sum game whose payoff is the row strategy's
 *   win share against the column's: the mix x that maximizes v subject to sum_i x_i M[i][j] >= v for every
 *   column j, sum x = 1, x >= 0 (the maximin linear program of a matrix game), solved by YALPS's simplex;
 * - at more players, alpha-rank (Omidshafiei et al. 2019, single population): the stationary
 *   distribution of the Markov chain whose states are the strategies played by a whole population of m,
 *   and whose moves are a single mutant's fixation under the Fermi selection of intensity alpha.
 */

/** Below this a strategy's weight is taken for zero (the solver's vertices have exact zeros; its rounding does not). */
export const SUPPORT_EPSILON = 1e-6;

/** A maximin mix of the matrix game `payoff` (row player's payoff), and its value. */
export function nashMix(payoff: readonly (readonly number[])[]): { mix: number[]; value: number } {
  const n = payoff.length;
  const variables = new Map<string, Map<string, number>>();
  for (let i = 0; i < n; i++) {
    const c = new Map<string, number>([['sum', 1]]);
    for (let j = 0; j < n; j++) c.set(`col${j}`, payoff[i][j]);
    variables.set(`x${i}`, c);
  }
  // v may be any sign: it is the difference of two non-negative variables.
  const up = new Map<string, number>([['v', 1]]);
  const down = new Map<string, number>([['v', -1]]);
  for (let j = 0; j < n; j++) {
    up.set(`col${j}`, -1);
    down.set(`col${j}`, 1);
  }
  variables.set('vUp', up);
  variables.set('vDown', down);
  const constraints = new Map<string, { min?: number; equal?: number }>([['sum', { equal: 1 }]]);
  for (let j = 0; j < n; j++) constraints.set(`col${j}`, { min: 0 });
  const model: Model = { direction: 'maximize', objective: 'v', constraints, variables };
  const s = solve(model, { includeZeroVariables: true });
  if (s.status !== 'optimal') throw new Error(`the equilibrium's linear program ended ${s.status}`);
  const got = new Map(s.variables);
  const raw = Array.from({ length: n }, (_, i) => Math.max(0, got.get(`x${i}`) ?? 0));
  const total = raw.reduce((a, b) => a + b, 0);
  const mix = raw.map((x) => (x / total < SUPPORT_EPSILON ? 0 : x / total));
  const kept = mix.reduce((a, b) => a + b, 0);
  return { mix: mix.map((x) => x / kept), value: s.result };
}

/** alpha-rank's parameters: the selection intensity and the population's size. */
export interface AlphaRankParams {
  alpha: number;
  populationSize: number;
}

/** The values docs/meta.md states: sharp enough to rank a win-share gap of 0.02 about 7:1 at m = 50. */
export const ALPHA_RANK: AlphaRankParams = { alpha: 2, populationSize: 50 };

/**
 * The payoff of one player of strategy `focal` seated with the others given by count (`mutants` players
 * of `mutant`, the rest `resident`): a lineup's mean score per seat of that strategy.
 */
export type GroupPayoff = (focal: number, mutant: number, resident: number, mutantsAtTable: number) => number;

/** Probability of k successes in `draws` drawn without replacement from `total` holding `good` successes. */
function hypergeometric(k: number, total: number, good: number, draws: number): number {
  if (k < 0 || k > draws || k > good || draws - k > total - good) return 0;
  return Math.exp(logChoose(good, k) + logChoose(total - good, draws - k) - logChoose(total, draws));
}

function logChoose(n: number, k: number): number {
  let s = 0;
  for (let i = 1; i <= k; i++) s += Math.log((n - k + i) / i);
  return s;
}

/**
 * The probability that one mutant of `r` takes over a population of m players of `s` (a Moran process
 * with Fermi selection): 1 / (1 + sum_{l=1}^{m-1} prod_{k=1}^{l} exp(-alpha (f_r(k) - f_s(k)))), where with k
 * mutants a player's co-players are drawn without replacement from the other m - 1.
 */
export function fixation(r: number, s: number, players: number, payoff: GroupPayoff, p: AlphaRankParams): number {
  const m = p.populationSize;
  const others = players - 1;
  let logTerm = 0;
  const logs: number[] = [];
  for (let k = 1; k < m; k++) {
    let fr = 0;
    let fs = 0;
    for (let j = 0; j <= others; j++) {
      // A mutant sees j mutants among k - 1; a resident sees j among k.
      fr += hypergeometric(j, m - 1, k - 1, others) * payoff(r, r, s, j + 1);
      fs += hypergeometric(j, m - 1, k, others) * payoff(s, r, s, j);
    }
    logTerm += -p.alpha * (fr - fs);
    logs.push(logTerm);
  }
  const top = Math.max(0, ...logs);
  const sum = Math.exp(-top) + logs.reduce((a, l) => a + Math.exp(l - top), 0);
  return Math.exp(-top) / sum;
}

/** The stationary distribution of the chain over monomorphic populations, and the fixation matrix. */
export function alphaRank(n: number, players: number, payoff: GroupPayoff, p: AlphaRankParams = ALPHA_RANK): { mix: number[]; fixation: number[][] } {
  const rho = Array.from({ length: n }, (_, s) => Array.from({ length: n }, (_, r) => (r === s ? 0 : fixation(r, s, players, payoff, p))));
  const eta = 1 / (n - 1);
  const t = rho.map((row, s) => row.map((x, r) => (r === s ? 1 - eta * row.reduce((a, b) => a + b, 0) : eta * x)));
  return { mix: stationary(t), fixation: rho };
}

/** pi with pi T = pi and sum pi = 1, by Gaussian elimination with partial pivoting on (T' - I) with the last row replaced by ones. */
export function stationary(t: readonly (readonly number[])[]): number[] {
  const n = t.length;
  const a = Array.from({ length: n }, (_, i) => Array.from({ length: n + 1 }, (_, j) => (j === n ? (i === n - 1 ? 1 : 0) : i === n - 1 ? 1 : t[j][i] - (i === j ? 1 : 0))));
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let i = col + 1; i < n; i++) if (Math.abs(a[i][col]) > Math.abs(a[pivot][col])) pivot = i;
    [a[col], a[pivot]] = [a[pivot], a[col]];
    for (let i = 0; i < n; i++) {
      if (i === col || a[col][col] === 0) continue;
      const f = a[i][col] / a[col][col];
      for (let j = col; j <= n; j++) a[i][j] -= f * a[col][j];
    }
  }
  const pi = a.map((row, i) => Math.max(0, row[n] / row[i]));
  const total = pi.reduce((x, y) => x + y, 0);
  return pi.map((x) => x / total);
}

import { Rng, deriveSeed } from '../../engine/rng.js';
import { clusteredWilson, Z95 } from '../../analysis/intervals.js';
import { multisetKey } from './lineups.js';
import { ALPHA_RANK, SUPPORT_EPSILON, alphaRank, nashMix, type AlphaRankParams } from './solve.js';
import type { Cluster, Tally } from './tally.js';

/**
 * The meta-game's answer from the tallies of its multisets (tally.ts): the matrix of a lone entrant's win
 * share against a table of another strategy (heads-up, the row's win share against the column's) with
 * 95% intervals, the equilibrium mix (solve.ts), which strategies are dominant, dominated or in a cycle,
 * how stable the mix's support is under a seeded bootstrap of the matches, and the first player's
 * advantage per lineup and weighted by the mix.
 */

/** Resamples of the bootstrap. */
export const BOOTSTRAP_RESAMPLES = 200;

/** What a multiset scored, as the solutions read it (a tally's, or a resample's). */
interface Totals {
  n: number;
  sums: number[];
}

export interface Cell {
  row: number;
  column: number;
  /** The row strategy's win share, seated alone with players - 1 of the column strategy. */
  winShare: number;
  low: number;
  high: number;
  /** Deals (each played in every seating of the multiset), the matches behind them, and their distinct plays. */
  deals: number;
  matches: number;
  plays: number;
  designEffect: number;
}

export interface LineupBalance {
  multiset: number[];
  deals: number;
  matches: number;
  /** The first player's win share of the decided matches, its interval, and that share less the fair 1/players. */
  share: number;
  low: number;
  high: number;
  advantage: number;
}

export interface MetaResult {
  players: number;
  method: 'nash' | 'alpha-rank';
  alphaRank?: AlphaRankParams;
  /** n x n; the diagonal is 1/players by symmetry. */
  matrix: Cell[][];
  mix: number[];
  /** Nash: the game's value for a player of the mix (one half heads-up, up to the estimates' rounding). */
  value?: number;
  /** The mix's 2.5% and 97.5% bootstrap percentiles, and how often each strategy is in the support. */
  mixLow: number[];
  mixHigh: number[];
  inSupport: number[];
  resamples: number;
  /** beats[r][c]: r's win share against c has its interval above 1/players. */
  beats: boolean[][];
  dominant: number[];
  dominated: Array<{ strategy: number; by: number }>;
  /** Each cycle of the beats relation, as an ordered walk (each beats the next, the last the first). */
  cycles: number[][];
  lineups: LineupBalance[];
  /** The first player's advantage over the lineups weighted by the mix (each seat drawn from it). */
  weighted: { advantage: number; low: number; high: number };
  matches: number;
  /** Matches a bot's fault ended, left out. */
  faulted: number;
}

const sameTable = (r: number, s: number, mutants: number, players: number) =>
  multisetKey([...Array.from({ length: mutants }, () => r), ...Array.from({ length: players - mutants }, () => s)].sort((a, b) => a - b));

/** The mean score per seat of `focal` at the table of `mutants` players of r and the rest s. */
function groupPayoff(totals: ReadonlyMap<string, Totals>, tallies: ReadonlyMap<string, Tally>, players: number) {
  return (focal: number, r: number, s: number, mutants: number): number => {
    const key = sameTable(r, s, mutants, players);
    const t = totals.get(key)!;
    const j = tallies.get(key)!.strategies.indexOf(focal);
    return t.n > 0 ? t.sums[j] / t.n : 1 / players;
  };
}

/** The entrant matrix: E[r][c] = payoff of one r with players - 1 of c; 1/players on the diagonal. */
function entrantMatrix(n: number, players: number, u: ReturnType<typeof groupPayoff>): number[][] {
  return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => (r === c ? 1 / players : u(r, r, c, 1))));
}

function solveMix(n: number, players: number, totals: ReadonlyMap<string, Totals>, tallies: ReadonlyMap<string, Tally>): { mix: number[]; value?: number } {
  const u = groupPayoff(totals, tallies, players);
  if (players === 2) return nashMix(entrantMatrix(n, players, u));
  return { mix: alphaRank(n, players, u, ALPHA_RANK).mix };
}

const totalsOf = (tallies: ReadonlyMap<string, Tally>) => new Map([...tallies].map(([k, t]) => [k, { n: t.deals, sums: t.sums }]));

/** One resample: each multiset's distinct plays drawn with replacement, as many as it has. */
function resample(tallies: ReadonlyMap<string, Tally>, rng: Rng): Map<string, Totals> {
  const out = new Map<string, Totals>();
  for (const [k, t] of tallies) {
    const acc: Totals = { n: 0, sums: t.strategies.map(() => 0) };
    const cs: readonly Cluster[] = t.clusters;
    for (let i = 0; i < cs.length; i++) {
      const c = cs[rng.int(cs.length)];
      acc.n += c.n;
      for (let j = 0; j < acc.sums.length; j++) acc.sums[j] += c.sums[j];
    }
    out.set(k, acc);
  }
  return out;
}

function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))];
}

/** The bootstrap of the mix: its percentiles and each strategy's share of resamples in the support. */
function bootstrap(n: number, players: number, tallies: ReadonlyMap<string, Tally>, seed: string, resamples: number) {
  const rng = new Rng(deriveSeed(seed, 'meta', 'bootstrap'));
  const draws: number[][] = Array.from({ length: n }, () => []);
  const inSupport = new Array<number>(n).fill(0);
  for (let b = 0; b < resamples; b++) {
    const { mix } = solveMix(n, players, resample(tallies, rng), tallies);
    mix.forEach((x, i) => {
      draws[i].push(x);
      if (x > SUPPORT_EPSILON) inSupport[i]++;
    });
  }
  if (resamples === 0) return { low: draws.map(() => NaN), high: draws.map(() => NaN), inSupport: draws.map(() => NaN) };
  const sorted = draws.map((d) => [...d].sort((a, b) => a - b));
  return { low: sorted.map((d) => percentile(d, 0.025)), high: sorted.map((d) => percentile(d, 0.975)), inSupport: inSupport.map((k) => k / resamples) };
}

function cells(n: number, players: number, tallies: ReadonlyMap<string, Tally>): Cell[][] {
  return Array.from({ length: n }, (_, r) =>
    Array.from({ length: n }, (_, c) => {
      if (r === c) return { row: r, column: c, winShare: 1 / players, low: 1 / players, high: 1 / players, deals: 0, matches: 0, plays: 0, designEffect: 1 };
      const t = tallies.get(sameTable(r, c, 1, players))!;
      const j = t.strategies.indexOf(r);
      const [low, high] = clusteredWilson(t.sums[j], t.squares[j], t.deals, Z95, t.designEffect);
      return { row: r, column: c, winShare: t.deals > 0 ? t.sums[j] / t.deals : NaN, low, high, deals: t.deals, matches: t.matches, plays: t.plays, designEffect: t.designEffect };
    }),
  );
}

/** b dominates a: b beats a, and against every strategy b's win share is at least a's. */
function dominatedPairs(m: readonly Cell[][], beats: readonly boolean[][]): Array<{ strategy: number; by: number }> {
  const out: Array<{ strategy: number; by: number }> = [];
  for (let a = 0; a < m.length; a++) {
    const by = m.findIndex((_, b) => b !== a && beats[b][a] && m.every((_, c) => m[b][c].winShare >= m[a][c].winShare));
    if (by >= 0) out.push({ strategy: a, by });
  }
  return out;
}

/** The strongly connected parts of the beats relation with three or more strategies, each as a walk round it. */
export function beatCycles(beats: readonly boolean[][]): number[][] {
  const n = beats.length;
  const reach = beats.map((row) => row.map((x) => x));
  for (let k = 0; k < n; k++) for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (reach[i][k] && reach[k][j]) reach[i][j] = true;
  const seen = new Set<number>();
  const out: number[][] = [];
  for (let i = 0; i < n; i++) {
    if (seen.has(i)) continue;
    const part = Array.from({ length: n }, (_, j) => j).filter((j) => j === i || (reach[i][j] && reach[j][i]));
    part.forEach((j) => seen.add(j));
    if (part.length >= 3) out.push(walk(part, beats));
  }
  return out;
}

/** A cycle through the part from its first strategy (depth first, each step a beat), longest found. */
function walk(part: readonly number[], beats: readonly boolean[][]): number[] {
  let best: number[] = [part[0]];
  const step = (path: number[]) => {
    const last = path[path.length - 1];
    if (path.length > best.length && beats[last][path[0]]) best = [...path];
    if (best.length === part.length) return;
    for (const j of part) if (!path.includes(j) && beats[last][j]) step([...path, j]);
  };
  step([part[0]]);
  return best;
}

/** The chance that players seats each filled from `mix` seat this multiset, in some order. */
export function multinomialWeight(multiset: readonly number[], mix: readonly number[]): number {
  let w = 1;
  let logCoef = 0;
  for (let k = 1; k <= multiset.length; k++) logCoef += Math.log(k);
  const counts = new Map<number, number>();
  for (const s of multiset) counts.set(s, (counts.get(s) ?? 0) + 1);
  for (const [s, c] of counts) {
    for (let k = 1; k <= c; k++) logCoef -= Math.log(k);
    w *= mix[s] ** c;
  }
  return w * Math.exp(logCoef);
}

/**
 * Per-multiset values weighted by the chance that seats drawn from the mix make each multiset, over the
 * multisets with a value (their weights made to add up to 1 again); the standard error combines theirs,
 * the mix taken as fixed (NaN when a weighed multiset has none).
 */
export function mixWeighted(items: ReadonlyArray<{ multiset: readonly number[]; value: number; se: number }>, mix: readonly number[]): { mean: number; se: number } {
  let weight = 0;
  let sum = 0;
  let variance = 0;
  for (const it of items) {
    const w = multinomialWeight(it.multiset, mix);
    if (w === 0 || !Number.isFinite(it.value)) continue;
    weight += w;
    sum += w * it.value;
    variance += w * w * it.se * it.se;
  }
  return { mean: sum / weight, se: Math.sqrt(variance) / weight };
}

function balance(players: number, tallies: ReadonlyMap<string, Tally>, mix: readonly number[]): Pick<MetaResult, 'lineups' | 'weighted'> {
  const lineups: LineupBalance[] = [...tallies.values()].map((t) => {
    const [low, high] = clusteredWilson(t.fpSum, t.fpSquares, t.fpDeals, Z95, t.designEffect);
    const share = t.fpDeals > 0 ? t.fpSum / t.fpDeals : NaN;
    return { multiset: t.multiset, deals: t.deals, matches: t.matches, share, low, high, advantage: share - 1 / players };
  });
  const { mean: advantage, se } = mixWeighted(lineups.map((l) => ({ multiset: l.multiset, value: l.advantage, se: (l.high - l.low) / (2 * Z95) })), mix);
  const half = Z95 * se;
  return { lineups, weighted: { advantage, low: advantage - half, high: advantage + half } };
}

/** The whole answer; `seed` seeds the bootstrap (the spec's seed: the same files every time). */
export function analyseMeta(n: number, players: number, tallies: ReadonlyMap<string, Tally>, seed: string, resamples = BOOTSTRAP_RESAMPLES): MetaResult {
  const matrix = cells(n, players, tallies);
  const beats = matrix.map((row, r) => row.map((c, j) => r !== j && c.low > 1 / players));
  const { mix, value } = solveMix(n, players, totalsOf(tallies), tallies);
  const boot = bootstrap(n, players, tallies, seed, resamples);
  const all = [...tallies.values()];
  return {
    players,
    method: players === 2 ? 'nash' : 'alpha-rank',
    ...(players === 2 ? {} : { alphaRank: ALPHA_RANK }),
    matrix,
    mix,
    ...(value !== undefined ? { value } : {}),
    mixLow: boot.low,
    mixHigh: boot.high,
    inSupport: boot.inSupport,
    resamples,
    beats,
    dominant: beats.flatMap((row, r) => (row.every((b, c) => b || c === r) ? [r] : [])),
    dominated: dominatedPairs(matrix, beats),
    cycles: beatCycles(beats),
    ...balance(players, tallies, mix),
    matches: all.reduce((a, t) => a + t.matches, 0),
    faulted: all.reduce((a, t) => a + t.faulted, 0),
  };
}

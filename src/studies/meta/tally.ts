import type { MatchRow } from '../../analysis/result-types.js';
import { openResult, readMatches } from '../../analysis/results.js';
import { PlayTally } from '../../analysis/play-tally.js';
import { multisetKey } from './lineups.js';

/**
 * What each multiset of strategies scored, from its lineups' matches.csv: each strategy's win share
 * (ties as equal shares: 1/k to each of k tied winners; a match nobody won is a tie of everyone), the
 * first player's, and the distinct plays behind them (repeated games counted once: play-tally.ts), kept
 * as clusters of matches for the bootstrap. Annulled matches (a bot's fault) count for nobody.
 */

/** The matches of one distinct play (or one match, in a folder without play hashes). */
export interface Cluster {
  n: number;
  /** Per strategy of the multiset (`Tally.strategies` order): the sum of its per-match score. */
  sums: number[];
  /** The first player's summed score. */
  fp: number;
}

export interface Tally {
  /** The multiset, sorted strategy indices. */
  multiset: number[];
  /** Its distinct strategies, ascending. */
  strategies: number[];
  /** Seats each strategy fills. */
  seats: number[];
  matches: number;
  annulled: number;
  sums: number[];
  squares: number[];
  fpSum: number;
  fpSquares: number;
  /** Kish's design effect of repeated plays (1: every match a play of its own). */
  designEffect: number;
  plays: number;
  clusters: Cluster[];
}

/** Each seat's share of the match: 1/k to each of k winners, 1/players each when nobody won. */
export function seatScores(row: MatchRow, players: number): number[] {
  if (row.winners.length === 0) return new Array<number>(players).fill(1 / players);
  const out = new Array<number>(players).fill(0);
  for (const w of row.winners) out[w] = 1 / row.winners.length;
  return out;
}

function emptyTally(multiset: number[]): Tally {
  const strategies = [...new Set(multiset)];
  const zeros = () => strategies.map(() => 0);
  return {
    multiset,
    strategies,
    seats: strategies.map((s) => multiset.filter((x) => x === s).length),
    matches: 0,
    annulled: 0,
    sums: zeros(),
    squares: zeros(),
    fpSum: 0,
    fpSquares: 0,
    designEffect: 1,
    plays: 0,
    clusters: [],
  };
}

/** Adds one run's matches (a seating of the tally's multiset) to it. */
async function addRun(t: Tally, dir: string, names: readonly string[], players: number): Promise<void> {
  const info = openResult(dir);
  const index = new Map(t.strategies.map((s, j) => [names[s], j]));
  const plays = new PlayTally();
  const clusters = new Map<string, Cluster>();
  const before = t.matches;
  await readMatches(info, (row) => {
    if (row.annulled) {
      t.annulled++;
      return;
    }
    const seat = seatScores(row, players);
    const per = t.strategies.map(() => 0);
    row.bots.forEach((b, s) => (per[index.get(b)!] += seat[s]));
    const fp = row.firstPlayer >= 0 ? seat[row.firstPlayer] : 1 / players;
    t.matches++;
    per.forEach((v, j) => {
      const mean = v / t.seats[j];
      t.sums[j] += mean;
      t.squares[j] += mean * mean;
    });
    t.fpSum += fp;
    t.fpSquares += fp * fp;
    plays.add(row.playHash, row.winners.length > 0);
    const key = row.playHash === '' ? `match ${row.match}` : row.playHash;
    const c = clusters.get(key) ?? { n: 0, sums: t.strategies.map(() => 0), fp: 0 };
    c.n++;
    per.forEach((v, j) => (c.sums[j] += v / t.seats[j]));
    c.fp += fp;
    clusters.set(key, c);
  });
  const added = t.matches - before;
  // The design effect of several seatings: their sums of squared play sizes added, over all matches.
  const deff = plays.known ? plays.designEffect() : 1;
  t.designEffect = t.matches > 0 ? (t.designEffect * before + deff * added) / t.matches : 1;
  t.plays += plays.known ? plays.plays() : added;
  t.clusters.push(...clusters.values());
}

/** The tallies of every multiset, by key (lineups.ts multisetKey), from the lineups' folders. */
export async function tallyLineups(runs: ReadonlyArray<{ dir: string; multiset: number[] }>, names: readonly string[], players: number): Promise<Map<string, Tally>> {
  const out = new Map<string, Tally>();
  for (const run of runs) {
    const key = multisetKey(run.multiset);
    const t = out.get(key) ?? emptyTally(run.multiset);
    await addRun(t, run.dir, names, players);
    out.set(key, t);
  }
  return out;
}

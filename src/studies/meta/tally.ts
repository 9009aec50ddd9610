import { createHash } from 'node:crypto';
import type { MatchRow } from '../../analysis/result-types.js';
import { openResult, readMatches } from '../../analysis/results.js';
import { PlayTally } from '../../analysis/play-tally.js';
import { multisetKey } from './lineups.js';

/**
 * What each multiset of strategies scored, from its seatings' matches.csv (lineups.ts). Match i of every
 * seating was dealt from the same seed, so the unit is the deal: its value for a strategy is the mean,
 * over the seatings played to their end, of that strategy's score per seat (ties as equal shares: 1/k
 * to each of k tied winners; a match nobody won, or the rules annulled, is a tie of everyone). Averaging a deal over every
 * seating takes its luck of the deal and the seats out of the comparison (a paired design). A deal whose
 * seatings played exactly as an earlier deal's (the same play hashes, seat for seat) repeats it, and
 * counts once (Kish's design effect: play-tally.ts). A match a bot's fault ended counts for nobody.
 */

/** The deals of one distinct play of a multiset's seatings (a deal of its own without play hashes). */
export interface Cluster {
  /** Deals. */
  n: number;
  /** Per strategy of the multiset (`Tally.strategies` order): the sum of its deal values. */
  sums: number[];
}

export interface Tally {
  /** The multiset, sorted strategy indices. */
  multiset: number[];
  /** Its distinct strategies, ascending. */
  strategies: number[];
  /** Seats each strategy fills. */
  seats: number[];
  /** Deals with at least one seating played to its end, and the matches behind them. */
  deals: number;
  matches: number;
  /** Matches a bot's fault ended (left out). */
  faulted: number;
  sums: number[];
  squares: number[];
  /** The first player's share of the decided matches (someone won), per deal with one: as the runs' first-player figures count. */
  fpDeals: number;
  fpSum: number;
  fpSquares: number;
  /** Kish's design effect of repeated deals (1: every deal a play of its own). */
  designEffect: number;
  plays: number;
  clusters: Cluster[];
}

/** Each seat's share of the match: 1/k to each of k winners, 1/players each when nobody won (annulled by the rules too). */
export function seatScores(row: Pick<MatchRow, 'winners'>, players: number): number[] {
  if (row.winners.length === 0) return new Array<number>(players).fill(1 / players);
  const out = new Array<number>(players).fill(0);
  for (const w of row.winners) out[w] = 1 / row.winners.length;
  return out;
}

/** One deal, summed over its seatings so far. */
export interface Deal {
  /** Seatings played to their end (not ended by a bot's fault). */
  played: number;
  /** Per strategy of the multiset: its score per seat, summed over those seatings. */
  per: number[];
  /** Of those, seatings someone won, and the first player's score summed over them. */
  decided: number;
  fp: number;
  /** Each seating's play hash. */
  hashes: string[];
}

function emptyTally(multiset: number[]): Tally {
  const strategies = [...new Set(multiset)];
  const zeros = () => strategies.map(() => 0);
  return {
    multiset,
    strategies,
    seats: strategies.map((s) => multiset.filter((x) => x === s).length),
    deals: 0,
    matches: 0,
    faulted: 0,
    sums: zeros(),
    squares: zeros(),
    fpDeals: 0,
    fpSum: 0,
    fpSquares: 0,
    designEffect: 1,
    plays: 0,
    clusters: [],
  };
}

/** Adds one seating's matches to the deals of its multiset. */
async function addSeating(t: Pick<Tally, 'strategies' | 'seats' | 'faulted'>, deals: Deal[], dir: string, names: readonly string[], players: number, variant?: string): Promise<void> {
  const index = new Map(t.strategies.map((s, j) => [names[s], j]));
  await readMatches(openResult(dir), (row) => {
    if (variant !== undefined && row.variant !== variant) return;
    const d = (deals[row.match] ??= { played: 0, per: t.strategies.map(() => 0), decided: 0, fp: 0, hashes: [] });
    d.hashes.push(row.playHash === '' ? `match ${row.match} ${d.hashes.length}` : row.playHash);
    // A match the rules annulled is a no-result, shared as a tie; one a bot's fault ended tells nothing of the strategies.
    if (row.annulled && row.faultSeat >= 0) {
      t.faulted++;
      return;
    }
    const seat = seatScores(row, players);
    row.bots.forEach((b, s) => (d.per[index.get(b)!] += seat[s] / t.seats[index.get(b)!]));
    if (row.winners.length > 0 && row.firstPlayer >= 0) {
      d.decided++;
      d.fp += seat[row.firstPlayer];
    }
    d.played++;
  });
}

/** A multiset's tally from its deals: the deal values, their sums and squares, the clusters of repeated deals and their design effect. */
export function tallyOfDeals(multiset: number[], deals: readonly Deal[], faulted = 0): Tally {
  const t = emptyTally(multiset);
  t.faulted = faulted;
  const plays = new PlayTally();
  const clusters = new Map<string, Cluster>();
  for (const d of deals) {
    if (d === undefined || d.played === 0) continue;
    const values = d.per.map((v) => v / d.played);
    t.deals++;
    t.matches += d.played;
    values.forEach((v, j) => {
      t.sums[j] += v;
      t.squares[j] += v * v;
    });
    if (d.decided > 0) {
      const fp = d.fp / d.decided;
      t.fpDeals++;
      t.fpSum += fp;
      t.fpSquares += fp * fp;
    }
    // The deal's plays as a set: deal i and deal j that played the same games, each in some seating, repeat one play.
    const key = [...d.hashes].sort().join(' ');
    // One play hash for the deal's seatings together, in matches.csv's form (16 hexadecimal digits).
    plays.add(createHash('sha256').update(key).digest('hex').slice(0, 16), true);
    const c = clusters.get(key) ?? { n: 0, sums: t.strategies.map(() => 0) };
    c.n++;
    values.forEach((v, j) => (c.sums[j] += v));
    clusters.set(key, c);
  }
  t.designEffect = plays.designEffect();
  t.plays = plays.plays();
  t.clusters = [...clusters.values()];
  return t;
}

/** The tallies of every multiset, by key (lineups.ts multisetKey), from the seatings' folders: the matches of one variant when named, else all. */
export async function tallyLineups(runs: ReadonlyArray<{ dir: string; multiset: number[] }>, names: readonly string[], players: number, variant?: string): Promise<Map<string, Tally>> {
  const out = new Map<string, Tally>();
  const keys = [...new Set(runs.map((r) => multisetKey(r.multiset)))];
  for (const key of keys) {
    const mine = runs.filter((r) => multisetKey(r.multiset) === key);
    const seen = emptyTally(mine[0].multiset);
    const deals: Deal[] = [];
    for (const run of mine) await addSeating(seen, deals, run.dir, names, players, variant);
    out.set(key, tallyOfDeals(mine[0].multiset, deals, seen.faulted));
  }
  return out;
}

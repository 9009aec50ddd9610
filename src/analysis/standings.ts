/**
 * Standings of a finished run: ratings.csv, head-to-head.csv and the leaderboard printed after every run
 * and merge, all computed from matches.csv (lineup names and ranks), so they are byte-identical whenever
 * matches.csv is: across threads, batch sizes, resume and shards.
 */
import { join } from 'node:path';
import { csvLines } from '../io/csv.js';
import { formatTable } from './table.js';
import { fixed } from './intervals.js';
import { HeadToHeadTally } from './head-to-head.js';
import { FinishingOrders, fitRatings, type RatingFit } from './ratings.js';
import { openResult, readMatches, type ResultInfo } from './results.js';
import { writeDerivedFiles } from '../io/manifest.js';

/** One match as the standings need it: its variant, the lineup name of each seat and each seat's rank. */
export interface RankedMatch {
  variant: string;
  bots: readonly string[];
  ranks: ArrayLike<number>;
}

export const RATINGS_HEADER = [
  'variant',
  'bot',
  'rating',
  'rating_low95',
  'rating_high95',
  'matches',
  'rank',
  'gap_to_next',
  'gap_p_holm',
  'separated_from_next',
];
export const HEAD_TO_HEAD_HEADER = ['variant', 'bot', 'opponent', 'shared_matches', 'ahead_share', 'ahead_low95', 'ahead_high95'];

interface VariantTally {
  names: string[];
  index: Map<string, number>;
  orders: FinishingOrders;
  seatNames: Int32Array;
}

export class Standings {
  private readonly variants = new Map<string, VariantTally>();

  /** `lineup`: the lineup names in lineup order, which then fix the order of the names (else the first row's). */
  constructor(private readonly lineup?: readonly string[]) {}

  /** A match; the variants keep the order of their first match, the names that of their first row. */
  add(m: RankedMatch): void {
    let v = this.variants.get(m.variant);
    if (v === undefined) {
      const names = [...new Set(this.lineup ?? m.bots)];
      const index = new Map(names.map((n, i) => [n, i]));
      v = { names, index, orders: new FinishingOrders(names), seatNames: new Int32Array(m.bots.length) };
      this.variants.set(m.variant, v);
    }
    for (let s = 0; s < m.bots.length; s++) {
      const i = v.index.get(m.bots[s]);
      if (i === undefined) throw new Error(`variant ${m.variant}: lineup name "${m.bots[s]}" is not in its first match`);
      v.seatNames[s] = i;
    }
    v.orders.add(v.seatNames, m.ranks);
  }

  /** Per variant, in order: its fit and its head-to-head rows. */
  results(alpha = 0.05): Array<{ variant: string; fit: RatingFit; h2h: ReturnType<HeadToHeadTally['rows']> }> {
    return [...this.variants].map(([variant, v]) => {
      // Head-to-head from the same pattern counts: each distinct finishing pattern once, with its count.
      const h2h = new HeadToHeadTally(v.names);
      for (const p of v.orders.sorted()) h2h.add(p.names, p.ranks, p.count);
      return { variant, fit: fitRatings(v.orders, alpha), h2h: h2h.rows() };
    });
  }
}

export function ratingsCsv(results: ReturnType<Standings['results']>): string {
  const rows: Array<Array<string | number>> = [RATINGS_HEADER];
  for (const { variant, fit } of results) {
    fit.ratings.forEach((r, i) => {
      const gap = fit.gaps[i];
      rows.push([
        variant,
        r.name,
        fixed(r.rating, 1),
        fixed(r.low95, 1),
        fixed(r.high95, 1),
        r.matches,
        r.rank,
        gap ? fixed(gap.difference, 1) : '',
        gap ? fixed(gap.pHolm, 6) : '',
        gap ? (gap.separated ? 1 : 0) : '',
      ]);
    });
  }
  return csvLines(rows);
}

export function headToHeadCsv(results: ReturnType<Standings['results']>): string {
  const rows: Array<Array<string | number>> = [HEAD_TO_HEAD_HEADER];
  for (const { variant, h2h } of results) {
    for (const r of h2h) rows.push([variant, r.bot, r.opponent, r.sharedMatches, fixed(r.ahead, 4), fixed(r.low95, 4), fixed(r.high95, 4)]);
  }
  return csvLines(rows);
}

/** The leaderboard for the terminal: ratings in order, and between neighbours whether the gap is significant. */
export function leaderboardText(results: ReturnType<Standings['results']>): string {
  const out: string[] = [];
  for (const { variant, fit } of results) {
    if (fit.ratings.length === 1) {
      // Every seat is the same bot: a one-bot leaderboard says nothing (issue 21); the seats' balance is the question.
      out.push(`Ratings, variant ${variant}: every seat is ${fit.ratings[0].name}, so there is no leaderboard; the seats' balance is in seats.csv.`, '');
      continue;
    }
    out.push(`Ratings, variant ${variant} (${fit.matches} matches; Elo-like scale, field mean 1500; docs/ratings.md)`);
    const rows = fit.ratings.map((r) => [r.name, String(r.rank), fixed(r.rating, 0), `${fixed(r.low95, 0)} - ${fixed(r.high95, 0)}`]);
    const table = formatTable(['bot', 'rank', 'rating', '95% interval'], rows).split('\n');
    out.push(`${table[0]}  next on the board (Holm-adjusted p)`);
    fit.ratings.forEach((r, i) => {
      const gap = fit.gaps[i];
      const p = gap && (gap.pHolm < 0.0001 ? 'p < 0.0001' : `p ${fixed(gap.pHolm, 4)}`);
      out.push(gap ? `${table[i + 1]}  ${gap.separated ? 'ahead of' : 'not separated from'} ${gap.lower} (+${fixed(gap.difference, 0)}, ${p})` : table[i + 1]);
    });
    out.push('');
  }
  return out.join('\n');
}

/**
 * Reads a finished result folder's matches.csv and writes ratings.csv and head-to-head.csv beside it;
 * returns the leaderboard for the terminal.
 */
export async function writeStandings(dir: string): Promise<string> {
  const info = openResult(dir);
  const standings = new Standings(info.lineup);
  await readMatches(info, (row) => standings.add(row), { seeds: false });
  return writeStandingsFiles(info, standings);
}

/**
 * Writes ratings.csv and head-to-head.csv of standings gathered from every match of `info`'s folder (by
 * writeStandings, or by the one pass after a run or merge); returns the leaderboard for the terminal.
 */
export function writeStandingsFiles(info: ResultInfo, standings: Standings): string {
  const results = standings.results();
  writeDerivedFiles(info.dir, [
    [join(info.dir, 'ratings.csv'), ratingsCsv(results)],
    [join(info.dir, 'head-to-head.csv'), headToHeadCsv(results)],
  ]);
  return leaderboardText(results) + `Wrote ${info.shown}/ratings.csv, head-to-head.csv\n`;
}

/**
 * writeStandings after a run or merge: a failure here (a disk full, say) is a warning on stderr, and the
 * run's own files and exit code stand. Returns the leaderboard, or '' when it could not be made.
 */
export async function standingsAfterRun(dir: string): Promise<string> {
  return standingsOrWarning(dir, () => writeStandings(dir));
}

/** The leaderboard `make` returns, or '' and a warning on stderr when it throws. */
export async function standingsOrWarning(dir: string, make: () => string | Promise<string>): Promise<string> {
  try {
    return await make();
  } catch (err) {
    process.stderr.write(`warning: ratings.csv and head-to-head.csv were not written: ${err instanceof Error ? err.message : String(err)}; \`tavolo report ${dir}\` rebuilds them\n`);
    return '';
  }
}

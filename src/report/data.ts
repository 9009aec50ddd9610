import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseSync } from 'csv-parse/sync';
import { studentQuantile } from '../analysis/distributions.js';
import { openResult, readMatches, type MatchRow } from '../analysis/results.js';
import type { RunJson } from '../io/run-json.js';
import { InputError } from '../errors.js';
import { DERIVED_FILES, checkManifest } from '../io/manifest.js';

/**
 * Everything the HTML report shows, read from a finished result folder's files only (run.json and the
 * CSVs), never from the runner's memory: the report of a merged run, of an older run or of a run from
 * another machine is built the same way. Files written by other parts of tavolo (compare.csv,
 * ratings.csv, sequential.csv, ...) are optional: a chart whose file is absent is left out.
 */
export type Row = Record<string, string>;

export interface ReportData {
  dir: string;
  run: RunJson;
  summary: Row[];
  seats: Row[];
  /** Per variant, how many matches lasted `turns` turns. */
  lengths: { variant: string; turns: number; matches: number; share: number }[];
  /** Per variant, mean / median / count of turns. */
  lengthStats: { variant: string; matches: number; mean: number; median: number; min: number; max: number }[];
  endReasons: { variant: string; reason: string; matches: number; share: number }[];
  /** The mean of each game metric per variant, with a 95% t interval (matches as independent draws). */
  metrics: { variant: string; metric: string; matches: number; mean: number; low95: number; high95: number }[];
  compare?: Row[];
  variantsTable?: Row[];
  ratings?: Row[];
  headToHead?: Row[];
  sequential?: Row[];
  /** A one-option sweep's figures at each value (sweep.csv), and a two-option grid's per cell (grid.csv). */
  sweep?: Row[];
  grid?: Row[];
}

/** The files the runner writes last: a folder without them is not a finished result. */
const REQUIRED = ['run.json', 'summary.csv', 'seats.csv', 'matches.csv'] as const;

/** Refuses a folder without the files a finished run writes last, naming the first one missing. */
export function checkFinishedFolder(dir: string): void {
  for (const f of REQUIRED) {
    if (!existsSync(join(dir, f))) {
      throw new InputError(`${join(dir, f)} is missing: give the folder of a finished run or merge (it holds ${REQUIRED.join(', ')})`, 'report');
    }
  }
}

export function readCsvFile(file: string): Row[] {
  return parseSync<Row>(readFileSync(file, 'utf8'), { columns: true, skip_empty_lines: true });
}

function optionalCsv(dir: string, name: string): Row[] | undefined {
  const file = join(dir, name);
  return existsSync(file) ? readCsvFile(file) : undefined;
}

/** What the report draws from matches.csv itself: lengths, end reasons and metric means, per variant. */
export type MatchesPart = Pick<ReportData, 'lengths' | 'lengthStats' | 'endReasons' | 'metrics'>;

/**
 * Reads a finished result folder; a missing file is an input error naming it. `alsoRows`: given the rows
 * too when matches.csv is read here. `fromMatches`: what
 * matches.csv gives (a `MatchTally`'s summary), when the caller has read it already (the one pass after
 * a run); otherwise matches.csv is read here, through the same checked reader as every other command.
 */
export async function readResult(dir: string, fromMatches?: MatchesPart, alsoRows?: RowTaker): Promise<ReportData> {
  checkFinishedFolder(dir);
  // Every file still the one the run wrote (manifest.json), before summary.csv and seats.csv are read.
  checkManifest(dir, DERIVED_FILES);
  let run: RunJson;
  try {
    run = JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')) as RunJson;
  } catch (err) {
    throw new InputError(`${join(dir, 'run.json')} is not valid JSON (${(err as Error).message})`, 'report');
  }
  return {
    dir,
    run,
    summary: readCsvFile(join(dir, 'summary.csv')),
    seats: readCsvFile(join(dir, 'seats.csv')),
    ...(fromMatches ?? (await tallyMatches(dir, alsoRows))),
    compare: optionalCsv(dir, 'compare.csv'),
    variantsTable: optionalCsv(dir, 'variants.csv'),
    ratings: optionalCsv(dir, 'ratings.csv'),
    headToHead: optionalCsv(dir, 'head-to-head.csv'),
    sequential: optionalCsv(dir, 'sequential.csv'),
    sweep: optionalCsv(dir, 'sweep.csv'),
    grid: optionalCsv(dir, 'grid.csv'),
  };
}

/** Anything else that wants the rows of the report's own read of matches.csv (the verdict's figures). */
export interface RowTaker {
  add(row: MatchRow): void;
}

async function tallyMatches(dir: string, alsoRows?: RowTaker): Promise<MatchesPart> {
  // Loose: the report also draws folders of early versions, whose run.json lacks fields the reader takes from the file.
  const info = openResult(dir, { loose: true });
  const tally = new MatchTally(info.metricNames);
  await readMatches(info, alsoRows ? (row) => (tally.add(row), alsoRows.add(row)) : (row) => tally.add(row), { seeds: false });
  return tally.summary();
}

/** Running sums of one variant's matches (matches.csv is streamed: it may hold millions of rows). */
class VariantTally {
  matches = 0;
  readonly turns = new Map<number, number>();
  readonly reasons = new Map<string, number>();
  readonly sums: number[];
  readonly squares: number[];

  constructor(metricCount: number) {
    this.sums = new Array<number>(metricCount).fill(0);
    this.squares = new Array<number>(metricCount).fill(0);
  }
}

/** The report's part of matches.csv, gathered row by row (a sink of the one pass, or of its own read). */
export class MatchTally {
  private readonly tallies = new Map<string, VariantTally>();

  /** `metricNames`: matches.csv's metric columns, in the order of a row's `metrics`. */
  constructor(private readonly metricNames: readonly string[]) {}

  add(row: MatchRow): void {
    let t = this.tallies.get(row.variant);
    if (!t) this.tallies.set(row.variant, (t = new VariantTally(this.metricNames.length)));
    t.matches++;
    t.turns.set(row.turns, (t.turns.get(row.turns) ?? 0) + 1);
    t.reasons.set(row.endReason, (t.reasons.get(row.endReason) ?? 0) + 1);
    for (let m = 0; m < row.metrics.length; m++) {
      // An empty cell counts 0, as the report has always counted it (its means are over every match).
      const v = Number.isNaN(row.metrics[m]) ? 0 : row.metrics[m];
      t.sums[m] += v;
      t.squares[m] += v * v;
    }
  }

  summary(): MatchesPart {
    return summarise(this.tallies, this.metricNames);
  }
}

function median(turns: Map<number, number>, n: number): number {
  const sorted = [...turns.entries()].sort((a, b) => a[0] - b[0]);
  const at = (k: number) => {
    let seen = 0;
    for (const [v, c] of sorted) {
      seen += c;
      if (seen > k) return v;
    }
    return NaN;
  };
  return n % 2 === 1 ? at((n - 1) / 2) : (at(n / 2 - 1) + at(n / 2)) / 2;
}

function summarise(tallies: Map<string, VariantTally>, metricNames: readonly string[]): MatchesPart {
  const out: MatchesPart = { lengths: [], lengthStats: [], endReasons: [], metrics: [] };
  for (const [variant, t] of tallies) {
    const n = t.matches;
    const keys = [...t.turns.keys()].sort((a, b) => a - b);
    let total = 0;
    for (const k of keys) {
      const c = t.turns.get(k)!;
      total += k * c;
      out.lengths.push({ variant, turns: k, matches: c, share: c / n });
    }
    out.lengthStats.push({ variant, matches: n, mean: total / n, median: median(t.turns, n), min: keys[0], max: keys[keys.length - 1] });
    for (const [reason, c] of [...t.reasons.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) {
      out.endReasons.push({ variant, reason, matches: c, share: c / n });
    }
    const q = n > 1 ? studentQuantile(0.975, n - 1) : NaN;
    metricNames.forEach((metric, m) => {
      const mean = t.sums[m] / n;
      const variance = n > 1 ? Math.max(0, (t.squares[m] - n * mean * mean) / (n - 1)) : NaN;
      const half = q * Math.sqrt(variance / n);
      out.metrics.push({ variant, metric, matches: n, mean, low95: mean - half, high95: mean + half });
    });
  }
  return out;
}

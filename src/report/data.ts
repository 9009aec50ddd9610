import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import { studentQuantile } from '../analysis/distributions.js';
import { InputError } from '../errors.js';

/**
 * Everything the HTML report shows, read from a finished result folder's files only (run.json and the
 * CSVs), never from the runner's memory: the report of a merged run, of an older run or of a run from
 * another machine is built the same way. Files written by other parts of tavolo (compare.csv,
 * ratings.csv, sequential.csv, ...) are optional: a chart whose file is absent is left out.
 */
export type Row = Record<string, string>;

export interface ReportData {
  dir: string;
  run: Record<string, unknown>;
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
}

/** The files the runner writes last: a folder without them is not a finished result. */
const REQUIRED = ['run.json', 'summary.csv', 'seats.csv', 'matches.csv'] as const;

export function readCsvFile(file: string): Row[] {
  return parseSync(readFileSync(file, 'utf8'), { columns: true, skip_empty_lines: true }) as Row[];
}

function optionalCsv(dir: string, name: string): Row[] | undefined {
  const file = join(dir, name);
  return existsSync(file) ? readCsvFile(file) : undefined;
}

/** Reads a finished result folder; a missing file is an input error naming it. */
export async function readResult(dir: string): Promise<ReportData> {
  for (const f of REQUIRED) {
    if (!existsSync(join(dir, f))) {
      throw new InputError(`${join(dir, f)} is missing: give the folder of a finished run or merge (it holds ${REQUIRED.join(', ')})`, 'report');
    }
  }
  let run: Record<string, unknown>;
  try {
    run = JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')) as Record<string, unknown>;
  } catch (err) {
    throw new InputError(`${join(dir, 'run.json')} is not valid JSON (${(err as Error).message})`, 'report');
  }
  const fromMatches = await scanMatches(join(dir, 'matches.csv'));
  return {
    dir,
    run,
    summary: readCsvFile(join(dir, 'summary.csv')),
    seats: readCsvFile(join(dir, 'seats.csv')),
    ...fromMatches,
    compare: optionalCsv(dir, 'compare.csv'),
    variantsTable: optionalCsv(dir, 'variants.csv'),
    ratings: optionalCsv(dir, 'ratings.csv'),
    headToHead: optionalCsv(dir, 'head-to-head.csv'),
    sequential: optionalCsv(dir, 'sequential.csv'),
  };
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

/** The metric columns of matches.csv: every column after fault_seat (the runner's fixed columns end there). */
function metricColumns(header: string[]): string[] {
  const at = header.indexOf('fault_seat');
  return at < 0 ? [] : header.slice(at + 1);
}

async function scanMatches(file: string): Promise<Pick<ReportData, 'lengths' | 'lengthStats' | 'endReasons' | 'metrics'>> {
  const tallies = new Map<string, VariantTally>();
  let metricNames: string[] = [];
  let col: Record<string, number> = {};
  let first = true;
  const parser = createReadStream(file).pipe(parse({ skip_empty_lines: true }));
  for await (const cells of parser as AsyncIterable<string[]>) {
    if (first) {
      first = false;
      col = Object.fromEntries(cells.map((h, i) => [h, i]));
      for (const need of ['variant', 'turns', 'end_reason']) {
        if (col[need] === undefined) throw new InputError(`${file} has no ${need} column`, 'report');
      }
      metricNames = metricColumns(cells);
      continue;
    }
    const variant = cells[col.variant];
    let t = tallies.get(variant);
    if (!t) tallies.set(variant, (t = new VariantTally(metricNames.length)));
    t.matches++;
    const turns = Number(cells[col.turns]);
    t.turns.set(turns, (t.turns.get(turns) ?? 0) + 1);
    const reason = cells[col.end_reason];
    t.reasons.set(reason, (t.reasons.get(reason) ?? 0) + 1);
    for (let m = 0; m < metricNames.length; m++) {
      const v = Number(cells[col[metricNames[m]]]);
      t.sums[m] += v;
      t.squares[m] += v * v;
    }
  }
  return summarise(tallies, metricNames);
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

function summarise(tallies: Map<string, VariantTally>, metricNames: string[]) {
  const out: Pick<ReportData, 'lengths' | 'lengthStats' | 'endReasons' | 'metrics'> = { lengths: [], lengthStats: [], endReasons: [], metrics: [] };
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

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import type { MetricInfo } from '../engine/game.js';
import { MEASURE_TABLE } from '../engine/measures.js';
import { gameRegistry } from '../plugins/loader.js';
import { SideAccumulator } from './accumulate.js';
import type { Comparison } from './compare.js';
import { critical } from './estimate.js';
import { quantityPlan } from './quantities.js';
import { identicalPairs, variantLines } from './comparison-text.js';
import { matchBatches, openResult, type MatchRow, type ResultInfo } from './results.js';
import { verdictText, type Figure, type VerdictInput, type VerdictRow } from './verdict.js';

/**
 * The verdict's input, built the same way for the terminal and for report.html: from a finished result
 * folder's files (run.json, compare.csv, variants.csv, and matches.csv for a single variant), or from
 * the comparison `tavolo compare` holds in memory.
 */

type CsvRow = Record<string, string>;

function readCsv(file: string): CsvRow[] | undefined {
  return existsSync(file) ? parseCsv<CsvRow>(readFileSync(file, 'utf8'), { columns: true, skip_empty_lines: true }) : undefined;
}

const num = (s: string | undefined) => (s === undefined || s === '' ? NaN : Number(s));

/** The designer's question: run.json's description when it has one, else the spec file's, if it is still there. */
export function questionOf(run: Record<string, unknown>): string | undefined {
  if (typeof run.description === 'string') return run.description;
  const spec = run.spec;
  if (typeof spec !== 'string' || !existsSync(spec)) return undefined;
  try {
    const d = (JSON.parse(readFileSync(spec, 'utf8')) as { description?: unknown }).description;
    return typeof d === 'string' && d.trim() !== '' ? d.trim() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The words of a folder's metric columns: the game's own, then the match measures' (docs/measures.md),
 * which matches.csv writes after the game's metrics when the spec asked for them.
 */
export async function metricInfoOf(game: string): Promise<readonly MetricInfo[] | undefined> {
  return [...((await gameRegistry())[game]?.measures.info ?? []), ...MEASURE_TABLE];
}

/**
 * Whether a McNemar row of compare.csv had no discordant pair at all (identical pairs). Its interval is
 * Agresti and Min's (paired-tests.ts): with b = c discordant pairs each way and a difference of 0 it is
 * ±z sqrt(2b + 1) / (n + 2), so b is read back from the half width. Six decimals tell b = 0 from b = 1
 * up to about a million pairs; beyond that nothing is claimed (false).
 */
function noDiscordantPairs(test: string, difference: number, half: number, pairs: number): boolean {
  if (!test.startsWith('mcnemar') || difference !== 0 || !(pairs > 0) || !Number.isFinite(half)) return false;
  const z = critical(0.95, Infinity);
  const resolution = (0.5e-6 * (pairs + 2)) / z; // how far b may be off, from the CSV's rounding
  if (resolution >= 0.25) return false;
  const b = (((half * (pairs + 2)) / z) ** 2 - 1) / 2;
  return Math.abs(b) < 0.25 + resolution;
}

/**
 * A compare.csv row as a verdict row. compare.csv has no standard error: it is the interval's half
 * width over its critical value (the intervals are estimate ± critical x se: t with pairs - 1 degrees of
 * freedom for the paired t, normal otherwise), exact to the CSV's six decimals.
 */
export function rowFromCsv(r: CsvRow): VerdictRow {
  const [low, high] = [num(r.ci_low95), num(r.ci_high95)];
  const pairs = num(r.pairs);
  const df = r.test === 'paired-t' && pairs > 1 ? pairs - 1 : Infinity;
  return {
    variant: r.variant,
    reference: r.reference,
    quantity: r.quantity,
    referenceValue: num(r.reference_value),
    value: num(r.value),
    difference: num(r.difference),
    low,
    high,
    p: num(r.p_value),
    pHolm: num(r.p_holm),
    // A McNemar row of identical pairs has an interval (Agresti-Min's) but no spread: se 0, said in words.
    se: noDiscordantPairs(r.test ?? '', num(r.difference), (high - low) / 2, pairs) ? 0 : Number.isFinite(low) ? (high - low) / (2 * critical(0.95, df)) : NaN,
    sameAs: r.same_as ?? '',
    pairs: Number.isFinite(pairs) ? pairs : null,
  };
}

/** Each variant's own figures and match count, by variant name. */
export type OwnFigures = Map<string, { n: number; figures: Figure[] }>;

function ownPlan(info: Pick<ResultInfo, 'lineup' | 'players' | 'metricNames'> & { game?: string }) {
  return quantityPlan({
    game: info.game,
    botNames: [...new Set(info.lineup)],
    players: info.players,
    metricNames: info.metricNames,
    metricIndex: info.metricNames.map((_, i) => i),
  });
}

/** A single variant's own figures, read from its matches (a run of one variant writes no variants.csv). */
async function ownFigures(info: ResultInfo, variant: string): Promise<{ n: number; figures: Figure[] }> {
  const side = new SideAccumulator(ownPlan(info));
  for await (const batch of matchBatches(info, { variant })) for (const r of batch) side.add(r);
  return { n: side.n, figures: variantLines(side) };
}

/**
 * The verdict's own figures of every variant, gathered row by row by a read of matches.csv that is made
 * anyway (the one pass after a run, the report's read), so that the verdict does not read the file again.
 */
export class OwnFiguresSink {
  private readonly sides = new Map<string, SideAccumulator>();
  private readonly plan;

  constructor(info: Pick<ResultInfo, 'lineup' | 'players' | 'metricNames'> & { game?: string }) {
    this.plan = ownPlan(info);
  }

  add(row: MatchRow): void {
    let side = this.sides.get(row.variant);
    if (side === undefined) this.sides.set(row.variant, (side = new SideAccumulator(this.plan)));
    side.add(row);
  }

  figures(): OwnFigures {
    return new Map([...this.sides].map(([variant, side]) => [variant, { n: side.n, figures: variantLines(side) }]));
  }
}

/** Whether the verdict of a folder needs its variants' own figures from matches.csv (no comparison files to take them from). */
export function needsOwnFigures(info: ResultInfo): boolean {
  return !(info.variants.length > 1 && comparisonFiles(info) !== undefined);
}

/** compare.csv and variants.csv, when both are there and compare.csv has rows. */
function comparisonFiles(info: ResultInfo): { compare: CsvRow[]; variantsCsv: CsvRow[] } | undefined {
  const compare = readCsv(join(info.dir, 'compare.csv'));
  const variantsCsv = readCsv(join(info.dir, 'variants.csv'));
  return compare && compare.length > 0 && variantsCsv ? { compare, variantsCsv } : undefined;
}

function figuresFromCsv(rows: CsvRow[]): { matches: Map<string, number>; figures: Map<string, Figure[]> } {
  const matches = new Map<string, number>();
  const figures = new Map<string, Figure[]>();
  for (const r of rows) {
    matches.set(r.variant, num(r.matches));
    const list = figures.get(r.variant) ?? [];
    list.push({ quantity: r.quantity, value: num(r.value), low: num(r.ci_low95), high: num(r.ci_high95) });
    figures.set(r.variant, list);
  }
  return { matches, figures };
}

/** A sequential run's decision in words: the first of run.json's verdict_text lines (sequential-run.ts). */
export function sequentialDecisionOf(run: Record<string, unknown>): string | undefined {
  const s = run.sequential as { verdict_text?: unknown } | undefined;
  const first = Array.isArray(s?.verdict_text) ? (s.verdict_text[0] as unknown) : undefined;
  return typeof first === 'string' && first !== '' ? first : undefined;
}

/**
 * The verdict of a finished result folder (after `run` or `merge`, and for report.html). `own`: the
 * variants' own figures when a read of matches.csv has gathered them already (OwnFiguresSink).
 */
export async function verdictFromFolder(dir: string, own?: OwnFigures): Promise<VerdictInput> {
  const info = openResult(dir);
  const files = info.variants.length > 1 ? comparisonFiles(info) : undefined;
  const opening = typeof info.run.opening === 'number' ? info.run.opening : undefined;
  const base = {
    ...(opening !== undefined ? { opening } : {}),
    question: questionOf(info.run),
    sequential: sequentialDecisionOf(info.run),
    players: info.players,
    lineup: info.lineup,
    metricInfo: await metricInfoOf(info.game),
    variants: info.variants,
  };
  if (files) {
    const rows = files.compare.map(rowFromCsv);
    const { matches, figures } = figuresFromCsv(files.variantsCsv);
    return { ...base, reference: rows[0].reference, matches, figures, rows, paired: files.compare[0].pairs !== '' };
  }
  const matches = new Map<string, number>();
  const figures = new Map<string, Figure[]>();
  for (const variant of info.variants) {
    const mine = own?.get(variant) ?? (await ownFigures(info, variant));
    matches.set(variant, mine.n);
    figures.set(variant, mine.figures);
  }
  return { ...base, matches, figures, rows: [], paired: false };
}

/** The verdict of `tavolo compare`: each common variant of the candidate run against the same variant of the baseline run. */
export async function verdictFromComparison(c: Comparison, a: ResultInfo, b: ResultInfo): Promise<VerdictInput> {
  const label = (variant: string, side: ResultInfo) => `${variant} in ${side.shown}`;
  const common = [...new Set(c.rows.map((r) => r.variant))];
  // sd is the per-pair spread: 0 (or floating-point residue) with a paired difference of 0 means identical pairs (a McNemar row's se is Agresti-Min's, never 0).
  const rows: VerdictRow[] = c.rows.map((r) => ({
    ...r,
    se: identicalPairs(r) ? 0 : r.se,
    variant: label(r.variant, b),
    reference: label(r.variant, a),
  }));
  const matches = new Map(common.map((v) => [label(v, b), c.sides.get(`candidate:${v}`)?.n ?? NaN]));
  return {
    question: questionOf(b.run) ?? questionOf(a.run),
    players: c.players,
    lineup: b.lineup,
    metricInfo: await metricInfoOf(b.game),
    variants: common.map((v) => label(v, b)),
    reference: a.shown,
    matches,
    figures: new Map(),
    rows,
    paired: c.paired,
  };
}

/** After `run` or `merge`: the verdict block, or a warning when it could not be built (the results are complete whatever happens here). */
export async function verdictAfterRun(dir: string, own?: OwnFigures): Promise<string> {
  try {
    return verdictText(await verdictFromFolder(dir, own));
  } catch (err) {
    process.stderr.write(`warning: the verdict could not be written: ${err instanceof Error ? err.message : String(err)}\n`);
    return '';
  }
}

import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { compareVariants } from './compare.js';
import type { FedPairs } from './paired-feed.js';
import { comparisonText, variantsTable, writeComparison } from './comparison-text.js';
import { openResult, readMatches, type ByteSpan, type MatchRow, type ReadSummary, type ResultInfo } from './results.js';
import { sweepAxisOf, sweepCsv, sweepHolm, sweepTrends, writeDerivedCsv, writeSweepCsv } from './sweep-analysis.js';
import { sweepText } from './sweep-words.js';
import { sweepFromCsv } from './sweep-csv-read.js';
import { gridFigures, sweepGridOf } from './sweep-grid.js';
import { gridCsv, gridFromCsv } from './grid-csv.js';
import { gridText } from './grid-words.js';
import { parse } from 'csv-parse/sync';
import { metricInfoOf } from './verdict-input.js';

/** Anything that gathers what it needs from the matches of a result folder, one row at a time (rows without their seed: a sink pairs nothing). */
export interface RowSink {
  add(row: MatchRow): void;
}

/** What one read of matches.csv gave its sinks. */
export interface OnePass {
  info: ResultInfo;
  summary: ReadSummary;
  /** The sinks that threw, with what they threw: each saw no row after its error, and the others went on. */
  failed: Map<RowSink, unknown>;
}

/**
 * One streaming read of a result folder's matches.csv shared by everything computed from its rows (the
 * standings, the report's tallies, ...), instead of a read each: after a run of a million matches each
 * read costs about a second. The reader checks the whole file as it goes; a sink that throws is set
 * aside (its error kept for its own warning) so that it cannot stop the others.
 */
export async function readOnce(info: ResultInfo, sinks: readonly RowSink[]): Promise<OnePass> {
  const failed = new Map<RowSink, unknown>();
  let live = [...sinks];
  // The sinks pair no rows: the seeds are not read.
  const summary = await readMatches(info, (row) => {
    for (const sink of live) {
      try {
        sink.add(row);
      } catch (err) {
        failed.set(sink, err);
        live = live.filter((s) => s !== sink);
      }
    }
  }, { seeds: false });
  return { info, summary, failed };
}

/**
 * After `tavolo run` or `tavolo merge` of a tournament with two or more variants: compares every variant
 * with the reference, writes compare.csv and variants.csv beside summary.csv, and returns the terminal
 * block (empty for a single variant). `baseline`: the spec's "baseline" field; when not given (a
 * merge), it is read from the spec file run.json names, if it is still there. `read`: the folder and
 * where each variant's rows lie, when a whole read of matches.csv found them (each side of a pair then
 * reads only its own rows).
 */
export async function compareAfterRun(outDir: string, baseline?: string, read?: AfterRunRead): Promise<string> {
  const { answer, tables } = await compareAfterRunParts(outDir, baseline, read);
  return answer ? `${tables}\n\n${answer}\n` : tables;
}

/** What a whole read of matches.csv already found: the folder, and where each variant's rows lie. */
export interface AfterRunRead {
  info: ResultInfo;
  spans: readonly ByteSpan[];
  /** Each later variant's pairs with the first, when gathered as the runner wrote the file (paired-feed.ts). */
  pairs?: ReadonlyMap<number, FedPairs>;
}

/**
 * The same in two parts: `answer`, the sweep's trend in sentences (empty unless the variants are a
 * one-option sweep), which `tavolo run` prints with the verdict, before any table; and `tables`, the
 * comparison block with the sweep's tables.
 */
export async function compareAfterRunParts(outDir: string, baseline?: string, read?: AfterRunRead): Promise<{ answer: string; tables: string }> {
  try {
    return await compare(read?.info ?? openResult(outDir), baseline, read?.spans, read?.pairs);
  } catch (err) {
    // The run's own files are complete and in place: a failed comparison is reported, not fatal.
    process.stderr.write(`warning: the variants could not be compared: ${err instanceof Error ? err.message : String(err)}; \`tavolo report ${outDir}\` tries again\n`);
    return { answer: '', tables: '' };
  }
}

async function compare(info: ResultInfo, baseline?: string, spans?: readonly ByteSpan[], pairs?: ReadonlyMap<number, FedPairs>): Promise<{ answer: string; tables: string }> {
  if (info.variants.length < 2) return { answer: '', tables: '' };
  const reference = baseline ?? baselineFromSpec(info.run.spec);
  const comparison = await compareVariants(info, reference !== undefined && info.variants.includes(reference) ? reference : undefined, spans, pairs);
  writeComparison(info.dir, comparison);
  const rel = relative(process.cwd(), info.dir);
  const shown = rel === '' ? '.' : rel.startsWith('..') ? info.dir : rel;
  const reasons = new Set<string>();
  for (const side of comparison.sides.values()) for (const r of side.endReasons.keys()) reasons.add(r);
  const sweep = (await sweepBlock(info, shown, [...reasons].sort(), spans)) ?? (await gridBlock(info, shown, [...reasons].sort(), spans));
  const tables =
    `\nVariants side by side:\n${variantsTable(comparison.sides)}\n\n` +
    comparisonText(comparison, `Wrote ${shown}/compare.csv and variants.csv.`, await metricInfoOf(info.game)) +
    (sweep ? `\n\n${sweep.tables}\n` : '');
  return { answer: sweep?.answer ?? '', tables };
}

/** For a one-option sweep: each quantity against the option's value, written to sweep.csv and said in words. */
async function sweepBlock(info: ResultInfo, shown: string, endReasons: string[], spans?: readonly ByteSpan[]): Promise<{ answer: string; tables: string } | undefined> {
  const axis = sweepAxisOf(info);
  if (!axis) return undefined;
  const trends = await sweepTrends(info, axis, endReasons, spans);
  // Holm over the distinct columns: a quantity repeated under another name (annulled_rate and its end reason) is tested once.
  const holmP = sweepHolm(trends).pHolm;
  const csv = sweepCsv(axis, trends, holmP);
  writeSweepCsv(info.dir, csv);
  const words = { lineup: info.lineup, metricInfo: await metricInfoOf(info.game) };
  // Said from the figures as written to sweep.csv (ten digits), as report.html says them: a figure on
  // a rounding boundary (0.01075) then reads the same in both.
  const written = sweepFromCsv(parse<Record<string, string>>(csv, { columns: true, skip_empty_lines: true })) ?? { axis, trends, holmP };
  return sweepText(written.axis, written.trends, written.holmP, words, `${shown}/sweep.csv`);
}

/** For a sweep of two options: each quantity in each cell and each numeric option's averaged trend, written to grid.csv and said in words. */
async function gridBlock(info: ResultInfo, shown: string, endReasons: string[], spans?: readonly ByteSpan[]): Promise<{ answer: string; tables: string } | undefined> {
  const grid = sweepGridOf(info);
  if (!grid) return undefined;
  const csv = gridCsv(grid, await gridFigures(info, grid, endReasons, spans));
  writeDerivedCsv(info.dir, 'grid.csv', csv);
  const words = { lineup: info.lineup, metricInfo: await metricInfoOf(info.game) };
  // Said from the figures as written to grid.csv, as report.html says them.
  const written = gridFromCsv(parse<Record<string, string>>(csv, { columns: true, skip_empty_lines: true }));
  return written ? gridText(written.grid, written.figures, words, `${shown}/grid.csv`) : undefined;
}

function baselineFromSpec(spec: unknown): string | undefined {
  if (typeof spec !== 'string' || !existsSync(spec)) return undefined;
  try {
    const b = (JSON.parse(readFileSync(spec, 'utf8')) as { baseline?: unknown }).baseline;
    return typeof b === 'string' ? b : undefined;
  } catch {
    return undefined;
  }
}

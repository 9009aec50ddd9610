import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { compareVariants } from './compare.js';
import { comparisonText, variantsTable, writeComparison } from './report.js';
import { holm } from './decisions.js';
import { openResult, type ResultInfo } from './results.js';
import { sweepAxisOf, sweepCsv, sweepTrends, writeSweepCsv } from './sweep-analysis.js';
import { sweepText } from './sweep-words.js';
import { metricInfoOf } from './verdict-input.js';

/**
 * After `tavolo run` or `tavolo merge` of a tournament with two or more variants: compares every variant
 * with the reference, writes compare.csv and variants.csv beside summary.csv, and returns the terminal
 * block (empty for a single variant). `baseline`: the spec's "baseline" field; when not given (a
 * merge), it is read from the spec file run.json names, if it is still there.
 */
export async function compareAfterRun(outDir: string, baseline?: string): Promise<string> {
  const { answer, tables } = await compareAfterRunParts(outDir, baseline);
  return answer ? `${tables}\n\n${answer}\n` : tables;
}

/**
 * The same in two parts: `answer`, the sweep's trend in sentences (empty unless the variants are a
 * one-option sweep), which `tavolo run` prints with the verdict, before any table; and `tables`, the
 * comparison block with the sweep's tables.
 */
export async function compareAfterRunParts(outDir: string, baseline?: string): Promise<{ answer: string; tables: string }> {
  try {
    return await compare(outDir, baseline);
  } catch (err) {
    // The run's own files are complete and in place: a failed comparison is reported, not fatal.
    process.stderr.write(`warning: the variants could not be compared: ${err instanceof Error ? err.message : String(err)}; \`tavolo report ${outDir}\` tries again\n`);
    return { answer: '', tables: '' };
  }
}

async function compare(outDir: string, baseline?: string): Promise<{ answer: string; tables: string }> {
  const info = openResult(outDir);
  if (info.variants.length < 2) return { answer: '', tables: '' };
  const reference = baseline ?? baselineFromSpec(info.run.spec);
  const comparison = await compareVariants(info, reference !== undefined && info.variants.includes(reference) ? reference : undefined);
  writeComparison(info.dir, comparison);
  const rel = relative(process.cwd(), info.dir);
  const shown = rel === '' ? '.' : rel.startsWith('..') ? info.dir : rel;
  const reasons = new Set<string>();
  for (const side of comparison.sides.values()) for (const r of side.endReasons.keys()) reasons.add(r);
  const sweep = await sweepBlock(info, shown, [...reasons].sort());
  const tables =
    `\nVariants side by side:\n${variantsTable(comparison.sides)}\n\n` +
    comparisonText(comparison, `Wrote ${shown}/compare.csv and variants.csv.`, await metricInfoOf(info.game)) +
    (sweep ? `\n\n${sweep.tables}\n` : '');
  return { answer: sweep?.answer ?? '', tables };
}

/** For a one-option sweep: each quantity against the option's value, written to sweep.csv and said in words. */
async function sweepBlock(info: ResultInfo, shown: string, endReasons: string[]): Promise<{ answer: string; tables: string } | undefined> {
  const axis = sweepAxisOf(info);
  if (!axis) return undefined;
  const trends = await sweepTrends(info, axis, endReasons);
  const holmP = holm(trends.map((t) => t.slope.p));
  writeSweepCsv(info.dir, sweepCsv(axis, trends, holmP));
  const words = { lineup: info.lineup, metricInfo: await metricInfoOf(info.game) };
  return sweepText(axis, trends, holmP, words, `${shown}/sweep.csv`);
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

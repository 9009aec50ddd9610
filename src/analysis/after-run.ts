import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { compareVariants } from './compare.js';
import { comparisonText, variantsTable, writeComparison } from './report.js';
import { openResult } from './results.js';
import { metricInfoOf } from './verdict-input.js';

/**
 * After `tavolo run` or `tavolo merge` of a tournament with two or more variants: compares every variant
 * with the reference, writes compare.csv and variants.csv beside summary.csv, and returns the terminal
 * block (empty for a single variant). `baseline`: the spec's "baseline" field; when not given (a
 * merge), it is read from the spec file run.json names, if it is still there.
 */
export async function compareAfterRun(outDir: string, baseline?: string): Promise<string> {
  try {
    return await compare(outDir, baseline);
  } catch (err) {
    // The run's own files are complete and in place: a failed comparison is reported, not fatal.
    process.stderr.write(`warning: the variants could not be compared: ${err instanceof Error ? err.message : String(err)}; \`tavolo report ${outDir}\` tries again\n`);
    return '';
  }
}

async function compare(outDir: string, baseline?: string): Promise<string> {
  const info = openResult(outDir);
  if (info.variants.length < 2) return '';
  const reference = baseline ?? baselineFromSpec(info.run.spec);
  const comparison = await compareVariants(info, reference !== undefined && info.variants.includes(reference) ? reference : undefined);
  writeComparison(info.dir, comparison);
  const rel = relative(process.cwd(), info.dir);
  const shown = rel === '' ? '.' : rel.startsWith('..') ? info.dir : rel;
  return (
    `\nVariants side by side:\n${variantsTable(comparison.sides)}\n\n` +
    comparisonText(comparison, `Wrote ${shown}/compare.csv and variants.csv.`, await metricInfoOf(info.game))
  );
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

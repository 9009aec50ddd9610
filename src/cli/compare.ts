import { basename, join, relative, resolve } from 'node:path';
import { compareRuns } from '../analysis/compare.js';
import { gate, parseTolerances, type GateResult } from '../analysis/gate.js';
import { isRate } from '../analysis/quantities.js';
import { ALPHA, comparisonText, significant, variantsTable, writeComparison } from '../analysis/report.js';
import { openResult } from '../analysis/results.js';
import { verdictText } from '../analysis/verdict.js';
import { metricInfoOf, verdictFromComparison } from '../analysis/verdict-input.js';
import { fixed } from '../reports/stats.js';
import { formatTable } from '../reports/table.js';
import { InputError } from '../runner/errors.js';
import { textFlag } from './args.js';

/**
 * `tavolo compare <baseline dir> <candidate dir>`: the variants two result folders have in common,
 * candidate against baseline, into compare.csv and variants.csv (in --out) and the terminal; with
 * --tolerance a verdict (the regression gate), with --fail-on-change a failure on any significant row.
 */

/** Exit codes of `tavolo compare` beyond the shared ones (README, "Exit codes"). */
export const COMPARE_EXIT = { equivalent: 0, changed: 1, inconclusive: 5 } as const;

function shownPath(p: string): string {
  const rel = relative(process.cwd(), p);
  return rel === '' ? '.' : rel.startsWith('..') ? p : rel;
}

export interface CompareOutcome {
  code: number;
  text: string;
}

export async function compareCommand(argv: Record<string, unknown>): Promise<CompareOutcome> {
  const baselineDir = textFlag('baseline', argv.baseline)!;
  const candidateDir = textFlag('candidate', argv.candidate)!;
  const out = textFlag('--out', argv.out);
  const toleranceText = textFlag('--tolerance', argv.tolerance);
  const tolerances = toleranceText === undefined ? undefined : parseTolerances(toleranceText);
  const a = openResult(baselineDir);
  const b = openResult(candidateDir);
  if (a.dir === b.dir) throw new InputError(`the baseline and the candidate are the same folder (${a.shown})`, 'candidate');
  const comparison = await compareRuns(a, b);
  const verdict = tolerances ? gate(comparison.rows, tolerances, ALPHA) : undefined;

  const outDir = resolve(out ?? join('compare', `${basename(a.dir)}-vs-${basename(b.dir)}`));
  writeComparison(outDir, comparison);
  const answer = verdictText(await verdictFromComparison(comparison, a, b));
  const text =
    `Baseline ${a.shown} (${a.matchesPerVariant} matches per variant), candidate ${b.shown} (${b.matchesPerVariant}).\n\n` +
    `${answer}\n` +
    `Variants side by side:\n${variantsTable(comparison.sides)}\n\n` +
    comparisonText(comparison, `Wrote ${shownPath(outDir)}/compare.csv and variants.csv.`, await metricInfoOf(b.game)) +
    (verdict ? gateText(verdict) : '');
  let code: number = COMPARE_EXIT.equivalent;
  if (verdict) code = COMPARE_EXIT[verdict.verdict];
  else if (argv['fail-on-change'] === true && significant(comparison.rows).length > 0) code = COMPARE_EXIT.changed;
  return { code, text };
}

function gateText(g: GateResult): string {
  const show = (q: string, v: number) => (isRate(q) ? `${fixed(100 * v, 2)} pt` : fixed(v, 3));
  const table = formatTable(
    ['variant', 'quantity', 'difference', '90% interval', 'tolerance', 'verdict'],
    g.rows.map((r) => [
      r.row.variant,
      r.row.quantity,
      show(r.row.quantity, r.row.difference),
      `${show(r.row.quantity, r.low)} to ${show(r.row.quantity, r.high)}`,
      `±${show(r.row.quantity, r.tolerance)}`,
      r.verdict,
    ]),
  );
  const why =
    g.verdict === 'equivalent'
      ? 'every quantity named is shown to lie within its tolerance (TOST, alpha 0.05)'
      : g.verdict === 'changed'
        ? 'some quantity is shown to lie beyond its tolerance (one-sided test, alpha 0.05, Holm over the quantities named)'
        : `neither shown; about ${g.toSettle} matches per variant would likely settle it (80% power, if the present estimates are the truth)`;
  return `\nRegression gate:\n${table}\nVerdict: ${g.verdict}: ${why}.\n`;
}

import { basename, join, relative, resolve } from 'node:path';
import { compareRuns, lineupDifferences } from '../analysis/compare.js';
import { gate, parseTolerances, type GateResult } from '../analysis/gate.js';
import { isRate } from '../analysis/quantities.js';
import { ALPHA, comparisonText, significant, variantsTable, writeComparison } from '../analysis/comparison-text.js';
import { openResult } from '../analysis/results.js';
import { verdictLines } from '../analysis/verdict.js';
import { compareRepeatNotes, type NamedSide } from '../analysis/compare-repeats.js';
import type { Comparison } from '../analysis/compare.js';
import type { ResultInfo } from '../analysis/results.js';
import { metricInfoOf, verdictFromComparison } from '../analysis/verdict-input.js';
import { fixed } from '../analysis/intervals.js';
import { formatTable } from '../analysis/table.js';
import { InputError } from '../errors.js';
import { textFlag } from '../terminal/args.js';
import { comparePopulations, isPopulationsFolder } from './compare-populations.js';

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
  // Folders of a spec with populations are compared population by population.
  if (isPopulationsFolder(baselineDir) || isPopulationsFolder(candidateDir)) return comparePopulations(baselineDir, candidateDir, out, argv);
  const toleranceText = textFlag('--tolerance', argv.tolerance);
  const tolerances = toleranceText === undefined ? undefined : parseTolerances(toleranceText);
  const a = openResult(baselineDir);
  const b = openResult(candidateDir);
  if (a.dir === b.dir) throw new InputError(`the baseline and the candidate are the same folder (${a.shown})`, 'candidate');
  const differences = lineupDifferences(a, b);
  if (differences.length > 0 && a.players === b.players && argv['allow-different-lineups'] !== true) {
    throw new InputError(
      `${a.shown} and ${b.shown} were not played by the same bots, so their differences would mix the change under test with the lineup: ${differences.join('; ')}. ` +
        'Compare runs of the same lineup, or pass --allow-different-lineups to compare them anyway',
      'candidate',
    );
  }
  const comparison = await compareRuns(a, b);
  if (differences.length > 0) comparison.notes.unshift(`compared although the lineups differ (--allow-different-lineups): ${differences.join('; ')}`);
  const verdict = tolerances ? gate(comparison.rows, tolerances, ALPHA) : undefined;

  const outDir = resolve(out ?? join('compare', `${basename(a.dir)}-vs-${basename(b.dir)}`));
  writeComparison(outDir, comparison);
  const notes = differences.length > 0
    ? [`${differences.join('; ')} (compared with --allow-different-lineups): every difference below mixes the change under test with the change of bots`]
    : [];
  const answer = withRepeatNotes(verdictLines({ ...(await verdictFromComparison(comparison, a, b)), notes }), namedSides(comparison, a, b));
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

/** Each side of the comparison as the words name it ("base in results/a"), with its run's opening. */
function namedSides(c: Comparison, a: ResultInfo, b: ResultInfo): NamedSide[] {
  return [...c.sides].map(([key, side]) => {
    const run = key.startsWith('baseline:') ? a : b;
    const opening = typeof run.run.opening === 'number' ? run.run.opening : undefined;
    return { label: `${key.slice(key.indexOf(':') + 1)} in ${run.shown}`, side, ...(opening !== undefined ? { opening } : {}) };
  });
}

/** The verdict's lines with the repeated-play sentences first, before the answer and any figure. */
function withRepeatNotes(lines: string[], sides: readonly NamedSide[]): string {
  const at = lines.findIndex((l) => l.startsWith('Answer'));
  lines.splice(at < 0 ? lines.length : at, 0, ...compareRepeatNotes(sides));
  return lines.join('\n') + '\n';
}

/** Why the gate is open: estimates at their tolerance in words, else the matches that would likely settle it. */
export function inconclusiveText(g: GateResult): string {
  const show = (q: string, v: number) => (isRate(q) ? `${fixed(100 * v, 2)} points` : fixed(v, 3));
  const edge = g.rows.filter((r) => r.atTolerance);
  const parts: string[] = [];
  if (edge.length > 0) {
    const which = edge.map((r) => `${r.row.variant} ${r.row.quantity} ${show(r.row.quantity, r.row.difference)} against ±${show(r.row.quantity, r.tolerance)}`);
    parts.push(
      `neither shown: the estimate sits at the tolerance (${which.join('; ')}, within one standard error of it): the change may be just inside or just outside the tolerance, and no run size can be promised to tell which; decide whether a change of about this size matters and set the tolerance clear of it`,
    );
  }
  if (Number.isFinite(g.toSettle)) {
    const n = g.toSettle.toLocaleString('en-US');
    parts.push(`${edge.length > 0 ? 'for the other open quantities, ' : 'neither shown; '}about ${n} matches per variant would likely settle it (80% power, if the present estimates are the truth)`);
  }
  return parts.join('; ');
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
        : inconclusiveText(g);
  return `\nRegression gate:\n${table}\nVerdict: ${g.verdict}: ${why}.\n`;
}

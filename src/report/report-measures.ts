import { decimalsFor, quantityName, signed } from '../analysis/verdict-words.js';
import { moved, VERDICT_ALPHA, type Figure, type VerdictInput, type VerdictRow } from '../analysis/verdict.js';
import { isMeasureQuantity, measureOrder } from '../analysis/measure-words.js';
import { pText } from '../analysis/comparison-text.js';
import { fixed } from '../analysis/intervals.js';
import { escapeHtml, htmlTable } from './page.js';

/**
 * report.html's section of the match measures (docs/measures.md), side by side: per measure, each
 * variant's mean with its 95% interval, then per variant against the reference the paired difference with
 * its interval, its Holm-adjusted p-value and the verdict's word for it (the same rows the verdict reads:
 * compare.csv and variants.csv). Empty when the run wrote no measure columns.
 */
export function measuresSection(v: VerdictInput | Error): string {
  if (v instanceof Error) return '';
  const quantities = measureQuantities(v);
  if (quantities.length === 0) return '';
  const against = v.reference === undefined ? [] : v.variants.filter((x) => x !== v.reference);
  const columns = ['Measure', ...v.variants.map((x) => `${x}: mean (95% CI)`)];
  for (const x of against) columns.push(`${x} − ${v.reference}: difference (95% CI)`, `${x}: Holm p`, `${x}: verdict`);
  const rows = quantities.map((q) => [quantityName(q, v).name, ...v.variants.map((x) => meanText(figureOf(v, x, q))), ...against.flatMap((x) => differenceCells(rowOf(v, x, q)))]);
  const note =
    against.length === 0
      ? 'Each match measure of the run: its mean over the matches, with its 95% interval (definitions in docs/measures.md).'
      : `Each match measure of every variant: its mean over the matches with its 95% interval, then against ${v.reference} the ${v.paired ? 'paired difference (match i of both variants, played from the same seed)' : 'difference'} ` +
        `with its 95% interval and its p-value after Holm's correction over every quantity of the comparison: "changed" below ${VERDICT_ALPHA}, ` +
        `"no detectable change" otherwise (definitions in docs/measures.md).`;
  return (
    `<section id="match-measures" aria-labelledby="h-match-measures">\n<h2 id="h-match-measures">Match measures, side by side</h2>\n` +
    `<p class="note">${escapeHtml(note)}</p>\n<div class="wide-table">${htmlTable(columns, rows)}</div>\n</section>\n`
  );
}

/** The measure quantities of the run (`metric:<measure>`), in the order of their columns. */
function measureQuantities(v: VerdictInput): string[] {
  const seen = new Set<string>();
  for (const list of v.figures.values()) for (const f of list) if (isMeasureQuantity(f.quantity)) seen.add(f.quantity);
  for (const r of v.rows) if (isMeasureQuantity(r.quantity)) seen.add(r.quantity);
  return [...seen].sort((a, b) => measureOrder(a) - measureOrder(b));
}

function figureOf(v: VerdictInput, variant: string, q: string): Figure | undefined {
  return v.figures.get(variant)?.find((f) => f.quantity === q);
}

function rowOf(v: VerdictInput, variant: string, q: string): VerdictRow | undefined {
  return v.rows.find((r) => r.variant === variant && r.quantity === q);
}

/** "0.7763 (0.7740 to 0.7786)": decimals to what the interval can tell. */
function meanText(f: Figure | undefined): string {
  if (!f || !Number.isFinite(f.value)) return '';
  if (!Number.isFinite(f.low)) return fixed(f.value, 4);
  const d = decimalsFor((f.high - f.low) / 2);
  return `${fixed(f.value, d)} (${fixed(f.low, d)} to ${fixed(f.high, d)})`;
}

function differenceCells(r: VerdictRow | undefined): string[] {
  if (!r) return ['', '', ''];
  const d = decimalsFor((r.high - r.low) / 2);
  const ci = Number.isFinite(r.low) ? ` (${signed(r.low, d)} to ${signed(r.high, d)})` : '';
  const word = !Number.isFinite(r.pHolm) ? 'not tested' : moved(r) ? 'changed' : 'no detectable change';
  return [`${signed(r.difference, d)}${ci}`, pText(r.pHolm), word];
}

import { join } from 'node:path';
import type { ImportanceRow } from './analysis.js';
import { chartsScript, type ChartSpec } from '../../report/charts-client.js';
import { escapeHtml, htmlTable, page, plotLibrary, scriptJson } from '../../report/page.js';
import { writeFileAtomic } from '../../io/atomic-write.js';

/**
 * importance.html: `tavolo importance`'s answer as one self-contained page, like report.html: the
 * sentences first, then for each view a chart of every card's change with its 95% interval (drawn by the
 * report's own chart code, charts-client.ts), and its numbers behind a toggle.
 */

export interface ImportancePage {
  title: string;
  /** The quantity in words, and whether it is a share (drawn in points). */
  quantity: string;
  rate: boolean;
  /** Restricted play is drawn as what the card is worth (the loss), not as the change. */
  lossRanked: boolean;
  /** Each view's sentences (the terminal's). */
  words: { restricted: string[]; sensitivity: string[] };
  restricted: readonly ImportanceRow[];
  sensitivity: readonly ImportanceRow[];
}

function chartRows(rows: readonly ImportanceRow[], scale: number, facet: boolean): ChartSpec['data'] {
  return rows
    .filter((r) => Number.isFinite(r.difference))
    .map((r) => ({
      y: `${r.rank}. ${r.card}`,
      x: r.difference * scale,
      lo: Math.min(r.low, r.high) * scale,
      hi: Math.max(r.low, r.high) * scale,
      fy: facet ? (r.change === '+1' ? 'one more' : 'one fewer') : null,
      marked: r.pHolm < 0.05,
      tip: `${r.card} ${r.change}: ${(r.difference * Math.abs(scale)).toPrecision(3)} (95% CI ${(r.low * Math.abs(scale)).toPrecision(3)} to ${(r.high * Math.abs(scale)).toPrecision(3)})${Number.isFinite(r.pHolm) ? `, Holm p ${r.pHolm.toPrecision(3)}` : ', the same in every match'}`,
    }));
}

/** The charts of the page: one per view that has rows. */
export function importanceCharts(p: ImportancePage): ChartSpec[] {
  const k = p.rate ? 100 : 1;
  const unit = p.rate ? ' (points)' : '';
  const order = (rows: readonly ImportanceRow[]) => [...new Set(rows.map((r) => `${r.rank}. ${r.card}`))];
  const charts: ChartSpec[] = [];
  if (p.restricted.length > 0) {
    charts.push({
      id: 'restricted',
      kind: 'intervals',
      title: p.lossRanked ? `What each card is worth: ${p.quantity} lost without it` : `${p.quantity} without each card, change`,
      x: p.lossRanked ? `${p.quantity} lost${unit}` : `change${unit}`,
      y: 'card',
      reference: 0,
      yOrder: order(p.restricted),
      data: chartRows(p.restricted, p.lossRanked ? -k : k, false),
    });
  }
  if (p.sensitivity.length > 0) {
    charts.push({
      id: 'sensitivity',
      kind: 'intervals',
      title: `${p.quantity} with one card more or fewer, change`,
      x: `change${unit}`,
      y: 'card',
      reference: 0,
      yOrder: order(p.sensitivity),
      fyOrder: ['one more', 'one fewer'],
      data: chartRows(p.sensitivity, k, true),
    });
  }
  return charts;
}

function tableOf(rows: readonly ImportanceRow[], k: number): string {
  const f = (v: number) => (Number.isFinite(v) ? String(Number((v * k).toPrecision(4))) : '');
  return htmlTable(
    ['rank', 'card', 'change', 'variant', 'reference', 'changed', 'difference', '95% low', '95% high', 'p (Holm)'],
    rows.map((r) => [r.rank, r.card, r.change, r.variant, f(r.referenceValue), f(r.value), f(r.difference), f(r.low), f(r.high), Number.isFinite(r.pHolm) ? String(Number(r.pHolm.toPrecision(3))) : '']),
  );
}

function section(c: ChartSpec, words: string[], rows: readonly ImportanceRow[], k: number): string {
  return (
    `<section class="chart" data-chart="${c.id}">\n<h2 id="h-${c.id}">${escapeHtml(c.title)}</h2>\n` +
    words.map((w, i) => `<p class="${i === 0 ? 'lead' : 'line'}">${escapeHtml(w.trim())}</p>`).join('\n') +
    `\n<p class="note">Dots are the paired estimates, lines their 95% intervals (each card alone); red diamonds are significant after Holm's correction over the cards.</p>\n` +
    `<figure id="chart-${c.id}" aria-labelledby="h-${c.id}"></figure>\n` +
    `<details><summary>Numbers of this chart</summary>${tableOf(rows, k)}</details>\n</section>`
  );
}

const CSS = `
section.chart svg { max-width: 100%; height: auto; overflow: visible; }
p.lead { font-weight: 600; }
p.line { margin: 0.1rem 0 0.1rem 1rem; font-size: 0.92rem; }
`;

export function buildImportancePage(p: ImportancePage): string {
  const charts = importanceCharts(p);
  const k = p.rate ? 100 : 1;
  const body =
    `<header><h1>${escapeHtml(p.title)}</h1></header>\n` +
    charts.map((c) => section(c, c.id === 'restricted' ? p.words.restricted : p.words.sensitivity, c.id === 'restricted' ? p.restricted : p.sensitivity, k)).join('\n');
  const data = `const TAVOLO_CHARTS = ${scriptJson(charts)};`;
  return page(p.title, CSS, body, [plotLibrary(), data, chartsScript()]);
}

/** Writes `<dir>/importance.html` through a temporary name (never a cut page); returns its path. */
export function writeImportancePage(dir: string, p: ImportancePage): string {
  const file = join(dir, 'importance.html');
  writeFileAtomic(file, buildImportancePage(p));
  return file;
}

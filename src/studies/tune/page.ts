import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { TunePageData, TuneTargetChart } from './charts.js';
import { escapeHtml, htmlTable, page, plotLibrary, scriptJson } from '../../report/page.js';
import { drawTuneCharts } from './client.js';
import { writeFileAtomic } from '../../io/atomic-write.js';

/**
 * `tune.html`: a search's page (docs/tune.md), self-contained like report.html (the same shell, Observable
 * Plot and d3 inlined): the answer in the sentences the terminal printed, then one chart per target and
 * the matches spent per round. Laid out from charts.ts's data, built from the search's
 * outcome, which `tavolo report <folder>` replays from the round folders (reread.ts), so both
 * give the same bytes; it holds no timings.
 */

const count = (n: number) => n.toLocaleString('en-US');

/** The answer's lines: a sentence at the margin is a paragraph; the indented lines under it, a list. */
export function answerHtml(text: string): string {
  const out = ['<section id="answer" aria-labelledby="h-answer">', '<h2 id="h-answer">The answer</h2>'];
  let list = false;
  for (const line of text.split('\n').filter((l) => l.trim() !== '')) {
    const item = line.startsWith('  ');
    if (item && !list) out.push('<ul>');
    if (!item && list) out.push('</ul>');
    list = item;
    out.push(item ? `<li>${escapeHtml(line.trim())}</li>` : `<p>${escapeHtml(line)}</p>`);
  }
  if (list) out.push('</ul>');
  out.push('</section>');
  return out.join('\n');
}

function targetSection(c: TuneTargetChart, level: string): string {
  const q = c.quantity;
  const rows = c.marks.map((m) => [m.candidate, m.shown.estimate, m.shown.low, m.shown.high, m.target, m.status, m.round === null ? '' : String(m.round)]);
  return (
    `<section class="chart tune-target" data-chart="${c.id}" data-quantity="${escapeHtml(q)}">\n<h2 id="h-${c.id}">${escapeHtml(c.title)}</h2>\n` +
    `<p class="note">Each candidate's estimate of ${escapeHtml(q)} with its ${level} interval over all its matches (its last round); the shaded band is the target. ` +
    'Closest first: the estimate nearest the target, then the interval reaching least beyond it. A dropped candidate has the round after which it went at the right (", here" when this target dropped it, ", preference" when the preference did).</p>\n' +
    `<figure id="chart-${c.id}" aria-labelledby="h-${c.id}"></figure>\n` +
    `<details><summary>Numbers of this chart</summary>${htmlTable(['candidate', 'estimate', 'low', 'high', 'against the target', 'candidate', 'dropped after round'], rows)}</details>\n` +
    '</section>'
  );
}

function roundsSection(d: TunePageData): string {
  const { spent, grid } = d.charts.rounds;
  return (
    '<section class="chart" data-chart="rounds">\n<h2 id="h-rounds">Matches spent per round against the full grid</h2>\n' +
    `<p class="note">The search spent ${count(spent)} matches; the full grid at the same precision (every candidate at the most matches any played) needs ${count(grid)}.</p>\n` +
    '<figure id="chart-rounds" aria-labelledby="h-rounds"></figure>\n' +
    htmlTable(['round', 'candidates', 'matches', 'spent so far', 'of the full grid', 'dropped after it'], d.rounds) +
    '\n</section>'
  );
}

const CSS = `
#answer { max-width: 72rem; }
#answer p, #answer li { line-height: 1.45; margin: 0.35rem 0; }
#answer ul { padding-left: 1.2rem; }
#settings table td:first-child { font-weight: 600; white-space: nowrap; }
section.chart svg { max-width: 100%; height: auto; overflow: visible; }
`;

export function buildTunePage(d: TunePageData): string {
  const { charts } = d;
  const links = [...charts.targets.map((c) => [c.id, c.quantity]), ['rounds', 'matches per round']];
  const body =
    `<header><h1>${escapeHtml(d.title)}</h1></header>\n` +
    answerHtml(d.answer) +
    `\n<section id="settings">${htmlTable(['Setting', ''], d.settings)}</section>\n` +
    `<nav><p class="note">Charts: ${links.map(([id, t]) => `<a href="#h-${id}">${escapeHtml(t)}</a>`).join(' · ')}</p></nav>\n` +
    charts.targets.map((c) => targetSection(c, d.level)).join('\n') +
    '\n' +
    roundsSection(d);
  const data = `const TAVOLO_TUNE = ${scriptJson(charts)};`;
  return page(d.title, CSS, body, [plotLibrary(), data, `(${drawTuneCharts.toString()})(TAVOLO_TUNE, Plot, document);`]);
}

/** Writes `<dir>/tune.html` through a temporary file and a rename (a reader never sees half a page). */
export function writeTunePage(dir: string, d: TunePageData): { file: string; bytes: number } {
  const file = join(dir, 'tune.html');
  writeFileAtomic(file, buildTunePage(d));
  return { file, bytes: statSync(file).size };
}

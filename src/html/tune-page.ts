import { renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { targetText, tuneAnswer } from '../output/tune-words.js';
import type { TuneFolder } from '../runner/tune-reread.js';
import { escapeHtml, htmlTable, page, plotLibrary, scriptJson } from './page.js';
import { tuneCharts, type TuneCharts, type TuneTargetChart } from './tune-charts.js';
import { drawTuneCharts } from './tune-client.js';

/**
 * `tune.html`: a search's page (docs/tune.md), self-contained like report.html (the same shell, Observable
 * Plot and d3 inlined): the answer in the sentences the terminal printed, then one chart per target and
 * the matches spent per round. Built from the search's outcome, which `tavolo report <folder>` replays
 * from the round folders (runner/tune-reread.ts), so both give the same bytes; it holds no timings.
 */

export type TunePageInput = Pick<TuneFolder, 'tournament' | 'game' | 'seed' | 'names' | 'plan' | 'outcome'>;

const count = (n: number) => n.toLocaleString('en-US');
const percent = (level: number) => `${(level * 100).toPrecision(6).replace(/0+$/, '').replace(/\.$/, '')}%`;

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

function settings(p: TunePageInput, level: number): string {
  const { plan } = p;
  const rows: [string, string][] = [
    ['Search', `${p.tournament} (${p.game}), master seed ${JSON.stringify(p.seed)}; round r plays on the seeds "<seed>/round/<r>"`],
    ['Candidates', `${p.names.length}, each at most ${count(plan.block * plan.rounds)} matches in rounds of ${count(plan.block)} (budget ${count(plan.budget)})`],
    ['Targets', plan.targets.map(targetText).join('; ') + (plan.prefer ? `; then ${plan.prefer.goal} ${plan.prefer.quantity} preferred` : '')],
    ['Intervals', `${percent(level)} level (Bonferroni: a candidate meeting every target is dropped with probability at most ${percent(plan.errorRate)})`],
  ];
  return `<section id="settings">${htmlTable(['Setting', ''], rows)}</section>`;
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

function roundsSection(p: TunePageInput, charts: TuneCharts): string {
  let sum = 0;
  const rows = p.outcome.rounds.map((n) => {
    sum += n.matches;
    const share = charts.rounds.grid > 0 ? `${((100 * sum) / charts.rounds.grid).toFixed(0)}%` : '';
    return [String(n.round), String(n.candidates), count(n.matches), count(sum), share, String(n.dropped.length)];
  });
  return (
    '<section class="chart" data-chart="rounds">\n<h2 id="h-rounds">Matches spent per round against the full grid</h2>\n' +
    `<p class="note">The search spent ${count(charts.rounds.spent)} matches; the full grid at the same precision (every candidate at the most matches any played) needs ${count(charts.rounds.grid)}.</p>\n` +
    '<figure id="chart-rounds" aria-labelledby="h-rounds"></figure>\n' +
    htmlTable(['round', 'candidates', 'matches', 'spent so far', 'of the full grid', 'dropped after it'], rows) +
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

export function buildTunePage(p: TunePageInput): string {
  const charts = tuneCharts(p.outcome, p.plan);
  const level = percent(charts.confidence);
  const title = `tavolo tune: ${p.tournament}`;
  const body =
    `<header><h1>${escapeHtml(title)}</h1></header>\n` +
    answerHtml(tuneAnswer(p.outcome, p.plan, p.names)) +
    '\n' +
    settings(p, charts.confidence) +
    `\n<nav><p class="note">Charts: ${[...charts.targets.map((c) => [c.id, c.quantity]), ['rounds', 'matches per round']].map(([id, t]) => `<a href="#h-${id}">${escapeHtml(t)}</a>`).join(' · ')}</p></nav>\n` +
    charts.targets.map((c) => targetSection(c, level)).join('\n') +
    '\n' +
    roundsSection(p, charts);
  const data = `const TAVOLO_TUNE = ${scriptJson(charts)};`;
  return page(title, CSS, body, [plotLibrary(), data, `(${drawTuneCharts.toString()})(TAVOLO_TUNE, Plot, document);`]);
}

/** Writes `<dir>/tune.html` through a temporary file and a rename (a reader never sees half a page). */
export function writeTunePage(dir: string, p: TunePageInput): { file: string; bytes: number } {
  const file = join(dir, 'tune.html');
  const tmp = `${file}.tmp-${process.pid}`;
  writeFileSync(tmp, buildTunePage(p));
  renameSync(tmp, file);
  return { file, bytes: statSync(file).size };
}

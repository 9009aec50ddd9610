import { statSync } from 'node:fs';
import { gameRegistry } from '../plugins/loader.js';
import { endWords } from '../engine/words.js';
import { isAbsolute, join, relative } from 'node:path';
import { chartsScript } from './charts-client.js';
import { readResult, type MatchesPart, type ReportData } from './data.js';
import { escapeHtml, htmlTable, page, plotLibrary, scriptJson } from './page.js';
import { reportCharts, type ReportChart } from './report-charts.js';
import { openResult } from '../analysis/results.js';
import { metricInfoOf, needsOwnFigures, OwnFiguresSink, verdictFromFolder, type OwnFigures } from '../analysis/verdict-input.js';
import { verdictLines, type Figure, type VerdictInput } from '../analysis/verdict.js';
import { VERDICT_CSS, sweepVerdictHtml, verdictHtml } from './verdict-html.js';
import { measuresSection } from './report-measures.js';
import { sweepFromCsv } from '../analysis/sweep-csv-read.js';
import { sweepText } from '../analysis/sweep-words.js';
import type { Words } from '../analysis/verdict-words.js';
import { againstCharts, gridCharts, gridXOption } from './sweep-charts.js';
import { gridFromCsv } from '../analysis/grid-csv.js';
import { gridText } from '../analysis/grid-words.js';
import { writeFileAtomic } from '../io/atomic-write.js';

/**
 * `report.html`: the charts of a finished result folder in one self-contained page. Built from the
 * folder's files only (readResult), so `tavolo report <dir>` gives the same page for a run, a merge or
 * a folder from another machine or version.
 */

type Json = Record<string, unknown>;

/** A path inside the current folder is shown relative to it (shorter, and no machine's layout). */
function shownPath(p: string): string {
  const rel = relative(process.cwd(), p);
  return p !== '' && isAbsolute(p) && !rel.startsWith('..') && !isAbsolute(rel) ? rel : p;
}

function str(v: unknown): string {
  return v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v);
}

/** Options that differ between the variants (the rest are the same everywhere, so not worth a line). */
function variantLines(run: Json): string[] {
  const variants = (Array.isArray(run.variants) ? run.variants : []) as { name: string; options?: Json }[];
  const keys = new Set(variants.flatMap((v) => Object.keys(v.options ?? {})));
  const differing = [...keys].filter((k) => new Set(variants.map((v) => JSON.stringify(v.options?.[k]))).size > 1);
  return variants.map((v) => `${v.name}${differing.length ? `: ${differing.map((k) => `${k}=${str(v.options?.[k])}`).join(', ')}` : ''}`);
}

/**
 * What was played and kept: matches per variant times the variants. A sequential run stops early, so its
 * matches_total (the maximum it might have played) is not what it played.
 */
export function matchesPlayed(r: Json): string {
  const perVariant = Number(r.matches_per_variant);
  const variants = Array.isArray(r.variants) ? r.variants.length : 1;
  const q = r.sequential as Json | undefined;
  const stopped = q && q.max_matches !== undefined ? ` (the sequential test stopped there, of at most ${str(q.max_matches)})` : '';
  return `${perVariant} per variant${stopped}, ${perVariant * variants} in all`;
}

function facts(d: ReportData): [string, string][] {
  const r = d.run;
  const lineup = (Array.isArray(r.lineup) ? r.lineup : []) as { name: string; bot: string; params?: Json }[];
  const versions = (r.versions ?? {}) as Json;
  const shards = Array.isArray(r.merged_from) ? r.merged_from.length : 0;
  const rows: [string, string][] = [
    ['Tournament', str(r.tournament)],
    ['Game', `${str(r.game)}, ${str(r.players)} players`],
    ['Spec', `${shownPath(str(r.spec))}${r.spec_hash ? ` (sha256 ${str(r.spec_hash).slice(0, 12)}…)` : ''}`],
    ['Seeds', `master seed ${JSON.stringify(str(r.seed))}${r.match_seed ? `; match i: ${str(r.match_seed)}` : ''}`],
    ['Matches', matchesPlayed(r)],
    ['Variants', variantLines(r).join('; ')],
    ['Lineup', lineup.map((e, i) => `${i} ${e.name} (${e.bot}${e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ''})`).join(', ')],
    ['Seats', str(r.seat_rotation)],
    ['tavolo', `${str(versions.tavolo)} on node ${str(versions.node)}${r.platform ? `, ${str(r.platform)}` : ''}`],
    ['Started', str(r.started_at)],
    [
      'Timing',
      r.wall_seconds !== undefined
        ? `${Number(r.wall_seconds).toFixed(1)} s wall, ${str(r.matches_per_second)} matches/s on ${str(r.threads)} thread(s)${r.resumed ? ' (resumed)' : ''}`
        : '',
    ],
    ['Shards', shards > 0 ? `merged from ${shards} shards` : ''],
    ['Faults', r.faults && Object.keys(r.faults).length ? JSON.stringify(r.faults) : 'none'],
  ];
  return rows.filter(([, v]) => v !== '');
}

function section(c: ReportChart): string {
  return (
    `<section class="chart" data-chart="${c.spec.id}">\n<h2 id="h-${c.spec.id}">${escapeHtml(c.spec.title)}</h2>\n` +
    `<p class="note">${escapeHtml(c.note)}</p>\n` +
    `<figure id="chart-${c.spec.id}" aria-labelledby="h-${c.spec.id}"></figure>\n` +
    `<details><summary>Numbers of this chart</summary>${htmlTable(c.table.columns, c.table.rows)}</details>\n` +
    (c.extra ? `<details><summary>${escapeHtml(c.extra.summary)}</summary>${htmlTable(c.extra.columns, c.extra.rows)}</details>\n` : '') +
    `</section>`
  );
}

/** A chart of a group of small ones (a sweep's quantities): its title one level down, laid out in a grid. */
function smallSection(c: ReportChart): string {
  return (
    `<section class="chart small" data-chart="${c.spec.id}"${c.quantity ? ` data-quantity="${escapeHtml(c.quantity)}"` : ''}>\n` +
    `<h3 id="h-${c.spec.id}">${escapeHtml(c.spec.title)}</h3>\n<p class="note">${escapeHtml(c.note)}</p>\n` +
    `<figure id="chart-${c.spec.id}" aria-labelledby="h-${c.spec.id}"></figure>\n` +
    `<details><summary>Numbers of this chart</summary>${htmlTable(c.table.columns, c.table.rows)}</details>\n</section>`
  );
}

/** The sweep's charts under one heading, first after the run's facts: the question a sweep asks. */
function sweepGroup(id: string, title: string, note: string, charts: readonly ReportChart[]): string {
  if (charts.length === 0) return '';
  return (
    `<section id="${id}" class="sweep" aria-labelledby="h-${id}">\n<h2 id="h-${id}">${escapeHtml(title)}</h2>\n<p class="note">${escapeHtml(note)}</p>\n` +
    `<div class="small-charts">\n${charts.map(smallSection).join('\n')}\n</div>\n</section>\n`
  );
}

const CSS = `
#run-facts table td:first-child { font-weight: 600; white-space: nowrap; }
section.chart svg { max-width: 100%; height: auto; overflow: visible; }
.small-charts { display: grid; grid-template-columns: repeat(auto-fill, minmax(480px, 1fr)); gap: 0.5rem 1.5rem; }
section.chart.small h3 { font-size: 1rem; margin: 1rem 0 0.2rem; }
section.chart.small p.note { min-height: 2.4em; }
.wide-table { overflow-x: auto; }
`;

/** The words a sweep's sentences are written in: the lineup's names and the game's metric words. */
function wordsOf(d: ReportData, metricInfo: Words['metricInfo']): Words {
  const lineup = (Array.isArray(d.run.lineup) ? d.run.lineup : []).map((e) => String((e as { name?: unknown }).name));
  return { lineup, metricInfo };
}

/** The verdict's input, or why it could not be built. */
async function verdictOf(dir: string, own?: OwnFigures): Promise<VerdictInput | Error> {
  try {
    return await verdictFromFolder(dir, own);
  } catch (err) {
    return err instanceof Error ? err : new Error(String(err));
  }
}

/**
 * A sink for the verdict's own figures when the verdict will need them (a single variant, or no
 * comparison files), to ride on the report's read of matches.csv; undefined otherwise, or when the
 * folder cannot be opened (the verdict then says why in its own words).
 */
function ownFiguresSink(dir: string): OwnFiguresSink | undefined {
  try {
    const info = openResult(dir);
    return needsOwnFigures(info) ? new OwnFiguresSink(info) : undefined;
  } catch {
    return undefined;
  }
}

/** The answer first: the verdict the terminal printed, built from the folder's files the same way, then a sweep's trend in words. */
function verdictSection(v: VerdictInput | Error, sweepLines: readonly string[]): string {
  if (v instanceof Error) return `<section id="verdict"><p class="note">The verdict could not be built: ${escapeHtml(v.message)}</p></section>\n`;
  return verdictHtml(verdictLines(v), sweepVerdictHtml(sweepLines)) + '\n';
}

/** Each variant's first-player advantage in the verdict (the chart draws the same figures). */
function advantageOf(v: VerdictInput | Error): Map<string, Figure> | undefined {
  if (v instanceof Error) return undefined;
  const out = new Map<string, Figure>();
  for (const [variant, figures] of v.figures) {
    const f = figures.find((x) => x.quantity === 'first_player_advantage');
    if (f && Number.isFinite(f.low)) out.set(variant, f);
  }
  return out;
}

/** A sweep's part of the page: its charts under one heading, and its sentences for the verdict block (those the terminal printed). */
function sweepPart(d: ReportData, words: Words): { title: string; note: string; charts: ReportChart[]; lines: string[] } | undefined {
  const sweep = sweepFromCsv(d.sweep ?? []);
  if (sweep) {
    const option = sweep.axis.option;
    return {
      title: `Each quantity against ${option}`,
      note: `From sweep.csv: each dot is the quantity's mean at one value of ${option} over its ${sweep.trends[0]?.points[0]?.estimate.n ?? ''} matches, the bar its 95% t interval; match i of every value is played from the same seed. Above each chart its trend in words; the dashed red line is the straight-line trend, drawn where it is significant after Holm's correction over the quantities. The turn-order positions' shares are in sweep.csv.`,
      charts: againstCharts(sweep, words),
      lines: sweepText(sweep.axis, sweep.trends, sweep.holmP, words).answer.split('\n'),
    };
  }
  const grid = gridFromCsv(d.grid ?? []);
  if (!grid) return undefined;
  const [a, b] = grid.grid.options;
  const lines = grid.grid.values[gridXOption(grid.grid) === 0 ? 1 : 0].length;
  return {
    title: `Each quantity across ${a} x ${b}`,
    note: `From grid.csv: each dot is the quantity's mean in one cell over its matches, the bar its 95% t interval, one line per value of ${grid.grid.options[gridXOption(grid.grid) === 0 ? 1 : 0]} (${lines} lines, shifted a little sideways so that their bars stay apart); match i of every cell is played from the same seed. Above each chart, each numeric option's trend averaged over the other's values (Holm over every trend of the grid); the cells themselves are described, not tested against each other.`,
    charts: gridCharts(grid.grid, grid.figures, words),
    lines: gridText(grid.grid, grid.figures, words).answer.split('\n'),
  };
}

/**
 * `fromMatches`, `own`: what matches.csv gives the report and the verdict, when the caller has read it
 * already (the one pass after a run). Otherwise both come from one read made here.
 */
export async function buildReport(dir: string, fromMatches?: MatchesPart, own?: OwnFigures): Promise<string> {
  const sink = fromMatches === undefined && own === undefined ? ownFiguresSink(dir) : undefined;
  const d = await readResult(dir, fromMatches, sink);
  const metricInfo = typeof d.run.game === 'string' ? await metricInfoOf(d.run.game) : undefined;
  const words = wordsOf(d, metricInfo);
  const verdict = await verdictOf(dir, own ?? sink?.figures());
  const gameWords = typeof d.run.game === 'string' ? (await gameRegistry())[d.run.game]?.view.words : undefined;
  const charts = reportCharts(d, { metricInfo, advantage: advantageOf(verdict), endReason: (r) => endWords(gameWords, r) });
  const swept = sweepPart(d, words);
  const against = swept?.charts ?? [];
  const title = `tavolo report: ${str(d.run.tournament)}`;
  const groups = swept ? sweepGroup('against', swept.title, swept.note, against) : '';
  const nav = [...(swept ? [`<a href="#h-against">${escapeHtml(swept.title)} (${against.length} charts)</a>`] : []), ...charts.map((c) => `<a href="#h-${c.spec.id}">${escapeHtml(c.spec.title)}</a>`)];
  const sweepLines = swept?.lines ?? [];
  const measures = measuresSection(verdict);
  if (measures !== '') nav.unshift('<a href="#h-match-measures">Match measures, side by side</a>');
  const body =
    `<header><h1>${escapeHtml(title)}</h1></header>\n` +
    verdictSection(verdict, sweepLines) +
    `<section id="run-facts">${htmlTable(['Run', ''], facts(d))}</section>\n` +
    `<nav><p class="note">Charts: ${nav.join(' · ')}</p></nav>\n` +
    measures +
    groups +
    charts.map(section).join('\n');
  const data = `const TAVOLO_CHARTS = ${scriptJson([...against, ...charts].map((c) => c.spec))};`;
  return page(title, CSS + VERDICT_CSS, body, [plotLibrary(), data, chartsScript()]);
}

/** Writes `<dir>/report.html` (through a temporary file, so a reader never sees half a page); returns its path and size. */
export async function writeReport(dir: string, fromMatches?: MatchesPart, own?: OwnFigures): Promise<{ file: string; bytes: number }> {
  const html = await buildReport(dir, fromMatches, own);
  const file = join(dir, 'report.html');
  writeFileAtomic(file, html);
  return { file, bytes: statSync(file).size };
}

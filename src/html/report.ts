import { renameSync, statSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { drawCharts } from './charts-client.js';
import { readResult, type MatchesPart, type ReportData } from './data.js';
import { escapeHtml, htmlTable, page, plotLibrary, scriptJson } from './page.js';
import { reportCharts, type ReportChart } from './report-charts.js';
import { metricInfoOf, verdictFromFolder } from '../analysis/verdict-input.js';
import { verdictLines } from '../analysis/verdict.js';
import { VERDICT_CSS, verdictHtml } from './verdict-html.js';

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

const CSS = `
#run-facts table td:first-child { font-weight: 600; white-space: nowrap; }
section.chart svg { max-width: 100%; height: auto; overflow: visible; }
`;

/** The answer first: the verdict the terminal printed, built from the folder's files the same way. */
async function verdictSection(dir: string): Promise<string> {
  try {
    return verdictHtml(verdictLines(await verdictFromFolder(dir))) + '\n';
  } catch (err) {
    return `<section id="verdict"><p class="note">The verdict could not be built: ${escapeHtml(err instanceof Error ? err.message : String(err))}</p></section>\n`;
  }
}

/** `fromMatches`: what matches.csv gives, when the caller has read it already (the one pass after a run). */
export async function buildReport(dir: string, fromMatches?: MatchesPart): Promise<string> {
  const d = await readResult(dir, fromMatches);
  const charts = reportCharts(d, { metricInfo: typeof d.run.game === 'string' ? await metricInfoOf(d.run.game) : undefined });
  const title = `tavolo report: ${str(d.run.tournament)}`;
  const body =
    `<header><h1>${escapeHtml(title)}</h1></header>\n` +
    (await verdictSection(dir)) +
    `<section id="run-facts">${htmlTable(['Run', ''], facts(d))}</section>\n` +
    `<nav><p class="note">Charts: ${charts.map((c) => `<a href="#h-${c.spec.id}">${escapeHtml(c.spec.title)}</a>`).join(' · ')}</p></nav>\n` +
    charts.map(section).join('\n');
  const data = `const TAVOLO_CHARTS = ${scriptJson(charts.map((c) => c.spec))};`;
  return page(title, CSS + VERDICT_CSS, body, [plotLibrary(), data, `(${drawCharts.toString()})(TAVOLO_CHARTS, Plot, document);`]);
}

/** Writes `<dir>/report.html` (through a temporary file, so a reader never sees half a page); returns its path and size. */
export async function writeReport(dir: string, fromMatches?: MatchesPart): Promise<{ file: string; bytes: number }> {
  const html = await buildReport(dir, fromMatches);
  const file = join(dir, 'report.html');
  const tmp = `${file}.tmp`;
  writeFileSync(tmp, html);
  renameSync(tmp, file);
  return { file, bytes: statSync(file).size };
}

/**
 * The part of the report that runs in the browser: it draws each chart with Observable Plot into the
 * element the page prepared for it. It is written here as plain functions with no imports, and put into
 * the page as their source text (`chartsScript()`), so it is type-checked like the rest of tavolo and the
 * page still fetches nothing. One function per kind of chart; `drawCharts` picks each chart's.
 *
 * Each chart's main marks are dots (or bars; the game-length chart's are one line per variant), so that a test
 * can count them against the data.
 */

// A type-only import: it is erased, so the function's source text still names nothing outside itself.
import type * as PlotLibrary from '@observablehq/plot';

/** One chart as the page carries it (built in report-charts.ts). */
export interface ChartSpec {
  id: string;
  /** 'multiples': one small intervals chart per `fy` value, each on its own x scale (metrics in different units). */
  /** 'against': a quantity (y, with lo-hi bars) against a swept option's value (x), one line per `series` (a grid's second option). */
  kind: 'intervals' | 'multiples' | 'lines' | 'stacked' | 'sequential' | 'against';
  title: string;
  x: string;
  y: string;
  percent?: boolean;
  /** A vertical reference line (a fair share, zero difference). */
  reference?: number;
  /** Facet rows (fy) are used when the rows carry `fy`. */
  facetLabel?: string;
  /** Sort the y axis by x descending (a leaderboard). */
  sortByX?: boolean;
  /** The order of the y values, the facets and the colour series (variants in spec order, baseline first); else Plot's. */
  yOrder?: string[];
  fyOrder?: string[];
  seriesOrder?: string[];
  /** 'lines' and 'against': colour the series along a sequential ramp (a swept option's values, in order). */
  sequentialColors?: boolean;
  /** 'against': the x ticks (the swept values); an ordinal x (options that are not numbers) with its order; the colour legend's title. */
  xTicks?: number[];
  xOrder?: string[];
  seriesLabel?: string;
  /** 'against': the straight-line trend, drawn dashed from its first point to its last. */
  trend?: { x: number; y: number }[];
  data: Record<string, string | number | boolean | null>[];
}

/** What every kind of chart draws with: the Plot library, the page's document and the charts' width. */
interface ChartKit {
  Plot: typeof PlotLibrary;
  doc: Document;
  width: number;
}

type ChartRows = ChartSpec['data'];

function facetCount(rows: ChartRows): number {
  return new Set(rows.map((r) => r.fy)).size;
}

function yCount(rows: ChartRows): number {
  return new Set(rows.map((r) => r.y)).size;
}

/** n colours along viridis, its pale yellow end left out (unreadable on white): swept values in order, dark to light. */
function ramp(kit: ChartKit, n: number): string[] {
  const scale = kit.Plot.scale({ color: { type: 'linear', scheme: 'viridis', domain: [0, 1] } });
  return Array.from({ length: n }, (_, i) => String(scale.apply(n === 1 ? 0 : (0.85 * i) / (n - 1))));
}

/** Dots with their intervals as bars, one row per y value (in facet rows when the rows carry `fy`); significant ones red diamonds. */
function intervalsChart(kit: ChartKit, c: ChartSpec): SVGSVGElement | HTMLElement {
  const { Plot } = kit;
  const faceted = c.data.some((r) => r.fy !== undefined && r.fy !== null);
  const perFacet = faceted ? yCount(c.data) : 1;
  const height = faceted ? facetCount(c.data) * (perFacet * 18 + 14) + 60 : yCount(c.data) * 26 + 70;
  const marks = [
    c.reference !== undefined ? Plot.ruleX([c.reference], { stroke: '#999', strokeDasharray: '4,3' }) : null,
    Plot.ruleY(c.data, { y: 'y', fy: faceted ? 'fy' : undefined, x1: 'lo', x2: 'hi', stroke: '#555' }),
    Plot.dot(c.data, {
      x: 'x',
      y: 'y',
      fy: faceted ? 'fy' : undefined,
      r: 4.5,
      fill: (d: ChartRows[number]) => (d.marked ? '#d62728' : '#1f77b4'),
      symbol: (d: ChartRows[number]) => (d.marked ? 'diamond' : 'circle'),
      title: (d: ChartRows[number]) => String(d.tip ?? ''),
      sort: c.sortByX ? { y: 'x', reverse: true } : undefined,
    }),
  ].filter((m) => m !== null);
  return Plot.plot({
    width: kit.width,
    height,
    marginLeft: 150,
    marginRight: faceted ? 170 : 20,
    x: { label: c.x, percent: c.percent === true, grid: true },
    y: { label: c.y, domain: c.yOrder },
    fy: faceted ? { label: c.facetLabel ?? null, domain: c.fyOrder } : undefined,
    marks,
  });
}

/** One chart per facet value, each with its own x scale: a metric of 0.4 cards beside one of 950 turns stays readable. */
function multiplesChart(kit: ChartKit, c: ChartSpec): HTMLElement {
  const box = kit.doc.createElement('div');
  const names = c.fyOrder ?? [...new Set(c.data.map((r) => String(r.fy)))];
  for (const name of names) {
    const rows = c.data.filter((r) => String(r.fy) === name).map((r) => ({ ...r, fy: null }));
    if (rows.length === 0) continue;
    const svg = intervalsChart(kit, { ...c, kind: 'intervals', data: rows, x: `${name} →`, fyOrder: undefined });
    svg.setAttribute('aria-label', `${c.title}: ${name}`);
    box.appendChild(svg);
  }
  return box;
}

/** One step line per series (the game-length chart's shares), with a tip at the pointer. */
function linesChart(kit: ChartKit, c: ChartSpec): SVGSVGElement | HTMLElement {
  const { Plot } = kit;
  return Plot.plot({
    width: kit.width,
    height: 340,
    marginLeft: 60,
    x: { label: c.x, grid: true },
    y: { label: c.y, percent: c.percent === true, grid: true, domain: c.percent === true ? [0, 100] : [0, 1] },
    color: { legend: true, domain: c.seriesOrder, ...(c.sequentialColors && c.seriesOrder ? { type: 'ordinal', range: ramp(kit, c.seriesOrder.length) } : {}) },
    marks: [
      Plot.line(c.data, { x: 'x', y: 'y', z: 'series', stroke: 'series', curve: 'step-after', title: (d: ChartRows[number]) => String(d.series ?? '') }),
      Plot.tip(c.data, Plot.pointer({ x: 'x', y: 'y', title: (d: ChartRows[number]) => String(d.tip ?? '') })),
    ],
  });
}

/** Horizontal bars stacked by series, one per y value (how matches end). */
function stackedChart(kit: ChartKit, c: ChartSpec): SVGSVGElement | HTMLElement {
  const { Plot } = kit;
  return Plot.plot({
    width: kit.width,
    height: yCount(c.data) * 40 + 80,
    marginLeft: 150,
    x: { label: c.x, percent: c.percent === true, grid: true },
    y: { label: c.y, domain: c.yOrder },
    color: { legend: true },
    marks: [Plot.barX(c.data, { x: 'x', y: 'y', fill: 'series', title: (d: ChartRows[number]) => String(d.tip ?? '') }), Plot.ruleX([0])],
  });
}

/** A sequential test's path between its two stopping bounds. */
function sequentialChart(kit: ChartKit, c: ChartSpec): SVGSVGElement | HTMLElement {
  const { Plot } = kit;
  return Plot.plot({
    width: kit.width,
    height: 340,
    marginLeft: 60,
    x: { label: c.x, grid: true },
    y: { label: c.y, grid: true },
    marks: [
      Plot.line(c.data, { x: 'x', y: 'lower', stroke: '#2ca02c', strokeDasharray: '5,3' }),
      Plot.line(c.data, { x: 'x', y: 'upper', stroke: '#d62728', strokeDasharray: '5,3' }),
      Plot.line(c.data, { x: 'x', y: 'y', stroke: '#1f77b4' }),
      Plot.dot(c.data, { x: 'x', y: 'y', fill: '#1f77b4', r: 3, title: (d: ChartRows[number]) => String(d.tip ?? '') }),
      Plot.text(c.data.slice(0, 1), { x: 'x', y: 'upper', text: () => 'upper bound: H1 accepted above', dy: 10, dx: 4, textAnchor: 'start' }),
      Plot.text(c.data.slice(0, 1), { x: 'x', y: 'lower', text: () => 'lower bound: H0 accepted below', dy: -8, dx: 4, textAnchor: 'start' }),
    ],
  });
}

/**
 * The marks of a quantity against a swept option: a dot per value with its interval as a vertical bar,
 * joined by a line; with several series (a grid) each is shifted a few pixels sideways so their bars stay apart.
 */
function againstMarks(kit: ChartKit, c: ChartSpec, names: ReadonlyArray<string | null>): PlotLibrary.Markish[] {
  const { Plot } = kit;
  const many = names.length > 1;
  const marks: PlotLibrary.Markish[] = [];
  names.forEach((name, s) => {
    const rows = many ? c.data.filter((r) => r.series === name) : c.data;
    const dx = many ? (s - (names.length - 1) / 2) * Math.min(6, 30 / names.length) : 0;
    const colour = many ? { stroke: () => name } : { stroke: '#1f77b4' };
    marks.push(
      Plot.line(rows, { x: 'x', y: 'y', dx, strokeOpacity: 0.6, ...colour }),
      Plot.ruleX(rows, { x: 'x', y1: 'lo', y2: 'hi', dx, strokeWidth: 1.5, ...colour }),
      Plot.dot(rows, { x: 'x', y: 'y', dx, r: 3.5, fill: many ? () => name : '#1f77b4', title: (d: ChartRows[number]) => String(d.tip ?? '') }),
    );
  });
  if (c.reference !== undefined) marks.unshift(Plot.ruleY([c.reference], { stroke: '#999', strokeDasharray: '4,3' }));
  if (c.trend) marks.push(Plot.line(c.trend, { x: 'x', y: 'y', stroke: '#d62728', strokeDasharray: '5,4', strokeWidth: 1.5 }));
  return marks;
}

/** A quantity against a swept option's value, one line per series (a grid's second option). */
function againstChart(kit: ChartKit, c: ChartSpec): SVGSVGElement | HTMLElement {
  const names = c.seriesOrder ?? [null];
  const many = names.length > 1;
  return kit.Plot.plot({
    width: 520,
    height: 300,
    marginLeft: 60,
    marginRight: 20,
    x: c.xOrder ? { label: c.x, type: 'point', domain: c.xOrder, inset: 20 } : { label: c.x, ticks: c.xTicks, tickFormat: c.xTicks ? (v: number) => String(v) : undefined, inset: 12 },
    y: { label: c.y, percent: c.percent === true, grid: true },
    color: many ? { legend: true, label: c.seriesLabel, domain: names, type: 'ordinal', ...(c.sequentialColors ? { range: ramp(kit, names.length) } : { scheme: 'tableau10' }) } : undefined,
    marks: againstMarks(kit, c, names),
  });
}

/** Draws every chart into its element `chart-<id>`, then marks the page ready. */
export function drawCharts(charts: ChartSpec[], Plot: typeof PlotLibrary, doc: Document): void {
  const kit: ChartKit = { Plot, doc, width: 760 };
  const draw = { intervals: intervalsChart, multiples: multiplesChart, lines: linesChart, stacked: stackedChart, sequential: sequentialChart, against: againstChart };
  for (const c of charts) {
    const host = doc.getElementById(`chart-${c.id}`);
    if (!host) throw new Error(`no element for chart ${c.id}`);
    const svg = draw[c.kind](kit, c);
    svg.setAttribute('role', c.kind === 'multiples' ? 'group' : 'img');
    svg.setAttribute('aria-label', c.title);
    host.appendChild(svg);
  }
  doc.body.dataset.ready = 'charts';
}

/**
 * The page's script that draws its charts (`TAVOLO_CHARTS`, with the `Plot` library loaded before it):
 * drawCharts and every function it calls, as their source text, in a scope of their own.
 */
export function chartsScript(): string {
  const parts = [facetCount, yCount, ramp, intervalsChart, multiplesChart, linesChart, stackedChart, sequentialChart, againstMarks, againstChart, drawCharts];
  return `(() => {\n${parts.map((f) => f.toString()).join('\n')}\ndrawCharts(TAVOLO_CHARTS, Plot, document);\n})();`;
}

import type * as PlotLibrary from '@observablehq/plot';
import type { TuneCharts, TuneMark, TuneRoundBar } from './charts.js';

/**
 * The part of tune.html that runs in the browser, put into the page as its source text like the
 * report's charts-client.ts (one function, no imports, type-checked here). Each target's chart draws one
 * dot per candidate (its estimate) on a rule (its interval) over the target's shaded band; colour and
 * shape say whether it meets every target, is not ruled out or was dropped, and a dropped candidate's
 * round is written at the right. The last chart stacks the matches spent round by round under a rule at
 * the full grid's need.
 */
export function drawTuneCharts(data: TuneCharts, Plot: typeof PlotLibrary, doc: Document): void {
  // The page is 1100 px wide at most; long candidate names take a quarter of it.
  const width = 1000;
  const colours = { domain: ['meets every target', 'not ruled out', 'dropped'], range: ['#2ca02c', '#1f77b4', '#d62728'] };
  const symbols = { domain: colours.domain, range: ['circle', 'diamond', 'times'] };

  function target(c: TuneCharts['targets'][number]) {
    const drawn = c.marks.filter((m: TuneMark) => m.x !== null);
    return Plot.plot({
      width,
      height: c.marks.length * 20 + 90,
      marginLeft: Math.min(320, 12 + 6.2 * Math.max(...c.marks.map((m: TuneMark) => m.candidate.length))),
      marginRight: 180,
      x: { label: c.x, domain: c.domain, grid: true },
      y: { label: null, domain: c.marks.map((m: TuneMark) => m.candidate) },
      color: { ...colours },
      symbol: { ...symbols, legend: true },
      marks: [
        Plot.rect([c.band], { x1: (b: number[]) => b[0], x2: (b: number[]) => b[1], fill: '#2ca02c', fillOpacity: 0.12 }),
        Plot.ruleY(drawn, { y: 'candidate', x1: 'lo', x2: 'hi', stroke: 'status', strokeOpacity: 0.7 }),
        Plot.dot(drawn, { x: 'x', y: 'candidate', fill: 'status', stroke: 'status', symbol: 'status', r: 4.5, title: 'tip' }),
        Plot.text(
          c.marks.filter((m: TuneMark) => m.dropNote !== null),
          { y: 'candidate', text: 'dropNote', frameAnchor: 'right', textAnchor: 'start', dx: 8, fill: '#555' },
        ),
      ],
    });
  }

  function rounds(r: TuneCharts['rounds']) {
    const label = `full grid: ${r.grid.toLocaleString('en-US')} matches`;
    return Plot.plot({
      width: Math.min(760, 160 + r.bars.length * 40),
      height: 300,
      marginLeft: 70,
      x: { label: null, domain: [...new Set(r.bars.map((b: TuneRoundBar) => b.round))] },
      y: { label: '↑ matches spent so far', grid: true, domain: [0, Math.max(r.grid, r.spent) * 1.08] },
      color: { domain: ['earlier rounds', 'this round'], range: ['#c6dbef', '#1f77b4'], legend: true },
      marks: [
        Plot.barY(r.bars, { x: 'round', y: 'matches', fill: 'part', title: (b: TuneRoundBar) => `${b.round}, ${b.part}: ${b.matches.toLocaleString('en-US')} matches` }),
        Plot.ruleY([r.grid], { stroke: '#d62728', strokeDasharray: '5,3' }),
        Plot.text([r.grid], { y: (g: number) => g, text: () => label, frameAnchor: 'left', textAnchor: 'start', dy: -7, dx: 4, fill: '#d62728' }),
      ],
    });
  }

  const host = (id: string) => {
    const el = doc.getElementById(`chart-${id}`);
    if (!el) throw new Error(`no element for chart ${id}`);
    return el;
  };
  const place = (id: string, title: string, svg: Element) => {
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', title);
    host(id).appendChild(svg);
  };
  for (const c of data.targets) place(c.id, c.title, target(c));
  place('rounds', 'Matches spent per round against the full grid', rounds(data.rounds));
  doc.body.dataset.ready = 'charts';
}

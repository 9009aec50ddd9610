import { parse } from 'csv-parse/sync';
import { afterAll, describe, expect, it, vi } from 'vitest';

vi.setConfig({ testTimeout: 60_000 });
afterAll(removeTempDirs);
import { holm } from '../../src/analysis/decisions.js';
import { sweepCsv } from '../../src/analysis/sweep-analysis.js';
import { sweepFromCsv } from '../../src/analysis/sweep-csv-read.js';
import { SweepTrendAccumulator } from '../../src/analysis/sweep-trend.js';
import { sweepText } from '../../src/analysis/sweep-words.js';
import { againstCharts, gridCharts, gridXOption } from '../../src/html/sweep-charts.js';
import { gridCsv, gridFromCsv } from '../../src/analysis/grid-csv.js';
import { readResult } from '../../src/html/data.js';
import { reportCharts } from '../../src/html/report-charts.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES, removeTempDirs, tavoloAsync, tempDir } from '../fixtures/cli.js';
import { sweepVerdictHtml, verdictHtml } from '../../src/html/verdict-html.js';
import { Rng } from '../../src/engine/rng.js';

/**
 * The data of a sweep's charts, built from sweep.csv as the report reads it: a simulated sweep (a
 * length that grows 5 turns per value, a win share that does not move) written by the same code a run
 * uses, read back, and drawn.
 */

const XS = [3, 4, 5, 6, 7];
const QUANTITIES = ['win_share:greedy', 'seat_win_share:0', 'turns_mean', 'metric:turns_per_round'];

function simulatedSweep(matches: number) {
  const rng = new Rng('sweep-charts');
  const acc = new SweepTrendAccumulator(XS, QUANTITIES);
  for (let i = 0; i < matches; i++) {
    const deal = 20 * rng.float();
    acc.add(XS.map((x) => Float64Array.from([rng.float() < 0.4 ? 1 : 0, rng.float() < 0.25 ? 1 : 0, 100 + 5 * x + deal + 3 * rng.float(), 2 * rng.float()])));
  }
  const trends = acc.trends();
  const holmP = holm(trends.map((t) => t.slope.p));
  const axis = { option: 'handSize', xs: XS, variants: XS.map((x) => `handSize=${x}`) };
  const rows = parse(sweepCsv(axis, trends, holmP), { columns: true }) as Record<string, string>[];
  return { axis, trends, holmP, rows };
}

const words = { lineup: ['greedy', 'random', 'random'], metricInfo: [{ name: 'turns_per_round', label: 'turns per round', unit: 'turn', per: 'round', kind: 'mean' as const }] };

/** Ten significant digits, as sweep.csv writes them. */
function close(a: number, b: number): void {
  expect(Math.abs(a - b), `${a} against ${b}`).toBeLessThanOrEqual(1e-9 * Math.max(Math.abs(b), 1e-12));
}

describe('sweep.csv read back', () => {
  it('gives the figures that were written, to ten digits, and the same sentences', () => {
    const s = simulatedSweep(80);
    const back = sweepFromCsv(s.rows)!;
    expect(back.axis).toEqual(s.axis);
    expect(back.trends.map((t) => t.quantity)).toEqual(QUANTITIES);
    back.trends.forEach((t, q) => {
      close(t.slope.estimate, s.trends[q].slope.estimate);
      close(t.slope.low, s.trends[q].slope.low);
      close(back.holmP[q], s.holmP[q]);
      t.points.forEach((p, k) => {
        close(p.estimate.estimate, s.trends[q].points[k].estimate.estimate);
        close(p.estimate.high, s.trends[q].points[k].estimate.high);
        if (k === 0) expect(p.step).toBeUndefined();
        else close(p.step!.estimate, s.trends[q].points[k].step!.estimate);
      });
    });
    expect(sweepText(back.axis, back.trends, back.holmP, words).answer).toContain('Each 1 more of handSize lengthens game length (turns) by about 5.0');
  });

  it('refuses rows that are not one sweep (two options, a value missing for one quantity)', () => {
    const { rows } = simulatedSweep(20);
    expect(sweepFromCsv([])).toBeUndefined();
    expect(sweepFromCsv(rows.map((r, i) => (i === 3 ? { ...r, option: 'deckSize' } : r)))).toBeUndefined();
    expect(sweepFromCsv(rows.filter((r, i) => !(r.quantity === 'turns_mean' && i % 5 === 2)))).toBeUndefined();
  });
});

describe('the charts against the option', () => {
  const s = simulatedSweep(80);
  const back = sweepFromCsv(s.rows)!;
  const charts = againstCharts(back, words);

  it('draws one chart per quantity but the turn-order positions, a point per value with its interval', () => {
    expect(charts.map((c) => c.quantity)).toEqual(['win_share:greedy', 'turns_mean', 'metric:turns_per_round']);
    for (const c of charts) {
      const rows = s.rows.filter((r) => r.quantity === c.quantity);
      expect(c.spec.kind).toBe('against');
      expect(c.spec.data.map((d) => d.x)).toEqual(XS);
      expect(c.spec.data.map((d) => d.y)).toEqual(rows.map((r) => Number(r.estimate)));
      expect(c.spec.data.map((d) => d.lo)).toEqual(rows.map((r) => Number(r.ci_low95)));
      expect(c.spec.data.map((d) => d.hi)).toEqual(rows.map((r) => Number(r.ci_high95)));
      expect(c.table.rows).toHaveLength(XS.length);
    }
  });

  it('names the quantity in the game\'s words, shows rates in percent, and puts the trend sentence above', () => {
    const [share, length, perRound] = charts;
    expect(share.spec.title).toBe("Greedy's win share against handSize");
    expect(share.spec.percent).toBe(true);
    expect(length.spec.percent).toBe(false);
    expect(perRound.spec.title).toBe('Turns per round against handSize');
    expect(length.note).toMatch(/^Each 1 more of handSize lengthens game length \(turns\) by about 5\.0\d? \(95% CI \+4\.\d+ to \+5\.\d+; Holm-adjusted p < 0\.001\)\.$/);
    // A win share drawn at random at every value: no trend, and its slope with its interval all the same.
    expect(share.note).toMatch(/^No trend found at the 5% level \(each 1 more of handSize: [-+]?\d\.\d points, 95% CI [-+]?\d\.\d to [-+]?\d\.\d; Holm-adjusted p = [0-9.]+\)\.$/);
  });

  it('draws the straight-line trend only where it is significant, through the mean of the means with the slope', () => {
    const [share, length] = charts;
    expect(share.spec.trend).toBeUndefined();
    const t = back.trends.find((x) => x.quantity === 'turns_mean')!;
    const line = length.spec.trend!;
    expect(line.map((p) => p.x)).toEqual([3, 7]);
    expect((line[1].y - line[0].y) / 4).toBeCloseTo(t.slope.estimate, 10);
    const meanOfMeans = t.points.reduce((a, p) => a + p.estimate.estimate, 0) / XS.length;
    expect((line[0].y + line[1].y) / 2).toBeCloseTo(meanOfMeans, 10);
  });

  it('puts the trend after the question in the verdict block and folds each value\'s comparison below it', () => {
    const sweepLines = sweepText(back.axis, back.trends, back.holmP, words).answer.split('\n');
    const html = verdictHtml(['Question: Does it change?', 'handSize=4 against handSize=3 (80 paired matches):', '  Length: games are longer.'], sweepVerdictHtml(sweepLines));
    const question = html.indexOf('Does it change?');
    const trend = html.indexOf('Each 1 more of handSize lengthens');
    const folded = html.indexOf('<details class="per-value">');
    expect(question).toBeGreaterThan(0);
    expect(trend).toBeGreaterThan(question);
    expect(folded).toBeGreaterThan(trend);
    expect(html.indexOf('games are longer')).toBeGreaterThan(folded);
    // Without a sweep the block is as before: nothing folded.
    expect(verdictHtml(['Question: Does it change?'])).not.toContain('<details');
  });
});

/** A grid's figures made up cell by cell (value = 10 a + b in cell (a, b)), written and read back as grid.csv. */
function madeUpGrid(values: [string[], string[]]) {
  const grid = {
    options: ['handSize', 'jollies'] as [string, string],
    values,
    numeric: values.map((vs) => vs.every((v) => Number.isFinite(Number(v)))) as [boolean, boolean],
    cells: values[0].flatMap((a, i) => values[1].map((b, j) => ({ variant: `handSize=${a},jollies=${b}`, at: [i, j] as [number, number] }))),
  };
  const trend = (estimate: number, pHolm: number) => ({ estimate, low: estimate - 1, high: estimate + 1, p: pHolm / 2, pHolm, n: 50 });
  const figures = ['win_share:greedy', 'seat_win_share:0', 'turns_mean'].map((quantity) => ({
    quantity,
    cells: grid.cells.map((_, k) => ({ estimate: 10 * grid.cells[k].at[0] + grid.cells[k].at[1], low: 10 * grid.cells[k].at[0] - 1, high: 10 * grid.cells[k].at[0] + 3, n: 50 })),
    trends: [grid.numeric[0] ? trend(10, 0.001) : undefined, grid.numeric[1] ? trend(0.5, 0.4) : undefined] as [ReturnType<typeof trend> | undefined, ReturnType<typeof trend> | undefined],
  }));
  const rows = parse(gridCsv(grid, figures), { columns: true }) as Record<string, string>[];
  return { grid, figures, rows };
}

describe('the charts across a grid', () => {
  it('reads grid.csv back as written, and refuses a grid with a cell missing', () => {
    const g = madeUpGrid([['3', '5', '7'], ['0', '8', '16']]);
    const back = gridFromCsv(g.rows)!;
    expect(back.grid).toEqual(g.grid);
    expect(back.figures).toEqual(g.figures);
    expect(gridFromCsv(g.rows.filter((r) => r.variant !== 'handSize=5,jollies=8'))).toBeUndefined();
  });

  it('puts the numeric option with more values on x and draws a line per value of the other', () => {
    expect(gridXOption(madeUpGrid([['3', '5', '7'], ['0', '8', '16']]).grid)).toBe(0);
    expect(gridXOption(madeUpGrid([['3', '7'], ['0', '8', '16']]).grid)).toBe(1);
    expect(gridXOption(madeUpGrid([['false', 'true'], ['0', '8', '16']]).grid)).toBe(1);
    const g = madeUpGrid([['3', '7'], ['0', '8', '16']]);
    const [share, length] = gridCharts(g.grid, g.figures, words);
    expect([share.quantity, length.quantity]).toEqual(['win_share:greedy', 'turns_mean']);
    expect(length.spec.seriesOrder).toEqual(['handSize=3', 'handSize=7']);
    expect(length.spec.xTicks).toEqual([0, 8, 16]);
    expect(length.spec.data).toHaveLength(6);
    for (const [k, cell] of g.grid.cells.entries()) {
      const d = length.spec.data.find((x) => x.tip!.toString().startsWith(`${cell.variant}:`))!;
      expect(d).toMatchObject({ series: `handSize=${g.grid.values[0][cell.at[0]]}`, x: Number(g.grid.values[1][cell.at[1]]), y: g.figures[2].cells[k].estimate });
    }
    // Both trends above the chart: the first found, the second not.
    expect(length.note).toMatch(/^Each 1 more of handSize, averaged over jollies, lengthens game length \(turns\) by about 10\.0 .* No trend against jollies found \(per 1 more, averaged over handSize: \+0\.5/);
  });

  it('draws an option that is not numeric on an ordinal x in its values\' order', () => {
    const g = madeUpGrid([['false', 'true'], ['x', 'y', 'z']]);
    const [share] = gridCharts(g.grid, g.figures, words);
    expect(share.spec.xOrder).toEqual(['false', 'true']);
    expect(share.spec.data.map((d) => d.x)).toEqual(['false', 'false', 'false', 'true', 'true', 'true']);
    expect(share.note).toBe('Neither option is numeric: no trend; each cell is drawn with its 95% interval.');
  });
});

describe('a sweep beside a hand-written variant', () => {
  it('keeps the hand-written variant in the forest panels and the metrics chart, the swept values in their charts', async () => {
    const tmp = tempDir('tavolo-sweep-mixed-');
    const spec = join(tmp, 'mixed.json');
    writeFileSync(spec, JSON.stringify({
      name: 'hc-mixed', game: join(FIXTURES, 'highcard.mjs'), players: 3, matches: 30, seed: 'hc-mixed', baseline: 'hand=1',
      variants: [{ name: 'rule', options: { annulOnTie: true } }], sweep: { hand: [1, 2, 4] },
      bots: [{ bot: 'greedy' }, { bot: 'random' }, { bot: 'random' }],
    }));
    const dir = join(tmp, 'out');
    const r = await tavoloAsync(['run', spec, '--out', dir, '--threads', '1']);
    expect(r.code, r.stderr).toBe(0);
    const d = await readResult(dir);
    const charts = reportCharts(d);
    const forest = charts.filter((c) => c.spec.id.startsWith('forest-'));
    expect(forest.length).toBeGreaterThan(0);
    for (const c of forest) expect(new Set(c.spec.data.map((x) => x.fy))).toEqual(new Set(['rule']));
    expect(charts.some((c) => c.spec.id === 'metrics')).toBe(true);
    const length = charts.find((c) => c.spec.id === 'length')!;
    expect(length.spec.seriesOrder).toEqual(['hand=1', 'hand=2', 'hand=4', 'rule']);
    expect(length.spec.sequentialColors).toBe(true);
    expect(againstCharts(sweepFromCsv(d.sweep!)!, words).map((c) => c.spec.data.length)).toEqual(expect.arrayContaining([3]));
  });
});

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { sweepFromCsv } from '../../src/analysis/sweep-csv-read.js';
import { sweepText } from '../../src/analysis/sweep-words.js';
import { readResult } from '../../src/report/data.js';
import { reportCharts } from '../../src/report/report-charts.js';
import { againstCharts, gridCharts, gridXOption } from '../../src/report/sweep-charts.js';
import { sweepVerdictHtml, verdictHtml } from '../../src/report/verdict-html.js';
import { FIXTURES, removeTempDirs, tavoloAsync, tempDir } from '../fixtures/cli.js';
import { XS, madeUpGrid, simulatedSweep, words } from '../helpers/sweep-fixtures.js';

vi.setConfig({ testTimeout: 60_000 });
afterAll(removeTempDirs);

/**
 * The data of a sweep's charts, built from sweep.csv as the report reads it: a simulated sweep (a
 * length that grows 5 turns per value, a win share that does not move) written by the same code a run
 * uses, read back, and drawn.
 */

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

describe('the charts across a grid', () => {
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

import { ALPHA } from '../analysis/comparison-text.js';
import type { SweepFromCsv } from '../analysis/sweep-csv-read.js';
import { gridTrendNote } from '../analysis/grid-words.js';
import type { GridQuantity, SweepGrid } from '../analysis/sweep-grid.js';
import type { SweepTrend } from '../analysis/sweep-trend.js';
import { noTrendSentence, trendSentence } from '../analysis/sweep-words.js';
import { quantityName, type Words } from '../analysis/verdict-words.js';
import type { ChartSpec } from './charts-client.js';
import type { ReportChart } from './report-charts.js';

/**
 * The charts of a one-option sweep (from sweep.csv): one per quantity, the quantity on y against the
 * option's value on x, with its 95% interval at each value as a vertical bar, and above it the trend
 * in the terminal's words. The turn-order positions' shares are left out (the first-player advantage
 * says what they say; seats.csv and sweep.csv have them).
 */

/** Quantities drawn against a swept option: all of sweep.csv's but the turn-order positions. */
export function drawnQuantity(q: string): boolean {
  return !q.startsWith('seat_win_share:');
}

const fmt = (v: number, rate: boolean) => (Number.isFinite(v) ? (rate ? `${(100 * v).toFixed(1)}%` : String(Number(v.toPrecision(4)))) : '');
const pts = (v: number, rate: boolean) => (Number.isFinite(v) ? (rate ? (100 * v).toFixed(1) : String(Number(v.toPrecision(4)))) : '');

/** A chart's id and the page's anchors must be plain: the quantity's position in sweep.csv names it. */
export function againstId(k: number): string {
  return `against-${k}`;
}

/** The straight-line trend through the means (the least-squares line: it passes through the mean of the means). */
function trendLine(t: SweepTrend): ChartSpec['trend'] {
  const xs = t.points.map((p) => p.x);
  const meanX = xs.reduce((a, b) => a + b, 0) / xs.length;
  const meanY = t.points.reduce((a, p) => a + p.estimate.estimate, 0) / xs.length;
  const at = (x: number) => ({ x, y: meanY + t.slope.estimate * (x - meanX) });
  return [at(Math.min(...xs)), at(Math.max(...xs))];
}

function againstChart(s: SweepFromCsv, t: SweepTrend, q: number, k: number, words: Words): ReportChart {
  const { name, rate } = quantityName(t.quantity, words);
  const option = s.axis.option;
  const found = s.holmP[q] < ALPHA;
  const title = `${name[0].toUpperCase()}${name.slice(1)} against ${option}`;
  return {
    spec: {
      id: againstId(k),
      kind: 'against',
      title,
      x: `${option} →`,
      y: `↑ ${name}${rate ? ' (%)' : ''}`,
      percent: rate,
      // No advantage is the line to read the first player's against.
      reference: t.quantity === 'first_player_advantage' ? 0 : undefined,
      xTicks: s.axis.xs.length <= 15 ? s.axis.xs : undefined,
      trend: found ? trendLine(t) : undefined,
      data: t.points.map((p, i) => ({
        x: p.x,
        y: p.estimate.estimate,
        lo: p.estimate.low,
        hi: p.estimate.high,
        tip: `${s.axis.variants[i]}: ${fmt(p.estimate.estimate, rate)} [${fmt(p.estimate.low, rate)} to ${fmt(p.estimate.high, rate)}]`,
      })),
    },
    note: found ? trendSentence(s.axis, t, s.holmP[q], words) : noTrendSentence(s.axis, t, s.holmP[q], words),
    quantity: t.quantity,
    table: {
      columns: [option, 'variant', rate ? 'value (%)' : 'value', '95% low', '95% high', `step from previous${rate ? ' (points)' : ''}`, 'step 95% low', 'step 95% high', 'step p'],
      rows: t.points.map((p, i) => [
        String(p.x), s.axis.variants[i], pts(p.estimate.estimate, rate), pts(p.estimate.low, rate), pts(p.estimate.high, rate),
        pts(p.step?.estimate ?? NaN, rate), pts(p.step?.low ?? NaN, rate), pts(p.step?.high ?? NaN, rate), p.step ? String(Number(p.step.p.toPrecision(3))) : '',
      ]),
    },
  };
}

/** One chart per quantity of sweep.csv (turn-order positions aside), in the file's order. */
export function againstCharts(s: SweepFromCsv, words: Words): ReportChart[] {
  return s.trends.flatMap((t, q) => (drawnQuantity(t.quantity) ? [{ t, q }] : [])).map(({ t, q }, k) => againstChart(s, t, q, k, words));
}

/**
 * The option on x for a grid's charts: a numeric one (the one with more values when both are), so
 * that the distance between values is drawn as it is; the other option's values are the lines.
 */
export function gridXOption(grid: SweepGrid): 0 | 1 {
  if (grid.numeric[0] && grid.numeric[1]) return grid.values[1].length > grid.values[0].length ? 1 : 0;
  return grid.numeric[1] && !grid.numeric[0] ? 1 : 0;
}

function gridChart(grid: SweepGrid, f: GridQuantity, k: number, words: Words): ReportChart {
  const { name, rate } = quantityName(f.quantity, words);
  const xo = gridXOption(grid);
  const so = xo === 0 ? 1 : 0;
  const series = (j: number) => `${grid.options[so]}=${grid.values[so][j]}`;
  const notes = [gridTrendNote(grid, f, 0, words), gridTrendNote(grid, f, 1, words)].filter((n) => n !== '');
  return {
    spec: {
      id: againstId(k),
      kind: 'against',
      title: `${name[0].toUpperCase()}${name.slice(1)} across ${grid.options[0]} x ${grid.options[1]}`,
      x: `${grid.options[xo]} →`,
      y: `↑ ${name}${rate ? ' (%)' : ''}`,
      percent: rate,
      reference: f.quantity === 'first_player_advantage' ? 0 : undefined,
      ...(grid.numeric[xo] ? { xTicks: grid.values[xo].length <= 15 ? grid.values[xo].map(Number) : undefined } : { xOrder: grid.values[xo] }),
      seriesOrder: grid.values[so].map((_, j) => series(j)),
      seriesLabel: grid.options[so],
      sequentialColors: grid.numeric[so],
      data: grid.cells.map((c, i) => ({
        series: series(c.at[so]),
        x: grid.numeric[xo] ? Number(grid.values[xo][c.at[xo]]) : grid.values[xo][c.at[xo]],
        y: f.cells[i].estimate,
        lo: f.cells[i].low,
        hi: f.cells[i].high,
        tip: `${c.variant}: ${fmt(f.cells[i].estimate, rate)} [${fmt(f.cells[i].low, rate)} to ${fmt(f.cells[i].high, rate)}]`,
      })),
    },
    note: notes.length > 0 ? notes.join(' ') : 'Neither option is numeric: no trend; each cell is drawn with its 95% interval.',
    quantity: f.quantity,
    table: {
      columns: [grid.options[0], grid.options[1], 'variant', rate ? 'value (%)' : 'value', '95% low', '95% high', 'matches'],
      rows: grid.cells.map((c, i) => [
        grid.values[0][c.at[0]], grid.values[1][c.at[1]], c.variant, pts(f.cells[i].estimate, rate), pts(f.cells[i].low, rate), pts(f.cells[i].high, rate), f.cells[i].n,
      ]),
    },
  };
}

/** One chart per quantity of grid.csv (turn-order positions aside): one line per value of the second option. */
export function gridCharts(grid: SweepGrid, figures: readonly GridQuantity[], words: Words): ReportChart[] {
  return figures.filter((f) => drawnQuantity(f.quantity)).map((f, k) => gridChart(grid, f, k, words));
}

import { parse } from 'csv-parse/sync';
import { holm } from '../../src/analysis/decisions.js';
import { gridCsv } from '../../src/analysis/grid-csv.js';
import type { GridTrend } from '../../src/analysis/sweep-grid.js';
import { sweepCsv } from '../../src/analysis/sweep-analysis.js';
import { SweepTrendAccumulator } from '../../src/analysis/sweep-trend.js';
import { Rng } from '../../src/engine/rng.js';

/**
 * Sweeps and grids made up for the tests of their files, words and charts: written by the same code a
 * run uses (sweepCsv, gridCsv) and parsed back as the report reads them.
 */

export const XS = [3, 4, 5, 6, 7];
export const QUANTITIES = ['win_share:greedy', 'seat_win_share:0', 'turns_mean', 'metric:turns_per_round'];

/** A simulated sweep of handSize 3..7: a length that grows 5 turns per value over a shared deal, a win share that does not move. */
export function simulatedSweep(matches: number) {
  const rng = new Rng('sweep-charts');
  const acc = new SweepTrendAccumulator(XS, QUANTITIES);
  for (let i = 0; i < matches; i++) {
    const deal = 20 * rng.float();
    acc.add(XS.map((x) => Float64Array.from([rng.float() < 0.4 ? 1 : 0, rng.float() < 0.25 ? 1 : 0, 100 + 5 * x + deal + 3 * rng.float(), 2 * rng.float()])));
  }
  const trends = acc.trends();
  const holmP = holm(trends.map((t) => t.slope.p));
  const axis = { option: 'handSize', xs: XS, variants: XS.map((x) => `handSize=${x}`) };
  const rows = parse<Record<string, string>>(sweepCsv(axis, trends, holmP), { columns: true });
  return { axis, trends, holmP, rows };
}

/** Stop's lineup and one metric in its words. */
export const words = { lineup: ['greedy', 'random', 'random'], metricInfo: [{ name: 'turns_per_round', label: 'turns per round', unit: 'turn', per: 'round', kind: 'mean' as const }] };

/** A grid's figures made up cell by cell (value = 10 a + b in cell (a, b)), written and read back as grid.csv. */
export function madeUpGrid(values: [string[], string[]], quantities = ['win_share:greedy', 'seat_win_share:0', 'turns_mean']) {
  const grid = {
    options: ['handSize', 'jollies'] as [string, string],
    values,
    numeric: values.map((vs) => vs.every((v) => Number.isFinite(Number(v)))) as [boolean, boolean],
    cells: values[0].flatMap((a, i) => values[1].map((b, j) => ({ variant: `handSize=${a},jollies=${b}`, at: [i, j] as [number, number] }))),
  };
  const trend = (estimate: number, pHolm: number): GridTrend => ({ estimate, low: estimate - 1, high: estimate + 1, p: pHolm / 2, pHolm, n: 50 });
  const figures = quantities.map((quantity) => ({
    quantity,
    cells: grid.cells.map((_, k) => ({ estimate: 10 * grid.cells[k].at[0] + grid.cells[k].at[1], low: 10 * grid.cells[k].at[0] - 1, high: 10 * grid.cells[k].at[0] + 3, n: 50 })),
    trends: [grid.numeric[0] ? trend(10, 0.001) : undefined, grid.numeric[1] ? trend(0.5, 0.4) : undefined] as [GridTrend | undefined, GridTrend | undefined],
  }));
  const rows = parse<Record<string, string>>(gridCsv(grid, figures), { columns: true });
  return { grid, figures, rows };
}


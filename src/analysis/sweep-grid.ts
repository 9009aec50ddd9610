import { quantityPlan } from './quantities.js';
import type { ByteSpan, ResultInfo } from './results.js';
import { holmDistinct, trendColumnKey, walkTogether } from './sweep-analysis.js';
import { SweepTrendAccumulator } from './sweep-trend.js';

/**
 * A sweep of two options (a grid) read back from a result folder, and its figures: each quantity in
 * each cell (mean and 95% t interval over the matches), and, for each option whose values are numbers,
 * its paired trend averaged over the other option's values. That trend is the one-option trend
 * (sweep-trend.ts) taken over all the cells, x being the option's value in each cell: in a full grid the
 * least-squares slope against one option over all cells is the average over the other option's values
 * of the slope at each, so it is still one linear contrast per match, tested by a one-sample t-test on
 * the matches (docs/statistics.md, "Two options").
 */

/** The grid's layout: two options, their values in play order (as written in the variants' names), a variant per cell. */
export interface SweepGrid {
  options: [string, string];
  values: [string[], string[]];
  /** Whether every value of the option is a number (only then has it a trend). */
  numeric: [boolean, boolean];
  /** The cells in play order (the first option varying slowest): the variant and the index of each option's value. */
  cells: { variant: string; at: [number, number] }[];
}

/** How a value appears in a variant's name (as src/runner/sweep.ts writes it: lists joined with '/'). */
function nameOf(v: unknown): string {
  return Array.isArray(v) ? v.join('/') : String(v);
}

const PAIR = /^([A-Za-z_][A-Za-z0-9_]*)=([^,=]+),([A-Za-z_][A-Za-z0-9_]*)=([^,=]+)$/;

/** The two-option grid among a run's variants, or undefined: every combination must be there, each option with 2 values or more. */
export function sweepGridOf(info: ResultInfo): SweepGrid | undefined {
  const found: Array<{ variant: string; a: string; b: string; options: [string, string] }> = [];
  info.variants.forEach((variant, k) => {
    const m = PAIR.exec(variant);
    const opts = info.variantOptions[k] ?? {};
    if (m && m[1] !== m[3] && nameOf(opts[m[1]]) === m[2] && nameOf(opts[m[3]]) === m[4]) found.push({ variant, a: m[2], b: m[4], options: [m[1], m[3]] });
  });
  if (found.length === 0) return undefined;
  const options = found[0].options;
  if (found.some((f) => f.options[0] !== options[0] || f.options[1] !== options[1])) return undefined;
  const values: [string[], string[]] = [[...new Set(found.map((f) => f.a))], [...new Set(found.map((f) => f.b))]];
  if (values[0].length < 2 || values[1].length < 2 || found.length !== values[0].length * values[1].length) return undefined;
  if (new Set(found.map((f) => `${f.a}\u0000${f.b}`)).size !== found.length) return undefined;
  const numeric = values.map((vs) => vs.every((v) => Number.isFinite(Number(v)) && v.trim() !== '')) as [boolean, boolean];
  const cells = found.map((f) => ({ variant: f.variant, at: [values[0].indexOf(f.a), values[1].indexOf(f.b)] as [number, number] }));
  return { options, values, numeric, cells };
}

/** One quantity across the grid: its figure in each cell, and each option's averaged trend (absent for an option that is not numeric). */
export interface GridQuantity {
  quantity: string;
  cells: { estimate: number; low: number; high: number; n: number }[];
  trends: [GridTrend | undefined, GridTrend | undefined];
}

export interface GridTrend {
  estimate: number;
  low: number;
  high: number;
  p: number;
  /** Holm's adjustment over every trend of the grid (each quantity, each numeric option). */
  pHolm: number;
  n: number;
}

/** Every quantity of a comparison and each end reason, in each cell, with the trends: paired over the matches. */
export async function gridFigures(info: ResultInfo, grid: SweepGrid, endReasons: readonly string[], spans?: readonly ByteSpan[]): Promise<GridQuantity[]> {
  const plan = quantityPlan({ game: info.game, botNames: [...new Set(info.lineup)], players: info.players, metricNames: info.metricNames, metricIndex: info.metricNames.map((_, i) => i) });
  const names = [...plan.names, ...endReasons.map((r) => `end_reason:${r}`)];
  // The cells' figures come from an accumulator whose x is the cell's position (its slope unused).
  const perCell = new SweepTrendAccumulator(grid.cells.map((_, k) => k), names, info.players);
  const perOption = ([0, 1] as const).map((o) => (grid.numeric[o] ? new SweepTrendAccumulator(grid.cells.map((c) => Number(grid.values[o][c.at[o]])), names) : undefined));
  const buffers = grid.cells.map(() => new Float64Array(names.length));
  await walkTogether(info, grid.cells.map((c) => c.variant), (rows) => {
    rows.forEach((row, k) => {
      plan.values(row, buffers[k]);
      endReasons.forEach((r, j) => (buffers[k][plan.names.length + j] = row.endReason === r ? 1 : 0));
    });
    perCell.add(buffers);
    for (const acc of perOption) acc?.add(buffers);
  }, spans);
  const cellFigures = perCell.trends();
  const slopes = perOption.map((acc) => acc?.trends());
  const varies = (q: number) => cellFigures[q].points.some((p) => p.estimate.sd > 0 || p.estimate.estimate !== cellFigures[q].points[0].estimate.estimate);
  // A win share the same in every match of every cell is kept, untested: it is a bot winning every match
  // (or none), which the words must say (grid-words.ts) rather than leave out.
  const kept = names.flatMap((name, q) => (varies(q) || (name.startsWith('win_share:') && cellFigures[q].points[0].estimate.n > 0) ? [q] : []));
  // Holm over every trend tested: each quantity that varies against each numeric option, each distinct
  // column once per option (a quantity repeated under another name, annulled_rate and its end reason, is not counted twice).
  const tested = kept.filter(varies).flatMap((q) =>
    ([0, 1] as const).flatMap((o) => {
      const s = slopes[o]?.[q].slope;
      if (!s) return [];
      const key = trendColumnKey(s, cellFigures[q].points.map((p) => p.step?.p));
      return [{ q, o, p: s.p, key: key === null ? null : `${o}\u0000${key}` }];
    }),
  );
  const adjusted = holmDistinct(tested).pHolm;
  return kept.map((q) => {
    const trend = (o: 0 | 1): GridTrend | undefined => {
      const s = slopes[o]?.[q].slope;
      const i = tested.findIndex((t) => t.q === q && t.o === o);
      return s && i >= 0 ? { estimate: s.estimate, low: s.low, high: s.high, p: s.p, pHolm: adjusted[i], n: s.n } : undefined;
    };
    return {
      quantity: names[q],
      cells: cellFigures[q].points.map((p) => ({ estimate: p.estimate.estimate, low: p.estimate.low, high: p.estimate.high, n: p.estimate.n })),
      trends: [trend(0), trend(1)],
    };
  });
}

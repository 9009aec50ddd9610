import type { GridQuantity, GridTrend, SweepGrid } from './sweep-grid.js';

/**
 * grid.csv: a two-option sweep's figures, one row per quantity and cell (tidy), with each option's
 * averaged trend repeated on the quantity's rows (empty for an option that is not numeric). Read back
 * by the terminal's words and by report.html alike, so both say the figures the file holds.
 */

export const GRID_HEADER = [
  'quantity', 'variant', 'option1', 'value1', 'option2', 'value2', 'estimate', 'ci_low95', 'ci_high95', 'matches',
  'slope1', 'slope1_ci_low95', 'slope1_ci_high95', 'slope1_p', 'slope1_p_holm',
  'slope2', 'slope2_ci_low95', 'slope2_ci_high95', 'slope2_p', 'slope2_p_holm',
] as const;

type Row = Record<string, string>;

const num = (v: number | undefined) => (v === undefined || !Number.isFinite(v) ? '' : String(Number(v.toPrecision(10))));
const quote = (c: string) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c);

function trendCells(t: GridTrend | undefined): string[] {
  return t ? [num(t.estimate), num(t.low), num(t.high), num(t.p), num(t.pHolm)] : ['', '', '', '', ''];
}

export function gridCsv(grid: SweepGrid, figures: readonly GridQuantity[]): string {
  const lines = [GRID_HEADER.join(',')];
  for (const f of figures) {
    grid.cells.forEach((cell, k) => {
      const c = f.cells[k];
      const row = [
        f.quantity, cell.variant, grid.options[0], grid.values[0][cell.at[0]], grid.options[1], grid.values[1][cell.at[1]],
        num(c.estimate), num(c.low), num(c.high), String(c.n), ...trendCells(f.trends[0]), ...trendCells(f.trends[1]),
      ];
      lines.push(row.map(quote).join(','));
    });
  }
  return `${lines.join('\n')}\n`;
}

const read = (s: string | undefined) => (s === undefined || s === '' ? NaN : Number(s));

function trendOf(r: Row, o: 1 | 2): GridTrend | undefined {
  if (r[`slope${o}`] === undefined || r[`slope${o}`] === '') return undefined;
  const at = (c: string) => read(r[`slope${o}${c}`]);
  return { estimate: at(''), low: at('_ci_low95'), high: at('_ci_high95'), p: at('_p'), pHolm: at('_p_holm'), n: read(r.matches) };
}

/** grid.csv's rows as the grid and its figures; undefined when they do not form one full two-option grid. */
export function gridFromCsv(rows: readonly Row[]): { grid: SweepGrid; figures: GridQuantity[] } | undefined {
  if (rows.length === 0) return undefined;
  const options: [string, string] = [rows[0].option1, rows[0].option2];
  if (rows.some((r) => r.option1 !== options[0] || r.option2 !== options[1])) return undefined;
  const first = rows.filter((r) => r.quantity === rows[0].quantity);
  const values: [string[], string[]] = [[...new Set(first.map((r) => r.value1))], [...new Set(first.map((r) => r.value2))]];
  const cells = first.map((r) => ({ variant: r.variant, at: [values[0].indexOf(r.value1), values[1].indexOf(r.value2)] as [number, number] }));
  if (cells.length !== values[0].length * values[1].length) return undefined;
  const numeric = values.map((vs) => vs.every((v) => v.trim() !== '' && Number.isFinite(Number(v)))) as [boolean, boolean];
  const byQuantity = new Map<string, Row[]>();
  for (const r of rows) byQuantity.set(r.quantity, [...(byQuantity.get(r.quantity) ?? []), r]);
  const figures: GridQuantity[] = [];
  for (const [quantity, qRows] of byQuantity) {
    if (qRows.length !== cells.length || qRows.some((r, k) => r.variant !== cells[k].variant)) return undefined;
    figures.push({
      quantity,
      cells: qRows.map((r) => ({ estimate: read(r.estimate), low: read(r.ci_low95), high: read(r.ci_high95), n: read(r.matches) })),
      trends: [trendOf(qRows[0], 1), trendOf(qRows[0], 2)],
    });
  }
  return { grid: { options, values, numeric, cells }, figures };
}

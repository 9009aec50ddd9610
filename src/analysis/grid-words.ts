import { ALPHA, pText } from './comparison-text.js';
import type { GridQuantity, GridTrend, SweepGrid } from './sweep-grid.js';
import type { SweepTrend } from './sweep-trend.js';
import { cell, table, trendSentence } from './sweep-words.js';
import { firstPlayerUninformative, wonEvery, wonNone, type ShareAt } from './saturation.js';
import { decimalsFor, quantityName, signed, type Words } from './verdict-words.js';

/**
 * A two-option sweep in words for the terminal and the report: each numeric option's trend averaged
 * over the other's values (found ones in sentences, then the quantities without one), then where each
 * main quantity is highest and lowest across the cells, with intervals (descriptive: no test compares
 * the cells here; compare.csv compares each with the baseline). Then a table per quantity.
 */

/** The quantities whose extremes are said in words: who wins, the first player, length, annulled matches. */
function isMain(q: string): boolean {
  return /^win_share:|^(first_player_advantage|turns_mean|annulled_rate)$/.test(q);
}

const otherOf = (o: 0 | 1): 0 | 1 => (o === 0 ? 1 : 0);

/** The shape the one-option sentence takes (sweep-words.ts), for a grid's trend. */
function asTrend(quantity: string, t: GridTrend): SweepTrend {
  return { quantity, points: [], slope: { estimate: t.estimate, low: t.low, high: t.high, p: t.p, se: NaN, df: NaN, sd: NaN, test: 'paired-slope-t', n: t.n } };
}

/** The axis a one-option sentence names: "handSize, averaged over dadoCount,". */
function averagedAxis(grid: SweepGrid, o: 0 | 1) {
  return { option: `${grid.options[o]}, averaged over ${grid.options[otherOf(o)]},`, xs: [], variants: [] };
}

/** One quantity's trend against one option, found or not, for the note above its chart. */
export function gridTrendNote(grid: SweepGrid, f: GridQuantity, o: 0 | 1, words: Words): string {
  const t = f.trends[o];
  if (!t) return '';
  if (t.pHolm < ALPHA) return trendSentence(averagedAxis(grid, o), asTrend(f.quantity, t), t.pHolm, words);
  const { rate } = quantityName(f.quantity, words);
  const scale = rate ? 100 : 1;
  const d = decimalsFor((t.high - t.low) * scale);
  const unit = rate ? ' points' : '';
  return `No trend against ${grid.options[o]} found (per 1 more, averaged over ${grid.options[otherOf(o)]}: ${signed(t.estimate * scale, d)}${unit}, 95% CI ${signed(t.low * scale, d)} to ${signed(t.high * scale, d)}; Holm-adjusted p = ${pText(t.pHolm)}).`;
}

/** "Each 1 more of handSize, averaged over dadoCount, lengthens ..." for each trend found, and a line naming those without one. */
function trendLines(grid: SweepGrid, figures: readonly GridQuantity[], words: Words): string[] {
  const lines: string[] = [];
  for (const o of [0, 1] as const) {
    const option = grid.options[o];
    if (!grid.numeric[o]) {
      lines.push(`${option}'s values are not all numbers: it has no trend; read its cells below.`);
      continue;
    }
    const axis = averagedAxis(grid, o);
    // A quantity the same in every match of every cell (a win share at 100%) has no trend to test.
    const tested = figures.filter((f) => f.trends[o] !== undefined);
    const found = tested.filter((f) => f.trends[o]!.pHolm < ALPHA);
    for (const f of found) lines.push(trendSentence(axis, asTrend(f.quantity, f.trends[o]!), f.trends[o]!.pHolm, words));
    const quiet = tested.filter((f) => !(f.trends[o]!.pHolm < ALPHA)).map((f) => quantityName(f.quantity, words).name);
    if (quiet.length > 0) lines.push(`No trend against ${option} found in: ${quiet.join(', ')}.`);
  }
  return lines;
}

function cellName(grid: SweepGrid, k: number): string {
  const c = grid.cells[k];
  return `${grid.options[0]}=${grid.values[0][c.at[0]]}, ${grid.options[1]}=${grid.values[1][c.at[1]]}`;
}

/** "game length (turns) is lowest at handSize=3, dadoCount=2: 236 (95% CI 229 to 243), highest at ...". */
function extremeLine(grid: SweepGrid, f: GridQuantity, words: Words): string | undefined {
  const { name, rate, unit: named } = quantityName(f.quantity, words);
  const order = f.cells.map((_, k) => k).filter((k) => Number.isFinite(f.cells[k].estimate));
  if (order.length < 2) return undefined;
  order.sort((a, b) => f.cells[a].estimate - f.cells[b].estimate || a - b);
  const width = Math.max(...f.cells.map((c) => c.high - c.low).filter(Number.isFinite), 0) * (rate ? 100 : 1);
  const d = decimalsFor(width);
  // The first-player advantage is a difference of shares: in points, signed.
  const points = f.quantity === 'first_player_advantage';
  const v = (x: number) => (points ? signed(100 * x, Math.max(1, d)) : named ? signed(x, d) : cell(x, rate, d));
  const unit = points ? ' points' : named ? ` ${named}` : '';
  const at = (k: number) => `${cellName(grid, k)}: ${v(f.cells[k].estimate)}${unit} (95% CI ${v(f.cells[k].low)} to ${v(f.cells[k].high)}${unit})`;
  const text = `${name[0].toUpperCase()}${name.slice(1)}`;
  return `${text} is lowest at ${at(order[0])}, highest at ${at(order[order.length - 1])}.`;
}

/** One quantity's cells as a table: the first option's values down, the second's across. */
function gridTable(grid: SweepGrid, f: GridQuantity, words: Words): string {
  const { name, rate } = quantityName(f.quantity, words);
  const width = Math.max(...f.cells.map((c) => c.high - c.low).filter(Number.isFinite), 0) * (rate ? 100 : 1);
  const d = decimalsFor(width);
  const rows = grid.values[0].map((v, i) => [
    `${grid.options[0]}=${v}`,
    ...grid.values[1].map((_, j) => {
      const c = f.cells[grid.cells.findIndex((x) => x.at[0] === i && x.at[1] === j)];
      return `${cell(c.estimate, rate, d)} [${cell(c.low, rate, d)}, ${cell(c.high, rate, d)}]`;
    }),
  ]);
  return table([name, ...grid.values[1].map((v) => `${grid.options[1]}=${v}`)], rows);
}

/** Each cell's win shares, for the saturation words (saturation.ts). */
function sharesIn(figures: readonly GridQuantity[], k: number): ShareAt[] {
  return figures.filter((f) => f.quantity.startsWith('win_share:')).map((f) => ({ bot: f.quantity.slice(10), share: f.cells[k].estimate, matches: f.cells[k].n }));
}

/** "in every cell (60 of 60 matches in each of the 9)" or "in 5 of the 9 cells (a=1, b=2; ...)". */
function whereText(grid: SweepGrid, cells: readonly number[], matches: number): string {
  if (cells.length === grid.cells.length) return `in every cell (${matches} of ${matches} matches in each of the ${cells.length})`;
  return `in ${cells.length} of the ${grid.cells.length} cells (${cells.map((k) => cellName(grid, k)).join('; ')})`;
}

/**
 * Who wins when win shares sit at 100% or 0%: said first, in words, then the margin of the bot that won
 * them all, which still tells the cells apart. Returns the lines and the bot that won every match in
 * every cell (then the first-player advantage only records how often it moved first).
 */
function saturationLines(grid: SweepGrid, figures: readonly GridQuantity[], words: Words): { lines: string[]; everywhere?: string; cells: Map<string, number[]> } {
  const every = new Map<string, number[]>();
  const none = new Map<string, number[]>();
  grid.cells.forEach((_, k) => {
    const shares = sharesIn(figures, k);
    const w = wonEvery(shares);
    if (w !== undefined) every.set(w, [...(every.get(w) ?? []), k]);
    for (const b of wonNone(shares)) none.set(b, [...(none.get(b) ?? []), k]);
  });
  const lines: string[] = [];
  const matches = (k: number) => figures.find((f) => f.quantity.startsWith('win_share:'))?.cells[k].n ?? NaN;
  for (const [bot, cells] of every) {
    const all = cells.length === grid.cells.length;
    lines.push(
      `Who wins: ${bot} won every match ${whereText(grid, cells, matches(cells[0]))}: ${all ? 'its win share is 100% throughout and cannot tell the cells apart' : 'there its win share is 100% and cannot tell those cells apart'}; its margin says by how much.`,
    );
    const margin = figures.find((f) => f.quantity === `margin:${bot}`);
    const line = margin ? extremeLine(grid, margin, words) : undefined;
    if (line) lines.push(line);
  }
  for (const [bot, cells] of none) lines.push(`Who wins: ${bot} won no match ${whereText(grid, cells, matches(cells[0]))}.`);
  const everywhere = [...every].find(([, cells]) => cells.length === grid.cells.length)?.[0];
  return { lines, everywhere, cells: every };
}

/** The grid in sentences (`answer`) and a table per quantity (`tables`). */
export function gridText(grid: SweepGrid, figures: readonly GridQuantity[], words: Words, file?: string): { answer: string; tables: string } {
  const dims = grid.options.map((o, i) => `${o} (${grid.values[i].join(', ')})`).join(' x ');
  const lines = [`Across ${dims}: ${grid.cells.length} cells, match i of every cell played from the same seed (docs/sweeps.md).`];
  const saturated = saturationLines(grid, figures, words);
  lines.push(...saturated.lines);
  lines.push(...trendLines(grid, figures, words));
  for (const f of figures.filter((x) => isMain(x.quantity))) {
    // A win share at 100% everywhere was said above; the first-player advantage then says nothing.
    if (saturated.everywhere !== undefined && f.quantity.startsWith('win_share:') && f.cells.every((c) => c.estimate === 0 || c.estimate === 1)) continue;
    if (f.quantity === 'first_player_advantage' && saturated.everywhere !== undefined) {
      lines.push(`${firstPlayerUninformative(saturated.everywhere)[0].toUpperCase()}${firstPlayerUninformative(saturated.everywhere).slice(1)}`);
      continue;
    }
    const line = extremeLine(grid, f, words);
    const partly = f.quantity === 'first_player_advantage' ? [...saturated.cells].map(([bot, cells]) => `in the ${cells.length} cells where ${bot} won every match it only records how often ${bot} moved first`) : [];
    if (line) lines.push(partly.length > 0 ? `${line.replace(/\.$/, '')} (${partly.join('; ')}).` : line);
  }
  lines.push(
    "(A trend is the least-squares change per 1 more of the option over every cell, which is its average over the other option's values, paired over the matches, Holm-adjusted over every distinct trend of the grid (a quantity repeated under another name counted once); whether it differs between the other option's values is not tested: read the tables. Lowest and highest are descriptive: each cell's mean with its 95% interval.)",
  );
  const tables = [`Across ${dims}, each quantity in each cell [95% CI]:`, ...figures.map((f) => `${gridTable(grid, f, words)}\n`)];
  tables.push('(rates in %)');
  if (file) tables.push(`Wrote ${file}.`);
  return { answer: lines.join('\n'), tables: tables.join('\n') };
}

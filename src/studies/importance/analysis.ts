import { compareRuns, compareVariants, type CompareRow } from '../../analysis/compare.js';
import { holm } from '../../analysis/decisions.js';
import { openResult } from '../../analysis/results.js';

/**
 * Which card matters most, from the runs `tavolo importance` played (src/studies/importance/plan.ts):
 * each card's effect on one quantity, paired match by match, with its 95% interval, Holm's correction
 * over the cards of a view, and the cards ranked. The tests are compare.csv's (compare.ts): McNemar's
 * for a 0/1 per match, the paired t otherwise; the runs are paired because they share seed, match count
 * and lineup names, which compare.ts checks row by row.
 */

export type ImportanceView = 'restricted' | 'sensitivity';

/**
 * The fields of importance.csv that are compare.csv's own (compare.ts's CompareRow: the same names,
 * meanings and tests), copied from the comparison's row as they are, so the two files cannot drift.
 */
const FROM_COMPARE = ['quantity', 'referenceValue', 'value', 'difference', 'low', 'high', 'p', 'test', 'sd'] as const;

/**
 * One card under one change: one row of importance.csv. Its figures are a CompareRow's (FROM_COMPARE);
 * `pHolm` and `family` are the CompareRow's fields too, but adjusted over the view's rows (rankRows);
 * `sd` (one pair's difference) is 0 when every pair gave the same value both ways: nothing changed.
 */
export interface ImportanceRow extends Pick<CompareRow, (typeof FROM_COMPARE)[number] | 'pHolm' | 'family'> {
  view: ImportanceView;
  /** The card in the game's words ("the Colpo card", "skip per colour"). */
  card: string;
  /** The action kind (restricted) or the option field (sensitivity: `dadoCount`, `copies[9]`). */
  name: string;
  /** `without` (restricted play), `+1` or `-1` (one copy more or fewer). */
  change: 'without' | '+1' | '-1';
  /** The run (restricted) or the variant (sensitivity) of the changed side. */
  variant: string;
  /** Pairs behind the row (always paired: NaN where compare.csv's would be empty). */
  pairs: number;
  /** The card's rank in its view, 1 = matters most. */
  rank: number;
  /** Restricted play: the paired test of this card's run against the card ranked just above it (absent for the first). */
  above?: NeighbourTest;
}

/**
 * A card against its neighbour above in the ranking, on the same seeds: the two restricted runs paired
 * match by match (compare.csv's test), this card's run minus the one above. Overlapping intervals of the
 * two cards against the unrestricted run do not mean the cards cannot be told apart: their runs share
 * most of their chance, so the paired test of one against the other is the one to read.
 */
export interface NeighbourTest {
  /** The card above (its name, the action kind). */
  name: string;
  difference: number;
  low: number;
  high: number;
  p: number;
  /** Holm over the view's neighbour tests. */
  pHolm: number;
  test: string;
}

/** What each view is ranked by: a win share lost (signed: a card worth having ranks above one that hurts), else the size of the change. */
function rankKey(rows: readonly ImportanceRow[], lossRanked: boolean): number {
  if (lossRanked) return Math.max(...rows.map((r) => -r.difference));
  return Math.max(...rows.map((r) => (Number.isFinite(r.difference) ? Math.abs(r.difference) : -Infinity)));
}

/** Holm over the view's rows, then each card ranked (rows of one card share its rank); rows sorted by rank. */
export function rankRows(rows: ImportanceRow[], lossRanked: boolean): ImportanceRow[] {
  const adjusted = holm(rows.map((r) => r.p));
  const tested = rows.filter((r) => Number.isFinite(r.p)).length;
  rows.forEach((r, i) => Object.assign(r, { pHolm: adjusted[i], family: tested }));
  const cards = [...new Set(rows.map((r) => r.name))];
  const key = new Map(cards.map((c) => [c, rankKey(rows.filter((r) => r.name === c), lossRanked)]));
  cards.sort((a, b) => key.get(b)! - key.get(a)! || (a < b ? -1 : 1));
  cards.forEach((c, k) => rows.filter((r) => r.name === c).forEach((r) => (r.rank = k + 1)));
  const order = (r: ImportanceRow) => (r.change === '-1' ? 1 : 0);
  return rows.sort((a, b) => a.rank - b.rank || order(a) - order(b));
}

function fromCompare(c: CompareRow, fields: Pick<ImportanceRow, 'view' | 'card' | 'name' | 'change' | 'variant'>): ImportanceRow {
  const copied = Object.fromEntries(FROM_COMPARE.map((k) => [k, c[k]])) as Pick<CompareRow, (typeof FROM_COMPARE)[number]>;
  return { ...fields, ...copied, pHolm: NaN, family: NaN, pairs: c.pairs ?? NaN, rank: 0 };
}

/** The row of `quantity` (absent when it was the same constant in every match of both sides). */
function rowOf(rows: readonly CompareRow[], variant: string, quantity: string): CompareRow | undefined {
  return rows.find((r) => r.variant === variant && r.quantity === quantity);
}

/** A card whose matches were the same constant on both sides: no change, nothing to test. */
function constantRow(fields: Pick<ImportanceRow, 'view' | 'card' | 'name' | 'change' | 'variant'>, quantity: string, n: number): ImportanceRow {
  return { ...fields, quantity, referenceValue: NaN, value: NaN, difference: 0, low: 0, high: 0, p: NaN, pHolm: NaN, family: NaN, pairs: n, test: 'constant', sd: 0, rank: 0 };
}

export interface KindRun {
  kind: string;
  label: string;
  dir: string;
}

/** Restricted play: each kind's run against the unrestricted run, paired; ranked by what the focal bot loses. */
export async function restrictedRows(baseDir: string, runs: readonly KindRun[], quantity: string, lossRanked: boolean): Promise<ImportanceRow[]> {
  const base = openResult(baseDir);
  const rows: ImportanceRow[] = [];
  for (const run of runs) {
    const cand = openResult(run.dir);
    const cmp = await compareRuns(base, cand);
    if (!cmp.paired) throw new Error(`the runs ${base.shown} and ${cand.shown} did not pair (${cmp.pairing}): they must be the same matches`);
    const fields = { view: 'restricted' as const, card: run.label, name: run.kind, change: 'without' as const, variant: cand.tournament };
    const c = rowOf(cmp.rows, 'base', quantity);
    rows.push(c ? fromCompare(c, fields) : constantRow(fields, quantity, base.matchesPerVariant));
  }
  return neighbourTests(rankRows(rows, lossRanked), runs, quantity);
}

/**
 * Each card against the card ranked just above it, paired (both runs play the same seeds), with Holm over
 * these tests: the ranking says "before" only where the paired test tells the two apart.
 */
async function neighbourTests(rows: ImportanceRow[], runs: readonly KindRun[], quantity: string): Promise<ImportanceRow[]> {
  const dirOf = new Map(runs.map((r) => [r.kind, r.dir]));
  const tests: NeighbourTest[] = [];
  for (let k = 1; k < rows.length; k++) {
    const [upper, lower] = [rows[k - 1], rows[k]];
    const cmp = await compareRuns(openResult(dirOf.get(upper.name)!), openResult(dirOf.get(lower.name)!));
    const c = cmp.paired ? rowOf(cmp.rows, 'base', quantity) : undefined;
    const t: NeighbourTest = c
      ? { name: upper.name, difference: c.difference, low: c.low, high: c.high, p: c.p, pHolm: NaN, test: c.test }
      : { name: upper.name, difference: 0, low: 0, high: 0, p: NaN, pHolm: NaN, test: 'constant' };
    tests.push(t);
    lower.above = t;
  }
  holm(tests.map((t) => t.p)).forEach((p, i) => (tests[i].pHolm = p));
  return rows;
}

export interface StepRef {
  variant: string;
  field: string;
  card: string;
  step: 1 | -1;
}

/** Sensitivity: each count step's variant against the base variant of one run, paired; ranked by the largest change. */
export async function sensitivityRows(dir: string, steps: readonly StepRef[], quantity: string): Promise<ImportanceRow[]> {
  const info = openResult(dir);
  const cmp = await compareVariants(info, 'base');
  const rows = steps.map((s) => {
    const fields = { view: 'sensitivity' as const, card: s.card, name: s.field, change: s.step > 0 ? ('+1' as const) : ('-1' as const), variant: s.variant };
    const c = rowOf(cmp.rows, s.variant, quantity);
    return c ? fromCompare(c, fields) : constantRow(fields, quantity, info.matchesPerVariant);
  });
  return rankRows(rows, false);
}

export const IMPORTANCE_HEADER = [
  'view', 'rank', 'card', 'name', 'change', 'variant', 'quantity', 'reference_value', 'value', 'difference',
  'ci_low95', 'ci_high95', 'p_value', 'p_holm', 'family', 'pairs', 'test',
  'above', 'above_difference', 'above_p_value', 'above_p_holm',
] as const;

const num = (v: number) => (Number.isFinite(v) ? String(Number(v.toPrecision(10))) : '');
const cell = (v: string | number) => {
  const s = typeof v === 'number' ? num(v) : v;
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** importance.csv: one row per view, card, change and quantity (tidy); rates as fractions, as in compare.csv. */
export function importanceCsv(rows: readonly ImportanceRow[]): string {
  const lines = [IMPORTANCE_HEADER.join(',')];
  for (const r of rows) {
    lines.push(
      [r.view, r.rank, r.card, r.name, r.change, r.variant, r.quantity, r.referenceValue, r.value, r.difference, r.low, r.high, r.p, r.pHolm, r.family, r.pairs, r.test,
        r.above?.name ?? '', r.above?.difference ?? NaN, r.above?.p ?? NaN, r.above?.pHolm ?? NaN]
        .map(cell)
        .join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

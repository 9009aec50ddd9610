import { holm } from '../../src/analysis/decisions.js';

type Row = Record<string, string>;

/**
 * Groups the quantities of sweep.csv or grid.csv whose means at every value (or cell) are the same up to
 * an offset and a scale (seat_win_share:0 is the first-player advantage plus 1/players; end_reason:stramat
 * is annulled_rate): one column under several names, to be tested once. Found from the figures, not from
 * the code's own key. A quantity whose means never move stands alone.
 */
export function sameColumnGroups(rows: readonly Row[]): string[][] {
  const byQuantity = new Map<string, number[]>();
  for (const r of rows) byQuantity.set(r.quantity, [...(byQuantity.get(r.quantity) ?? []), Number(r.estimate)]);
  const groups = new Map<string, string[]>();
  for (const [q, means] of byQuantity) {
    const moves = means.map((m) => m - means[0]);
    const size = Math.max(...moves.map(Math.abs));
    const key = size > 0 ? moves.map((m) => Math.abs(m / size).toFixed(6)).join('|') : `constant ${q}`;
    groups.set(key, [...(groups.get(key) ?? []), q]);
  }
  return [...groups.values()];
}

/** Holm over one p per group (its first quantity's, from `p`), each quantity of a group given its group's adjusted p. */
export function holmOverGroups(groups: readonly string[][], p: (q: string) => number): Map<string, number> {
  const reps = groups.map((g) => g[0]);
  const adjusted = holm(reps.map(p));
  const out = new Map<string, number>();
  groups.forEach((g, i) => {
    for (const q of g) out.set(q, adjusted[i]);
  });
  return out;
}

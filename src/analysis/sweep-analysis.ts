import { join } from 'node:path';
import { PairingBroken } from './compare.js';
import { holm } from './decisions.js';
import type { Estimate } from './estimate.js';
import { quantityPlan } from './quantities.js';
import { matchBatches, type ByteSpan, type MatchRow, type ResultInfo } from './results.js';
import { SweepTrendAccumulator, type SweepTrend } from './sweep-trend.js';
import { writeDerivedFiles } from '../io/manifest.js';

/**
 * A one-option sweep read back from a result folder: the variants a spec's `sweep` generated are named
 * `option=value` (src/runner/sweep.ts), and their resolved options in run.json must agree with the name.
 * Hand-written variants beside them are left out of the trend.
 */
export interface SweepAxisOf {
  option: string;
  /** The option's values, ascending, and the variant playing each. */
  xs: number[];
  variants: string[];
}

/** The one-option numeric sweep among a run's variants, or undefined (none, several options, or fewer than 2 values). */
export function sweepAxisOf(info: ResultInfo): SweepAxisOf | undefined {
  const found: Array<{ option: string; x: number; variant: string }> = [];
  info.variants.forEach((variant, k) => {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=(-?[0-9.e+-]+)$/.exec(variant);
    if (!m) return;
    const x = Number(m[2]);
    if (Number.isFinite(x) && info.variantOptions[k]?.[m[1]] === x) found.push({ option: m[1], x, variant });
  });
  if (found.length < 2 || new Set(found.map((f) => f.option)).size !== 1) return undefined;
  found.sort((a, b) => a.x - b.x);
  return { option: found[0].option, xs: found.map((f) => f.x), variants: found.map((f) => f.variant) };
}

/** Reads one variant's rows one at a time (only its bytes of matches.csv when a whole read found where they lie). */
async function* rowsOf(info: ResultInfo, variant: string, spans?: readonly ByteSpan[]): AsyncGenerator<MatchRow> {
  for await (const batch of matchBatches(info, { variant, span: spans?.[info.variants.indexOf(variant)] })) yield* batch;
}

/**
 * Walks the variants' rows in step (match i of each together), checking that they share their seed.
 * `spans`: where each variant's rows lie (from the one read after a run), so that each stream reads its
 * own rows instead of the whole file (nine values or cells would otherwise read it nine times).
 */
export async function walkTogether(info: ResultInfo, variants: readonly string[], onMatch: (rows: MatchRow[]) => void, spans?: readonly ByteSpan[]): Promise<void> {
  const streams = variants.map((v) => rowsOf(info, v, spans));
  try {
    for (;;) {
      const next = await Promise.all(streams.map((s) => s.next()));
      const done = next.filter((r) => r.done).length;
      if (done === next.length) return;
      if (done > 0) throw new PairingBroken('one value of the sweep has more matches than another');
      const rows = next.map((r) => r.value as MatchRow);
      const bad = rows.find((r) => r.seed !== rows[0].seed || r.match !== rows[0].match);
      if (bad) throw new PairingBroken(`match ${rows[0].match} has seed ${rows[0].seed} in ${rows[0].variant} and match ${bad.match} seed ${bad.seed} in ${bad.variant}`);
      onMatch(rows);
    }
  } finally {
    await Promise.all(streams.map((s) => s.return(undefined)));
  }
}

/**
 * Every quantity of a comparison (win shares, the first-player advantage, length, annulled and
 * forfeited matches, the game's metrics) and each end reason as a 0/1 per match, against the option.
 */
export async function sweepTrends(info: ResultInfo, axis: SweepAxisOf, endReasons: readonly string[], spans?: readonly ByteSpan[]): Promise<SweepTrend[]> {
  const plan = quantityPlan({
    game: info.game,
    botNames: [...new Set(info.lineup)],
    players: info.players,
    metricNames: info.metricNames,
    metricIndex: info.metricNames.map((_, i) => i),
  });
  const names = [...plan.names, ...endReasons.map((r) => `end_reason:${r}`)];
  const acc = new SweepTrendAccumulator(axis.xs, names, info.players);
  const buffers = axis.xs.map(() => new Float64Array(names.length));
  await walkTogether(info, axis.variants, (rows) => {
    rows.forEach((row, k) => {
      plan.values(row, buffers[k]);
      endReasons.forEach((r, j) => (buffers[k][plan.names.length + j] = row.endReason === r ? 1 : 0));
    });
    acc.add(buffers);
  }, spans);
  // A quantity the same in every match at every value says nothing (faults that never happened), except a
  // win share at 100% or 0% throughout: a bot that won every match (or none), which the words must say
  // (sweep-words.ts). It is kept with no slope test, so it stays out of Holm's family.
  return acc.trends().flatMap((t) => {
    if (t.points.some((p) => p.estimate.sd > 0 || p.estimate.estimate !== t.points[0].estimate.estimate)) return [t];
    if (!t.quantity.startsWith('win_share:') || !(t.points[0].estimate.n > 0)) return [];
    return [{ ...t, slope: { ...t.slope, low: NaN, high: NaN, p: NaN } }];
  });
}

export const SWEEP_HEADER = [
  'quantity', 'option', 'value', 'variant', 'estimate', 'ci_low95', 'ci_high95', 'matches',
  'step_difference', 'step_ci_low95', 'step_ci_high95', 'step_p',
  'slope', 'slope_ci_low95', 'slope_ci_high95', 'slope_p', 'slope_p_holm',
] as const;

const num = (v: number | undefined) => (v === undefined || !Number.isFinite(v) ? '' : String(Number(v.toPrecision(10))));

/** sweep.csv: one row per quantity and option value; the step columns compare with the previous value. */
export function sweepCsv(axis: SweepAxisOf, trends: readonly SweepTrend[], holmP: readonly number[]): string {
  const lines = [SWEEP_HEADER.join(',')];
  trends.forEach((t, q) => {
    t.points.forEach((p, k) => {
      const s = p.step;
      lines.push([
        t.quantity, axis.option, num(p.x), axis.variants[k], num(p.estimate.estimate), num(p.estimate.low), num(p.estimate.high), p.estimate.n,
        num(s?.estimate), num(s?.low), num(s?.high), num(s?.p),
        num(t.slope.estimate), num(t.slope.low), num(t.slope.high), num(t.slope.p), num(holmP[q]),
      ].map((c) => (/[",\n]/.test(String(c)) ? `"${String(c).replace(/"/g, '""')}"` : String(c))).join(','));
    });
  });
  return `${lines.join('\n')}\n`;
}

/** Writes sweep.csv through a temporary name (never a cut file); returns its path. */
export function writeSweepCsv(dir: string, text: string): string {
  return writeDerivedCsv(dir, 'sweep.csv', text);
}

/** Writes a derived CSV (sweep.csv, grid.csv) through a temporary name (never a cut file); returns its path. */
export function writeDerivedCsv(dir: string, name: string, text: string): string {
  const file = join(dir, name);
  writeDerivedFiles(dir, [[file, text]]);
  return file;
}

/**
 * What makes two trends the same column: the same slope test (its p-value and its estimate over its
 * interval's width, so up to sign and scale) and the same steps' p-values. A column and its copy under
 * another name (annulled_rate, end_reason:<the annulling end>, a metric counting annulled games) or a
 * rescaled copy give the same key; null for a test with no p-value or no spread (never merged).
 */
export function trendColumnKey(slope: Pick<Estimate, 'estimate' | 'low' | 'high' | 'p'>, steps: readonly (number | undefined)[] = []): string | null {
  const width = slope.high - slope.low;
  if (!Number.isFinite(slope.p)) return null;
  // A slope with no spread (each match's contrast the same, as when only the middle value moves) is told
  // apart by its steps alone, and only when some step has a real test: else it stands on its own.
  if (!(width > 0) && !steps.some((p) => p !== undefined && p < 1)) return null;
  const sig = (v: number | undefined) => (v === undefined || !Number.isFinite(v) ? '' : v.toPrecision(9));
  const ratio = width > 0 ? sig(Math.abs(slope.estimate) / width) : slope.estimate === 0 ? 'flat' : 'fixed';
  return [sig(slope.p), ratio, ...steps.map(sig)].join('\u0000');
}

/**
 * Holm's adjusted p-values over the distinct columns: each key is tested once, and an item whose key
 * repeats an earlier one takes that item's adjusted p-value (not counted again). `family` is the number
 * of distinct tests. An item with a null key is its own test.
 */
export function holmDistinct(items: ReadonlyArray<{ p: number; key: string | null }>): { pHolm: number[]; family: number } {
  const first = new Map<string, number>();
  const owner = items.map((it, i) => {
    if (it.key === null) return i;
    const at = first.get(it.key);
    if (at !== undefined) return at;
    first.set(it.key, i);
    return i;
  });
  const tested = items.map((_, i) => i).filter((i) => owner[i] === i);
  const adjusted = holm(tested.map((i) => items[i].p));
  const byTest = new Map(tested.map((i, k) => [i, adjusted[k]]));
  return { pHolm: owner.map((o) => byTest.get(o)!), family: tested.filter((i) => Number.isFinite(items[i].p)).length };
}

/** A sweep's slopes adjusted by Holm over its distinct columns (a quantity repeated under another name is tested once). */
export function sweepHolm(trends: readonly SweepTrend[]): { pHolm: number[]; family: number } {
  return holmDistinct(trends.map((t) => ({ p: t.slope.p, key: trendColumnKey(t.slope, t.points.map((x) => x.step?.p)) })));
}

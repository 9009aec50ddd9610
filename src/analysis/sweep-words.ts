import { fixed } from './intervals.js';
import { ALPHA, pText } from './comparison-text.js';
import { sweepHolm, type SweepAxisOf } from './sweep-analysis.js';
import type { SweepTrend } from './sweep-trend.js';
import { firstPlayerUninformative, wonEvery } from './saturation.js';
import { decimalsFor, quantityName, signed, SCORE_POINTS, type Words } from './verdict-words.js';

/**
 * A sweep in words for the terminal: first the trends found (each quantity's change per unit of the
 * option, with its interval and Holm-adjusted p over the quantities), then the quantities where none was
 * found, then a table of each quantity at each value and the paired steps between neighbouring values.
 */

/** "Each 1 more of handSize shortens game length (turns) by about 5.6 (95% CI ...)": a trend found. */
export function trendSentence(axis: SweepAxisOf, t: SweepTrend, pHolm: number, words: Words): string {
  const { name, rate, unit: named } = quantityName(t.quantity, words);
  const scale = rate ? 100 : 1;
  const s = t.slope;
  const d = decimalsFor((s.high - s.low) * scale);
  const up = s.estimate > 0;
  const verb = t.quantity === 'turns_mean' ? (up ? 'lengthens' : 'shortens') : up ? 'raises' : 'lowers';
  const unit = rate ? ' points' : named ? ` ${named}` : '';
  const ci = `95% CI ${signed(s.low * scale, d)} to ${signed(s.high * scale, d)}${unit}`;
  return `Each 1 more of ${axis.option} ${verb} ${name} by about ${fixed(Math.abs(s.estimate) * scale, d)}${unit} (${ci}; Holm-adjusted p ${pHolm < 0.001 ? '< 0.001' : `= ${pText(pHolm)}`}).`;
}

/** A trend not found, with its slope: "No trend found (each 1 more of handSize: +0.3 points, 95% CI -1.1 to +1.7; Holm-adjusted p = 0.62)." */
export function noTrendSentence(axis: SweepAxisOf, t: SweepTrend, pHolm: number, words: Words): string {
  const { rate, unit: named } = quantityName(t.quantity, words);
  const scale = rate ? 100 : 1;
  const s = t.slope;
  if (!Number.isFinite(s.p) && t.quantity.startsWith('win_share:') && t.points.every((p) => p.estimate.estimate === t.points[0].estimate.estimate)) {
    return `Not tested: ${t.points[0].estimate.estimate === 1 ? 'this bot won every match' : 'this bot won no match'} at every value, so the share cannot move; its margin says by how much.`;
  }
  if (!Number.isFinite(s.low)) return 'No trend can be estimated (too few matches).';
  const d = decimalsFor((s.high - s.low) * scale);
  const unit = rate ? ' points' : named ? ` ${named}` : '';
  return `No trend found at the 5% level (each 1 more of ${axis.option}: ${signed(s.estimate * scale, d)}${unit}, 95% CI ${signed(s.low * scale, d)} to ${signed(s.high * scale, d)}; Holm-adjusted p = ${pText(pHolm)}).`;
}

export function cell(v: number, rate: boolean, d: number): string {
  return rate ? `${fixed(100 * v, Math.max(1, d))}%` : fixed(v, d);
}

/** One table line: the quantity at each value, with its interval. */
function valuesLine(t: SweepTrend, words: Words): string[] {
  const { name, rate } = quantityName(t.quantity, words);
  const width = Math.max(...t.points.map((p) => p.estimate.high - p.estimate.low).filter(Number.isFinite), 0) * (rate ? 100 : 1);
  const d = decimalsFor(width);
  return [name, ...t.points.map((p) => `${cell(p.estimate.estimate, rate, d)} [${cell(p.estimate.low, rate, d)}, ${cell(p.estimate.high, rate, d)}]`)];
}

export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c].length)));
  const line = (r: string[]) => r.map((x, c) => (c === 0 ? x.padEnd(widths[c]) : x.padStart(widths[c]))).join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}

/** "+295 score points (95% CI +282 to +309) at handSize = 3, ..." */
function marginLevels(axis: SweepAxisOf, t: SweepTrend): string {
  const d = decimalsFor(Math.max(...t.points.map((p) => (p.estimate.high - p.estimate.low) / 2).filter(Number.isFinite), 0));
  return t.points.map((p) => `${signed(p.estimate.estimate, d)} ${SCORE_POINTS} (95% CI ${signed(p.estimate.low, d)} to ${signed(p.estimate.high, d)}) at ${axis.option} = ${p.x}`).join(', ');
}

/** "greedy won every match at every value of handSize (200 of 200 at each)", or at some values; the bot that won them all everywhere. */
function sweepSaturation(axis: SweepAxisOf, trends: readonly SweepTrend[]): { lines: string[]; everywhere?: string } {
  const shares = trends.filter((t) => t.quantity.startsWith('win_share:'));
  const every = new Map<string, number[]>();
  axis.xs.forEach((_, k) => {
    const w = wonEvery(shares.map((t) => ({ bot: t.quantity.slice(10), share: t.points[k].estimate.estimate, matches: t.points[k].estimate.n })));
    if (w !== undefined) every.set(w, [...(every.get(w) ?? []), k]);
  });
  const lines = [...every].map(([bot, at]) => {
    const n = shares[0].points[at[0]].estimate.n;
    const where = at.length === axis.xs.length ? `at every value of ${axis.option} (${n} of ${n} at each)` : `at ${axis.option} = ${at.map((k) => axis.xs[k]).join(', ')}`;
    const margin = trends.find((t) => t.quantity === `margin:${bot}`);
    return `Who wins: ${bot} won every match ${where}: its win share sits at 100% there and cannot show a trend; its margin says by how much${margin ? `: ${marginLevels(axis, margin)}` : ''}.`;
  });
  return { lines, everywhere: [...every].find(([, at]) => at.length === axis.xs.length)?.[0] };
}

/** The trend in sentences (`answer`) and the tables of values and steps (`tables`). */
export function sweepText(
  axis: SweepAxisOf,
  trends: readonly SweepTrend[],
  holmP: readonly number[],
  words: Words,
  file?: string,
): { answer: string; tables: string } {
  const n = trends[0]?.slope.n ?? 0;
  const head = `Against ${axis.option} (${axis.xs.join(', ')}; match i of every value played from the same seed): a paired trend per quantity (docs/sweeps.md).`;
  const saturated = sweepSaturation(axis, trends);
  // A bot that won every match at every value: its win share was said above, and the first-player
  // advantage only records how often it moved first.
  const said = (t: SweepTrend) => (saturated.everywhere !== undefined && t.quantity === 'first_player_advantage') || !Number.isFinite(t.slope.p);
  const found = trends.map((t, q) => ({ t, p: holmP[q] })).filter((x) => x.p < ALPHA && !said(x.t));
  const quiet = trends.filter((t, q) => !(holmP[q] < ALPHA) && !said(t)).map((t) => quantityName(t.quantity, words).name);
  const lines = [head, ...saturated.lines];
  if (saturated.everywhere !== undefined) lines.push(`${firstPlayerUninformative(saturated.everywhere)[0].toUpperCase()}${firstPlayerUninformative(saturated.everywhere).slice(1)}`);
  const tested = trends.filter((t) => Number.isFinite(t.slope.p)).length;
  const family = sweepHolm(trends).family;
  const distinct = family === tested ? `${family} quantities` : `${family} distinct quantities of ${tested}, a quantity repeated under another name counted once`;
  if (found.length === 0) lines.push(`No trend found in any quantity at the 5% level (Holm over ${distinct}, ${n} matches per value).`);
  for (const x of found) lines.push(trendSentence(axis, x.t, x.p, words));
  if (found.length > 0 && quiet.length > 0) lines.push(`No trend found in: ${quiet.join(', ')}.`);
  lines.push('(A trend is the least-squares change per 1 more of the option, paired over the matches; its tables follow the comparison below.)');
  const values = table([`at ${axis.option} =`, ...axis.xs.map(String)], trends.map((t) => valuesLine(t, words)));
  const steps = table(
    ['step (paired)', ...axis.xs.slice(1).map((x, k) => `${axis.xs[k]}->${x}`)],
    trends.map((t) => {
      const { name, rate } = quantityName(t.quantity, words);
      const scale = rate ? 100 : 1;
      return [name, ...t.points.slice(1).map((p) => `${signed(p.step!.estimate * scale, 2)}${p.step!.p < ALPHA ? '*' : ''}`)];
    }),
  );
  const tables = [`Against ${axis.option}, each quantity at each value [95% CI]:`, values, '', steps];
  tables.push('(rates in %, steps in points; * a step with p < 0.05, not adjusted)');
  if (file) tables.push(`Wrote ${file}.`);
  return { answer: lines.join('\n'), tables: tables.join('\n') };
}

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { csvLines } from '../io/csv.js';
import { fixed, shareInterval, wilson } from './intervals.js';
import { formatTable } from './table.js';
import type { SideAccumulator } from './accumulate.js';
import type { CompareRow, Comparison } from './compare.js';
import { detectableChange } from './decisions.js';
import { critical } from './estimate.js';
import { isRate, quantityUnit } from './quantities.js';
import { metricName } from './verdict.js';
import type { MetricInfo } from '../engine/game.js';
import { writeDerivedFiles } from '../io/manifest.js';

/** compare.csv and variants.csv, and the terminal block that says what changed. */

export const COMPARE_HEADER = [
  'variant',
  'reference',
  'quantity',
  'reference_value',
  'value',
  'difference',
  'ci_low95',
  'ci_high95',
  'p_value',
  'p_holm',
  'test',
  'pairs',
  'same_as',
  'reference_plays',
  'plays',
  'effective_plays',
] as const;

export const VARIANTS_HEADER = ['variant', 'quantity', 'value', 'ci_low95', 'ci_high95', 'matches'] as const;

/** Significance level of the findings (and of every interval: 95%). */
export const ALPHA = 0.05;

/** A p-value with four significant digits (fixed decimals would write the tiny ones as 0). */
export function pText(p: number): string {
  if (!Number.isFinite(p)) return '';
  if (p === 0) return '0';
  return String(Number(p.toPrecision(4)));
}

const num = (v: number) => fixed(v, 6);

/** The cells from `variant` to `p_holm` of compare.csv (and of populations.csv, after its population). */
export function differenceCells(r: Pick<CompareRow, 'variant' | 'reference' | 'quantity' | 'referenceValue' | 'value' | 'difference' | 'low' | 'high' | 'p' | 'pHolm'>): string[] {
  return [r.variant, r.reference, r.quantity, num(r.referenceValue), num(r.value), num(r.difference), num(r.low), num(r.high), pText(r.p), pText(r.pHolm)];
}

export function compareCsv(rows: readonly CompareRow[]): string {
  return csvLines([
    [...COMPARE_HEADER],
    ...rows.map((r) => [
      ...differenceCells(r),
      r.test,
      r.pairs === null ? '' : String(r.pairs),
      r.sameAs,
      ...playsCells(r),
    ]),
  ]);
}

/** The reference_plays, plays and effective_plays cells (empty without play hashes). */
function playsCells(r: CompareRow): string[] {
  if (!r.plays) return ['', '', ''];
  const count = (v: number) => (Number.isFinite(v) ? String(v) : '');
  return [count(r.plays.referencePlays), count(r.plays.plays), fixed(r.plays.effective, 1)];
}

interface VariantLine {
  quantity: string;
  value: number;
  low: number;
  high: number;
}

/** One variant's own figures: each quantity's mean with its 95% interval (Wilson for 0/1 outcomes, t otherwise). */
export function variantLines(side: SideAccumulator): VariantLine[] {
  const out: VariantLine[] = [];
  const names = side.plan.names;
  const faults = side.moments[side.plan.faultIndex].mean > 0;
  const repeats = side.repeats;
  if (repeats.known) {
    out.push({ quantity: 'plays_distinct', value: repeats.distinct, low: NaN, high: NaN });
    out.push({ quantity: 'plays_largest', value: repeats.largest, low: NaN, high: NaN });
  }
  names.forEach((quantity, q) => {
    const m = side.moments[q];
    if ((q === side.plan.faultIndex && !faults) || m.n === 0) return;
    let [low, high] = [NaN, NaN];
    // When plays repeat, each distinct play is one observation (repeats.ts).
    // A share (a 0/1 outcome, or wins split between tied seats) gets a Wilson interval, which stays in
    // its range: Wilson's own for 0/1 values, the clustered one (on the per-match spread, as summary.csv's
    // win_rate interval) for fractional ones. The first-player advantage is the first seat's share minus 1/players.
    const share = side.binary[q] || quantityUnit(quantity, side.plan.players).share;
    const shift = quantity === 'first_player_advantage' ? 1 / side.plan.players : 0;
    const clustered = repeats.interval(q, m, share, shift);
    if (clustered) [low, high] = clustered;
    else if (share) [low, high] = shareInterval(m, -shift);
    else if (m.n > 1) {
      const half = critical(0.95, m.n - 1) * m.se;
      [low, high] = [m.mean - half, m.mean + half];
    }
    out.push({ quantity, value: m.mean, low, high });
    if (quantity === 'turns_mean') out.push({ quantity: 'turns_median', value: side.turns.median(), low: NaN, high: NaN });
    if (quantity === 'annulled_rate') {
      const reasons = [...side.endReasons.entries()].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1));
      // A play's matches all end alike: with repeats, the shares are Wilson's on the effective plays.
      const n = repeats.effective;
      for (const [reason, count] of reasons) {
        const [l, h] = n === undefined ? wilson(count, side.n) : wilson((count / side.n) * n, n);
        out.push({ quantity: `end_reason:${reason}`, value: count / side.n, low: l, high: h });
      }
    }
  });
  return out;
}

export function variantsCsv(sides: ReadonlyMap<string, SideAccumulator>): string {
  const rows: Array<Array<string | number>> = [[...VARIANTS_HEADER]];
  for (const [variant, side] of sides) {
    for (const l of variantLines(side)) rows.push([variant, l.quantity, num(l.value), num(l.low), num(l.high), side.n]);
  }
  return csvLines(rows);
}

const pct = (v: number, d = 1) => (Number.isFinite(v) ? `${fixed(100 * v, d)}%` : '-');

/** The side-by-side table for the terminal: the figures a designer scans first. */
export function variantsTable(sides: ReadonlyMap<string, SideAccumulator>): string {
  const labels = [...sides.keys()];
  const lines = labels.map((l) => new Map(variantLines(sides.get(l)!).map((x) => [x.quantity, x])));
  const first = lines[0];
  const reasons = [...first.keys()].filter((q) => q.startsWith('end_reason:')).slice(0, 3);
  // With one bot in every seat its win share is set by the annulled matches and the table size, not by
  // play (it is the share of decided matches over the seats): a row of it would read as an answer.
  const shares = [...new Set(lines.flatMap((l) => [...l.keys()].filter((q) => q.startsWith('win_share:'))))];
  const wanted = [
    ...(shares.length > 1 ? [...first.keys()].filter((q) => q.startsWith('win_share:') || q.startsWith('margin:')) : []),
    'winner_margin',
    'first_player_advantage',
    'turns_mean',
    'turns_median',
    'annulled_rate',
    ...reasons,
    'fault_rate',
  ];
  const label: Record<string, string> = {
    first_player_advantage: 'first-player advantage',
    turns_mean: 'turns, mean',
    turns_median: 'turns, median',
    annulled_rate: 'annulled',
    fault_rate: 'faulted',
    winner_margin: "winner's margin (score pts)",
  };
  const rows: string[][] = [];
  for (const q of wanted) {
    if (!lines.some((l) => l.has(q))) continue;
    const name = label[q] ?? (q.startsWith('win_share:') ? `${q.slice(10)} win share` : q.startsWith('margin:') ? `${q.slice(7)} margin (score pts)` : `ended by ${q.slice(11)}`);
    rows.push([
      name,
      ...lines.map((l) => {
        const x = l.get(q);
        if (!x) return '-';
        return isRate(q) ? pct(x.value) : fixed(x.value, q === 'turns_median' ? 1 : 2);
      }),
    ]);
  }
  const repeats = labels.map((l) => sides.get(l)!.repeats);
  // When some side's plays repeat, its distinct plays stand under its matches: they are what its figures rest on.
  if (repeats.some((r) => r.known && r.repeated > 0)) rows.unshift(['distinct plays', ...repeats.map((r) => (r.known ? String(r.distinct) : '-'))]);
  rows.unshift(['matches', ...labels.map((l) => String(sides.get(l)!.n))]);
  return formatTable(['', ...labels], rows);
}

/** How many decimals show a change of this size with about two significant digits. */
function decimalsFor(width: number): number {
  if (!(width > 0)) return 2;
  return Math.min(4, Math.max(0, 1 - Math.floor(Math.log10(width))));
}

/** "games 1.4 turns longer (95% CI 1.3 to 1.5)", for a significant row. */
export function findingText(r: CompareRow, metricInfo?: readonly MetricInfo[]): string {
  const rate = isRate(r.quantity);
  const scale = rate ? 100 : 1;
  const d = decimalsFor(scale * (Number.isFinite(r.high - r.low) ? (r.high - r.low) / 2 : Math.abs(r.difference)));
  const size = fixed(scale * Math.abs(r.difference), d);
  const up = r.difference > 0;
  // The interval in the direction of the words: "0.25 lower (95% CI 0.24 to 0.26)".
  const [lo, hi] = up ? [r.low, r.high] : [-r.high, -r.low];
  const ci = Number.isFinite(r.low) ? ` (95% CI ${fixed(scale * lo, d)} to ${fixed(scale * hi, d)}${rate ? ' points' : ''})` : '';
  const [kind, name] = r.quantity.includes(':') ? [r.quantity.slice(0, r.quantity.indexOf(':')), r.quantity.slice(r.quantity.indexOf(':') + 1)] : [r.quantity, ''];
  const moreLess = up ? 'more' : 'less';
  switch (kind) {
    case 'turns_mean':
      return `games ${size} turns ${up ? 'longer' : 'shorter'} on average${ci}`;
    case 'turns_median':
      return `median game ${size} turns ${up ? 'longer' : 'shorter'} (${fixed(r.referenceValue, 1)} to ${fixed(r.value, 1)}; ${r.test} test)`;
    case 'turns_median_difference':
      return `the median pair's game ${size} turns ${up ? 'longer' : 'shorter'}${ci.replace(' points', '')} (sign test)`;
    case 'decisions_mean':
      return `${size} ${up ? 'more' : 'fewer'} bot decisions per match${ci}`;
    case 'annulled_rate':
      return `annulled games ${size} points ${moreLess} frequent${ci}`;
    case 'fault_rate':
      return `faulted matches ${size} points ${moreLess} frequent${ci}`;
    case 'end_reason':
      return `games ending by ${name} ${size} points ${moreLess} frequent${ci}`;
    case 'win_share':
      return `${name} wins ${size} points ${up ? 'more' : 'less'} often${ci}`;
    case 'seat_win_share':
      return `position ${Number(name) + 1} in turn order wins ${size} points ${up ? 'more' : 'less'} often${ci}`;
    case 'first_player_advantage':
      return `first-player advantage ${size} points ${up ? 'larger' : 'smaller'}${ci}`;
    case 'margin':
      return `${name}'s margin over the best other seat ${size} score points ${up ? 'higher' : 'lower'}${ci}`;
    case 'winner_margin':
      return `the winner's margin over the runner-up ${size} score points ${up ? 'higher' : 'lower'}${ci}`;
    case 'metric':
      // In the game's words ("turns per round"), never "per game" of a per-round quantity (verdict.ts).
      return `${metricName(name, metricInfo).name} ${size} ${up ? 'higher' : 'lower'}${ci}`;
    default:
      return `${r.quantity} ${up ? '+' : '-'}${size}${ci}`;
  }
}

/** |difference| in units of the per-match standard deviation: what orders the findings. */
export function standardizedEffect(r: CompareRow): number {
  if (r.quantity === 'turns_median' || r.quantity === 'turns_median_difference') return 0;
  return r.sd > 0 ? Math.abs(r.difference) / r.sd : r.difference === 0 ? 0 : Infinity;
}

/**
 * A variant's only win-share row: every seat is that bot, so its "win share" only mirrors the annulled
 * matches (issue 21) and is not a finding about the bot.
 */
export function oneBotShare(r: CompareRow, rows: readonly CompareRow[]): boolean {
  return r.quantity.startsWith('win_share:') && rows.filter((x) => x.variant === r.variant && x.quantity.startsWith('win_share:')).length === 1;
}

/**
 * The rows found significant after Holm, largest standardized effect first: each column once (rows that
 * repeat another are left out), and one-bot win shares left out.
 */
export function significant(rows: readonly CompareRow[], alpha = ALPHA): CompareRow[] {
  return rows
    .filter((r) => r.pHolm < alpha && r.sameAs === '' && !oneBotShare(r, rows))
    .sort((x, y) => standardizedEffect(y) - standardizedEffect(x));
}

const SHOWN_FINDINGS = 12;

/** The terminal block: the findings in words, then what did not change detectably and what would have been detected. */
export function comparisonText(c: Comparison, files?: string, metricInfo?: readonly MetricInfo[]): string {
  const out: string[] = [];
  const candidates = [...new Set(c.rows.map((r) => r.variant))];
  const reference = c.rows[0]?.reference ?? '';
  const family = c.rows.find((r) => Number.isFinite(r.family))?.family;
  const tests = family === undefined ? '' : `, ${family} distinct tests`;
  out.push(`Compared with ${reference} (${c.pairing}; ${c.rows.length} rows${tests}, Holm-corrected, 95% intervals):`);
  for (const note of c.notes) out.push(`  note: ${note}`);
  const found = significant(c.rows);
  if (found.length === 0) out.push('  No significant difference.');
  else {
    out.push('  Significant differences, largest standardized effect first:');
    for (const r of found.slice(0, SHOWN_FINDINGS)) out.push(`    ${r.variant}: ${findingText(r, metricInfo)}`);
    if (found.length > SHOWN_FINDINGS) out.push(`    ... and ${found.length - SHOWN_FINDINGS} more (compare.csv)`);
  }
  for (const v of candidates) {
    const quiet = c.rows.filter(
      (r) =>
        r.variant === v &&
        !(r.pHolm < ALPHA) &&
        ((r.quantity.startsWith('win_share:') && !oneBotShare(r, c.rows)) || r.quantity === 'first_player_advantage'),
    );
    if (quiet.length === 0) continue;
    const parts = quiet.map((r) => `${r.quantity === 'first_player_advantage' ? 'the first-player advantage' : `${r.quantity.slice(10)}'s win share`} (${powerText(r)})`);
    const family = quiet[0].family;
    out.push(`  ${v}: no detectable change in ${parts.join(', ')} (80% power after Holm over ${family} tests: level ${ALPHA}/${family})`);
  }
  if (files) out.push(`  ${files}`);
  return out.join('\n') + '\n';
}

/**
 * A standard error this small on a difference of exactly 0 is floating-point residue, not spread: the
 * paired ratio estimates (the first-player advantage) of identical matches come out near 1e-11, where
 * a real per-pair spread over at most 1e9 pairs of values of order 1 gives at least about 1e-9.
 */
const RESIDUE_SE = 1e-9;

/** Paired rows whose every pair gave the same value (the difference exactly 0, no spread but residue). */
export function identicalPairs(r: Pick<CompareRow, 'pairs' | 'sd' | 'se' | 'difference'>): boolean {
  return r.pairs !== null && r.difference === 0 && (r.sd === 0 || (r.se >= 0 && r.se < RESIDUE_SE));
}

/** A non-negative size with about two significant digits, never rounded to a row of zeros ("0.0000"). */
export function sizeText(x: number): string {
  if (x === 0) return 'exactly 0';
  const shown = fixed(x, decimalsFor(x));
  return Number(shown) !== 0 ? shown : String(Number(x.toPrecision(2)));
}

/** "0.12 points; would have detected about ±1.9", or, for identical matches, says so instead of "±0.00". */
export function powerText(r: CompareRow): string {
  const d = detectableChange(r, ALPHA, 0.8);
  const scale = isRate(r.quantity) ? 100 : 1;
  const unit = isRate(r.quantity) ? ' points' : '';
  const shown = fixed(r.difference * scale, 2);
  const difference = r.difference === 0 ? 'exactly 0' : `${Number(shown) !== 0 ? shown : String(Number((r.difference * scale).toPrecision(2)))}${unit}`;
  if (d.identical || identicalPairs(r)) return `${difference}: the paired matches were identical, so nothing could have been detected`;
  if (Number.isNaN(d.size)) return difference;
  return `${difference}; would have detected about ±${sizeText(d.size * scale)}`;
}

/** Writes compare.csv and variants.csv into `dir`; returns their paths. */
export function writeComparison(dir: string, c: Comparison): { compare: string; variants: string } {
  mkdirSync(dir, { recursive: true });
  const files = { compare: join(dir, 'compare.csv'), variants: join(dir, 'variants.csv') };
  // Through temporary names, renamed once both are whole: a failure (a full disk) leaves the previous
  // files or none, never an empty or cut one (`tavolo report` rebuilds missing ones).
  writeDerivedFiles(dir, [
    [files.compare, compareCsv(c.rows)],
    [files.variants, variantsCsv(c.sides)],
  ]);
  return files;
}

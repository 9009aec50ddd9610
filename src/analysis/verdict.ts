import type { MetricInfo } from '../engine/game.js';
import { fixed } from './intervals.js';
import { detectableChange } from './decisions.js';
import { isMeasureQuantity, measureOrder, themeSentence } from './measure-words.js';
import { isMargin } from './quantities.js';
import { firstPlayerUninformative, wonEvery, wonNone, type ShareAt } from './saturation.js';
import { repeatNotes } from './verdict-repeats.js';
import { decimalsFor, level, oneBotLineup, quantityName, readable, seatsOf, signed, metricName, SCORE_POINTS, type Named } from './verdict-words.js';

export { metricName, oneBotLineup, quantityLabel } from './verdict-words.js';

/**
 * The verdict: the answer to the designer's question in plain sentences, printed first by `tavolo run`,
 * `merge` and `compare` and at the top of report.html. Pure functions from the comparison rows and each
 * variant's own figures to lines of text; the terminal and the report build the same input
 * (verdict-input.ts) and so print the same words.
 *
 * Per variant against the reference, in the order a designer reads them: who wins, balance (the
 * first-player advantage), length, how matches end, then the game's other measures by size of effect.
 * A change is a row with Holm-adjusted p below ALPHA; every change is given with its 95% interval, and
 * every quantity with no detectable change with the change the run would have detected.
 */

export const VERDICT_ALPHA = 0.05;
/** Power of "would have detected". */
export const VERDICT_POWER = 0.8;

/** One quantity of one variant on its own (variants.csv): its mean and 95% interval. */
export interface Figure {
  quantity: string;
  value: number;
  low: number;
  high: number;
}

/** One row of the comparison (compare.csv, or CompareRow): candidate minus reference. */
export interface VerdictRow {
  variant: string;
  reference: string;
  quantity: string;
  referenceValue: number;
  value: number;
  difference: number;
  low: number;
  high: number;
  p: number;
  pHolm: number;
  /** Standard error of the difference (0: every pair of matches gave the same value). */
  se: number;
  /** The column this row repeats (the same quantity under another name), or '' / absent: tested once in Holm's family. */
  sameAs?: string;
  /** Paired rows: the pairs the difference (and then both levels) is over; fewer than the matches when empty cells left some out. */
  pairs?: number | null;
}

export interface VerdictInput {
  /** The spec's `description`: the designer's question. */
  question?: string;
  /** A sequential run's decision in words (run.json's verdict_text[0]): the answer to its question, said first. */
  sequential?: string;
  /** What the reader must know before the answer (runs compared although their lineups differ): one 'Note:' line each. */
  notes?: readonly string[];
  players: number;
  /** Lineup entry names, lineup order (a name listed k times plays k seats). */
  lineup: readonly string[];
  /** The game's words for its metric columns, when it declares them. */
  metricInfo?: readonly MetricInfo[];
  /** Variant labels in spec order. */
  variants: readonly string[];
  /** The reference variant; absent for a single-variant run. */
  reference?: string;
  /** Matches per variant label. */
  matches: ReadonlyMap<string, number>;
  /** Each variant's own figures, by label. */
  figures: ReadonlyMap<string, readonly Figure[]>;
  rows: readonly VerdictRow[];
  /** Whether the rows compare paired matches (same seeds). */
  paired: boolean;
  /** Random opening moves of every match (run.json's opening); absent or 0: none. */
  opening?: number;
}

/**
 * Both sides the same pair for pair (no spread, a difference of exactly 0, as in an A/A run): the interval
 * gives no precision to print, so the levels take the quantity's own (a percentage to 0.1, a mean to 0.01,
 * as the side-by-side table) and the difference is said to be exactly 0.
 */
const identicalRow = (r: VerdictRow): boolean => r.se === 0 && r.difference === 0;

/** "+2.0 points, 95% CI 0.6 to 3.4" or "+1.51, 95% CI 1.20 to 1.82". */
function differenceText(r: VerdictRow, rate: boolean): string {
  const s = rate ? 100 : 1;
  const d = decimalsFor((s * (r.high - r.low)) / 2);
  const ci = Number.isFinite(r.low) ? `, 95% CI ${signed(s * r.low, d)} to ${signed(s * r.high, d)}` : '';
  const unit = rate ? ' points' : isMargin(r.quantity) ? ` ${SCORE_POINTS}` : '';
  if (identicalRow(r)) return `exactly 0${unit}`;
  return `${signed(s * r.difference, d)}${unit}${ci}`;
}

function levelsText(r: VerdictRow, rate: boolean): string {
  const s = rate ? 100 : 1;
  const d = identicalRow(r) ? (rate ? 1 : 2) : Math.max(rate ? 1 : 0, decimalsFor((s * (r.high - r.low)) / 2));
  if (r.quantity === 'first_player_advantage') return `from ${signed(100 * r.referenceValue, d)} to ${signed(100 * r.value, d)} points`;
  if (isMargin(r.quantity)) return `from ${signed(r.referenceValue, d)} to ${signed(r.value, d)} ${SCORE_POINTS}`;
  return `from ${level(r.referenceValue, rate, d)} to ${level(r.value, rate, d)}`;
}

/**
 * What the run could have detected for a row: the change found with 80% power at the level of the
 * Holm family's first step (alpha / distinct tests), where a single change must clear it (detectableChange).
 */
export function detectableText(r: VerdictRow, rate: boolean, family: number, paired: boolean): string {
  if (r.se === 0) return paired ? 'every pair of matches gave the same value' : 'every match gave the same value';
  if (!Number.isFinite(r.se)) return 'no interval';
  // se > 0 here, so detectableChange never reports identical matches; its `family` is the distinct tests.
  const mde = detectableChange({ se: r.se, sd: 1, pairs: null, family, difference: r.difference }, VERDICT_ALPHA, VERDICT_POWER).size;
  const s = rate ? 100 : 1;
  const unit = rate ? ' points' : isMargin(r.quantity) ? ` ${SCORE_POINTS}` : '';
  // A rate moves 100 points at most: a larger detectable change (a few distinct plays) means none could be seen.
  if (rate && mde >= 1) return `not even a change of 100 points would have been detected${holmNote(r, family)}`;
  return `±${fixed(s * mde, decimalsFor(s * mde))}${unit} would have been detected${holmNote(r, family)}`;
}

/**
 * A quiet row whose own 95% interval leaves out 0: "no detectable change" next to such an interval would make a
 * reader look twice, so the sentence says why (Holm's correction over the quantities compared).
 */
function holmNote(r: VerdictRow, family: number): string {
  const excludesZero = r.low > 0 || r.high < 0;
  if (!excludesZero || moved(r) || family <= 1) return '';
  return `; its own interval leaves out 0, but not once corrected for the ${family} quantities compared (Holm)`;
}

// ---------- which rows say what ----------

export function moved(r: VerdictRow): boolean {
  return r.pHolm < VERDICT_ALPHA;
}

/**
 * The same value in every match of both sides (a constant column, such as a count of games that is
 * always 1 or of eliminations that never happen): left out. A mean of 0 or 1 that did not change is
 * taken as one (a non-negative count averaging 0 is always 0; a 0/1 flag averaging 0 or 1 is constant).
 */
export function constantRow(r: VerdictRow): boolean {
  return r.difference === 0 && r.referenceValue === r.value && (r.value === 0 || r.value === 1);
}

/** |difference| / se: with equal match counts per variant, the order of the standardized effects. */
function effect(r: VerdictRow): number {
  return r.se > 0 ? Math.abs(r.difference) / r.se : r.difference === 0 ? 0 : Infinity;
}

function sameFigures(a: VerdictRow, b: VerdictRow): boolean {
  return a.referenceValue === b.referenceValue && a.value === b.value && a.low === b.low && a.high === b.high;
}

/** The Holm family: every row with a p-value, each column once (a row that repeats another is not counted). */
export function familySize(rows: readonly VerdictRow[]): number {
  return rows.filter((r) => Number.isFinite(r.p) && !r.sameAs).length;
}

// ---------- sentences ----------

/**
 * When the pairs are fewer than the matches (a match with an empty cell on either side drops out of that
 * quantity's pairs), the population both levels and the difference are over: " over the 1,955 of 4,000
 * pairs where both matches have a value". Empty otherwise.
 */
export function populationText(r: VerdictRow, v: Pick<VerdictInput, 'matches'>): string {
  const matches = v.matches.get(r.variant);
  if (r.pairs == null || matches === undefined || !(r.pairs < matches)) return '';
  const n = (x: number) => x.toLocaleString('en-US');
  return ` over the ${n(r.pairs)} of ${n(matches)} pairs where both matches have a value`;
}

function changeSentence(r: VerdictRow, n: Named, population = ''): string {
  const dir = r.difference > 0 ? 'rose' : 'fell';
  return `${n.name} ${dir} ${levelsText(r, n.rate)}${population} (${differenceText(r, n.rate)}).`;
}

function stillSentence(r: VerdictRow, n: Named, family: number, paired: boolean, population = ''): string {
  return `${n.name} shows no detectable change: ${levelsText(r, n.rate)}${population} (${differenceText(r, n.rate)}; ${detectableText(r, n.rate, family, paired)}).`;
}

function rowSentence(r: VerdictRow, v: VerdictInput, family: number): string {
  const n = quantityName(r.quantity, v);
  const population = populationText(r, v);
  return moved(r) ? changeSentence(r, n, population) : stillSentence(r, n, family, v.paired, population);
}

function lengthSentence(r: VerdictRow, family: number, paired: boolean): string {
  const d = decimalsFor((r.high - r.low) / 2);
  const ci = `95% CI ${fixed(Math.abs(r.difference > 0 ? r.low : r.high), d)} to ${fixed(Math.abs(r.difference > 0 ? r.high : r.low), d)}`;
  if (!moved(r)) return stillSentence(r, { name: 'game length', rate: false }, family, paired).replace(/ \(/, ' turns on average (');
  const way = r.difference > 0 ? 'longer' : 'shorter';
  return `games are ${fixed(Math.abs(r.difference), d)} turns ${way} on average, ${levelsText(r, false)} turns (${ci}).`;
}

function endingSentence(r: VerdictRow, v: VerdictInput): string {
  const n = quantityName(r.quantity, v);
  const d = r.difference > 0 ? 'more' : 'fewer';
  const what = r.quantity === 'annulled_rate' ? 'matches are annulled' : r.quantity === 'fault_rate' ? 'matches are forfeited by a bot' : n.name.replace(/^matches ended/, 'matches end');
  return `${d} ${what}: ${levelsText(r, true)} (${differenceText(r, true)}).`;
}

/** "no detectable change: a (±x), b (every pair ...)" for quiet rows that get no sentence of their own. */
/** Every match of both sides ended the same way (a constant end reason): said once. */
function alwaysSentence(rows: readonly VerdictRow[]): string[] {
  const always = rows.find((r) => r.quantity.startsWith('end_reason:') && r.referenceValue === 1 && r.value === 1);
  return always ? [`every match ends by ${readable(always.quantity.slice(11))} in both.`] : [];
}

function quietList(rows: readonly VerdictRow[], v: VerdictInput, family: number, aliases: Map<VerdictRow, string[]>): string {
  return rows
    .map((r) => {
      const n = quantityName(r.quantity, v);
      const same = aliases.get(r) ? `, the same as ${aliases.get(r)!.join(', ')}` : '';
      return `${n.name} ${levelsText(r, n.rate)} (${detectableText(r, n.rate, family, v.paired)}${same})`;
    })
    .join('; ');
}

interface Sections {
  wins: VerdictRow[];
  balance: VerdictRow[];
  length: VerdictRow[];
  endings: VerdictRow[];
  /** The match measures (docs/measures.md), in the order of their columns. */
  measures: VerdictRow[];
  others: VerdictRow[];
}


/** A variant's rows by section, constant columns left out and a column with the same figures as an earlier one folded into it. */
function sections(rows: readonly VerdictRow[], v: VerdictInput): { s: Sections; aliases: Map<VerdictRow, string[]> } {
  const s: Sections = { wins: [], balance: [], length: [], endings: [], measures: [], others: [] };
  const aliases = new Map<VerdictRow, string[]>();
  const kept: VerdictRow[] = [];
  const oneBot = oneBotLineup(v.lineup);
  for (const r of rows) {
    // Length is said by the mean; the medians' rows (an unpaired difference of medians, or the median of
    // the paired differences, which has no levels to say 'from ... to' with) stay in the tables and compare.csv.
    if (constantRow(r) || r.quantity === 'turns_median' || r.quantity === 'turns_median_difference') continue;
    if ((r.quantity.startsWith('win_share:') || r.quantity.startsWith('margin:')) && oneBot) continue;
    // Two seats: the loser's margin is the winner's mirrored, tested once (sameAs); it adds no sentence.
    if (r.quantity.startsWith('margin:') && r.sameAs?.startsWith('margin:')) continue;
    // Each measure gets its own sentence, even when a metric column has the same figures (Zatre's
    // blocked turns are its forced turns): the measures' section is read as a whole.
    if (isMeasureQuantity(r.quantity)) {
      s.measures.push(r);
      continue;
    }
    const twin = kept.find((k) => sameFigures(k, r) && !k.quantity.startsWith('seat_win_share') && k.quantity !== 'first_player_advantage');
    if (twin && !r.quantity.startsWith('seat_win_share')) {
      aliases.set(twin, [...(aliases.get(twin) ?? []), quantityName(r.quantity, v).name]);
      continue;
    }
    kept.push(r);
    if (r.quantity.startsWith('win_share:') || isMargin(r.quantity)) s.wins.push(r);
    else if (r.quantity === 'first_player_advantage' || r.quantity.startsWith('seat_win_share:')) s.balance.push(r);
    else if (r.quantity === 'turns_mean') s.length.push(r);
    else if (r.quantity === 'annulled_rate' || r.quantity === 'fault_rate' || r.quantity.startsWith('end_reason:')) s.endings.push(r);
    else s.others.push(r);
  }
  return { s, aliases };
}

function withAliases(text: string, r: VerdictRow, aliases: Map<VerdictRow, string[]>): string {
  const a = aliases.get(r);
  return a ? `${text.replace(/\.$/, '')} (the same figures as ${a.join(', ')}).` : text;
}

// ---------- blocks ----------

/**
 * The first-player advantage, then the positions whose win share moved. When every position moved the
 * same way, that is one sentence: it is a change in how often anyone wins (annulled matches), not in
 * the balance of the seats.
 */
function balanceSentences(rows: readonly VerdictRow[], v: VerdictInput, family: number, aliases: Map<VerdictRow, string[]>): string[] {
  const advantage = rows.filter((r) => r.quantity === 'first_player_advantage').map((r) => withAliases(rowSentence(r, v, family), r, aliases));
  const seats = rows.filter((r) => r.quantity.startsWith('seat_win_share:'));
  const movedSeats = seats.filter(moved);
  const sameWay = movedSeats.length === v.players && movedSeats.every((r) => Math.sign(r.difference) === Math.sign(movedSeats[0].difference));
  if (!sameWay) return [...advantage, ...movedSeats.map((r) => rowSentence(r, v, family))];
  const sizes = movedSeats.map((r) => Math.abs(r.difference) * 100);
  const d = decimalsFor((100 * (movedSeats[0].high - movedSeats[0].low)) / 2);
  const way = movedSeats[0].difference > 0 ? 'rose' : 'fell';
  const why = movedSeats[0].difference > 0 ? 'more matches have a winner' : 'fewer matches have a winner';
  return [...advantage, `every position's win share ${way}, by ${fixed(Math.min(...sizes), d)} to ${fixed(Math.max(...sizes), d)} points: ${why}, whoever plays first.`];
}

/**
 * The win shares, then the margins: those that moved each in a sentence; the margins with no detectable change in
 * one list, unless no win share is left to say who wins (then each margin gets its sentence).
 */
function winSentences(rows: readonly VerdictRow[], v: VerdictInput, family: number, aliases: Map<VerdictRow, string[]>): string[] {
  const shares = rows.filter((r) => !isMargin(r.quantity)).map((r) => withAliases(rowSentence(r, v, family), r, aliases));
  const margins = rows.filter((r) => isMargin(r.quantity));
  const said = shares.length > 0 ? margins.filter(moved) : margins;
  const quiet = margins.filter((r) => !said.includes(r));
  const out = [...shares, ...said.map((r) => withAliases(rowSentence(r, v, family), r, aliases))];
  if (quiet.length > 0) out.push(`margins with no detectable change: ${quietList(quiet, v, family, aliases)}.`);
  return out;
}

const SHOWN_OTHERS = 8;

function section(label: string, sentences: readonly string[]): string[] {
  return sentences.map((t, i) => (i === 0 ? `  ${label}: ${t}` : `    ${t}`));
}

/** A variant's win shares from its own figures (variants.csv), for the saturation words. */
function sharesOf(v: VerdictInput, variant: string): ShareAt[] {
  const n = v.matches.get(variant) ?? NaN;
  return (v.figures.get(variant) ?? []).filter((f) => f.quantity.startsWith('win_share:')).map((f) => ({ bot: f.quantity.slice(10), share: f.value, matches: n }));
}

/** Who won every match (or none) in the variant, the reference or both, in words; the bot that won every match in both. */
function saturationWords(variant: string, reference: string, v: VerdictInput): { words: string[]; both?: string; either?: string } {
  const [a, b] = [sharesOf(v, reference), sharesOf(v, variant)];
  const [ea, eb] = [wonEvery(a), wonEvery(b)];
  const n = (x: string) => v.matches.get(x) ?? NaN;
  const words: string[] = [];
  if (ea !== undefined && ea === eb) {
    words.push(`${ea} won every match in both (${n(reference)} of ${n(reference)} and ${n(variant)} of ${n(variant)}): its win share sits at 100% and cannot move, so its margin says how the variant changed the contest.`);
  } else {
    if (ea !== undefined) words.push(`${ea} won every match of ${reference} (${n(reference)} of ${n(reference)}).`);
    if (eb !== undefined) words.push(`${eb} won every match of ${variant} (${n(variant)} of ${n(variant)}).`);
  }
  const none = [...new Set([...wonNone(a), ...wonNone(b)])].filter((bot) => wonNone(a).includes(bot) && wonNone(b).includes(bot));
  for (const bot of none) words.push(`${bot} won no match in either.`);
  return { words, both: ea !== undefined && ea === eb ? ea : undefined, either: eb ?? ea };
}

/** The sentences of one variant against the reference. */
function variantBlock(variant: string, v: VerdictInput, family: number): string[] {
  const rows = v.rows.filter((r) => r.variant === variant);
  if (rows.length === 0) return [];
  const { s, aliases } = sections(rows, v);
  const say = (r: VerdictRow, text: string) => withAliases(text, r, aliases);
  const n = v.matches.get(variant);
  const out = [`${variant} against ${rows[0].reference}${n !== undefined ? ` (${n} ${v.paired ? 'paired ' : ''}matches)` : ''}:`];
  const saturated = saturationWords(variant, rows[0].reference, v);
  const wins = oneBotLineup(v.lineup)
    ? [`all seats are ${v.lineup[0]}: the seats' balance is the question.`]
    : [...saturated.words, ...winSentences(s.wins, v, family, aliases)];
  out.push(...section('Who wins', wins));
  // With one bot winning every match the first-player advantage only records how often it moved first.
  const balance = balanceSentences(s.balance.filter((r) => saturated.either === undefined || r.quantity !== 'first_player_advantage'), v, family, aliases);
  out.push(...section('Balance', saturated.either !== undefined ? [firstPlayerUninformative(saturated.either), ...balance] : balance));
  out.push(...section('Length', s.length.map((r) => lengthSentence(r, family, v.paired))));
  const endMoved = s.endings.filter(moved).map((r) => say(r, endingSentence(r, v)));
  const endQuiet = s.endings.filter((r) => !moved(r));
  if (endQuiet.length > 0) endMoved.push(`no detectable change${endMoved.length > 0 ? '' : ' in any'}: ${quietList(endQuiet, v, family, aliases)}.`);
  if (endMoved.length === 0) endMoved.push(...alwaysSentence(rows));
  out.push(...section('How matches end', endMoved));
  const othersMoved = s.others.filter(moved).sort((a, b) => effect(b) - effect(a));
  const others = othersMoved.slice(0, SHOWN_OTHERS).map((r) => say(r, rowSentence(r, v, family)));
  if (othersMoved.length > SHOWN_OTHERS) others.push(`... and ${othersMoved.length - SHOWN_OTHERS} more ${othersMoved.length - SHOWN_OTHERS > 1 ? 'changes' : 'change'} (compare.csv).`);
  const othersQuiet = s.others.filter((r) => !moved(r));
  if (othersQuiet.length > 0) others.push(`no detectable change${othersMoved.length > 0 ? '' : ' in any'}: ${quietList(othersQuiet, v, family, aliases)}.`);
  out.push(...section('Other measures, largest change first', others));
  out.push(...section('Match measures (docs/measures.md)', measureSentences(s.measures, v, family)));
  return out;
}

/**
 * The match measures against the reference: first which questions the variant changes (the lead changes,
 * the drama, the decisiveness, ...: measure-words.ts), then one sentence per measure in the order of their
 * columns, each with its interval, and for those with no detectable change the change the run would have detected.
 */
function measureSentences(rows: readonly VerdictRow[], v: VerdictInput, family: number): string[] {
  if (rows.length === 0) return [];
  const ordered = [...rows].sort((a, b) => measureOrder(a.quantity) - measureOrder(b.quantity));
  const present = new Set(rows.map((r) => r.quantity.slice(7)));
  const changed = new Set(rows.filter(moved).map((r) => r.quantity.slice(7)));
  return [`${rows[0].variant} ${themeSentence(present, changed)}`, ...ordered.map((r) => rowSentence(r, v, family))];
}

function figureMap(v: VerdictInput, variant: string): Map<string, Figure> {
  return new Map((v.figures.get(variant) ?? []).map((f) => [f.quantity, f]));
}

function intervalText(f: Figure, rate: boolean): string {
  const s = rate ? 100 : 1;
  const d = rate ? 1 : decimalsFor((f.high - f.low) / 2);
  return Number.isFinite(f.low) ? `95% CI ${fixed(s * f.low, d)} to ${fixed(s * f.high, d)}${rate ? '%' : ''}` : '';
}

function ownWins(v: VerdictInput, f: Map<string, Figure>, variant: string): string {
  if (oneBotLineup(v.lineup)) return `all seats are ${v.lineup[0]}: the seats' balance is the question.`;
  const parts = [...new Set(v.lineup)].flatMap((bot) => {
    const x = f.get(`win_share:${bot}`);
    if (!x) return [];
    const who = seatsOf(bot, v) > 1 ? `each ${bot} seat` : bot;
    return [`${who} won ${level(x.value, true, 1)} of its matches (${intervalText(x, true)})`];
  });
  const n = v.matches.get(variant);
  const every = wonEvery(sharesOf(v, variant));
  const lead = every !== undefined ? `${every} won every match${n !== undefined ? ` (${n} of ${n})` : ''}: its win share sits at 100%, and its margin says by how much; ` : '';
  return `${lead}${parts.join('; ')}; an even share would be ${level(1 / v.players, true, 1)}.`;
}

/** "the margins (score points; ahead is positive): greedy +12.3 (95% CI ...), ...; the winner's margin over the runner-up ...". */
function ownMargins(v: VerdictInput, f: Map<string, Figure>): string[] {
  const bots = oneBotLineup(v.lineup) ? [] : [...new Set(v.lineup)];
  const parts = [...bots.map((b) => `margin:${b}`), 'winner_margin'].flatMap((q) => {
    const x = f.get(q);
    if (!x) return [];
    const d = decimalsFor((x.high - x.low) / 2);
    const ci = Number.isFinite(x.low) ? ` (95% CI ${signed(x.low, d)} to ${signed(x.high, d)})` : '';
    return [`${quantityName(q, v).name} ${signed(x.value, d)}${ci}`];
  });
  return parts.length > 0 ? [`in ${SCORE_POINTS}, ahead positive: ${parts.join('; ')}.`] : [];
}

function ownBalance(f: Map<string, Figure>, players: number): string {
  const a = f.get('first_player_advantage');
  if (!a) return 'no figure.';
  const d = decimalsFor((100 * (a.high - a.low)) / 2);
  const size = `${signed(100 * a.value, d)} points (95% CI ${signed(100 * a.low, d)} to ${signed(100 * a.high, d)})`;
  // Position 0's share at 100%: the seat, not a bot, won every match someone won.
  // Within the 6 decimals of variants.csv.
  if (Math.abs(a.value + 1 / players - 1) < 5e-7) return `the first player won every match someone won: its share sits at 100%, ${size} above a fair share.`;
  if (a.low > 0) return `the first player has an advantage: its share of the matches someone won is ${size} above a fair share.`;
  if (a.high < 0) return `the first player is at a disadvantage: its share of the matches someone won is ${size} off a fair share.`;
  return `no sign of a first-player advantage: ${size} against a fair share of the matches someone won.`;
}

function ownEndings(f: Map<string, Figure>): string {
  const annulled = f.get('annulled_rate');
  const reasons = [...f.values()].filter((x) => x.quantity.startsWith('end_reason:')).sort((a, b) => b.value - a.value);
  const by = reasons.map((x) => `${readable(x.quantity.slice(11))} ${level(x.value, true, 1)}`).join(', ');
  return `${annulled ? `${level(annulled.value, true, 1)} of the matches are annulled; ` : ''}they end by ${by}.`;
}

function ownOthers(v: VerdictInput, f: Map<string, Figure>): string[] {
  const metrics = [...f.values()].filter((x) => x.quantity.startsWith('metric:') && !(x.low === x.high && x.low === x.value) && !(x.value === 0 || x.value === 1));
  return metrics.filter((x) => !isMeasureQuantity(x.quantity)).map((x) => ownFigure(x, v));
}

/** The match measures of a single variant, in the order of their columns, each with its interval. */
function ownMeasures(v: VerdictInput, f: Map<string, Figure>): string[] {
  return [...f.values()]
    .filter((x) => isMeasureQuantity(x.quantity))
    .sort((a, b) => measureOrder(a.quantity) - measureOrder(b.quantity))
    .map((x) => ownFigure(x, v));
}

/** "Dado cards played per match: 1.42 (95% CI 1.40 to 1.45)." */
function ownFigure(x: Figure, v: VerdictInput): string {
  const n = metricName(x.quantity.slice(7), v.metricInfo);
  const d = n.rate ? 1 : decimalsFor(Math.abs(x.value) / 100);
  return `${n.name}: ${level(x.value, n.rate, d)} (${intervalText(x, n.rate)}).`;
}

/** A single-variant run: how each bot did and whether the seats are balanced. */
function singleBlock(variant: string, v: VerdictInput): string[] {
  const f = figureMap(v, variant);
  const n = v.matches.get(variant);
  const out = [`${variant}${n !== undefined ? ` (${n} matches)` : ''}:`];
  out.push(...section('Who wins', [ownWins(v, f, variant), ...ownMargins(v, f)]));
  const every = oneBotLineup(v.lineup) ? undefined : wonEvery(sharesOf(v, variant));
  out.push(...section('Balance', [every !== undefined ? firstPlayerUninformative(every) : ownBalance(f, v.players)]));
  const turns = f.get('turns_mean');
  const median = f.get('turns_median');
  if (turns) {
    out.push(...section('Length', [`games last ${fixed(turns.value, 1)} turns on average${median ? ` (median ${fixed(median.value, 1)})` : ''}.`]));
  }
  out.push(...section('How matches end', [ownEndings(f)]));
  out.push(...section('Other measures', ownOthers(v, f)));
  out.push(...section('Match measures (docs/measures.md)', ownMeasures(v, f)));
  return out;
}

/** The verdict block: the question, then per variant the answer in sentences. */
export function verdictLines(v: VerdictInput): string[] {
  const out: string[] = [];
  out.push(v.question ? `Question: ${v.question}` : 'Question: the spec has no "description"; add one to have the question printed here.');
  if (v.sequential) out.push(`Sequential test: ${v.sequential}`);
  for (const note of v.notes ?? []) out.push(`Note: ${note}`);
  // Before any figure: figures of a few plays repeated many times describe those plays, not the game.
  out.push(...repeatNotes({ ...v, compared: v.reference !== undefined && v.rows.length > 0 }));
  if (v.reference === undefined || v.rows.length === 0) {
    out.push('Answer (95% intervals):');
    for (const variant of v.variants) out.push(...singleBlock(variant, v));
    return out;
  }
  const family = familySize(v.rows);
  out.push(
    `Answer, against ${v.reference} (95% intervals; a change is a difference with Holm-adjusted p < ${VERDICT_ALPHA} over the ${family} quantities compared, ` +
      `and "would have been detected" means with ${VERDICT_POWER * 100}% power at that level):`,
  );
  for (const variant of v.variants) if (variant !== v.reference) out.push(...variantBlock(variant, v, family));
  return out;
}

/** The block as the terminal prints it. */
export function verdictText(v: VerdictInput): string {
  return verdictLines(v).join('\n') + '\n';
}

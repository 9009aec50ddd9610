import { fixed } from '../../analysis/intervals.js';
import { formatTable } from '../../analysis/table.js';
import { ALPHA, pText } from '../../analysis/comparison-text.js';
import type { ImportanceRow } from './analysis.js';
import { decimalsFor, level, quantityName, signed, type Words } from '../../analysis/verdict-words.js';

/**
 * `tavolo importance` in words: each view's answer in sentences (the ranking, each card with its change,
 * 95% interval and Holm-adjusted p), then its table.
 */

/** What the sentences need to know about the runs. */
export interface ImportanceContext {
  words: Words;
  quantity: string;
  /** The focal bot's lineup name and the others', for "greedy (against 1 greedy)". */
  focus: string;
  opponents: readonly string[];
  matches: number;
  /** Whether the quantity is the focal bot's win share (then restricted play speaks of a loss). */
  lossRanked: boolean;
}

const holmText = (p: number) => (p < 0.001 ? '< 0.001' : `= ${pText(p)}`);

/** A change and its interval in the quantity's unit: "-12.3 points (95% CI -13.0 to -11.6)". */
function changeText(r: ImportanceRow, rate: boolean, d: number, negate = false): string {
  const k = (rate ? 100 : 1) * (negate ? -1 : 1);
  const unit = rate ? ' points' : '';
  const [lo, hi] = negate ? [r.high * k, r.low * k] : [r.low * k, r.high * k];
  return `${signed(r.difference * k, d)}${unit} (95% CI ${signed(lo, d)} to ${signed(hi, d)}${unit})`;
}

/** Decimals for a table of rows: from the median interval width (one very narrow row does not lengthen every figure). */
function decimalsOf(rows: readonly ImportanceRow[], rate: boolean): number {
  const widths = rows.map((r) => (r.high - r.low) * (rate ? 100 : 1)).filter((w) => w > 0 && Number.isFinite(w)).sort((a, b) => a - b);
  return decimalsFor(widths.length > 0 ? widths[Math.floor(widths.length / 2)] : NaN);
}

/** Decimals for one row's sentence: what its own interval can tell. */
function rowDecimals(r: ImportanceRow, rate: boolean, fallback: number): number {
  const w = (r.high - r.low) * (rate ? 100 : 1);
  return w > 0 && Number.isFinite(w) ? decimalsFor(w) : fallback;
}

const found = (r: ImportanceRow) => r.pHolm < ALPHA;

/** Every pair of matches gave the same value: the change never mattered in these matches. */
const unchanged = (r: ImportanceRow) => r.test === 'constant' || (r.difference === 0 && r.sd === 0);

/** "1. the Stramat card: loses 12.3 points of win share, from 45.1% to 32.8% (95% CI ...; Holm-adjusted p < 0.001)" */
function restrictedLine(r: ImportanceRow, c: ImportanceContext, d: number): string {
  const { name, rate } = quantityName(c.quantity, c.words);
  const levels = Number.isFinite(r.referenceValue) ? `, from ${level(r.referenceValue, rate, d)} to ${level(r.value, rate, d)}` : '';
  const test = Number.isFinite(r.pHolm) ? `Holm-adjusted p ${holmText(r.pHolm)}` : 'the same in every match';
  if (unchanged(r)) return `  ${r.rank}. ${r.card}: no match changed (${test})`;
  if (c.lossRanked) {
    const k = rate ? 100 : 1;
    const unit = rate ? ' points' : '';
    const lost = r.difference <= 0;
    const ci = lost ? `95% CI ${fixed(-r.high * k, d)} to ${fixed(-r.low * k, d)}${unit} lost` : `95% CI ${fixed(r.low * k, d)} to ${fixed(r.high * k, d)}${unit} gained`;
    const verb = lost ? 'loses' : 'gains';
    return `  ${r.rank}. ${r.card}: ${verb} ${fixed(Math.abs(r.difference) * k, d)}${unit} of ${name}${levels} (${ci}; ${test})${found(r) ? '' : ', not significant'}`;
  }
  return `  ${r.rank}. ${r.card}: ${name} ${changeText(r, rate, d)}${levels} (${test})${found(r) ? '' : ', not significant'}`;
}

/** Whether a card's paired test against the card above it tells the two apart. */
const apart = (r: ImportanceRow) => r.above !== undefined && r.above.pHolm < ALPHA;

/**
 * The card's paired test against the card above it: "; told apart from the Alt card (paired match by
 * match, Holm-adjusted p = 0.0037)", or "; not told apart from ..." with the paired difference.
 */
function aboveText(r: ImportanceRow, rows: readonly ImportanceRow[], rate: boolean, d: number): string {
  const t = r.above;
  if (t === undefined) return '';
  const card = rows.find((x) => x.name === t.name)?.card ?? t.name;
  if (!Number.isFinite(t.pHolm)) return `; the same as ${card} in every match`;
  const p = `Holm-adjusted p ${holmText(t.pHolm)}`;
  if (apart(r)) return `; told apart from ${card} (paired match by match, ${p})`;
  const k = rate ? 100 : 1;
  const unit = rate ? ' points' : '';
  return `; not told apart from ${card} (paired match by match: ${signed(t.difference * k, d)}${unit}, 95% CI ${signed(t.low * k, d)} to ${signed(t.high * k, d)}${unit}; ${p})`;
}

/** "the Alt card ≈ the Colpo card > the Giro card": ">" where the paired test tells neighbours apart, "≈" where it does not. */
export function orderText(rows: readonly ImportanceRow[]): string {
  return rows.map((r, k) => (k === 0 ? r.card : `${apart(r) ? '>' : '≈'} ${r.card}`)).join(' ');
}

/** Restricted play's answer in sentences. */
export function restrictedWords(rows: readonly ImportanceRow[], c: ImportanceContext): string[] {
  const { name, rate } = quantityName(c.quantity, c.words);
  const d = decimalsOf(rows, rate);
  const against = c.opponents.length > 0 ? ` against ${c.opponents.join(', ')}` : '';
  const head =
    `Restricted play: ${c.focus}${against}, kept from one kind of action at a time (never taking it while another move is legal), ` +
    `${c.matches} matches paired with the unrestricted ${c.focus}'s on the same seeds. ` +
    (c.lossRanked ? `What each card is worth to ${c.focus}, in ${name} lost without it, most first:` : `How ${name} changes without each card, largest change first:`);
  const lines = [head, ...rows.map((r) => restrictedLine(r, c, rowDecimals(r, rate, d)) + aboveText(r, rows, rate, rowDecimals(r, rate, d)))];
  const tested = rows.filter((r) => r.above !== undefined && Number.isFinite(r.above.p)).length;
  if (tested > 0) {
    lines.push(
      `  The order, each card against the one above it, paired match by match (Holm over ${tested} tests; ">" told apart, "≈" not): ${orderText(rows)}.`,
    );
  }
  const sig = rows.filter(found);
  lines.push(
    sig.length === 0
      ? `  No card's restriction changed ${name} detectably (Holm over ${rows.length} kinds at the 5% level).`
      : `  ${sig.length} of ${rows.length} kinds changed ${name} (95% intervals for each kind alone; p-values Holm-adjusted over the ${rows.length} kinds).`,
  );
  return lines;
}

/** One card's sensitivity sentence: its +1 and -1 changes. */
function sensitivityLine(cardRows: readonly ImportanceRow[], c: ImportanceContext, d: number): string {
  const { rate } = quantityName(c.quantity, c.words);
  const r0 = cardRows[0];
  const parts = cardRows.map((r) => {
    const what = `${r.change === '+1' ? 'one more' : 'one fewer'} (${r.variant})`;
    if (unchanged(r)) return `${what}: no match changed`;
    return `${what}: ${changeText(r, rate, rowDecimals(r, rate, d))}, Holm p ${Number.isFinite(r.pHolm) ? holmText(r.pHolm).replace(/^= /, '') : '-'}${found(r) ? '' : ' (n.s.)'}`;
  });
  return `  ${r0.rank}. ${r0.card} (${r0.name}): ${parts.join('; ')}`;
}

/** Sensitivity's answer in sentences, and the steps the game refused. */
export function sensitivityWords(rows: readonly ImportanceRow[], c: ImportanceContext, refused: readonly string[]): string[] {
  const { name, rate } = quantityName(c.quantity, c.words);
  const d = decimalsOf(rows, rate);
  const cards = [...new Set(rows.map((r) => r.name))];
  const lines = [
    `Sensitivity: each card count of the deck one up and one down, ${c.matches} matches per variant on the same seeds; ` +
      `how ${name} moves, the card that moves it most first:`,
    ...cards.map((card) => sensitivityLine(rows.filter((r) => r.name === card), c, d)),
  ];
  const sig = rows.filter(found).length;
  lines.push(
    sig === 0
      ? `  No count change moved ${name} detectably (Holm over ${rows.length} changes at the 5% level).`
      : `  ${sig} of ${rows.length} count changes moved ${name} (95% intervals for each change alone; p-values Holm-adjusted over the ${rows.length} changes).`,
  );
  if (c.lossRanked && c.opponents.every((o) => o === c.focus.replace(/-focal$/, ''))) {
    lines.push(`  (Every seat plays the same bot, so a count moves ${c.focus}'s win share only as it moves every seat's: through turn order, annulled matches and shared wins; name other opponents, or a spec, to see which counts favour one way of playing.)`);
  }
  for (const r of refused) lines.push(`  Not played: ${r}.`);
  return lines;
}

/** The view's table: rank, card, change, values, difference [95% CI], Holm p. */
export function importanceTable(rows: readonly ImportanceRow[], c: ImportanceContext): string {
  const { rate } = quantityName(c.quantity, c.words);
  const d = decimalsOf(rows, rate);
  const k = rate ? 100 : 1;
  const body = rows.map((r) => [
    String(r.rank),
    r.card,
    r.change,
    Number.isFinite(r.referenceValue) ? level(r.referenceValue, rate, d) : '',
    Number.isFinite(r.value) ? level(r.value, rate, d) : '',
    `${signed(r.difference * k, d)}`,
    `${fixed(r.low * k, d)} to ${fixed(r.high * k, d)}`,
    Number.isFinite(r.pHolm) ? pText(r.pHolm) : '-',
  ]);
  return formatTable(['rank', 'card', 'change', 'reference', 'changed', `difference${rate ? ' (pt)' : ''}`, '95% CI', 'p (Holm)'], body);
}

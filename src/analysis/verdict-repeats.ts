import { fixed } from './intervals.js';

/**
 * The verdict's first words about repeated plays: when many matches of a variant repeat an earlier match
 * move for move (matches.csv's play_hash), its figures describe those few plays more than the game, and
 * the reader must know that before any figure.
 */

/**
 * The share of a variant's matches that must repeat an earlier one for the verdict to say so first: at
 * 10% the intervals are already 10% (repeats spread over pairs of matches) to 45% (all on one play)
 * wider than on the matches, and the advice to vary the plays is worth its line.
 */
export const REPEAT_NOTE_SHARE = 0.1;

/** What the sentences need of the verdict's input (the figures plays_distinct and plays_largest of comparison-text.ts). */
export interface RepeatInput {
  variants: readonly string[];
  matches: ReadonlyMap<string, number>;
  figures: ReadonlyMap<string, ReadonlyArray<{ quantity: string; value: number }>>;
  /** Random opening moves the run played (run.json's opening), 0 or absent: none. */
  opening?: number;
  /** Whether the verdict also compares variants (whose paired tests count every match). */
  compared: boolean;
}

/** One 'Repeated play:' sentence per variant whose repeats reach REPEAT_NOTE_SHARE. */
export function repeatNotes(v: RepeatInput): string[] {
  const out: string[] = [];
  for (const variant of v.variants) {
    const figures = v.figures.get(variant) ?? [];
    const distinct = figures.find((f) => f.quantity === 'plays_distinct')?.value;
    const largest = figures.find((f) => f.quantity === 'plays_largest')?.value;
    const matches = v.matches.get(variant);
    if (distinct === undefined || largest === undefined || matches === undefined || !(matches > 0)) continue;
    const repeated = matches - distinct;
    if (repeated / matches < REPEAT_NOTE_SHARE) continue;
    out.push(repeatSentence(variant, v, { matches, distinct, largest }));
  }
  return out;
}

function repeatSentence(variant: string, v: RepeatInput, c: { matches: number; distinct: number; largest: number }): string {
  const share = fixed((100 * (c.matches - c.distinct)) / c.matches, 1);
  const plays = c.distinct === 1 ? 'one play' : `${c.distinct} distinct plays`;
  const most = c.distinct === 1 ? '' : `, the most frequent one ${c.largest} times`;
  const plural = c.distinct === 1 ? 'play allows' : 'plays allow';
  const precision = v.compared
    ? `Its own figures (variants.csv) count each distinct play once, and the tests between variants below count the effective plays of their less varied side, not the matches (Kish's; compare.csv's effective_plays).`
    : `Its intervals below count each distinct play once: they are as wide as ${c.distinct} ${plural}.`;
  return (
    `Repeated play: ${c.matches - c.distinct} of the ${c.matches} matches of ${variant} (${share}%) repeat an earlier match move for move ` +
    `(the same seats, chance and actions; matches.csv's play_hash): ${plays}${most}, so its figures describe these few plays more than the game. ` +
    `${precision} ${varyPlaysAdvice(v.opening)}`
  );
}

/** What to do about repeated plays: an opening of random moves (longer than `opening`, the one played), or a bot that draws its moves. */
export function varyPlaysAdvice(opening?: number): string {
  const start = (opening ?? 0) > 0 ? `a longer opening than ${opening} random moves (the spec's \`opening\`)` : "a few random opening moves (the spec's `opening`, 4 say)";
  return `To vary the plays, start every match with ${start} or play a bot that draws its moves (random ties, a search with its own seed).`;
}

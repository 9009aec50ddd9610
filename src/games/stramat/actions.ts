import { NUM_TYPES, TYPE_CODES, TYPE_NAMES } from './cards.js';

/**
 * Actions are small integers. A power card that needs choices is followed by small sub-decisions
 * (a target, a card), so no decision ever lists more than a few dozen actions.
 */
export const A_PASS = 0;
/** Play one number card: A_SINGLE + type (0..2). */
export const A_SINGLE = 1;
/** Play two number cards, first then second (the second is the new top): A_PAIR + first * 3 + second. */
export const A_PAIR = 4;
/** Play a power card: A_POWER + (type - 3). */
export const A_POWER = 13;
/** Choose a player: A_TARGET + seat. */
export const A_TARGET = 20;
/** Choose a card type: A_CARD + type. */
export const A_CARD = 26;
/** Answer an Alt (or a Birichino Stramat) with the counter-Alt. */
export const A_COUNTER = 36;
/** Finish a choice of several cards or players. */
export const A_DONE = 37;
/** Do not answer with the counter-Alt. */
export const A_DECLINE = 38;
export const NUM_ACTIONS = 39;
/** The most actions any decision lists (main: pass + 3 singles + 9 pairs + 7 powers). */
export const MAX_ACTIONS = 24;

export function actionCode(a: number): string {
  if (a === A_PASS) return 'P';
  if (a < A_PAIR) return `n${a - A_SINGLE + 1}`;
  if (a < A_POWER) {
    const k = a - A_PAIR;
    return `n${((k / 3) | 0) + 1}n${(k % 3) + 1}`;
  }
  if (a < A_TARGET) return TYPE_CODES[a - A_POWER + 3];
  if (a < A_CARD) return `t${a - A_TARGET}`;
  if (a < A_COUNTER) return `c${TYPE_CODES[a - A_CARD]}`;
  if (a === A_COUNTER) return 'X';
  if (a === A_DONE) return '.';
  if (a === A_DECLINE) return '-';
  return `?${a}`;
}

/** Parses an action code back into its integer (for replays); -1 if unknown. */
export function parseActionCode(code: string): number {
  for (let a = 0; a < NUM_ACTIONS; a++) if (actionCode(a) === code) return a;
  return -1;
}

export function cardName(t: number): string {
  return t >= 0 && t < NUM_TYPES ? TYPE_NAMES[t] : '?';
}

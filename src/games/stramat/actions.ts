import { Card, TYPE_CODES, TYPE_NAMES } from './cards.js';

/**
 * Actions are small integers. A power card that needs choices is followed by small sub-decisions
 * (a target, a card), so no decision ever lists more than a few dozen actions.
 */
export const enum Act {
  PASS = 0,
  /** Play one number card: Act.SINGLE + type (0..2). */
  SINGLE = 1,
  /** Play two number cards, first then second (the second is the new top): Act.PAIR + first * 3 + second. */
  PAIR = 4,
  /** Play a power card: Act.POWER + (type - 3). */
  POWER = 13,
  /** Choose a player: Act.TARGET + seat. */
  TARGET = 20,
  /** Choose a card type: Act.CARD + type. */
  CARD = 26,
  /** Answer an Alt (or a Birichino Stramat) with the counter-Alt. */
  COUNTER = 36,
  /** Finish a choice of several cards or players. */
  DONE = 37,
  /** Do not answer with the counter-Alt. */
  DECLINE = 38,
  /** How many action codes there are. */
  COUNT = 39,
}
/** The most actions any decision lists (main: pass + 3 singles + 9 pairs + 7 powers). */
export const MAX_ACTIONS = 24;

export function actionCode(a: number): string {
  if (a === Act.PASS) return 'P';
  if (a < Act.PAIR) return `n${a - Act.SINGLE + 1}`;
  if (a < Act.POWER) {
    const k = a - Act.PAIR;
    return `n${((k / 3) | 0) + 1}n${(k % 3) + 1}`;
  }
  if (a < Act.TARGET) return TYPE_CODES[a - Act.POWER + 3];
  if (a < Act.CARD) return `t${a - Act.TARGET}`;
  if (a < Act.COUNTER) return `c${TYPE_CODES[a - Act.CARD]}`;
  if (a === Act.COUNTER) return 'X';
  if (a === Act.DONE) return '.';
  if (a === Act.DECLINE) return '-';
  return `?${a}`;
}

/** Parses an action code back into its integer (for replays); -1 if unknown. */
export function parseActionCode(code: string): number {
  for (let a = 0; a < Act.COUNT; a++) if (actionCode(a) === code) return a;
  return -1;
}

export function cardName(t: number): string {
  return t >= 0 && t < Card.COUNT ? TYPE_NAMES[t] : '?';
}

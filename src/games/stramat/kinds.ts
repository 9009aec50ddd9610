import type { ActionKind, GameImportance } from '../../engine/game.js';
import type { StramatObservation } from './observation.js';
import { Act } from './actions.js';
import { Card, TYPE_KEYS, TYPE_NAMES } from './cards.js';

/**
 * The kinds of action a player can be kept from (`tavolo importance`, restricted play): each power card.
 * Number cards are left out: a hand of numbers is the game itself, not a card whose worth is in question.
 * A kind is the playing of the card; the choices that follow it (a target, a card type) are not, so a
 * player kept from Colpo never starts one. The counter-Alt is an Alt card played out of turn (7.2 A), so
 * it is of kind `alt`.
 */
export const STRAMAT_ACTION_KINDS: readonly ActionKind[] = TYPE_KEYS.slice(Card.DADO).map((key, i) => ({
  name: key,
  label: `the ${TYPE_NAMES[Card.DADO + i]} card`,
}));

/** The kind of an action: its power card, or null (numbers, passes, targets and other choices). */
export function actionKind(action: number): string | null {
  if (action >= Act.POWER && action < Act.TARGET) return TYPE_KEYS[action - Act.POWER + Card.DADO];
  if (action === Act.COUNTER) return TYPE_KEYS[Card.ALT];
  return null;
}

/** The importance facet: the kinds `tavolo importance` can keep a player from. */
export const stramatImportance: GameImportance<StramatObservation> = { actionKinds: STRAMAT_ACTION_KINDS, actionKind };

import type { ActionKind, GameImportance } from '../../engine/game.js';
import type { StopObservation } from './observation.js';
import { Card, KIND_NAME, KIND_OF, Kind } from './cards.js';

/**
 * The kinds of action a player can be kept from (`tavolo importance`, restricted play): playing a card of
 * each kind, whatever its colour (the twelve coloured kinds and the jolly). Drawing, passing and the
 * choice of a swap's direction are of no kind. A play is a card type (colour and kind), so the action
 * alone says its kind.
 */
const NAMES = ['zero', 'one', 'two_plus', 'three', 'four', 'five', 'six_nine', 'seven', 'eight', 'skip', 'swap', 'x_plus'] as const;

export const STOP_ACTION_KINDS: readonly ActionKind[] = [
  ...NAMES.map((name, k) => ({ name, label: `${KIND_NAME[k]} cards` })),
  { name: 'jolly', label: 'jollies' },
];

/** The kind of an action: the kind of the card it plays, or null (draw, pass, a swap's direction). */
export function actionKind(action: number): string | null {
  if (action < 0 || action >= Card.COUNT) return null;
  const kind = KIND_OF[action];
  return kind === Kind.JOLLY ? 'jolly' : NAMES[kind];
}


/** The importance facet: the kinds `tavolo importance` can keep a player from. */
export const stopImportance: GameImportance<StopObservation> = { actionKinds: STOP_ACTION_KINDS, actionKind };

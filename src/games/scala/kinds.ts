import type { ActionKind, GameImportance } from '../../engine/game.js';
import type { ScalaObservation } from './observation.js';
import { Act } from './state.js';

/**
 * The kinds of action a player can be kept from (`tavolo importance`, restricted play): placing a piece
 * of each number 1..4 (on an empty square or on a stack). A player kept from a number never places it
 * while another placement is legal: what pieces of that number are worth to it. The pass is of no kind
 * (it is legal only when nothing else is). An action is ((row * 10 + col) * 4) + number - 1, so the action
 * alone says its kind.
 */
const NUMBER_NAMES = ['one', 'two', 'three', 'four'] as const;

export const SCALA_ACTION_KINDS: readonly ActionKind[] = NUMBER_NAMES.map((name, i) => ({ name, label: `pieces of number ${i + 1}` }));

/** The kind of an action: the number of the piece it places, or null (the pass). */
export function actionKind(action: number): string | null {
  if (action < 0 || action >= Act.PASS) return null;
  return NUMBER_NAMES[action % 4];
}

/** The importance facet: the kinds `tavolo importance` can keep a player from. */
export const scalaImportance: GameImportance<ScalaObservation> = { actionKinds: SCALA_ACTION_KINDS, actionKind };

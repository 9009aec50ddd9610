import type { ActionKind, GameImportance } from '../../engine/game.js';
import type { SymbotrioObservation } from './observation.js';
import { Act } from './state.js';

/**
 * The kinds of action a player can be kept from (`tavolo importance`, restricted play): stopping early
 * (fewer than three squares flipped). Flipping a square is the game itself, not a choice whose worth is
 * in question. The cheater card's draw is not a kind: its target is a forced follow-up of drawing the
 * card (no other move is legal then), so a restriction could not change it, and random matches at two
 * players rarely reach it. The cards' worth is asked by the sensitivity view (the five card counts).
 */
export const SYMBOTRIO_ACTION_KINDS: readonly ActionKind[] = [
  { name: 'stop', label: 'stopping early (fewer than three squares flipped)' },
];

/** The kind of an action: `stop`, or null (a flip, a cheater card's target). */
export function actionKind(action: number): string | null {
  return action === Act.STOP ? 'stop' : null;
}

/** The importance facet: the kinds `tavolo importance` can keep a player from. */
export const symbotrioImportance: GameImportance<SymbotrioObservation> = { actionKinds: SYMBOTRIO_ACTION_KINDS, actionKind };

import type { ActionKind, GameImportance } from '../../engine/game.js';
import type { ZatreObservation } from './observation.js';
import { END, actionValue } from './state.js';

/**
 * The kinds of action a player can be kept from (`tavolo importance`, restricted play): placing a tile
 * of each value 1..6 (wherever it goes), and holding back (ending the turn with tiles kept face down, the
 * exception to the fifth rule). A player kept from a value keeps those tiles in hand whenever another
 * move is legal, so they end as minus points unless nothing else can go down: what that value is worth.
 * A player kept from holding places every tile it can, which is rule 5 played strictly. The action
 * alone says its kind: its code carries the tile's value.
 */
const VALUE_NAMES = ['one', 'two', 'three', 'four', 'five', 'six'] as const;

export const ZATRE_ACTION_KINDS: readonly ActionKind[] = [
  ...VALUE_NAMES.map((name, i) => ({ name, label: `tiles of value ${i + 1}` })),
  { name: 'hold', label: 'holding tiles back (ending a turn with tiles kept)' },
];

/** The kind of an action: the value of the tile it places, or `hold` for ending the turn. */
export function actionKind(action: number): string | null {
  if (action === END) return 'hold';
  return VALUE_NAMES[actionValue(action) - 1] ?? null;
}

/** The importance facet: the kinds `tavolo importance` can keep a player from. */
export const zatreImportance: GameImportance<ZatreObservation> = { actionKinds: ZATRE_ACTION_KINDS, actionKind };

import { InputError } from '../errors.js';
import type { AnyGame } from './game.js';

/** A heuristic that rates every action alike. */
const ALIKE = (_obs: unknown, _action: number): number => 0;

/**
 * The game's `search.heuristic`, as a plain function to hoist out of a loop, or, for a game without one,
 * a heuristic that rates every action alike: the search bots use it only to order and bias their search,
 * which then keeps the legal order. The bots that play by the heuristic alone refuse such a game instead
 * (requireHeuristic).
 */
export function heuristicOf(game: AnyGame): (obs: unknown, action: number) => number {
  return game.search.heuristic ?? ALIKE;
}

/**
 * Refuses, when a spec is resolved, a bot whose moves are the heuristic's choice (greedy, memory, greedy
 * playouts) for a game without `search.heuristic`. `who` says which bot or parameter asks for it.
 */
export function requireHeuristic(game: AnyGame, who: string): void {
  if (typeof game.search.heuristic !== 'function') {
    throw new InputError(`${who} plays by the game's search.heuristic, and ${game.name} has none (docs/adding-a-game.md, the search facet)`);
  }
}

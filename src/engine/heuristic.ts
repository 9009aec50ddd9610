import { InputError } from '../errors.js';
import type { AnyGame } from './game.js';
import type { Rng } from './rng.js';

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

/**
 * A softmax choice over the game's heuristic: among the first `count` of `legal`, action a with probability
 * proportional to exp((h(a) - max h) / temperature), drawn with one `rng.float()`. A casual player: it
 * mostly takes what the heuristic rates best and, the closer the alternatives and the higher the
 * temperature (in the heuristic's own units), the more often something else. `values` is a buffer of at
 * least `count` numbers the caller keeps, so a decision allocates nothing.
 */
export function softmaxChoice(
  game: AnyGame,
  obs: unknown,
  legal: Int32Array,
  count: number,
  temperature: number,
  rng: Rng,
  values: Float64Array,
): number {
  const heuristic = heuristicOf(game);
  let max = -Infinity;
  for (let i = 0; i < count; i++) {
    values[i] = heuristic(obs, legal[i]);
    if (values[i] > max) max = values[i];
  }
  let total = 0;
  // An infinite best value (a winning move rated +Infinity) leaves the choice to the actions that have it.
  const finite = Number.isFinite(max);
  for (let i = 0; i < count; i++) {
    values[i] = values[i] === max ? 1 : finite ? Math.exp((values[i] - max) / temperature) : 0;
    total += values[i];
  }
  let r = rng.float() * total;
  for (let i = 0; i < count - 1; i++) {
    r -= values[i];
    if (r < 0) return legal[i];
  }
  return legal[count - 1];
}

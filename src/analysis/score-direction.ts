import { games } from '../games/index.js';

/**
 * Which scores are better in a game, for the margins (quantities.ts): the registered game's
 * `betterScore`, 'higher' when it declares none (the contract's default). A game loaded from a file is
 * not in the registry: its result folder names it by hash, so its margins read a higher score as better.
 */
export function scoreDirection(game: string | undefined): 'lower' | 'higher' {
  return (game !== undefined && Object.hasOwn(games, game) ? games[game].betterScore : undefined) ?? 'higher';
}

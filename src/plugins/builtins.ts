import { bots } from '../../bots/index.js';
import type { BotFactory } from '../engine/bot.js';
import type { AnyGame } from '../engine/game.js';

/**
 * The built-in games and bots: the one place where src/ reaches into bots/. The runner never imports
 * bots/ and bots/ never imports the runner (bots depend on src/engine only); both meet here, in the
 * plugin loader's registry. tests/project/import-boundaries.test.ts checks it.
 */
export const builtInBots: Readonly<Record<string, BotFactory>> = bots;

/** Restricted play for any bot (a bot from a file can export `restricted(itsFactory)`): bots/restricted.ts. */
export { restricted } from '../../bots/restricted.js';

/** The registered games (src/games/index.ts), imported on first use. */
export async function builtInGames(): Promise<Readonly<Record<string, AnyGame>>> {
  const mod = await import('../games/index.js');
  return mod.games;
}

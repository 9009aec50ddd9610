// The games the generic contract suites run on: every registered game (src/games/index.ts `games`), and
// the games of tests/fixtures/games, loaded from their files as `tavolo run` loads a game given by path
// (defaults filled, every missing member named), so a game that follows docs/adding-a-game.md from its
// own file is held to the same suites.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gameDocsFolder } from '../../src/cli/game-docs.js';
import type { AnyGame } from '../../src/engine/game.js';
import { games } from '../../src/games/index.js';
import { loadGame } from '../../src/plugins/loader.js';
import { ROOT } from '../fixtures/cli.js';

export const FILE_GAMES_DIR = join(import.meta.dirname, '..', 'fixtures', 'games');

/** The fixture games, by name, loaded from their files. */
export async function fileGames(): Promise<Record<string, AnyGame>> {
  const out: Record<string, AnyGame> = {};
  for (const f of readdirSync(FILE_GAMES_DIR).filter((f) => f.endsWith('.mjs')).sort()) {
    const { game } = await loadGame(join(FILE_GAMES_DIR, f), FILE_GAMES_DIR);
    out[game.name] = game;
  }
  return out;
}

/** Registered games first, then the fixture games. */
export async function suiteGames(): Promise<Record<string, AnyGame>> {
  return { ...games, ...(await fileGames()) };
}

/**
 * The folder of a suite game's own documentation (observations.md, events.md): src/games/<name>/docs/ for
 * a registered game, and for a game file tests/fixtures/games/<name>/docs/, beside the file.
 */
export function suiteGameDocs(name: string): string {
  return Object.hasOwn(games, name) ? join(ROOT, gameDocsFolder(name)) : join(FILE_GAMES_DIR, name, 'docs');
}

import type { AnyGame } from '../engine/game.js';
import { missingGameMembers, withGameDefaults } from '../engine/game-check.js';
import { InputError } from './errors.js';
import { importFile, looksLikePath, resolveModulePath } from './modules.js';

/** The registered games (src/games/index.ts), imported on first use. */
export async function gameRegistry(): Promise<Record<string, AnyGame>> {
  const mod = await import('../games/index.js');
  return mod.games;
}

/** The contract members a value lacks (engine/game-check.ts: the same check as for registered games). */
export { missingGameMembers };

/**
 * A game by registered name, or from a `.js`/`.mjs` file whose default export (or export named `game`)
 * implements the Game contract. Relative paths resolve against baseDir.
 */
export async function loadGame(ref: string, baseDir: string, field = 'game'): Promise<{ game: AnyGame; file?: string }> {
  if (!looksLikePath(ref)) {
    const registry = await gameRegistry();
    const game = Object.hasOwn(registry, ref) ? registry[ref] : undefined;
    if (!game) {
      throw new InputError(
        `unknown game "${ref}"; valid games are: ${Object.keys(registry).join(', ')} (or a path to a .js/.mjs game module)`,
        field,
      );
    }
    return { game };
  }
  const file = resolveModulePath(ref, baseDir, field, 'game');
  const mod = await importFile(file, field, 'game');
  // Without an export named `game`, the default export's own missing members are the ones to name.
  const candidate = missingGameMembers(mod.default).length === 0 || mod.game === undefined ? mod.default : mod.game;
  const missing = missingGameMembers(candidate);
  if (missing.length > 0) {
    throw new InputError(
      `game file ${file} does not export a Game (default export or export named \`game\`); missing: ${missing.join(', ')}`,
      field,
    );
  }
  // Members that can be derived (actionText, describe, the views, ...) get their defaults.
  return { game: withGameDefaults(candidate as AnyGame, `game file ${file}`), file };
}

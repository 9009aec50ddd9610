import type { AnyGame } from '../engine/game.js';
import { InputError } from './errors.js';
import { importFile, looksLikePath, resolveModulePath } from './modules.js';

/** The registered games (src/games/index.ts), imported on first use. */
export async function gameRegistry(): Promise<Record<string, AnyGame>> {
  const mod = await import('../games/index.js');
  return mod.games;
}

const GAME_FUNCTIONS = [
  'checkOptions',
  'setup',
  'currentPlayer',
  'legalActions',
  'apply',
  'clone',
  'observe',
  'result',
  'metrics',
  'actionCode',
  'actionText',
  'heuristic',
  'describe',
] as const;

/** The names of the contract members a value lacks (empty when it looks like a Game). */
export function missingGameMembers(v: unknown): string[] {
  if (typeof v !== 'object' || v === null) return ['(not an object)'];
  const g = v as Record<string, unknown>;
  const missing: string[] = [];
  if (typeof g.name !== 'string') missing.push('name');
  for (const k of ['minPlayers', 'maxPlayers', 'maxActions']) if (typeof g[k] !== 'number') missing.push(k);
  for (const k of ['options', 'metricNames']) if (!Array.isArray(g[k])) missing.push(k);
  for (const k of GAME_FUNCTIONS) if (typeof g[k] !== 'function') missing.push(k);
  return missing;
}

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
  const candidate = missingGameMembers(mod.default).length === 0 ? mod.default : mod.game;
  const missing = missingGameMembers(candidate);
  if (missing.length > 0) {
    throw new InputError(
      `game file ${file} does not export a Game (default export or export named \`game\`); missing: ${missing.join(', ')}`,
      field,
    );
  }
  return { game: candidate as AnyGame, file };
}

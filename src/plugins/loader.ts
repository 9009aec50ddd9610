import type { BotFactory } from '../engine/bot.js';
import type { AnyGame } from '../engine/game.js';
import { missingGameMembers, withGameDefaults } from '../engine/game-check.js';
import { InputError } from '../errors.js';
import { didYouMean } from '../did-you-mean.js';
import { builtInBots, builtInGames } from './builtins.js';
import { importFile, looksLikePath, resolveModulePath } from './modules.js';
import { checkLoads } from './probe.js';
import { configOfRef, isProcessRef, processBotFactory } from '../protocol/process-bot.js';

/**
 * The one plugin loader: a game or a bot given by registered name or by the path of a `.js`/`.mjs`
 * module. The spec resolver, the workers and the CLI all load through here, so a name, a path and
 * their error messages mean the same everywhere. The built-in registries come from builtins.ts, the
 * one module that joins src/ to bots/ (tests/project/import-boundaries.test.ts keeps it so).
 */

/** What differs between the two kinds of plugin. */
interface PluginKind<T> {
  what: 'game' | 'bot';
  /** The named export tried when the default export is not one. */
  exportName: string;
  registry(): Promise<Readonly<Record<string, T>>>;
  /** The members a value lacks to be one (empty: it is one). */
  missing(v: unknown): string[];
  /** How the kind's export is described in an error. */
  shape: string;
}

/**
 * The contract members a value lacks to be a Game (engine/game-check.ts: the same check as for the
 * registered games; members that have defaults are not required).
 */
export { missingGameMembers };

/** The members a value lacks to be a BotFactory (name, params, create). */
export function missingBotMembers(v: unknown): string[] {
  if (typeof v !== 'object' || v === null) return ['(not an object)'];
  const f = v as Partial<BotFactory>;
  const missing: string[] = [];
  if (typeof f.name !== 'string') missing.push('name');
  if (!Array.isArray(f.params)) missing.push('params');
  if (typeof f.create !== 'function') missing.push('create');
  return missing;
}

/** Whether a value has the shape of a BotFactory (name, description, params, create). */
export function isBotFactory(v: unknown): v is BotFactory {
  return missingBotMembers(v).length === 0;
}

export const GAME_KIND: PluginKind<AnyGame> = {
  what: 'game',
  exportName: 'game',
  registry: builtInGames,
  missing: missingGameMembers,
  shape: 'a Game',
};

export const BOT_KIND: PluginKind<BotFactory> = {
  what: 'bot',
  exportName: 'bot',
  registry: () => Promise.resolve(builtInBots),
  missing: missingBotMembers,
  shape: 'a BotFactory (a string `name`, an array `params` and a function `create`)',
};

export interface LoadOptions {
  /**
   * Load a file in a throwaway worker first, under a time limit (probe.ts), so that a file that hangs or
   * exits while loading is reported rather than hanging or ending tavolo. Default true; the pool's
   * workers, which load files the main thread has already loaded this way, pass false.
   */
  probe?: boolean;
}

/** A plugin by registered name, or from a module file (its default export, or the kind's named export). */
async function loadPlugin<T>(kind: PluginKind<T>, ref: string, baseDir: string, field: string, o: LoadOptions): Promise<{ value: T; file?: string }> {
  if (!looksLikePath(ref)) {
    const registry = await kind.registry();
    if (Object.hasOwn(registry, ref)) return { value: registry[ref] };
    const names = Object.keys(registry);
    throw new InputError(
      `unknown ${kind.what} "${ref}"${didYouMean(ref, names)}; valid ${kind.what}s are: ${names.join(', ')} ` +
        `(or a path to a .js/.mjs file exporting ${kind.what === 'bot' ? 'a BotFactory' : 'a Game'})`,
      field,
    );
  }
  const file = resolveModulePath(ref, baseDir, field, kind.what);
  if (o.probe !== false) await checkLoads(file, field, kind.what);
  const mod = await importFile(file, field, kind.what);
  // Without the named export, the default export's own missing members are the ones to name.
  const named = mod[kind.exportName];
  const candidate = kind.missing(mod.default).length === 0 || named === undefined ? mod.default : named;
  const missing = kind.missing(candidate);
  if (missing.length > 0) {
    throw new InputError(
      `${kind.what} file ${file} does not export ${kind.shape}: expected a default export (or an export named ` +
        `\`${kind.exportName}\`); missing: ${missing.join(', ')}`,
      field,
    );
  }
  return { value: candidate as T, file };
}

/**
 * A game by registered name, or from a `.js`/`.mjs` file whose default export (or export named `game`)
 * implements the Game contract. Relative paths resolve against baseDir. Returns the absolute file, if any.
 */
export async function loadGame(ref: string, baseDir: string, field = 'game', o: LoadOptions = {}): Promise<{ game: AnyGame; file?: string }> {
  const { value, file } = await loadPlugin(GAME_KIND, ref, baseDir, field, o);
  // A game from a file gets the defaults of the members that can be derived (actionText, the views, ...).
  return { game: file === undefined ? value : withGameDefaults(value, `game file ${file}`), file };
}

/**
 * A bot by registered name, or from a `.js`/`.mjs` file whose default export (or export named `bot`)
 * is a BotFactory. Relative paths resolve against baseDir (the spec's directory, or the cwd for the CLI).
 * Returns the factory and the absolute file, if any (workers load the same file again).
 */
export async function loadBot(ref: string, baseDir: string, field = 'bot', o: LoadOptions = {}): Promise<{ factory: BotFactory; file?: string }> {
  // A process bot (docs/protocol.md): its reference carries its command, resolved by the spec.
  if (isProcessRef(ref)) return { factory: processBotFactory(configOfRef(ref)) };
  const { value, file } = await loadPlugin(BOT_KIND, ref, baseDir, field, o);
  return { factory: value, file };
}

/** The registered games, by name (src/games/index.ts), imported on first use. */
export const gameRegistry = builtInGames;

/** The registered bots, by name. */
export function botRegistry(): Readonly<Record<string, BotFactory>> {
  return builtInBots;
}

import { trustBuiltIn, type BotFactory } from '../src/engine/bot.js';
import { InputError } from '../src/runner/errors.js';
import { importFile, looksLikePath, resolveModulePath } from '../src/runner/modules.js';
import { greedy } from './greedy.js';
import { ismcts } from './ismcts.js';
import { memory } from './memory.js';
import { pimc } from './pimc.js';
import { random } from './random.js';

/** The built-in bots, by the name used in specs and on the command line. */
export const bots: Record<string, BotFactory> = {
  random,
  greedy,
  pimc,
  ismcts,
  memory,
};

for (const factory of Object.values(bots)) trustBuiltIn(factory);

export function botNames(): string[] {
  return Object.keys(bots);
}

/** Whether a value has the shape of a BotFactory (name, description, params, create). */
export function isBotFactory(v: unknown): v is BotFactory {
  if (typeof v !== 'object' || v === null) return false;
  const f = v as Partial<BotFactory>;
  return typeof f.name === 'string' && typeof f.create === 'function' && Array.isArray(f.params);
}

/**
 * A bot by registered name, or from a `.js`/`.mjs` file whose default export (or export named `bot`)
 * is a BotFactory. Relative paths resolve against baseDir (the spec's directory, or the cwd for the CLI).
 * Returns the factory and the absolute file, if any (workers load the same file again).
 */
export async function loadBot(
  ref: string,
  baseDir: string,
  field = 'bot',
): Promise<{ factory: BotFactory; file?: string }> {
  const known = Object.hasOwn(bots, ref) ? bots[ref] : undefined;
  if (known) return { factory: known };
  if (!looksLikePath(ref)) {
    throw new InputError(
      `unknown bot "${ref}"; valid bots are: ${botNames().join(', ')} (or a path to a .js/.mjs file exporting a BotFactory)`,
      field,
    );
  }
  const file = resolveModulePath(ref, baseDir, field, 'bot');
  const mod = await importFile(file, field, 'bot');
  const candidate = isBotFactory(mod.default) ? mod.default : mod.bot;
  if (!isBotFactory(candidate)) {
    throw new InputError(
      `bot file ${file} does not export a BotFactory: expected a default export (or an export named \`bot\`) ` +
        'with a string `name`, an array `params` and a function `create`',
      field,
    );
  }
  return { factory: candidate, file };
}

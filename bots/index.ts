import { trustBuiltIn, type BotFactory } from '../src/engine/bot.js';
import { alphabeta } from './alphabeta.js';
import { greedy } from './greedy.js';
import { ismcts } from './ismcts.js';
import { memory } from './memory.js';
import { persona } from './persona.js';
import { pimc } from './pimc.js';
import { random } from './random.js';
import { restricted } from './restricted.js';

/**
 * The built-in bots, by the name used in specs and on the command line. Bots depend on src/engine only;
 * they are loaded by name or path through the plugin loader (src/plugins/loader.ts).
 */
const unrestricted: Record<string, BotFactory> = {
  random,
  greedy,
  pimc,
  ismcts,
  alphabeta,
  memory,
  persona,
};

/** Each bot above, and its restricted version `restricted-<name>` (restricted play: bots/restricted.ts). */
export const bots: Record<string, BotFactory> = {
  ...unrestricted,
  ...Object.fromEntries(Object.values(unrestricted).map((f) => [`restricted-${f.name}`, restricted(f)])),
};

for (const factory of Object.values(bots)) trustBuiltIn(factory);

export function botNames(): string[] {
  return Object.keys(bots);
}

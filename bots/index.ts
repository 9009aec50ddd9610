import { trustBuiltIn, type BotFactory } from '../src/engine/bot.js';
import { greedy } from './greedy.js';
import { ismcts } from './ismcts.js';
import { memory } from './memory.js';
import { pimc } from './pimc.js';
import { random } from './random.js';

/**
 * The built-in bots, by the name used in specs and on the command line. Bots depend on src/engine only;
 * they are loaded by name or path through the plugin loader (src/plugins/loader.ts).
 */
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

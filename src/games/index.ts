import type { AnyGame } from '../engine/game.js';
import { withGameDefaults } from '../engine/game-check.js';
import { scala } from './scala/index.js';
import { stop } from './stop/index.js';
import { stramat } from './stramat/index.js';
import { zatre } from './zatre/index.js';
import { symbotrio } from './symbotrio/index.js';

/**
 * Every game tavolo knows, by the name used in specs and on the command line. Registering checks each
 * (every missing member named) and fills the members that have defaults (engine/game-check.ts).
 */
export const games: Record<string, AnyGame> = registry([stramat, stop, zatre, scala, symbotrio]);

function registry(list: AnyGame[]): Record<string, AnyGame> {
  const out: Record<string, AnyGame> = {};
  for (const g of list) out[g.name] = withGameDefaults(g, `registered game ${g.name}`);
  return out;
}

export function gameNames(): string[] {
  return Object.keys(games);
}

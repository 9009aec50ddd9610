import type { AnyGame } from '../engine/game.js';
import { stop } from './stop/index.js';
import { stramat } from './stramat/index.js';
import { symbotrio } from './symbotrio/index.js';

/** Every game tavolo knows, by the name used in specs and on the command line. */
export const games: Record<string, AnyGame> = {
  stramat,
  stop,
  symbotrio,
};

export function gameNames(): string[] {
  return Object.keys(games);
}

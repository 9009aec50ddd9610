import type { AnyGame } from '../engine/game.js';
import { scala } from './scala/index.js';
import { stop } from './stop/index.js';
import { stramat } from './stramat/index.js';
import { zatre } from './zatre/index.js';
import { symbotrio } from './symbotrio/index.js';

/** Every game tavolo knows, by the name used in specs and on the command line. */
export const games: Record<string, AnyGame> = {
  stramat,
  stop,
  zatre,
  scala,
  symbotrio,
};

export function gameNames(): string[] {
  return Object.keys(games);
}

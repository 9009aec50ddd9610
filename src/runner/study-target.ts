import { dirname, resolve } from 'node:path';
import type { AnyGame, Options } from '../engine/game.js';
import { resolveOptions } from '../engine/options.js';
import { InputError, isOptionError, prefixOptionError } from '../errors.js';
import { loadGame } from '../plugins/loader.js';
import { readSpecFile, resolveSpec } from './spec.js';

/**
 * A study's target given as a game (a registered name or a module path) with `--option key=value` flags:
 * the game loaded, the name a spec gives it (its path for a file) and its options complete, a refused
 * option named by its flag (exit 2).
 */
export async function gameWithOptions(target: string, baseDir: string, asked: Record<string, unknown> | undefined): Promise<{ game: AnyGame; gameRef: string; options: Options }> {
  const { game, file } = await loadGame(target, baseDir, 'game');
  try {
    return { game, gameRef: file ?? target, options: resolveOptions(game.options, asked, 'option') };
  } catch (err) {
    if (isOptionError(err)) prefixOptionError(err, '--option ');
    throw new InputError(`${game.name} rejected these options: ${(err as Error).message}`, '--option');
  }
}

/** What a study starts from: a game, its options, and what a spec adds (its name, table, seed, opening). */
export interface StudyBase {
  game: AnyGame;
  gameRef: string;
  name: string;
  players?: number;
  seed?: string;
  options: Options;
  opening: number;
}

/** A study's target given as a spec file: its game, name, table, seed, opening and baseline options. */
export async function studyBaseFromSpec(target: string, baseDir: string): Promise<StudyBase> {
  const path = resolve(baseDir, target);
  const spec = await resolveSpec(readSpecFile(path), dirname(path), {});
  const baseline = spec.variants.find((v) => v.name === spec.baseline)!;
  return { game: spec.game, gameRef: spec.gameRef, name: spec.name, players: spec.players, seed: spec.seed, options: baseline.options, opening: spec.opening };
}

import type { AnyGame } from '../engine/game.js';
import { gameGives, MEASURE_NAMES, MEASURE_TABLE, type MeasureNeed } from '../engine/measures.js';
import { didYouMean } from '../did-you-mean.js';
import { describeValue, InputError } from '../errors.js';

/**
 * The spec's `measures` (docs/measures.md) as the list of measure columns to write, in the order of
 * MEASURE_TABLE whatever the order written: `true` asks for every measure the game can give, a list of
 * names for those, `false` or nothing for none (the default: a tournament that does not ask pays nothing).
 */
export function resolveMeasures(raw: unknown, game: AnyGame): string[] {
  if (raw === undefined || raw === false) return [];
  if (raw === true) return MEASURE_TABLE.filter((m) => gameGives(game, m)).map((m) => m.name);
  if (!Array.isArray(raw) || raw.length === 0 || raw.some((x) => typeof x !== 'string')) {
    throw new InputError(`expected true, false or a non-empty list of measure names (${MEASURE_NAMES.join(', ')}), found ${describeValue(raw)}`, 'measures');
  }
  const names = raw as string[];
  names.forEach((name, i) => {
    const m = MEASURE_TABLE.find((x) => x.name === name);
    const field = `measures[${i}]`;
    if (!m) throw new InputError(`unknown measure ${JSON.stringify(name)}${didYouMean(name, MEASURE_NAMES)}; the measures are: ${MEASURE_NAMES.join(', ')}`, field);
    if (names.indexOf(name) !== i) throw new InputError(`${JSON.stringify(name)} is listed twice (first as measures[${names.indexOf(name)}])`, field);
    if (!gameGives(game, m)) throw new InputError(`${JSON.stringify(name)} ${missingWords(m.needs, game.name)} (docs/adding-a-game.md)`, field);
  });
  return MEASURE_NAMES.filter((n) => names.includes(n));
}

/** Why a game cannot give a measure that needs `need`. */
function missingWords(need: MeasureNeed, game: string): string {
  if (need === 'standings') return `needs the seats' standings, and ${game} has neither standings nor evaluate`;
  return `needs the game to say which turns a player could not act in, and ${game} has neither measures.forcedPass nor measures.lostTurns`;
}

/** Refuses a measure whose column would repeat one of the game's metric columns. */
export function checkMeasureColumns(measures: readonly string[], game: AnyGame): void {
  const clash = measures.find((m) => game.measures.names.includes(m));
  if (clash !== undefined) {
    throw new InputError(`the measure ${JSON.stringify(clash)} has the name of one of ${game.name}'s metric columns; leave it out of the list`, 'measures');
  }
}

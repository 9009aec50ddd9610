import { didYouMean } from '../../did-you-mean.js';
import { InputError, describeValue } from '../../errors.js';
import { parseSpec, readSpecJson, type RawSpec } from '../../runner/spec.js';

/**
 * A meta-game spec (docs/meta.md): a tournament spec's game, players, matches and seed, the game's
 * options, and a population of strategies in place of a lineup. Its shape is checked by the tournament
 * spec's own schema (the population as `bots`, the options as one variant), so every message reads as
 * `tavolo run`'s, with the field renamed to the meta spec's own.
 */

/** The fields a meta spec may have. */
export const META_FIELDS = ['name', 'description', 'game', 'players', 'matches', 'seed', 'decisionTimeoutMs', 'opening', 'options', 'variants', 'population'] as const;

/** A strategy of the population: a bot entry as a tournament spec writes it, with its name filled in. */
export type Strategy = RawSpec['bots'][number] & { name: string };

export interface MetaSpec {
  name: string;
  description?: string;
  game: string;
  players: number;
  /** Matches per lineup (per seating of a multiset of strategies): the deals each multiset is played on. */
  matches: number;
  seed: string;
  decisionTimeoutMs?: number;
  opening?: number;
  /** The game's options: the first variant's. */
  options: Record<string, unknown>;
  /**
   * The variants every lineup is played in (paired deals), the first the reference whose equilibrium mix
   * weighs the others' comparison with it (variant-balance.ts); one variant, `base`, when the spec gives `options`.
   */
  variants: Array<{ name: string; options: Record<string, unknown> }>;
  population: Strategy[];
}

/** A strategy name is also part of a folder name. */
const STRATEGY_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** An error of the tournament schema, its field and text renamed to the meta spec's (`bots[1]` -> `population[1]`; the options as `options` when the spec has no variants). */
function renamed(err: InputError, variants: boolean): InputError {
  const rename = (s: string) => {
    const out = s.replace(/\bbots\b/g, 'population');
    return variants ? out : out.replace(/\bvariants\[0\]\.options\b/g, 'options');
  };
  const own = err.field !== undefined && err.message.startsWith(`${err.field}: `) ? err.message.slice(err.field.length + 2) : err.message;
  return new InputError(rename(own), err.field === undefined ? undefined : rename(err.field));
}

function checkFields(data: Record<string, unknown>): void {
  for (const key of Object.keys(data)) {
    if ((META_FIELDS as readonly string[]).includes(key)) continue;
    const hint = key === 'bots' ? ' (a meta spec names a population of strategies, not a lineup)' : didYouMean(key, META_FIELDS);
    throw new InputError(`unknown field "${key}"${hint}; valid fields are: ${META_FIELDS.join(', ')}`, key);
  }
}

/** Names filled in (the bot's, as in a tournament spec), checked unique and usable in a folder name. */
function strategies(population: RawSpec['bots']): Strategy[] {
  const out = population.map((e) => ({ ...e, name: e.name ?? e.bot }));
  out.forEach((e, k) => {
    if (!STRATEGY_NAME.test(e.name)) {
      throw new InputError(`expected a name of letters, digits, '.', '_' and '-' (starting with a letter or digit), found ${describeValue(e.name)}; give the entry a "name"`, `population[${k}].name`);
    }
    const first = out.findIndex((o) => o.name === e.name);
    if (first !== k) throw new InputError(`expected a name of its own, found "${e.name}", the name of population[${first}] too; give one of them another "name"`, `population[${k}].name`);
  });
  return out;
}

/** Checks a parsed meta spec: every problem named by its field, exit 2. */
export function parseMetaSpec(data: unknown, source = 'spec'): MetaSpec {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new InputError(`expected an object, found ${describeValue(data)}`, 'spec');
  const d = data as Record<string, unknown>;
  checkFields(d);
  if (!Array.isArray(d.population) || d.population.length < 2) {
    throw new InputError(`expected an array of at least 2 strategies (bot entries as in a tournament spec's "bots"), found ${describeValue(d.population)}`, 'population');
  }
  const { population, options, variants, ...rest } = d;
  if (variants !== undefined && options !== undefined) {
    throw new InputError('expected either "options" (one variant) or "variants" (each lineup played in each, compared over the first one\'s equilibrium mix), found both; put the options in the variants', 'options');
  }
  let raw: RawSpec;
  try {
    raw = parseSpec({ ...rest, variants: variants ?? [{ name: 'base', options: options ?? {} }], bots: population }, source);
  } catch (err) {
    throw err instanceof InputError ? renamed(err, variants !== undefined) : err;
  }
  return {
    name: raw.name,
    description: raw.description,
    game: raw.game,
    players: raw.players,
    matches: raw.matches,
    seed: String(raw.seed),
    decisionTimeoutMs: raw.decisionTimeoutMs,
    opening: raw.opening,
    options: raw.variants![0].options ?? {},
    variants: raw.variants!.map((v) => ({ name: v.name, options: v.options ?? {} })),
    population: strategies(raw.bots),
  };
}

/** Reads and checks a meta spec file. */
export function readMetaSpec(path: string): MetaSpec {
  const { file, data } = readSpecJson(path);
  return parseMetaSpec(data, file);
}

/** Renames a tournament error about lineup entry `seat` to the strategy it came from. */
export function asStrategyError(err: unknown, strategy: number, variants = false): unknown {
  if (!(err instanceof InputError) || err.field === undefined) return err;
  const own = err.message.startsWith(`${err.field}: `) ? err.message.slice(err.field.length + 2) : err.message;
  const renamed = err.field.replace(/^bots\[\d+\]/, `population[${strategy}]`).replace(/^lineup\[\d+\]/, `population[${strategy}]`);
  const field = variants ? renamed : renamed.replace(/^variants\[0\]\.options/, 'options');
  return new InputError(own, field);
}

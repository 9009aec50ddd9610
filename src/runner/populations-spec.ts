import { dirname, resolve } from 'node:path';
import * as z from 'zod';
import { InputError } from '../errors.js';
import { botEntrySchema, checkVariantName, parseWith, readSpecJson, resolveSpec, specKeys, specSchema, type Overrides, type RawSpec, type ResolvedSpec } from './spec.js';

/**
 * A spec with player populations (docs/populations.md): the fields of a tournament spec, with named
 * lineups in `populations` in place of `bots`. `tavolo run` plays each population as an ordinary run of
 * the spec with that lineup (the variants paired within it, on the spec's seed) in a folder of its own.
 */

const populationSchema = z.strictObject({
  description: z.string().optional(),
  /** The population's lineup, one entry per seat, exactly as a spec's `bots`. */
  bots: z.array(botEntrySchema).min(1),
});

/** A tournament spec's fields, `bots` replaced by the populations; a sequential test and tune targets are for one lineup. */
export const populationsSpecSchema = specSchema.omit({ bots: true, sequential: true, tune: true }).extend({
  populations: z.record(z.string(), populationSchema),
});

export type RawPopulationsSpec = z.infer<typeof populationsSpecSchema>;

const POPULATION_KEYS = Object.keys(populationSchema.shape);
const TOP_KEYS = Object.keys(populationsSpecSchema.shape);

/** The valid fields at a path: a population's, a bot entry's (under any population), or the tournament spec's. */
function populationsKeys(parent: string): string[] {
  if (parent === '') return TOP_KEYS;
  if (/^populations\.[^.]+$/.test(parent)) return POPULATION_KEYS;
  if (/^populations\.[^.]+\.bots$/.test(parent)) return specKeys('bots');
  return specKeys(parent);
}

/** Whether parsed JSON is a spec with populations (then `tavolo run` plays it population by population). */
export function hasPopulations(data: unknown): boolean {
  return data !== null && typeof data === 'object' && !Array.isArray(data) && Object.hasOwn(data, 'populations');
}

/** Validates the shape of a populations spec; each problem is named by its field (`populations.casual.bots[1].parms`). */
export function parsePopulationsSpec(data: unknown, source = 'spec'): RawPopulationsSpec {
  if (data !== null && typeof data === 'object' && Object.hasOwn(data, 'bots')) {
    throw new InputError('expected either "bots" (one lineup) or "populations" (named lineups), found both; move the lineup into a population', 'bots');
  }
  const raw = parseWith(populationsSpecSchema, data, source, populationsKeys);
  const names = Object.keys(raw.populations);
  if (names.length === 0) throw new InputError(`expected at least one population, such as { "casual": { "bots": [...] } }, found none`, 'populations');
  // A population's name is its folder's name.
  for (const name of names) checkVariantName(name, `populations.${name}`);
  return raw;
}

/** One population: its name, what the spec says of it, and the tournament of its lineup. */
export interface Population {
  name: string;
  description?: string;
  spec: ResolvedSpec;
}

/** The tournament spec of one population: the spec's fields with the population's lineup. */
export function populationRawSpec(raw: RawPopulationsSpec, name: string): RawSpec {
  const { populations, ...rest } = raw;
  return { ...rest, name: `${raw.name}-${name}`, bots: populations[name].bots };
}

/** A mistake in a population's tournament named by the population's field (`bots[1]` becomes `populations.strong.bots[1]`). */
function asPopulationError(err: unknown, name: string): unknown {
  if (!(err instanceof InputError) || err.field === undefined || !/^(bots|lineup)\b/.test(err.field)) return err;
  const own = err.message.startsWith(`${err.field}: `) ? err.message.slice(err.field.length + 2) : err.message;
  return new InputError(own, err.field.replace(/^(bots|lineup)/, `populations.${name}.bots`));
}

/**
 * Reads and resolves a populations spec: each population's lineup against the game, in the spec's
 * order. The populations' runs carry no spec file (run.json's lineup says who played).
 */
export async function loadPopulationsSpec(path: string, overrides: Overrides = {}): Promise<{ raw: RawPopulationsSpec; populations: Population[] }> {
  const { file, data } = readSpecJson(path);
  const raw = parsePopulationsSpec(data, file);
  const populations: Population[] = [];
  for (const [name, p] of Object.entries(raw.populations)) {
    try {
      const spec = await resolveSpec(populationRawSpec(raw, name), dirname(resolve(file)), overrides);
      populations.push({ name, ...(p.description !== undefined ? { description: p.description } : {}), spec });
    } catch (err) {
      throw asPopulationError(err, name);
    }
  }
  return { raw, populations };
}

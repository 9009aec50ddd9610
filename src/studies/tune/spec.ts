import { quantityPlan, quantityUnit } from '../../analysis/quantities.js';
import type { Preference, Target } from './race.js';
import { didYouMean } from '../../did-you-mean.js';
import { InputError, describeValue } from '../../errors.js';
import type { ResolvedSpec } from '../../runner/spec.js';

/**
 * A spec's `tune` field (docs/tune.md): the targets the search looks for, the preference among the
 * candidates that meet them, and how the race is played (matches per round, the match budget, the
 * error rate). The candidates are the spec's variants (its sweep's grid, hand-written ones too); the
 * spec's `matches` is the most a candidate plays.
 */
export interface TunePlan {
  targets: Target[];
  prefer?: Preference;
  /** Matches each surviving candidate plays per round (a multiple of the players). */
  block: number;
  /** Rounds at most: the spec's matches / block. */
  rounds: number;
  /** Matches the whole search may play, over all candidates. */
  budget: number;
  /** The chance, at most, that a candidate meeting every target is dropped. */
  errorRate: number;
  /** Matches each finalist (and the base rules) plays in the confirmation, on fresh seeds (confirm.ts). */
  confirm: number;
}

export const DEFAULT_ERROR_RATE = 0.05;
/** Without `block`, the spec's matches are played in this many rounds. */
export const DEFAULT_ROUNDS = 10;
const TUNE_KEYS = ['targets', 'prefer', 'block', 'budget', 'errorRate', 'confirm'];
const TARGET_KEYS = ['quantity', 'min', 'max'];
const PREFER_KEYS = ['quantity', 'goal'];

/** The quantities a target may name: compare.csv's per-match quantities (quantities.ts) for this spec. */
export function tuneQuantities(spec: ResolvedSpec): string[] {
  const metricNames = [...spec.game.measures.names, ...spec.measures];
  return quantityPlan({
    betterScore: spec.game.betterScore ?? 'higher',
    botNames: [...new Set(spec.lineup.map((e) => e.name))],
    players: spec.players,
    metricNames,
    metricIndex: metricNames.map((_, i) => i),
  }).names;
}

function objectAt(raw: unknown, field: string, keys: readonly string[]): Record<string, unknown> {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw new InputError(`expected an object, found ${describeValue(raw)}`, field);
  for (const k of Object.keys(raw)) {
    if (!keys.includes(k)) throw new InputError(`unknown field "${k}"${didYouMean(k, keys)}; valid fields are: ${keys.join(', ')}`, `${field}.${k}`);
  }
  return raw as Record<string, unknown>;
}

/** An ending's share, `end_reason:<reason>`: the reasons are the game's own words, found in the matches. */
const END_REASON = /^end_reason:[^\s,]+$/;

function quantityAt(raw: unknown, field: string, known: readonly string[]): string {
  if (typeof raw !== 'string' || raw === '') throw new InputError(`expected the name of a quantity, found ${describeValue(raw)}`, field);
  if (!known.includes(raw) && !END_REASON.test(raw)) {
    throw new InputError(`unknown quantity "${raw}"${didYouMean(raw, known)}; the quantities of this spec are: ${known.join(', ')}`, field);
  }
  return raw;
}

const plain = (x: number) => String(Number(x.toPrecision(6)));

/** What a value outside a quantity's range was likely meant as: a percentage or points written for a fraction. */
function likelyMeant(x: number, quantity: string, range: [number, number]): string {
  const y = x / 100;
  if (!(y >= range[0] && y <= range[1]) || x === 0) return '';
  const as = quantity === 'first_player_advantage' ? `${x > 0 ? '+' : ''}${plain(x)} point${Math.abs(x) === 1 ? '' : 's'}` : `${plain(x)}%`;
  return `; did you mean ${plain(y)} (${as})?`;
}

/** A bound in the quantity's own unit: a value the quantity cannot take is refused, with what was likely meant. */
function boundAt(raw: unknown, field: string, quantity: string, players: number): number | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'number' || !Number.isFinite(raw)) throw new InputError(`expected a number, found ${describeValue(raw)}`, field);
  const { unit, range } = quantityUnit(quantity, players);
  if (raw < range[0] || raw > range[1]) {
    const span = Number.isFinite(range[1]) ? `from ${plain(range[0])} to ${plain(range[1])}` : `at least ${plain(range[0])}`;
    const seats = quantity === 'first_player_advantage' ? ` with ${players} players` : '';
    throw new InputError(`expected a value of ${quantity}, which is ${unit}, ${span}${seats}; found ${plain(raw)}${likelyMeant(raw, quantity, range)}`, field);
  }
  return raw;
}

function targetAt(raw: unknown, field: string, known: readonly string[], players: number): Target {
  const o = objectAt(raw, field, TARGET_KEYS);
  const quantity = quantityAt(o.quantity, `${field}.quantity`, known);
  const min = boundAt(o.min, `${field}.min`, quantity, players);
  const max = boundAt(o.max, `${field}.max`, quantity, players);
  if (min === undefined && max === undefined) throw new InputError('expected "min", "max" or both, found neither', field);
  if (min !== undefined && max !== undefined && min > max) {
    throw new InputError(`expected a number of at least min (${min}), found ${describeValue(max)}: the target range is empty`, `${field}.max`);
  }
  return withShare({ quantity, min: min ?? -Infinity, max: max ?? Infinity }, players);
}

/** A target with its share range when the quantity is a share of the matches (its intervals are rate intervals). */
export function withShare(t: Target, players: number): Target {
  const u = quantityUnit(t.quantity, players);
  return u.share ? { ...t, share: u.range } : t;
}

function targetsAt(raw: unknown, known: readonly string[], players: number): Target[] {
  if (!Array.isArray(raw)) throw new InputError(`expected a list of targets ({ "quantity", "min", "max" }), found ${describeValue(raw)}`, 'tune.targets');
  if (raw.length === 0) throw new InputError('expected at least 1 target, found an empty list', 'tune.targets');
  const targets = raw.map((t, i) => targetAt(t, `tune.targets[${i}]`, known, players));
  targets.forEach((t, i) => {
    const j = targets.findIndex((u) => u.quantity === t.quantity);
    if (j < i) throw new InputError(`"${t.quantity}" already has a target (tune.targets[${j}]); give each quantity one range`, `tune.targets[${i}].quantity`);
  });
  return targets;
}

function preferAt(raw: unknown, known: readonly string[]): Preference | undefined {
  if (raw === undefined) return undefined;
  const o = objectAt(raw, 'tune.prefer', PREFER_KEYS);
  const quantity = quantityAt(o.quantity, 'tune.prefer.quantity', known);
  if (o.goal !== 'lowest' && o.goal !== 'highest') throw new InputError(`expected "lowest" or "highest", found ${describeValue(o.goal)}`, 'tune.prefer.goal');
  return { quantity, goal: o.goal };
}

function intAt(raw: unknown, field: string, min: number): number | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < min) throw new InputError(`expected an integer of at least ${min}, found ${describeValue(raw)}`, field);
  return raw;
}

/** The matches per round: given, or the spec's matches in DEFAULT_ROUNDS rounds; checked against the players and the matches. */
function blockOf(raw: unknown, spec: ResolvedSpec): number {
  const given = intAt(raw, 'tune.block', 1);
  const block = given ?? spec.matches / DEFAULT_ROUNDS;
  const field = given === undefined ? 'matches' : 'tune.block';
  if (!Number.isInteger(block) || block % spec.players !== 0) {
    const why = given === undefined ? `without tune.block a round is matches / ${DEFAULT_ROUNDS} = ${block}, which` : `found ${block}, which`;
    throw new InputError(
      `${why} is not a multiple of the players (${spec.players}): every seat rotation must be played equally often in a round; give tune.block as a multiple of ${spec.players} that divides matches (${spec.matches})`,
      field,
    );
  }
  if (spec.matches % block !== 0) {
    throw new InputError(`expected a number of matches that divides into rounds of tune.block (${block}), found ${spec.matches}: a candidate plays at most whole rounds`, 'matches');
  }
  return block;
}

/** Reads and checks a spec's `tune` field against the resolved spec. */
export function resolveTune(raw: unknown, spec: ResolvedSpec): TunePlan {
  if (raw === undefined) {
    throw new InputError('expected a "tune" field with the targets to search for (docs/tune.md shows one), found none', 'tune');
  }
  const o = objectAt(raw, 'tune', TUNE_KEYS);
  if (spec.sequential) throw new InputError('a search plays in rounds of its own; remove "sequential" from a spec with "tune"', 'sequential');
  const known = tuneQuantities(spec);
  const targets = targetsAt(o.targets, known, spec.players);
  const prefer = preferAt(o.prefer, known);
  const block = blockOf(o.block, spec);
  const rounds = spec.matches / block;
  const candidates = spec.variants.length;
  const budget = intAt(o.budget, 'tune.budget', 1) ?? candidates * spec.matches;
  if (budget < candidates * block) {
    throw new InputError(`expected at least ${candidates * block} (one round of ${block} matches for each of the ${candidates} candidates), found ${budget}`, 'tune.budget');
  }
  const errorRate = o.errorRate === undefined ? DEFAULT_ERROR_RATE : o.errorRate;
  if (typeof errorRate !== 'number' || !(errorRate > 0 && errorRate < 1)) {
    throw new InputError(`expected a number above 0 and below 1 (0.05 for 5%), found ${describeValue(errorRate)}`, 'tune.errorRate');
  }
  const confirm = intAt(o.confirm, 'tune.confirm', spec.players) ?? spec.matches;
  if (confirm % spec.players !== 0) {
    throw new InputError(`expected a multiple of the players (${spec.players}), found ${confirm}: every seat rotation must be played equally often`, 'tune.confirm');
  }
  return { targets, ...(prefer ? { prefer } : {}), block, rounds, budget, errorRate, confirm };
}

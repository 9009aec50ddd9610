import { didYouMean } from '../did-you-mean.js';
import type { OptionSpec, OptionValue } from '../engine/game.js';
import { resolveOptions } from '../engine/options.js';
import { InputError, describeValue, isOptionError } from '../errors.js';
import { MAX_VARIANTS } from './limits.js';

/**
 * Sweeps: a spec's `sweep` field declares options with lists of values or ranges with a step, and
 * tavolo generates one variant per point of the grid across them. The variants are named after their
 * values (`handSize=3`, `handSize=3,dadoCount=2`) and play on the same seeds as hand-written ones.
 */

/** One option of a sweep and the values it takes, in the order written. */
export interface SweepAxis {
  option: string;
  values: OptionValue[];
}

/** A generated variant: its name and the swept options' values (the other options keep their defaults). */
export interface SweepPoint {
  name: string;
  values: Record<string, OptionValue>;
}

/** A sweep as the runner and the analysis see it: its axes, and the grid's points in play order. */
export interface SweepPlan {
  axes: SweepAxis[];
  points: SweepPoint[];
}

/** The fields of a range `{ from, to, step }`. */
const RANGE_KEYS = ['from', 'to', 'step'];

/** How a value appears in a variant name: numbers and words as written, lists joined with '/'. */
export function formatSweepValue(v: OptionValue): string {
  // A sweep's values are game options: numbers, words and integer lists (a rule list is a bot's parameter).
  return typeof v === 'object' ? (v as number[]).join('/') : String(v);
}

/** `handSize=3,dadoCount=2` */
export function sweepVariantName(values: Record<string, OptionValue>): string {
  return Object.entries(values)
    .map(([k, v]) => `${k}=${formatSweepValue(v)}`)
    .join(',');
}

/** Values of a range from `from` to `to` (inclusive, within rounding) by `step`; checked fields. */
function rangeValues(raw: Record<string, unknown>, field: string): number[] {
  for (const key of Object.keys(raw)) {
    if (!RANGE_KEYS.includes(key)) {
      throw new InputError(`unknown field "${key}" in a range${didYouMean(key, RANGE_KEYS)}; valid fields are: from, to, step`, `${field}.${key}`);
    }
  }
  for (const key of RANGE_KEYS) {
    const v = raw[key];
    if (typeof v !== 'number' || !Number.isFinite(v)) throw new InputError(`expected a number, found ${describeValue(v)}`, `${field}.${key}`);
  }
  const { from, to, step } = raw as { from: number; to: number; step: number };
  if (step <= 0) throw new InputError(`expected a number above 0, found ${describeValue(step)}`, `${field}.step`);
  if (to < from) throw new InputError(`expected a number of at least from (${from}), found ${describeValue(to)}`, `${field}.to`);
  // A tolerance of a millionth of a step keeps 0.1 steps from losing their last value to rounding.
  const count = Math.floor((to - from) / step + 1e-6) + 1;
  if (count > MAX_VARIANTS) {
    throw new InputError(`this range has ${count} values; the limit is ${MAX_VARIANTS} variants in one tournament: use a larger step`, field);
  }
  // toPrecision(12) drops binary noise (0.1 + 0.2): values and variant names read as written.
  return Array.from({ length: count }, (_, k) => Number((from + k * step).toPrecision(12)));
}

/** One option's values: a non-empty list without repeats, or a range. */
function axisValues(raw: unknown, field: string): unknown[] {
  if (Array.isArray(raw)) {
    if (raw.length === 0) throw new InputError('expected at least 1 value, found an empty list', field);
    const seen = new Set<string>();
    raw.forEach((v, i) => {
      const key = JSON.stringify(v);
      if (seen.has(key)) throw new InputError(`expected each value once, found ${describeValue(v)} again`, `${field}[${i}]`);
      seen.add(key);
    });
    return raw;
  }
  if (raw !== null && typeof raw === 'object') return rangeValues(raw as Record<string, unknown>, field);
  throw new InputError(`expected a list of values or a range { "from": a, "to": b, "step": s }, found ${describeValue(raw)}`, field);
}

/** Checks each value against the game's option declaration, naming `sweep.<option>[i]` when wrong. */
function checkAxis(specs: readonly OptionSpec[], option: string, values: unknown[], field: string): OptionValue[] {
  const names = specs.map((s) => s.name);
  if (!names.includes(option)) {
    throw new InputError(`unknown option "${option}"${didYouMean(option, names)}; valid options are: ${names.join(', ') || '(none)'}`, field);
  }
  const spec = specs.filter((s) => s.name === option);
  return values.map((v, i) => {
    try {
      return resolveOptions(spec, { [option]: v })[option];
    } catch (err) {
      if (isOptionError(err)) throw new InputError(err.message.slice(err.field.length + 2), `${field}[${i}]`);
      throw err;
    }
  });
}

/** The axes of a sweep, checked: shape, option names and each value. */
export function sweepAxes(raw: unknown, specs: readonly OptionSpec[]): SweepAxis[] {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new InputError(`expected an object of options, each with a list of values or a range, found ${describeValue(raw)}`, 'sweep');
  }
  const entries = Object.entries(raw as Record<string, unknown>);
  if (entries.length === 0) throw new InputError('expected at least 1 option, found an empty object', 'sweep');
  return entries.map(([option, values]) => {
    const field = `sweep.${option}`;
    return { option, values: checkAxis(specs, option, axisValues(values, field), field) };
  });
}

/**
 * The grid's points, the first option varying slowest (as in nested loops written in the spec's
 * order). `room` is how many variants the limit still allows besides the hand-written ones.
 */
export function sweepPoints(axes: readonly SweepAxis[], room: number): SweepPoint[] {
  const size = axes.reduce((n, a) => n * a.values.length, 1);
  if (size > room) {
    const dims = axes.map((a) => `${a.values.length} ${a.option}`).join(' x ');
    throw new InputError(
      `the grid has ${size} variants (${dims}); the limit is ${MAX_VARIANTS} variants in one tournament${room < MAX_VARIANTS ? `, ${room} besides the hand-written ones` : ''}: sweep fewer values or split the sweep into several specs`,
      'sweep',
    );
  }
  let points: Array<Record<string, OptionValue>> = [{}];
  for (const axis of axes) {
    points = points.flatMap((p) => axis.values.map((v) => ({ ...p, [axis.option]: v })));
  }
  return points.map((values) => ({ name: sweepVariantName(values), values }));
}

/** Expands a spec's `sweep` against the game's options into a plan. */
export function expandSweep(raw: unknown, specs: readonly OptionSpec[], handWritten: number): SweepPlan {
  const axes = sweepAxes(raw, specs);
  return { axes, points: sweepPoints(axes, MAX_VARIANTS - handWritten) };
}

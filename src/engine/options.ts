import { didYouMean } from '../did-you-mean.js';
import { checkRuleList } from './prefer-rules.js';
import { OptionError, type OptionSpec, type OptionValue, type Options } from './game.js';

/** Fills in defaults and checks each given option against its spec. Throws OptionError naming the field. */
export function resolveOptions(
  specs: readonly OptionSpec[],
  given: Record<string, unknown> | undefined,
  context = 'option',
): Options {
  const out: Options = {};
  const byName = new Map(specs.map((s) => [s.name, s]));
  for (const key of Object.keys(given ?? {})) {
    if (!byName.has(key)) {
      const names = specs.map((s) => s.name);
      throw new OptionError(key, `unknown ${context}${didYouMean(key, names)}; valid ${context}s are: ${names.join(', ') || '(none)'}`);
    }
  }
  for (const spec of specs) {
    const raw = given?.[spec.name];
    out[spec.name] = raw === undefined ? cloneValue(spec.default) : checkValue(spec, raw);
  }
  return out;
}

function cloneValue(v: OptionValue): OptionValue {
  return Array.isArray(v) ? v.slice() : v;
}

function describeFound(v: unknown): string {
  if (Array.isArray(v)) return `an array (${JSON.stringify(v)})`;
  if (v === null) return 'null';
  return `${typeof v} ${JSON.stringify(v)}`;
}

function checkNumber(spec: OptionSpec, v: unknown, integer: boolean, where = spec.name): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || (integer && !Number.isInteger(v))) {
    throw new OptionError(where, `expected ${integer ? 'an integer' : 'a number'}${bounds(spec)}, found ${describeFound(v)}`);
  }
  if ((spec.min !== undefined && v < spec.min) || (spec.max !== undefined && v > spec.max)) {
    throw new OptionError(where, `expected ${integer ? 'an integer' : 'a number'}${bounds(spec)}, found ${v}`);
  }
  return v;
}

function bounds(spec: OptionSpec): string {
  if (spec.min !== undefined && spec.max !== undefined) return ` from ${spec.min} to ${spec.max}`;
  if (spec.min !== undefined) return ` of at least ${spec.min}`;
  if (spec.max !== undefined) return ` of at most ${spec.max}`;
  return '';
}

function checkValue(spec: OptionSpec, v: unknown): OptionValue {
  switch (spec.type) {
    case 'int':
      return checkNumber(spec, v, true);
    case 'number':
      return checkNumber(spec, v, false);
    case 'boolean':
      if (typeof v !== 'boolean') throw new OptionError(spec.name, `expected true or false, found ${describeFound(v)}`);
      return v;
    case 'enum':
      if (typeof v !== 'string' || !spec.values?.includes(v)) {
        throw new OptionError(spec.name, `expected one of ${spec.values?.map((x) => `"${x}"`).join(', ')}, found ${describeFound(v)}`);
      }
      return v;
    case 'string':
      if (typeof v !== 'string') throw new OptionError(spec.name, `expected a string, found ${describeFound(v)}`);
      return v;
    case 'intList': {
      if (!Array.isArray(v)) throw new OptionError(spec.name, `expected a list of integers, found ${describeFound(v)}`);
      if (spec.length !== undefined && v.length !== spec.length) {
        throw new OptionError(spec.name, `expected a list of ${spec.length} integers, found ${v.length}`);
      }
      return v.map((x, i) => checkNumber(spec, x, true, `${spec.name}[${i}]`));
    }
    case 'rules':
      return checkRuleList(spec.name, v);
  }
}

/** Formats an option for `tavolo list`. */
export function describeOption(spec: OptionSpec): string {
  let kind: string = spec.type;
  if (spec.type === 'enum') kind = spec.values!.join('|');
  else if (spec.type === 'int' || spec.type === 'number' || spec.type === 'intList') kind += bounds(spec);
  return `${spec.name} (${kind}, default ${JSON.stringify(spec.default)}): ${spec.description}`;
}

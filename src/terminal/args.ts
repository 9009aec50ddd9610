import type { OptionValue } from '../engine/game.js';
import { InputError, aboveLargest, describeValue, expectedInteger } from '../errors.js';

/**
 * A flag's value as text. yargs gives a string, a number or a boolean, or an array when the flag was given
 * more than once (read as its values joined by commas); dotted flags (`--matches.x 1`) give an object, shown as JSON.
 */
export function flagText(raw: unknown): string {
  if (typeof raw === 'string') return raw;
  if (typeof raw === 'number' || typeof raw === 'boolean' || Array.isArray(raw)) return String(raw);
  return JSON.stringify(raw) ?? '';
}

/**
 * A whole number within bounds from a command-line flag, worded as the spec's own fields are
 * (`--matches: expected an integer of at least 1, found the integer 0`). `raw` is the text as typed
 * (see rawFlagValues), so that `1e3`, `1.0` or `12abc` are refused rather than read loosely.
 */
export function intFlag(flag: string, raw: unknown, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (raw === undefined) return undefined;
  const text = flagText(raw).trim();
  const v = /^[+-]?\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(v) || v < min || v > max) {
    // Digits are described as the number they are (as in a spec); anything else as the text typed.
    const plainNumber = /^[+-]?\d+$/.test(text) || (/^[+-]?\d*\.\d+$/.test(text) && !Number.isInteger(Number(text)));
    const found = Array.isArray(raw) ? `${raw.length} values (the flag was given more than once)` : describeValue(plainNumber ? Number(text) : text);
    throw new InputError(`expected ${expectedInteger(min, max)}, found ${found}${aboveLargest(Number(text), max)}`, flag);
  }
  return v;
}

/**
 * The values of the given flags exactly as typed. yargs shows numeric flags as [number] in the help but
 * turns `abc` into NaN: the error message quotes the text instead. The last occurrence wins, as in yargs;
 * a flag given more than once yields every value.
 */
export function rawFlagValues(args: readonly string[], names: readonly string[]): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--') break;
    for (const name of names) {
      let value: string | undefined;
      if (a === `--${name}`) value = args[i + 1];
      else if (a.startsWith(`--${name}=`)) value = a.slice(name.length + 3);
      if (value === undefined) continue;
      const prev = out[name];
      out[name] = prev === undefined ? value : [...(Array.isArray(prev) ? prev : [prev]), value];
    }
  }
  return out;
}

/** A non-empty string flag. */
export function textFlag(flag: string, raw: unknown): string | undefined {
  if (raw === undefined) return undefined;
  if (Array.isArray(raw)) throw new InputError(`given more than once (${raw.map((r) => JSON.stringify(r)).join(', ')})`, flag);
  const text = flagText(raw);
  if (text.length === 0) throw new InputError('expected a non-empty value', flag);
  return text;
}

/**
 * `--option key=value` pairs. Values are read as JSON when they parse (numbers, true/false, [1,2,3]),
 * otherwise as plain strings (enum values such as `fast`).
 */
export function parseKeyValues(flag: string, raw: unknown): Record<string, OptionValue> {
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  const out: Record<string, OptionValue> = {};
  for (const item of list) {
    const text = String(item);
    const eq = text.indexOf('=');
    if (eq <= 0) throw new InputError(`expected key=value (for example dadoCount=3), found ${JSON.stringify(text)}`, flag);
    const key = text.slice(0, eq).trim();
    const valueText = text.slice(eq + 1).trim();
    let value: OptionValue;
    try {
      value = JSON.parse(valueText) as OptionValue;
    } catch {
      value = valueText;
    }
    out[key] = value;
  }
  return out;
}

/** A comma-separated list flag, e.g. `--bots greedy,random`. */
export function listFlag(flag: string, raw: unknown): string[] | undefined {
  const text = textFlag(flag, raw);
  if (text === undefined) return undefined;
  const items = text.split(',').map((s) => s.trim());
  if (items.some((s) => s.length === 0)) throw new InputError(`expected a comma-separated list without empty entries, found ${JSON.stringify(text)}`, flag);
  return items;
}

/** `--shard i/n`: shard i (0-based) of n. */
export function shardFlag(flag: string, raw: unknown): { index: number; count: number } | null {
  const text = textFlag(flag, raw);
  if (text === undefined) return null;
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!m || !Number.isSafeInteger(index) || !Number.isSafeInteger(count) || count < 1 || index >= count) {
    throw new InputError(`expected i/n with 0 <= i < n, such as 0/4 (shards are numbered from 0), found ${JSON.stringify(text)}`, flag);
  }
  return { index, count };
}

import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';

/**
 * The flags the benchmarks share (`--seconds 3`, `--game stramat`), read with yargs as the CLI's are. A
 * bad value stops the benchmark with exit 2 naming the flag, what was found and what was expected.
 */
const argv = yargs(hideBin(process.argv)).help(false).version(false).parseSync() as Record<string, unknown>;

function refuse(tool: string, message: string): never {
  console.error(`${tool}: ${message}`);
  process.exit(2);
}

/** A positive number flag (a positive integer when `integer`), or `fallback` when it is not given. */
export function positiveFlag(tool: string, name: string, fallback: number, integer = false): number {
  const raw = argv[name];
  if (raw === undefined) return fallback;
  const v = Number(raw);
  if (!(v > 0) || (integer && !Number.isInteger(v))) refuse(tool, `--${name} expects a positive ${integer ? 'integer' : 'number'}, found ${JSON.stringify(raw)}`);
  return v;
}

/** `--game <name>`: one of `names`, or undefined when not given (every game). */
export function gameFlag(tool: string, names: readonly string[]): string | undefined {
  const raw = argv.game;
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !names.includes(raw)) refuse(tool, `--game expects one of ${names.join(', ')}, found ${JSON.stringify(raw)}`);
  return raw;
}

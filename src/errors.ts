/**
 * Bad input from the user (a spec, a flag, a bot file): reported as one clear message, exit code 2.
 * `field` names what was wrong, as a path such as `variants[1].options.dadoCount` or `--threads`.
 */
export class InputError extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(field ? `${field}: ${message}` : message);
    this.name = 'InputError';
  }
}

/**
 * What a whole number must be, worded once for the spec and the command line alike:
 * `an integer of at least 1`, `an integer from 1 to 64`.
 */
export function expectedInteger(min: number, max = Number.MAX_SAFE_INTEGER): string {
  return max >= Number.MAX_SAFE_INTEGER ? `an integer of at least ${min}` : `an integer from ${min} to ${max}`;
}

/**
 * For a number above the largest accepted when the rule reads "at least" (its largest is the largest
 * integer a number holds exactly): that largest value, named. Empty for any other value.
 */
export function aboveLargest(value: unknown, max = Number.MAX_SAFE_INTEGER): string {
  if (typeof value !== 'number' || !(value > max) || max < Number.MAX_SAFE_INTEGER) return '';
  return `, above the largest accepted, ${max} (2^53 - 1, the largest integer counted exactly)`;
}

/** A short description of a found value for error messages (`the integer 0`, `the string "abc"`). */
export function describeValue(v: unknown): string {
  if (v === undefined) return 'nothing (the field is missing)';
  if (v === null) return 'null';
  if (Array.isArray(v)) return `an array of ${v.length}`;
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'string') return `the string ${JSON.stringify(v)}`;
  if (typeof v === 'number') return Number.isInteger(v) ? `the integer ${v}` : `the number ${v}`;
  return `${typeof v} ${JSON.stringify(v)}`;
}

/** An OptionError from any copy of the engine (a user's game may bundle its own): duck-typed. */
export function isOptionError(err: unknown): err is Error & { field: string } {
  return err instanceof Error && err.name === 'OptionError' && typeof (err as { field?: unknown }).field === 'string';
}

/**
 * Re-raises an OptionError as an InputError whose field is prefixed (`variants[0].options.` + field).
 * The OptionError message already starts with `field: `; only the part after it is kept.
 */
export function prefixOptionError(err: unknown, prefix: string): never {
  if (isOptionError(err)) {
    const head = `${err.field}: `;
    const detail = err.message.startsWith(head) ? err.message.slice(head.length) : err.message;
    throw new InputError(detail, `${prefix}${err.field}`);
  }
  throw err;
}

/** The run was stopped by a signal (SIGINT, SIGTERM): the journal keeps what was done. */
export class Interrupted extends Error {
  constructor(readonly signal: 'SIGINT' | 'SIGTERM' = 'SIGINT') {
    super('interrupted');
    this.name = 'Interrupted';
  }
}

/** Some batches kept failing (their worker died or hung outside any bot call, again and again). */
export class BatchesFailed extends Error {
  constructor(
    message: string,
    readonly batches: ReadonlyArray<{ variant: number; start: number; end: number; errors: string[] }>,
  ) {
    super(message);
    this.name = 'BatchesFailed';
  }
}

import { InputError, describeValue, expectedInteger } from '../errors.js';

/**
 * The per-decision time limit (`decisionTimeoutMs`, `--decision-timeout-ms`): a bot call that takes
 * longer forfeits the match as `bot_timeout`. A safety net against hanging bots, far above normal
 * decision times; the clock never reaches a bot or a game.
 */
export const DEFAULT_DECISION_TIMEOUT_MS = 10_000;
export const MAX_DECISION_TIMEOUT_MS = 86_400_000;

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** How often the pool's watchdog looks at the bot calls in flight (pool.ts), for a decision limit. */
export const watchdogTickMs = (limit: number): number => clamp(limit / 4, 10, 250);

/** How long past the limit a bot call may run before the watchdog ends its worker (pool.ts), by default. */
export const watchdogGraceMs = (limit: number): number => clamp(limit / 2, 250, 5000);

/**
 * How long a process bot waits for a reply before it ends its process (src/protocol): past the moment the
 * watchdog has marked the call expired (so the match ends as bot_timeout) and before it would end the worker.
 */
export const processWaitMs = (limit: number): number => limit + (watchdogTickMs(limit) + watchdogGraceMs(limit)) / 2;

/**
 * The most random opening moves a spec may ask for (`opening`, `--opening`): an opening varies the
 * start of a game that deals nothing (docs/reference.md); a longer one is a different game.
 */
export const MAX_OPENING = 1000;

/**
 * The bounds of the spec's whole-number fields. `--players`, `--matches` and `--decision-timeout-ms` on
 * the command line use the same bounds and the same wording (expectedInteger).
 */
export const INT_BOUNDS = {
  players: [1, 64],
  matches: [1, Number.MAX_SAFE_INTEGER],
  decisionTimeoutMs: [1, MAX_DECISION_TIMEOUT_MS],
  opening: [0, MAX_OPENING],
} as const satisfies Record<string, readonly [number, number]>;

/**
 * The determinism self-check's sample (self-check.ts): on by default, with this many matches, when the
 * game or a bot is loaded from a file; `--verify-matches` may ask for up to the maximum.
 */
export const DEFAULT_VERIFY_MATCHES = 8;
export const MAX_VERIFY_MATCHES = 10_000;

/** The largest `--batch` (matches per worker task). */
export const MAX_BATCH = 100_000;

/**
 * Resource limits of a run, named in the messages that enforce them. Each worker thread holds its own
 * V8 heap (tens of MB at least), so a pool far beyond the machine's cores only costs memory; and every
 * variant keeps its aggregates, its comparison rows and its part of the report in memory, so 200,000
 * variants ran to 3.6 GB before they were stopped. A tournament that needs more variants is better split
 * into several specs (or shards).
 */
export const MAX_THREADS = 256;
export const MAX_VARIANTS = 1000;

/** Refuses a thread count above MAX_THREADS (the command line checks its flag too; this covers the API). */
export function checkThreads(threads: number, field = '--threads'): void {
  if (!Number.isInteger(threads) || threads < 1 || threads > MAX_THREADS) {
    throw new InputError(`expected ${expectedInteger(1, MAX_THREADS)} (the limit of worker threads), found ${describeValue(threads)}`, field);
  }
}

/** Refuses more than MAX_VARIANTS variants. */
export function checkVariantCount(count: number, field = 'variants'): void {
  if (count > MAX_VARIANTS) {
    throw new InputError(
      `found ${count} variants; the limit is ${MAX_VARIANTS} variants in one tournament (each costs memory for its aggregates and its report): split them into several specs`,
      field,
    );
  }
}

/**
 * How deeply arrays and objects may sit inside each other in a spec. A real spec is about five levels
 * deep; JSON.parse reads any depth, but the recursive code after it (a value quoted in a message, the
 * identity's canonical JSON) ran out of stack on a value 100,000 levels deep and gave a RangeError.
 */
export const MAX_SPEC_DEPTH = 64;

/**
 * Refuses a value nested deeper than MAX_SPEC_DEPTH, naming the spec's field that holds it (its path
 * down to where a spec's own structure ends, four levels: `bots[0].params.epsilon`). Iterative: any depth is safe here.
 */
export function checkNesting(value: unknown): void {
  const FIELD_LEVELS = 4;
  const stack: Array<{ v: unknown; path: string; depth: number }> = [{ v: value, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { v, path, depth } = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth >= MAX_SPEC_DEPTH) {
      throw new InputError(`nested more than ${MAX_SPEC_DEPTH} levels deep (arrays and objects inside each other); a spec needs a handful of levels`, path || 'spec');
    }
    const child = (step: string) => (depth < FIELD_LEVELS ? path + step : path);
    if (Array.isArray(v)) v.forEach((x, i) => stack.push({ v: x, path: child(`[${i}]`), depth: depth + 1 }));
    else for (const [k, x] of Object.entries(v)) stack.push({ v: x, path: child(path ? `.${k}` : k), depth: depth + 1 });
  }
}

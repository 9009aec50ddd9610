import { InputError, describeValue, expectedInteger } from '../errors.js';

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

/**
 * The quick test files that run with a module graph of their own (vitest's default isolation) instead of
 * sharing modules with the other files of their worker. Each replaces a module for its own tests (vi.mock),
 * which only works on a fresh module graph: shared, the replacement would leak into the next file, or the
 * real module, already loaded by an earlier file, would be used instead. `npm test` runs them (the
 * `quick-isolated` project) together with the rest of the quick suite.
 *
 * Paths are relative to the repository root, as vitest's include and exclude patterns are.
 */
export const ISOLATED_SUITES: readonly string[] = [
  // Replaces node:fs to make a write fail half-way.
  'tests/runner/results-durable.test.ts',
  // Replaces node:fs to make a rename or fsync fail.
  'tests/io/atomic-write.test.ts',
  // Replace the cost estimate to resume as on a machine of another speed.
  'tests/studies/skill/budget.test.ts',
  'tests/studies/tune/budget.test.ts',
];

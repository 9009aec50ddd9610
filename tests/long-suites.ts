/**
 * The test files run by `npm run test:long` instead of `npm test`: sweeps whose strength comes from many
 * matches or many states, each taking half a minute to two minutes of CPU on this project's 2-core machine.
 * Together they were more than half of the suite's time (5 min 52 s before the split). They run unchanged
 * in CI (.ci/run runs both commands); run them yourself when you touch what they cover (named below).
 *
 * Paths are relative to the repository root, as vitest's include and exclude patterns are.
 */
export const LONG_SUITES: readonly string[] = [
  // Every game, variant and bot against the three hidden-information checks (observations, determinize,
  // information-set invariance). Run it after touching a game's observe/determinize or a bot.
  'tests/contract/honesty.test.ts',
  // Every game's event stream over many seeded matches. Run it after touching events or a game's rules.
  'tests/contract/events.test.ts',
  // 1,600 four-player matches of the search bots, so that every rating gap is separated.
  'tests/analysis/ratings-stramat.test.ts',
  // Every built-in bot at every decision of real matches of every game, checking the action buffer.
  'tests/bots/legal-untouched.test.ts',
  // Whole sequential (SPRT) runs through the CLI, to their stopping decisions.
  'tests/runner/sequential-run.test.ts',
  // Every figure the README quotes, from the commands that print them: stramat-dado in full (200,000
  // matches), the regression-gate example (three 5,000-match runs) and the sequential runs.
  'tests/project/readme-figures.test.ts',
  // The Slurm recipe on a real one-node cluster (needs root and slurm-wlm; .ci/run installs it).
  'tests/runner/slurm.test.ts',
];

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
  // The games' rule invariants checked after every action of thousands of random matches, at every
  // player count and under every interpretation option (the slowest quick files in November 2026, 60 to
  // 185 s each on the loaded 2-core machine; docs/performance.md, "Tests: quick and long"). Run them
  // after touching that game's rules. Each game's contract, exact-rule and bot tests stay quick.
  'tests/games/scala/invariants.test.ts', // 4,500 matches at 2-4 players plus 6,300 over seven option sets
  'tests/games/zatre/invariants.test.ts', // about 3,000 matches at 2-5 players and the variants
  'tests/games/symbotrio/invariants.test.ts', // 2,100 matches over six option sets and 2-6 players
  'tests/games/stop/invariants.test.ts', // thousands of matches, all player counts and many variants
  // Stop's hidden-information sweep: observe/determinize round trips and perturbations of unseen cards
  // at every decision of many matches (the other games' are in honesty.test.ts, already long).
  'tests/games/stop/observation.test.ts',
  // Whole-command runs that start, kill and resume many tavolo processes (the slowest quick files of
  // 2026-11-25 on the quiet machine, 9 to 26 s each, 103 s in all, which had put `npm test` at 3 min 52 s).
  // Run them after touching the runner, its journal or the command named.
  // `tavolo play --human` in headless Chromium: a whole match of every game clicked through (35 s), and a
  // server killed twice mid-match (25 s). Run them after touching src/play/.
  'tests/play/every-game.test.ts',
  'tests/play/restart.test.ts',
  // Every page text of every game (human page played to the end, viewer at every step, report) scanned for code names (about 3 minutes).
  'tests/play/game-words.test.ts',
  'tests/studies/skill/command-runs.test.ts', // tavolo skill: its files across threads and seeds, and --force (about a minute)
  'tests/runner/parquet.test.ts', // matches.parquet's bytes across threads, batches, kill -9 and --resume, shards
  'tests/runner/resume.test.ts', // kill -9, a torn record, SIGTERM (once and twice), then --resume: byte-identical
  'tests/runner/faults.test.ts', // every kind of faulty bot and dying worker through whole runs
  'tests/studies/importance/command.test.ts', // tavolo importance end to end on four games and a spec, 1 and 2 threads
  'tests/runner/sequential-three-way-run.test.ts', // three-outcome sequential runs to their decisions, resumed
  'tests/studies/tune/run.test.ts', // whole searches, 1 and 2 threads, killed in a round and resumed
];

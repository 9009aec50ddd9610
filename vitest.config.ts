import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { LONG_SUITES } from './tests/long-suites.js';

// Two projects. `quick` (npm test) is every test file except the long statistical and adversarial sweeps;
// `long` (npm run test:long) is those sweeps, unchanged: the same matches and the same bounds, only run by
// a second command so that everyday changes get an answer in minutes. CI (.ci/run) runs both, so nothing
// is checked less. The list of long files is in tests/long-suites.ts, with the reason for each, and
// tests/project/test-split.test.ts keeps it honest (every listed file exists; every test file is in
// exactly one project).
export default defineConfig({
  test: {
    // vitest keeps one core for itself by default, which on a 2-core machine runs the files one at a time;
    // the main process is idle while files run (most of the time is in test workers and the CLI processes
    // they start), so every core runs a file.
    maxWorkers: availableParallelism(),
    testTimeout: 120_000,
    hookTimeout: 120_000,
    projects: [
      { extends: true, test: { name: 'quick', include: ['tests/**/*.test.ts'], exclude: [...LONG_SUITES] } },
      // The long sweeps' time limits only catch a hang: on a shared or slow machine they take several times
      // their quiet-machine minutes, which must not fail them.
      { extends: true, test: { name: 'long', include: [...LONG_SUITES], testTimeout: 600_000, hookTimeout: 600_000 } },
    ],
  },
});

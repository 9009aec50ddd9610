import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { ISOLATED_SUITES } from './tests/isolated-suites.js';
import { LONG_SUITES } from './tests/long-suites.js';

// Three projects. `quick` and `quick-isolated` (npm test) are every test file except the long statistical
// and adversarial sweeps; `long` (npm run test:long) is those sweeps, unchanged: the same matches and the
// same bounds, only run by a second command so that everyday changes get an answer in minutes. CI (.ci/run)
// runs both commands, so nothing is checked less. The lists are in tests/long-suites.ts and
// tests/isolated-suites.ts, with the reason for each, and tests/project/test-split.test.ts keeps them
// honest (every listed file exists; only the isolated files replace modules; npm test runs both quick
// projects).
export default defineConfig({
  test: {
    // vitest keeps one core for itself by default, which on a 2-core machine runs the files one at a time;
    // the main process is idle while files run (most of the time is in test workers and the CLI processes
    // they start), so every core runs a file.
    maxWorkers: availableParallelism(),
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Every test file's temporary folders are removed after its last test (shared modules or not).
    setupFiles: ['tests/setup/temp-dirs.ts'],
    projects: [
      // Files share their modules within a worker (isolate: false): importing the project's TypeScript
      // once per worker instead of once per file halves the quick suite's CPU. The few files that replace
      // a module (vi.mock) run isolated, in their own project (tests/isolated-suites.ts says which and why).
      {
        extends: true,
        test: { name: 'quick', include: ['tests/**/*.test.ts'], exclude: [...LONG_SUITES, ...ISOLATED_SUITES], isolate: false },
      },
      { extends: true, test: { name: 'quick-isolated', include: [...ISOLATED_SUITES] } },
      // The long sweeps' time limits only catch a hang: on a shared or slow machine they take several times
      // their quiet-machine minutes, which must not fail them.
      { extends: true, test: { name: 'long', include: [...LONG_SUITES], testTimeout: 600_000, hookTimeout: 600_000 } },
    ],
  },
});

import { afterAll } from 'vitest';
import { removeTempDirs } from '../fixtures/cli.js';

// A setup file runs for every test file, also where test files share their modules (the quick project does
// not isolate them): the temporary folders a file made are removed after that file's last test. Registered
// here rather than at the top of tests/fixtures/cli.ts, whose top level runs once per worker when shared.
afterAll(removeTempDirs);

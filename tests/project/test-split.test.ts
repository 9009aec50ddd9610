import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../fixtures/cli.js';
import { ISOLATED_SUITES } from '../isolated-suites.js';
import { LONG_SUITES } from '../long-suites.js';

// `npm test` leaves the long sweeps to `npm run test:long`. A long file renamed or moved without updating
// the list would silently fall back into the quick suite (slow) or, worse, vanish from the list's reasons;
// a CI script that stopped running the long command would stop checking them at all.
describe('the split between the quick and the long tests', () => {
  it('names only test files that exist', () => {
    for (const file of LONG_SUITES) {
      expect(file, 'a path relative to the root, ending in .test.ts').toMatch(/^tests\/.+\.test\.ts$/);
      expect(existsSync(join(ROOT, file)), `${file} is listed in tests/long-suites.ts but does not exist`).toBe(true);
    }
    expect(new Set(LONG_SUITES).size).toBe(LONG_SUITES.length);
  });

  it('is run whole by CI: npm test runs the quick project, test:long the long one, and .ci/run both', () => {
    const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.test).toMatch(/vitest run --project quick --project quick-isolated\b/);
    expect(scripts['test:long']).toMatch(/vitest run --project long\b/);
    const ci = readFileSync(join(ROOT, '.ci', 'run'), 'utf8').split('\n').map((l) => l.trim());
    expect(ci).toContain('npm test');
    expect(ci).toContain('npm run test:long');
  });

  it('isolates every quick file that replaces a module, and only those', () => {
    for (const file of ISOLATED_SUITES) {
      expect(existsSync(join(ROOT, file)), `${file} is listed in tests/isolated-suites.ts but does not exist`).toBe(true);
      expect(LONG_SUITES, `${file} is both long and isolated`).not.toContain(file);
    }
    // A quick file shares its modules with the other files of its worker: a vi.mock there would leak into
    // them (or find the real module already loaded), so such a file must be listed as isolated.
    const replacing = testFiles(join(ROOT, 'tests'))
      .filter((file) => /\bvi\.(mock|doMock|stubGlobal)\(/.test(readFileSync(join(ROOT, file), 'utf8')))
      .filter((file) => !LONG_SUITES.includes(file));
    expect([...replacing].sort()).toEqual([...ISOLATED_SUITES].sort());
  });
});

/** Every test file under `dir`, as a path relative to the root. */
function testFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => `tests/${name.split('\\').join('/')}`);
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageName, staticClosure } from '../helpers/import-closure.js';

/**
 * `tavolo --version`, `--help` and a refused flag must cost Node's start and the flag texts, not the runner,
 * the games, the studies and their libraries (docs/performance.md, "Start-up"). src/cli/main.ts reaches
 * those through `import()` once a command is chosen; this checks the modules it loads before that: its
 * static import closure, read from the sources with TypeScript's own pre-processor.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/** Packages that cost tens to hundreds of milliseconds to load, and modules that pull in the rest. */
const HEAVY_PACKAGES = ['zod', 'piscina', 'd3', '@observablehq/plot', 'hyparquet', 'hyparquet-writer', 'csv-parse', 'csv-stringify', 'cli-progress', 'jsonc-parser', 'seedrandom'];
const HEAVY_FOLDERS = ['src/games/', 'bots/', 'src/runner/run.ts', 'src/runner/spec.ts', 'src/runner/pool.ts', 'src/analysis/', 'src/report/', 'src/play/', 'src/plugins/'];

describe('the command line starts without loading the commands', () => {
  it('the closure check follows static imports and not import() (control)', () => {
    const files: Record<string, string> = {
      'src/a.ts': "import { b } from './b.js';\nimport yargs from 'yargs';\nexport const lazy = () => import('./c.js');",
      'src/b.ts': "import type { T } from './t.js';\nexport { d } from './d.js';",
      'src/c.ts': "import * as z from 'zod';",
      'src/d.ts': '',
      'src/t.ts': "import 'piscina';",
    };
    const { modules, packages } = staticClosure('src/a.ts', (f) => files[f]);
    expect([...modules].sort()).toEqual(['src/a.ts', 'src/b.ts', 'src/d.ts']);
    expect([...packages]).toEqual(['yargs']);
  });

  it('main.ts statically imports no runner, game, study code or heavy library', () => {
    const { modules, packages } = staticClosure('src/cli/main.ts', read);
    expect(modules.size).toBeGreaterThan(3);
    expect([...modules].filter((m) => HEAVY_FOLDERS.some((h) => m.startsWith(h)))).toEqual([]);
    expect([...modules].filter((m) => m.startsWith('src/studies/') && !m.endsWith('/flags.ts'))).toEqual([]);
    expect([...packages].filter((p) => HEAVY_PACKAGES.includes(packageName(p)))).toEqual([]);
    expect(packages.has('yargs')).toBe(true);
  });
});

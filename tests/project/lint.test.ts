import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../fixtures/cli.js';

// The linter (eslint.config.js, docs/architecture.md "Libraries, and why") runs in `npm test`, before the
// tests, over every folder of TypeScript. These checks keep it there, keep it the type-checked rule set,
// and keep each exception explained where it is made.
const LINTED = ['src', 'bots', 'tests', 'bench'];

function typeScriptFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => join(e.parentPath, e.name));
}

describe('the linter', () => {
  it('runs in npm test, before vitest, over src, bots, tests and bench', () => {
    const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.lint).toBe(`eslint ${LINTED.join(' ')}`);
    const steps = scripts.test.split('&&').map((s) => s.trim());
    expect(steps).toContain('npm run lint');
    expect(steps.indexOf('npm run lint')).toBeLessThan(steps.findIndex((s) => s.startsWith('vitest run')));
  });

  it("applies typescript-eslint's type-checked rules, with type information, to every linted folder", async () => {
    const eslint = new ESLint({ cwd: ROOT });
    for (const dir of LINTED) {
      const file = typeScriptFiles(dir)[0];
      const config = (await eslint.calculateConfigForFile(file)) as {
        rules: Record<string, unknown[]>;
        languageOptions: { parserOptions?: { projectService?: boolean } };
      };
      expect(config.languageOptions.parserOptions?.projectService, file).toBe(true);
      // Rules of the type-checked set (they need the compiler's types), and one of ESLint's own.
      for (const rule of ['@typescript-eslint/no-floating-promises', '@typescript-eslint/no-unsafe-assignment', '@typescript-eslint/no-misused-promises', 'no-debugger']) {
        expect(config.rules[rule]?.[0], `${rule} for ${file}`).toBe(2);
      }
    }
  });

  it('says why, on the line before, for every rule eslint.config.js turns off', () => {
    const lines = readFileSync(join(ROOT, 'eslint.config.js'), 'utf8').split('\n');
    const off = lines.flatMap((l, i) => (/^\s*'[^']+': 'off'/.test(l) ? [i] : []));
    expect(off.length).toBeGreaterThan(0);
    for (const i of off) expect(lines[i - 1], lines[i]).toMatch(/^\s*\/\/ \S/);
  });

  it('has every disable comment in the code name its rule and give a reason after --', () => {
    const unexplained: string[] = [];
    for (const dir of LINTED) {
      for (const file of typeScriptFiles(dir)) {
        readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            if (/\/[/*]\s*eslint-disable/.test(line) && !/eslint-disable(-next-line|-line)? [@\w/-]+(, [@\w/-]+)* -- \S/.test(line)) unexplained.push(`${file}:${i + 1}`);
          });
      }
    }
    expect(unexplained).toEqual([]);
  });
});

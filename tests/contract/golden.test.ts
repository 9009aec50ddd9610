// Golden playthroughs: every registered game and every game file of tests/fixtures/games (loaded from its
// file, as `tavolo run` loads one), each shipped variant, a few seeds, replayed and compared line by line
// with tests/golden/<game>/<variant>-seed<k>.txt. After an intended change of the rules or
// of what they report, `npm run golden:update` rewrites the files and the diff is what a reviewer reads.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { goldenCases, goldenText } from '../../src/cli/golden.js';
import { packageRoot } from '../../src/io/runinfo.js';

const root = packageRoot();
const CONTEXT = 4;

/** Empty when equal; otherwise the first differing line, with the few before it, from both versions. */
function firstDifference(expected: string, actual: string): string {
  const e = expected.split('\n');
  const a = actual.split('\n');
  let i = 0;
  while (i < e.length && i < a.length && e[i] === a[i]) i++;
  if (i === e.length && i === a.length) return '';
  const from = Math.max(0, i - CONTEXT);
  const lines = [`first difference at line ${i + 1}:`];
  for (let k = from; k < i; k++) lines.push(`    ${e[k]}`);
  lines.push(`  - ${i < e.length ? e[i] : '(end of file)'}`);
  lines.push(`  + ${i < a.length ? a[i] : '(end of output)'}`);
  return lines.join('\n');
}

const cases = await goldenCases(root);

describe('golden playthroughs', () => {
  it('include the game files of tests/fixtures/games, played from their files', () => {
    expect(cases.filter((c) => c.gameFile !== undefined).map((c) => c.game)).toContain('countdown');
  });

  for (const c of cases) {
    it(`${c.file}`, async () => {
      const path = join(root, c.file);
      expect(existsSync(path), `${c.file} is missing: run npm run golden:update`).toBe(true);
      const diff = firstDifference(readFileSync(path, 'utf8'), await goldenText(c, root));
      expect(diff, `${c.file} differs (npm run golden:update rewrites it after an intended change)\n${diff}`).toBe('');
    });
  }

  it('no file is left over from a game or variant that is gone', () => {
    const want = new Set(cases.map((c) => c.file));
    const dir = join(root, 'tests', 'golden');
    const have = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => relative(root, join(d.parentPath, d.name)));
    expect(have.filter((f) => !want.has(f))).toEqual([]);
  });

  it('a difference is shown at its first line with the lines before it', () => {
    const old = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].join('\n');
    const now = ['a', 'b', 'c', 'd', 'e', 'F', 'g'].join('\n');
    expect(firstDifference(old, now)).toBe(['first difference at line 6:', '    b', '    c', '    d', '    e', '  - f', '  + F'].join('\n'));
    expect(firstDifference(old, old)).toBe('');
    expect(firstDifference('a\nb', 'a')).toContain('  + (end of output)');
  });
});

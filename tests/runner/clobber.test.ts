import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { FIXTURES, tavoloAsync, tempDir } from '../fixtures/cli.js';
import { readJsonFile } from '../helpers/json-files.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const SPEC = join(FIXTURES, 'highcard-3p.json'); // two variants: compare.csv and variants.csv are written
const read = (dir: string, f: string) => readFileSync(join(dir, f), 'utf8');

/** Every file of a result folder, with its content. */
const snapshot = (dir: string) => Object.fromEntries(readdirSync(dir).filter((f) => f.includes('.')).map((f) => [f, read(dir, f)]));

describe('no command writes into a result folder except the run that owns it', () => {
  const dir = tempDir();
  const result = join(dir, 'result');
  let before: Record<string, string>;

  beforeAll(async () => {
    const r = await tavoloAsync(['run', SPEC, '--matches', '20', '--out', result]);
    expect(r.code, r.stderr).toBe(0);
    before = snapshot(result);
  });

  it('tavolo show --out <result>/matches.csv is refused (exit 2), the file untouched', async () => {
    const r = await tavoloAsync(['show', result, '--out', join(result, 'matches.csv')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--out: .*matches\.csv is inside the result folder/);
    expect(snapshot(result)).toEqual(before);
  });

  it('tavolo play --html <result>/summary.csv is refused (exit 2) before anything is played', async () => {
    const r = await tavoloAsync(['play', '--spec', SPEC, '--html', join(result, 'summary.csv')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--html: .*summary\.csv is inside the result folder/);
    expect(r.stdout).toBe('');
    expect(snapshot(result)).toEqual(before);
  });

  it('a match viewer in the result\'s matches/ folder is still allowed', async () => {
    const r = await tavoloAsync(['show', result, '--match', '3']);
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(join(result, 'matches', 'base-3.html'))).toBe(true);
  });

  it('a variant name that would lead out of the folder is refused by run, before anything is written', async () => {
    const spec = join(dir, 'escape.json');
    const fixture = readJsonFile<object>(SPEC);
    writeFileSync(
      spec,
      JSON.stringify({ ...fixture, game: join(FIXTURES, 'highcard.mjs'), variants: [{ name: '../../escaped', options: {} }] }),
    );
    const out = join(dir, 'escape', 'a', 'b');
    const run = await tavoloAsync(['run', spec, '--matches', '5', '--out', out]);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toMatch(/variants\[0\]\.name: expected a name that can be part of a file name.*found "\.\.\/\.\.\/escaped"/);
    expect(existsSync(out)).toBe(false);
    expect(existsSync(join(dirname(out), 'escaped-1.html'))).toBe(false);
  });

  it('--force replaces the whole set: no compare.csv or variants.csv of the previous tournament survives', async () => {
    const out = join(dir, 'forced');
    expect((await tavoloAsync(['run', SPEC, '--matches', '20', '--out', out])).code).toBe(0);
    expect(existsSync(join(out, 'compare.csv'))).toBe(true);
    writeFileSync(join(out, 'notes.txt'), 'mine');
    // Another tournament: one variant, so it writes no comparison of variants.
    const one = join(dir, 'one.json');
    const fixture = readJsonFile<object>(SPEC);
    writeFileSync(one, JSON.stringify({ ...fixture, game: join(FIXTURES, 'highcard.mjs'), seed: 'other', variants: [{ name: 'solo', options: {} }] }));
    const r = await tavoloAsync(['run', one, '--matches', '20', '--out', out, '--force']);
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(join(out, 'compare.csv'))).toBe(false);
    expect(existsSync(join(out, 'variants.csv'))).toBe(false);
    expect(read(out, 'report.html')).not.toContain('long-hands');
    expect(read(out, 'notes.txt')).toBe('mine');
    expect(readdirSync(dirname(out)).filter((n) => n.includes('.replaced-'))).toEqual([]);
  });
});

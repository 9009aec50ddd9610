import { existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, tavoloAsync, tempDir } from '../fixtures/cli.js';

/**
 * Paths that could escape the folder named, and names that cannot be file names: a symbolic link as
 * --out (with and without --force), a result's matches/ folder made a link, variant names that no file
 * system takes, and a number above the largest accepted. Each is refused with exit 2 before anything is
 * written, naming the path or field and what to do.
 */

const SPEC = join(FIXTURES, 'highcard-3p.json');
const listing = (dir: string) => Object.fromEntries(readdirSync(dir).map((f) => [f, readFileSync(join(dir, f), 'utf8')]));

/** The fixture spec with its first variant renamed, written into `dir` (its game path made absolute). */
function specWithVariant(dir: string, name: string): string {
  const spec = JSON.parse(readFileSync(SPEC, 'utf8')) as { game: string; variants: Array<{ name: string }> };
  spec.game = join(FIXTURES, spec.game);
  spec.variants[0].name = name;
  const file = join(dir, `spec-${readdirSync(dir).length}.json`);
  writeFileSync(file, JSON.stringify(spec));
  return file;
}

describe('paths that cannot escape the folder named', () => {
  it('--out a symbolic link: refused (exit 2), nothing written where it points', async () => {
    const dir = tempDir();
    const target = join(dir, 'system');
    mkdirSync(target);
    symlinkSync(target, join(dir, 'link'));
    const r = await tavoloAsync(['run', SPEC, '--matches', '20', '--out', join(dir, 'link')]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(`--out: ${join(dir, 'link')} is a symbolic link (to ${target})`);
    expect(r.stderr).toContain('give the real folder instead');
    expect(readdirSync(target)).toEqual([]);
  });

  it('--force on a linked result folder: refused, the link stays a link and the files where it points stay', async () => {
    const dir = tempDir();
    const real = join(dir, 'real');
    const made = await tavoloAsync(['run', SPEC, '--matches', '20', '--out', real]);
    expect(made.code, made.stderr).toBe(0);
    writeFileSync(join(real, 'notes.txt'), 'the designer\'s notes\n');
    const before = listing(real);
    symlinkSync(real, join(dir, 'link'));
    const r = await tavoloAsync(['run', SPEC, '--matches', '30', '--force', '--out', join(dir, 'link')]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain('is a symbolic link');
    expect(lstatSync(join(dir, 'link')).isSymbolicLink()).toBe(true);
    expect(listing(real)).toEqual(before);
    expect(readdirSync(dir).sort()).toEqual(['link', 'real']);
  });

  it('a journal/ folder or a batches.log planted as a link: refused, or replaced by a new file; nothing written where they point', async () => {
    const dir = tempDir();
    const outside = join(dir, 'outside');
    mkdirSync(outside);
    const linkedJournal = join(dir, 'a');
    mkdirSync(linkedJournal);
    symlinkSync(outside, join(linkedJournal, 'journal'));
    const r = await tavoloAsync(['run', SPEC, '--matches', '20', '--out', linkedJournal]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(`${join(linkedJournal, 'journal')} is a symbolic link (to ${outside})`);
    expect(readdirSync(outside)).toEqual([]);
    const linkedLog = join(dir, 'b');
    mkdirSync(join(linkedLog, 'journal'), { recursive: true });
    writeFileSync(join(outside, 'precious.txt'), 'keep me\n');
    symlinkSync(join(outside, 'precious.txt'), join(linkedLog, 'journal', 'batches.log'));
    const ok = await tavoloAsync(['run', SPEC, '--matches', '20', '--out', linkedLog]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(readFileSync(join(outside, 'precious.txt'), 'utf8')).toBe('keep me\n');
  });

  it("a result's matches/ folder made a link: tavolo show refuses to write the viewer through it", async () => {
    const dir = tempDir();
    const result = join(dir, 'result');
    expect((await tavoloAsync(['run', SPEC, '--matches', '20', '--out', result])).code).toBe(0);
    const outside = join(dir, 'outside');
    mkdirSync(outside);
    symlinkSync(outside, join(result, 'matches'));
    const r = await tavoloAsync(['show', result, '--match', '0']);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(`${join(result, 'matches')} is a symbolic link (to ${outside})`);
    expect(readdirSync(outside)).toEqual([]);
  });
});

describe('variant names that cannot be file names are refused by run', () => {
  const cases: Array<[string, RegExp]> = [
    ['v'.repeat(300), /\(300 characters\), which is 300 bytes long/],
    ['../../x', /which holds a folder separator/],
    ['a\\b', /which holds a folder separator/],
    ['nul', /which is a name Windows reserves for a device/],
    ['com1.txt', /which is a name Windows reserves for a device/],
    ['what?', /which holds a control character or one of/],
    ['trailing.', /which ends with a dot or a space/],
  ];
  const labelled = cases.map(([name, why]) => [name.length > 40 ? `${name.slice(0, 8)}... (${name.length} characters)` : name, name, why] as const);
  it.each(labelled)('%s: exit 2 before anything runs, the field and the rule named', async (_label, name, why) => {
    const dir = tempDir();
    const out = join(dir, 'out');
    const r = await tavoloAsync(['run', specWithVariant(dir, name), '--matches', '10', '--out', out]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/variants\[0\]\.name: expected a name that can be part of a file name \(at most 100 bytes/);
    expect(r.stderr).toMatch(why);
    expect(existsSync(out)).toBe(false);
  });

  it('a plain name of 100 bytes runs and its match can be shown', async () => {
    const dir = tempDir();
    const out = join(dir, 'out');
    const name = `é${'v'.repeat(98)}`;
    expect((await tavoloAsync(['run', specWithVariant(dir, name), '--matches', '10', '--out', out])).code).toBe(0);
    const shown = await tavoloAsync(['show', out, '--variant', name, '--match', '0']);
    expect(shown.code, shown.stderr).toBe(0);
  });
});

describe('number limits name the real rule', () => {
  it('--matches above the largest accepted says which is the largest', async () => {
    const r = await tavoloAsync(['run', SPEC, '--matches', '100000000000000000000', '--out', join(tempDir(), 'o')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--matches: expected an integer of at least 1, found the integer 100000000000000000000, above the largest accepted, 9007199254740991');
  });
});

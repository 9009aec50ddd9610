import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { FIXTURES, ROOT, tavoloAsync, tempDir } from '../fixtures/cli.js';
import { readJsonFile } from '../helpers/json-files.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const SPEC = join(FIXTURES, 'highcard-3p.json');
const read = (dir: string, f: string) => readFileSync(join(dir, f), 'utf8');

/** One clear message: exit 2, a single line on stderr naming `field`, no stack. */
function expectOneMessage(r: { code: number | null; stderr: string }, field: string, what: RegExp): void {
  expect(r.code, r.stderr).toBe(2);
  const lines = r.stderr.trim().split('\n');
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0]).toContain(`tavolo: ${field}: `);
  expect(lines[0]).toMatch(what);
  expect(r.stderr).not.toMatch(/\n\s+at |RangeError|CsvError/);
}

describe('dead ends: every case exits 2 with one clear message, and nothing is left half-done', () => {
  const dir = tempDir();

  it('--out /proc/foo exits 2 at once (no endless loop)', () => {
    if (!existsSync('/proc/self')) return;
    const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'tavolo.js'), 'run', SPEC, '--matches', '5', '--out', '/proc/tavolo-test'], {
      encoding: 'utf8',
      timeout: 30_000,
      killSignal: 'SIGKILL',
    });
    expect(r.signal, 'still running after 30 s').toBeNull();
    expectOneMessage({ code: r.status, stderr: r.stderr }, '--out', /cannot create \/proc\/tavolo-test/);
  });

  it('an output folder whose name is too long exits 2, and claims no kept batches', async () => {
    const r = await tavoloAsync(['run', SPEC, '--matches', '5', '--out', join(dir, 'x'.repeat(5000))]);
    expectOneMessage(r, '--out', /cannot create .*\(5\d{3} characters\): the name is too long/);
    expect(r.stderr).not.toMatch(/kept|--resume/);
  });

  it('--threads above the limit is refused, naming the limit', async () => {
    const r = await tavoloAsync(['run', SPEC, '--threads', '1024', '--out', join(dir, 't')]);
    expectOneMessage(r, '--threads', /from 1 to 256/);
  });

  it('a deeply nested value in a spec is refused by its field, without a stack (it was a RangeError)', async () => {
    const fixture = { ...readJsonFile<{ bots: object[] }>(SPEC), game: join(FIXTURES, 'highcard.mjs') };
    const deep = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
    const cases: Array<[string, (v: string) => Record<string, unknown>, string]> = [
      ['params', () => ({ ...fixture, bots: [{ name: 'g', bot: 'greedy', params: { epsilon: '@' } }, ...fixture.bots.slice(1)] }), 'bots[0].params.epsilon'],
      ['options', () => ({ ...fixture, variants: [{ name: 'base', options: { x: '@' } }] }), 'variants[0].options.x'],
    ];
    for (const [name, make, field] of cases) {
      const spec = join(dir, `deep-${name}.json`);
      writeFileSync(spec, JSON.stringify(make('')).replace('"@"', deep(100_000)));
      const r = await tavoloAsync(['run', spec, '--matches', '2', '--out', join(dir, `deep-${name}`)]);
      expectOneMessage(r, field, /nested more than 64 levels deep/);
      expect(existsSync(join(dir, `deep-${name}`))).toBe(false);
    }
  });

  it('more variants than the limit are refused before anything is played', async () => {
    const spec = join(dir, 'many.json');
    const fixture = readJsonFile<object>(SPEC);
    const variants = Array.from({ length: 1001 }, (_, i) => ({ name: `v${i}` }));
    writeFileSync(spec, JSON.stringify({ ...fixture, game: join(FIXTURES, 'highcard.mjs'), variants }));
    const r = await tavoloAsync(['run', spec, '--matches', '2', '--out', join(dir, 'many')]);
    expectOneMessage(r, 'variants', /found 1001 variants; the limit is 1000/);
    expect(existsSync(join(dir, 'many'))).toBe(false);
  });
});

describe('tavolo report refuses a damaged matches.csv, and rebuilds missing derived files', () => {
  const dir = tempDir();
  const result = join(dir, 'result');
  let original: Record<string, string>;
  const DERIVED = ['ratings.csv', 'head-to-head.csv', 'compare.csv', 'variants.csv'];

  beforeAll(async () => {
    const r = await tavoloAsync(['run', SPEC, '--matches', '30', '--out', result]);
    expect(r.code, r.stderr).toBe(0);
    original = Object.fromEntries(DERIVED.map((f) => [f, read(result, f)]));
  });

  const damaged: Array<[string, (text: string) => string, RegExp]> = [
    ['empty', () => '', /it is empty/],
    ['cut in a row', (t) => t.slice(0, Math.floor(t.length / 2)), /last row is cut off/],
    ['short of rows', (t) => t.split('\n').slice(0, 10).join('\n') + '\n', /has 9 rows, but run\.json counts 60 matches/],
    ['garbage', () => 'garbage\nx,y\n', /first line is not the header/],
  ];

  it.each(damaged)('a matches.csv that is %s: exit 2, one line', async (name, damage, why) => {
    const copy = join(dir, `damaged-${name.replace(/ /g, '-')}`);
    cpSync(result, copy, { recursive: true });
    writeFileSync(join(copy, 'matches.csv'), damage(read(copy, 'matches.csv')));
    const r = await tavoloAsync(['report', copy]);
    expectOneMessage(r, 'report', why);
  });

  it('tavolo report rebuilds ratings, head-to-head, compare and variants when missing or empty', async () => {
    const copy = join(dir, 'repair-report');
    cpSync(result, copy, { recursive: true });
    rmSync(join(copy, 'ratings.csv'));
    writeFileSync(join(copy, 'compare.csv'), '');
    rmSync(join(copy, 'report.html'));
    const r = await tavoloAsync(['report', copy]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Rebuilt ratings\.csv, head-to-head\.csv, compare\.csv in /);
    for (const f of DERIVED) expect(read(copy, f), f).toBe(original[f]);
    expect(existsSync(join(copy, 'report.html'))).toBe(true);
  });

  it('tavolo report names only the files it rebuilt: a comparison that fails rebuilds nothing', async () => {
    const copy = join(dir, 'repair-fails');
    cpSync(result, copy, { recursive: true });
    rmSync(join(copy, 'compare.csv'));
    // A row cut short in the middle: the quick check (header, last row, count) passes, the comparison's read does not.
    const lines = read(copy, 'matches.csv').split('\n');
    lines[5] = lines[5].split(',').slice(0, 3).join(',');
    writeFileSync(join(copy, 'matches.csv'), lines.join('\n'));
    // Edits accepted: the comparison's own read still refuses the cut row, by line.
    const r = await tavoloAsync(['report', copy, '--accept-edits']);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/matches\.csv line 6: 3 cells/);
    expect(r.stdout).not.toMatch(/Rebuilt[^\n]*(compare|variants)\.csv/);
    expect(read(copy, 'variants.csv')).toBe(original['variants.csv']);
  });

  it.each(['summary.csv', 'seats.csv', 'run.json'])('a folder without %s is refused before anything is rebuilt into it', async (file) => {
    const copy = join(dir, `no-${file}`);
    cpSync(result, copy, { recursive: true });
    rmSync(join(copy, file));
    for (const f of ['ratings.csv', 'compare.csv']) rmSync(join(copy, f));
    const r = await tavoloAsync(['report', copy]);
    expectOneMessage(r, 'report', new RegExp(`${file.replace('.', '\\.')} is missing`));
    for (const f of ['ratings.csv', 'compare.csv']) expect(existsSync(join(copy, f)), f).toBe(false);
  });

  it('tavolo report says variants.csv was rebuilt only when it was missing', async () => {
    const copy = join(dir, 'repair-one');
    cpSync(result, copy, { recursive: true });
    writeFileSync(join(copy, 'compare.csv'), '');
    const r = await tavoloAsync(['report', copy]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Rebuilt compare.csv in');
    expect(r.stdout).not.toMatch(/Rebuilt[^\n]*variants\.csv/);
    for (const f of DERIVED) expect(read(copy, f), f).toBe(original[f]);
  });

  it('--resume of a finished run rebuilds missing derived files and the report', async () => {
    const copy = join(dir, 'repair-resume');
    cpSync(result, copy, { recursive: true });
    rmSync(join(copy, 'head-to-head.csv'));
    rmSync(join(copy, 'variants.csv'));
    rmSync(join(copy, 'report.html'));
    const r = await tavoloAsync(['run', SPEC, '--matches', '30', '--out', copy, '--resume']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('nothing to do');
    for (const f of DERIVED) expect(read(copy, f), f).toBe(original[f]);
    expect(existsSync(join(copy, 'report.html'))).toBe(true);
  });
});

import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, readCsvObjects, tempDir } from '../fixtures/cli.js';

// The path a user follows with their own game: examples/my-game, copied outside the clone, with tavolo
// linked into its node_modules (what `npm install` does with its "tavolo": "file:../.." dependency, or
// `npm link tavolo`), compiled by tsc against the types tavolo exports, run through its spec by the
// tavolo command and from a script.
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

function run(cmd: string, args: string[], cwd: string) {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', env: { ...process.env, CI: '1' }, timeout: 120_000 });
  return { code: r.status, out: `${r.stdout}${r.stderr}`, stdout: r.stdout };
}

describe('examples/my-game: a game and a bot in TypeScript, outside the clone', () => {
  let dir = '';

  beforeAll(() => {
    dir = join(tempDir(), 'my-game');
    cpSync(join(ROOT, 'examples', 'my-game'), dir, { recursive: true, filter: (src) => !/\/(dist|node_modules|results)$/.test(src) });
    mkdirSync(join(dir, 'node_modules', '@types'), { recursive: true });
    symlinkSync(ROOT, join(dir, 'node_modules', 'tavolo'), 'dir');
    symlinkSync(join(ROOT, 'node_modules', '@types', 'node'), join(dir, 'node_modules', '@types', 'node'), 'dir');
  });

  it('compiles against the exported types', () => {
    const r = run(process.execPath, [TSC, '-p', '.'], dir);
    expect(r.code, r.out).toBe(0);
  });

  it('runs through its spec with the tavolo command: the counting bot beats random', () => {
    const r = run(process.execPath, [join('node_modules', 'tavolo', 'bin', 'tavolo.js'), 'run', 'race.json', '--matches', '200', '--threads', '1', '--out', 'out'], dir);
    expect(r.code, r.out).toBe(0);
    const summary = readCsvObjects(join(dir, 'out', 'summary.csv'));
    const rate = (variant: string, bot: string) => Number(summary.find((s) => s.variant === variant && s.bot === bot)!.win_rate);
    expect(rate('to-21', 'counting')).toBeGreaterThan(0.9);
    expect(rate('to-21', 'random')).toBeLessThan(0.1);
    const matches = readCsvObjects(join(dir, 'out', 'matches.csv'));
    expect(matches).toHaveLength(400);
    expect(new Set(matches.map((m) => m.end_reason))).toEqual(new Set(['target_reached']));
  });

  it('runs from a script through the exported runTournament', () => {
    const r = run(process.execPath, [join('dist', 'run-tournament.js'), 'script-out'], dir);
    expect(r.code, r.out).toBe(0);
    expect(r.stdout).toMatch(/^to-21\tcounting\twin rate 9\d\.\d%/m);
    expect(readFileSync(join(dir, 'script-out', 'matches.csv'), 'utf8').trimEnd().split('\n')).toHaveLength(1 + 800);
  });

  it("the exported types are real: a bot or game that breaks the contract does not compile", () => {
    writeFileSync(
      join(dir, 'src', 'broken.ts'),
      "import type { BotFactory, Game } from 'tavolo';\n" +
        "export const b: BotFactory = { name: 'x', params: [], create: () => ({ choose: () => 0 }) };\n" +
        "export const c: BotFactory = { name: 'x', description: '', params: [], create: () => ({ choose: () => 'a' }) };\n" +
        "export const g: Partial<Game<{ n: number }, number>> = { observe: (s) => s };\n",
    );
    const r = run(process.execPath, [TSC, '-p', '.', '--noEmit'], dir);
    expect(r.code).not.toBe(0);
    expect(r.out).toContain("Property 'description' is missing");
    expect(r.out).toMatch(/broken\.ts\(3,.*Type 'string' is not assignable to type 'number'/);
    expect(r.out).toMatch(/broken\.ts\(4,.*is not assignable to type '\(state: \{ n: number; \}, player: number\) => number'/);
  });

  it("exports the public API, and nothing under src/ by path", () => {
    const r = run(
      process.execPath,
      ['--input-type=module', '-e', "const t = await import('tavolo'); console.log(Object.keys(t).sort().join(',')); try { await import('tavolo/dist/src/runner/run.js'); console.log('deep import allowed'); } catch (e) { console.log(e.code); }"],
      dir,
    );
    expect(r.code, r.out).toBe(0);
    const names = r.stdout.split('\n')[0].split(',');
    for (const name of ['Rng', 'deriveSeed', 'playMatch', 'runTournament', 'loadSpec', 'mergeShards', 'games', 'bots', 'OptionError', 'InputError']) {
      expect(names).toContain(name);
    }
    expect(r.stdout).toContain('ERR_PACKAGE_PATH_NOT_EXPORTED');
  });
});

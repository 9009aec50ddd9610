// `tavolo meta` end to end through the compiled CLI, on the toy games of the "done when": rock-
// paper-scissors between its three pure strategies (the uniform mix, nothing dominant) and a game with a
// dominant action (called dominant, heads-up and at three players, its win shares covering the exact
// ones), the files byte-identical across --threads and after a kill and a resume, and its refusals.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { FIXTURES, ROOT, readCsvObjects, tavolo, tavoloAsync, tempDir } from '../../fixtures/cli.js';

vi.setConfig({ testTimeout: 180_000 });

const RPS = join(FIXTURES, 'toy-games', 'rps.mjs');
const DOMINANT = join(FIXTURES, 'toy-games', 'meta-dominant.mjs');
const PURE = join(FIXTURES, 'toy-bots', 'meta-pure.mjs');
const FILES = ['meta.csv', 'lineups.csv', 'meta.json', 'meta.html'];

/** A meta spec in a temporary folder: pure strategies named by action, and any further entries. */
function spec(game: string, players: number, matches: number, actions: string[], more: object[] = [], extra: object = {}): string {
  const dir = tempDir();
  const file = join(dir, 'meta.json');
  const population = [...actions.map((name, action) => ({ name, bot: PURE, params: { action } })), ...more];
  writeFileSync(file, JSON.stringify({ name: 'toy', game, players, matches, seed: 'toy', population, ...extra }));
  return file;
}

/** The parts of meta.json the tests read. */
interface MetaJson {
  method: string;
  dominant: string[];
  mix: Record<string, { weight: number; in_support: number }>;
}

const json = (dir: string) => JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8')) as MetaJson;

/** Chance that a die roll plus `bonus` beats another die roll, ties as half: the exact win share of the dominant game heads-up. */
function exactShare(bonus: number): number {
  let s = 0;
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) s += a + bonus > b ? 1 : a + bonus === b ? 0.5 : 0;
  return s / 36;
}

describe('tavolo meta on rock-paper-scissors', () => {
  const out = tempDir();
  const r = tavolo(['meta', spec(RPS, 2, 40, ['rock', 'paper', 'scissors']), '--threads', '1', '--out', out]);

  it('says the lineups before playing, answers with the uniform mix and no dominant strategy, and exits 0', () => {
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Meta-game: Rock-paper-scissors \(test fixture\), 3 strategies at 2 players: 9 lineups \(6 multisets of strategies/);
    expect(r.stdout).toMatch(/No strategy is dominant/);
    const mix = json(out).mix;
    for (const name of ['rock', 'paper', 'scissors']) expect(Math.abs(mix[name].weight - 1 / 3)).toBeLessThanOrEqual(0.05);
    expect(json(out).dominant).toEqual([]);
    for (const f of FILES) expect(existsSync(join(out, f))).toBe(true);
  });

  it('writes the matrix: paper beats rock in every deal, seen as one distinct play', () => {
    const cell = readCsvObjects(join(out, 'meta.csv')).find((c) => c.row === 'paper' && c.column === 'rock')!;
    expect(Number(cell.win_share)).toBe(1);
    expect(cell.deals).toBe('40');
    expect(cell.matches).toBe('80');
    expect(cell.distinct_plays).toBe('1');
    // One distinct play is one observation: the interval is Wilson's for 1 of 1.
    expect(Number(cell.ci_low95)).toBeLessThan(0.4);
  });
});

describe('tavolo meta on a game with a dominant action', () => {
  const file = spec(DOMINANT, 2, 400, ['low', 'mid', 'high']);
  const one = tempDir();
  const two = tempDir();
  const r1 = tavolo(['meta', file, '--threads', '1', '--out', one]);
  const r2 = tavolo(['meta', file, '--threads', '2', '--out', two]);

  it('calls high dominant, low and mid dominated, and gives high the whole mix', () => {
    expect(r1.code, r1.stderr).toBe(0);
    expect(r1.stdout).toMatch(/high is dominant: it beats every other strategy/);
    expect(r1.stdout).toMatch(/low is dominated by mid/);
    const j = json(one);
    expect(j.dominant).toEqual(['high']);
    expect(j.mix.high.weight).toBe(1);
    expect(j.mix.high.in_support).toBe(1);
  });

  it("covers the exact win shares (a die plus the action's bonus) with its intervals", () => {
    const cells = readCsvObjects(join(one, 'meta.csv'));
    const bonus: Record<string, number> = { low: 0, mid: 1, high: 3 };
    for (const c of cells) {
      const exact = exactShare(bonus[c.row] - bonus[c.column]);
      expect(Number(c.ci_low95), `${c.row} against ${c.column}`).toBeLessThanOrEqual(exact);
      expect(Number(c.ci_high95), `${c.row} against ${c.column}`).toBeGreaterThanOrEqual(exact);
    }
  });

  it('writes byte-identical files on one thread and on two', () => {
    expect(r2.code, r2.stderr).toBe(0);
    for (const f of FILES) expect(readFileSync(join(two, f), 'utf8').replaceAll(two, one), f).toBe(readFileSync(join(one, f), 'utf8'));
  });

  it('at three players ranks high first by alpha-rank', () => {
    const out = tempDir();
    const r = tavolo(['meta', spec(DOMINANT, 3, 150, ['low', 'high']), '--threads', '2', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    // low low low, high high high, and low low high and low high high in their three seatings each.
    expect(r.stdout).toMatch(/: 8 lineups \(4 multisets of strategies/);
    const j = json(out);
    expect(j.method).toBe('alpha-rank');
    expect(j.mix.high.weight).toBeGreaterThan(0.99);
    expect(j.dominant).toEqual(['high']);
  });
});

/** Whether any lineup of the meta folder has journaled a batch. */
function journaled(out: string): boolean {
  const lineups = join(out, 'lineups');
  if (!existsSync(lineups)) return false;
  return readdirSync(lineups).some((d) => {
    const log = join(lineups, d, 'journal', 'batches.log');
    return existsSync(log) && readFileSync(log, 'latin1').includes('TVB2 ');
  });
}

describe('a killed tavolo meta resumes to the files of an uninterrupted one', () => {
  it('kill -9 while a lineup plays, then the same command: byte-identical files', async () => {
    const spinner = { name: 'spinner', bot: join(FIXTURES, 'misbehave.mjs'), params: { spin: 2000 } };
    const file = spec(DOMINANT, 2, 120, ['low', 'high'], [spinner]);
    const clean = tempDir();
    const stopped = tempDir();
    const c = await tavoloAsync(['meta', file, '--threads', '2', '--out', clean]);
    expect(c.code, c.stderr).toBe(0);
    const child = spawn(process.execPath, [join(ROOT, 'bin', 'tavolo.js'), 'meta', file, '--threads', '1', '--out', stopped], { cwd: ROOT, env: { ...process.env, CI: '1' } });
    const closed = new Promise((resolve) => child.on('close', resolve));
    let exited = false;
    void closed.then(() => (exited = true));
    while (!exited && !journaled(stopped)) await sleep(10);
    expect(exited, 'the command finished before it could be stopped').toBe(false);
    child.kill('SIGKILL');
    await closed;
    expect(existsSync(join(stopped, 'meta.csv'))).toBe(false);
    const r = await tavoloAsync(['meta', file, '--threads', '2', '--out', stopped]);
    expect(r.code, r.stderr).toBe(0);
    for (const f of FILES) expect(readFileSync(join(stopped, f), 'utf8').replaceAll(stopped, clean), f).toBe(readFileSync(join(clean, f), 'utf8'));
  });
});

describe('tavolo meta refuses a bad spec before anything is played, naming the field (exit 2)', () => {
  const cases: Array<[string, object, RegExp]> = [
    ['an unknown field', { bots: [] }, /bots: unknown field "bots" \(a meta spec names a population of strategies, not a lineup\)/],
    ['a misspelt field', { matchs: 4 }, /matchs: unknown field "matchs" \(did you mean "matches"\?\)/],
    ['a population of one', { population: [{ bot: 'random' }] }, /population: expected an array of at least 2 strategies/],
    ['two strategies of one name', { population: [{ bot: 'random' }, { bot: 'random' }] }, /population\[1\]\.name: expected a name of its own, found "random"/],
    ['an unknown bot', { population: [{ bot: 'random' }, { bot: 'gredy' }] }, /population\[1\]\.bot: .*gredy.*did you mean "greedy"/],
    ['a bad parameter', { population: [{ bot: 'random' }, { name: 'p', bot: PURE, params: { action: -1 } }] }, /population\[1\]\.params\.action: /],
    ['a bad matches', { matches: 0 }, /matches: expected an integer/],
  ];
  // Run side by side: each is a process that starts, loads and stops.
  const results = Promise.all(
    cases.map(async ([, change]) => {
      const dir = tempDir();
      const file = join(dir, 'bad.json');
      const base = { name: 'bad', game: RPS, players: 2, matches: 10, seed: 's', population: [{ bot: 'random' }, { bot: 'greedy' }] };
      writeFileSync(file, JSON.stringify({ ...base, ...change }));
      return { r: await tavoloAsync(['meta', file, '--out', join(dir, 'out')]), out: join(dir, 'out') };
    }),
  );
  cases.forEach(([what, , message], k) => {
    it(what, async () => {
      const { r, out } = (await results)[k];
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(existsSync(out)).toBe(false);
    });
  });
});

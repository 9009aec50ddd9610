import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { compareRows, sampleMatches } from '../../src/runner/self-check.js';
import { FIXTURES, ROOT, tavoloAsync, tempDir } from '../fixtures/cli.js';
import { readRunJson } from '../helpers/json-files.js';
import type { DeterminismCheck } from '../../src/runner/self-check.js';

vi.setConfig({ testTimeout: 120_000 });

/**
 * The determinism self-check (issue 22, item 4): after a run, a sample of matches is replayed in a fresh
 * worker and compared row by row. Bots that keep module-level state or call Math.random are named, and
 * the run exits 6 (results written, not reproducible).
 */
function spec(dir: string, bot: string, game = join(FIXTURES, 'highcard.mjs')): string {
  const file = join(dir, 'spec.json');
  const text = JSON.stringify({
    name: 'self-check',
    game,
    players: 2,
    matches: 200,
    seed: 'self-check',
    bots: [{ bot }, { bot: 'random' }],
  });
  writeFileSync(file, text);
  return file;
}

const run = (dir: string, bot: string, extra: string[] = [], game?: string) =>
  tavoloAsync(['run', spec(dir, bot, game), '--out', join(dir, 'out'), '--threads', '1', '--batch', '50', ...extra]);
const runJson = (dir: string) => readRunJson<{ determinism_check?: DeterminismCheck }>(join(dir, 'out'));

describe('determinism self-check: replaying a sample of matches in a fresh worker', () => {
  it('picks matches spread over every journaled range, the same each time', () => {
    const ranges = [
      { variant: 1, start: 0, end: 100 },
      { variant: 0, start: 50, end: 100 },
      { variant: 0, start: 0, end: 50 },
    ];
    const picks = sampleMatches(ranges, 4);
    expect(picks).toEqual([
      { variant: 0, match: 25 },
      { variant: 0, match: 75 },
      { variant: 1, match: 25 },
      { variant: 1, match: 75 },
    ]);
    expect(sampleMatches([{ variant: 0, start: 10, end: 13 }], 8)).toEqual([10, 11, 12].map((match) => ({ variant: 0, match })));
  });

  it('compares rows by column; a timeout or crash in the run or the replay leaves a match unsettled, never different', () => {
    const header = ['variant', 'match', 'winners', 'end_reason', 'fault_seat'];
    const row = (winners: string, end: string) => `base,3,${winners},${end},`;
    expect(compareRows(header, row('0', 'normal'), row('0', 'normal'))).toEqual({ kind: 'same' });
    expect(compareRows(header, row('0', 'normal'), row('1', 'normal'))).toEqual({ kind: 'differs', columns: ['winners'] });
    expect(compareRows(header, row('', 'bot_timeout'), row('0', 'normal'))).toEqual({ kind: 'unsettled' });
    expect(compareRows(header, row('0', 'normal'), row('', 'bot_timeout'))).toEqual({ kind: 'unsettled' });
    expect(compareRows(header, row('0', 'normal'), row('', 'bot_crash'))).toEqual({ kind: 'unsettled' });
    expect(compareRows(header, row('', 'bot_error'), row('0', 'normal'))).toEqual({ kind: 'differs', columns: ['winners', 'end_reason'] });
    expect(compareRows(header, row('0', 'normal'), undefined)).toEqual({ kind: 'differs', columns: ['(the replay did not finish)'] });
    // Quoted names with commas keep the columns aligned.
    expect(compareRows(['variant', 'match', 'seat0_bot', 'end_reason'], '"a,b",1,x,normal', '"a,b",1,y,normal')).toEqual({ kind: 'differs', columns: ['seat0_bot'] });
  });

  it('a bot keeping module-level state is named, with a differing match; exit 6; files written', async () => {
    const dir = tempDir();
    const r = await run(dir, join(FIXTURES, 'stateful-bot.mjs'));
    expect(r.code, r.stderr).toBe(6);
    expect(r.stderr).toMatch(/bot stateful \(.*stateful-bot\.mjs\) is not deterministic: match \d+ \(variant base\) differs in /);
    const check = runJson(dir).determinism_check!;
    expect(check.replayed).toHaveLength(8);
    expect(check.differing.length).toBeGreaterThan(0);
  });

  it('a bot calling Math.random is named too', async () => {
    const dir = tempDir();
    const r = await run(dir, join(FIXTURES, 'math-random-bot.mjs'));
    expect(r.code, r.stderr).toBe(6);
    expect(r.stderr).toMatch(/bot math-random \(.*math-random-bot\.mjs\) is not deterministic: match \d+/);
  });

  it('a deterministic bot from a file passes the check (on by default), recorded in run.json', async () => {
    const dir = tempDir();
    const r = await run(dir, join(ROOT, 'bots', 'examples', 'first-legal.mjs'));
    expect(r.code, r.stderr).toBe(0);
    const check = runJson(dir).determinism_check!;
    expect(check.replayed).toHaveLength(8);
    expect(check.differing).toEqual([]);
    // The terminal says so too, naming the modules the check was about (the game is a file here too).
    expect(r.stdout).toMatch(/Determinism self-check passed \(game \S+ \(.*highcard\.mjs\), bot first-legal \(.*first-legal\.mjs\)\): 8 of 8 matches replayed in a fresh worker gave the same rows\./);
  });

  it('replays 1% of a larger run by default: a bot that goes wrong in one match of its worker is caught (a fixed 8 missed it)', async () => {
    const dir = tempDir();
    const file = join(dir, 'spec.json');
    const bots = [{ bot: join(FIXTURES, 'once-stateful-bot.mjs') }, { bot: 'random' }];
    writeFileSync(file, JSON.stringify({ name: 'once', game: join(FIXTURES, 'highcard.mjs'), players: 2, matches: 4000, seed: 'once', bots }));
    const r = await tavoloAsync(['run', file, '--out', join(dir, 'out'), '--threads', '1', '--batch', '500']);
    expect(r.code, r.stderr).toBe(6);
    const check = runJson(dir).determinism_check!;
    expect(check.replayed).toHaveLength(40);
    expect(check.differing.length).toBeGreaterThan(0);
    expect(r.stderr).toMatch(/bot once-stateful \(.*once-stateful-bot\.mjs\) is not deterministic/);
    // The former default, 8 matches, lets it pass.
    const eight = await tavoloAsync(['run', file, '--out', join(dir, 'out8'), '--threads', '1', '--batch', '500', '--verify-matches', '8']);
    expect(eight.code, eight.stderr).toBe(0);
  });

  it('--verify-matches 0 turns it off; a built-in game and bots are not checked unless asked', async () => {
    const off = tempDir();
    const r = await run(off, join(FIXTURES, 'stateful-bot.mjs'), ['--verify-matches', '0']);
    expect(r.code, r.stderr).toBe(0);
    expect(runJson(off).determinism_check).toBeUndefined();
    const builtIn = tempDir();
    expect((await run(builtIn, 'greedy', [], 'stop')).code).toBe(0);
    expect(runJson(builtIn).determinism_check).toBeUndefined();
    const asked = tempDir();
    expect((await run(asked, 'greedy', ['--verify-matches', '3'], 'stop')).code).toBe(0);
    expect(runJson(asked).determinism_check?.replayed).toHaveLength(3);
  });
});

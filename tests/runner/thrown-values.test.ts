// A bot that throws a value that cannot be made a string (Object.create(null)) costs the matches it
// throws in, recorded as bot_error, through the real CLI and worker pool: it used to fail every batch
// (exit 3), and --resume failed the same way.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { FIXTURES, readCsvObjects, tavoloAsync, tempDir } from '../fixtures/cli.js';
import { readRunJson } from '../helpers/json-files.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const BAD = join(FIXTURES, 'misbehave.mjs');
const GAME = join(FIXTURES, 'highcard.mjs');
/** The matches the bot's own generator picks to misbehave in (rate 0.15, seed "mb"; see faults.test.ts). */
const BAD_MATCHES = ['0', '11', '12'];

function spec(mode: string): string {
  return JSON.stringify({
    name: `thrown-${mode}`,
    game: GAME,
    players: 3,
    matches: 30,
    seed: 'mb',
    bots: [{ name: 'bad', bot: BAD, params: { mode, rate: 0.15, at: 2 } }, { bot: 'random' }, { bot: 'greedy' }],
  });
}

describe('a bot that throws Object.create(null)', () => {
  const dir = tempDir();
  const runs: Record<string, { code: number | null; stdout: string; stderr: string }> = {};
  beforeAll(async () => {
    for (const mode of ['none', 'throw-odd']) writeFileSync(join(dir, `${mode}.json`), spec(mode));
    const [clean, odd] = await Promise.all([
      tavoloAsync(['run', join(dir, 'none.json'), '--out', join(dir, 'none'), '--threads', '1']),
      tavoloAsync(['run', join(dir, 'throw-odd.json'), '--out', join(dir, 'odd'), '--threads', '2', '--batch', '5']),
    ]);
    runs.none = clean;
    runs.odd = odd;
    expect(clean.code, clean.stderr).toBe(0);
  });

  it('costs each match it throws in, recorded as bot_error with a message; every other row is a clean run\'s', () => {
    const r = runs.odd;
    expect(r.code, r.stderr).toBe(1); // faults happened: exit 1, as for any faulty bot
    expect(r.stdout).toContain('3 matches ended because a bot faulted (bot_error 3)');
    const clean = readCsvObjects(join(dir, 'none', 'matches.csv'));
    const rows = readCsvObjects(join(dir, 'odd', 'matches.csv'));
    expect(rows.length).toBe(30);
    for (let i = 0; i < rows.length; i++) {
      if (BAD_MATCHES.includes(rows[i].match)) expect(rows[i]).toMatchObject({ end_reason: 'bot_error', annulled: '1', winners: '' });
      else expect(rows[i]).toEqual(clean[i]);
    }
    const info = readRunJson(join(dir, 'odd'));
    expect(info.faults).toEqual({ bot_error: 3 });
  });

  it('--resume of that run finds it complete and leaves its files as they are', async () => {
    const before = readFileSync(join(dir, 'odd', 'matches.csv'), 'utf8');
    const again = await tavoloAsync(['run', join(dir, 'throw-odd.json'), '--out', join(dir, 'odd'), '--threads', '2', '--batch', '5', '--resume']);
    expect(again.code === 0 || again.code === 1, again.stderr).toBe(true);
    expect(again.stderr).not.toMatch(/TypeError|Cannot convert/);
    expect(readFileSync(join(dir, 'odd', 'matches.csv'), 'utf8')).toBe(before);
  });
});

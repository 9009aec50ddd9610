// Isolation mode: a bot in a thread of its own plays exactly as in the engine's thread (byte-identical
// results, search bots included), and a bot that rewrites a built-in changes nothing in isolation, while
// it does in the engine's thread (the control that shows the attack is real).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { FIXTURES, tavoloAsync, tempDir } from '../fixtures/cli.js';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 240_000 });

const VANDAL = join(FIXTURES, 'builtin-vandal.mjs');

function spec(name: string, isolate: boolean, vandal: { patch: boolean; isolate: boolean }): string {
  return JSON.stringify({
    name,
    game: 'stramat',
    players: 3,
    matches: 24,
    seed: 'iso',
    bots: [
      { name: 'vandal', bot: VANDAL, params: { patch: vandal.patch }, ...(vandal.isolate ? { isolate: true } : {}) },
      { bot: 'greedy', ...(isolate ? { isolate: true } : {}) },
      { bot: 'pimc', params: { iterations: 24, maxDepth: 20 }, ...(isolate ? { isolate: true } : {}) },
    ],
  });
}

describe('isolation mode', () => {
  const dir = tempDir();
  const runs: Record<string, { code: number | null; stderr: string }> = {};
  const CASES: Record<string, [boolean, { patch: boolean; isolate: boolean }]> = {
    plain: [false, { patch: false, isolate: false }],
    isolated: [true, { patch: false, isolate: true }],
    'vandal-isolated': [false, { patch: true, isolate: true }],
    'vandal-inprocess': [false, { patch: true, isolate: false }],
  };
  beforeAll(async () => {
    await Promise.all(
      Object.entries(CASES).map(async ([name, [isolate, vandal]]) => {
        writeFileSync(join(dir, `${name}.json`), spec(`iso-${name}`, isolate, vandal));
        runs[name] = await tavoloAsync(['run', join(dir, `${name}.json`), '--out', join(dir, name), '--threads', '2', '--batch', '6']);
      }),
    );
  });
  const rows = (name: string) => readFileSync(join(dir, name, 'matches.csv'), 'utf8');

  it('greedy, pimc and a file bot in isolation give the same matches.csv as in the engine thread', () => {
    expect(runs.plain.code, runs.plain.stderr).toBe(0);
    expect(runs.isolated.code, runs.isolated.stderr).toBe(0);
    expect(rows('isolated')).toBe(rows('plain'));
  });

  it('a bot that rewrites a built-in changes nothing in isolation (and does in the engine thread)', () => {
    expect(runs['vandal-isolated'].code, runs['vandal-isolated'].stderr).toBe(0);
    expect(rows('vandal-isolated')).toBe(rows('plain'));
    const inProcess = runs['vandal-inprocess'];
    let changed = inProcess.code !== 0;
    if (!changed) changed = rows('vandal-inprocess') !== rows('plain');
    expect(changed).toBe(true);
  });
});

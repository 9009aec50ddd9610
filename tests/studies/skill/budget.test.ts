import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CostEstimate, PlannedRun } from '../../../src/runner/cost.js';
import { BUDGET_FILE } from '../../../src/runner/budget.js';
import { skillCommand } from '../../../src/studies/skill/command.js';
import { FIXTURES, tempDir } from '../../fixtures/cli.js';

vi.setConfig({ testTimeout: 180_000 });

/** The pilot's speed, seconds a match, set by each test: a machine as fast or as slow as wanted. */
const machine = { secondsPerMatch: 0.005, pilots: 0 };
vi.mock('../../../src/runner/cost.js', async (original) => ({
  ...(await original<typeof import('../../../src/runner/cost.js')>()),
  estimateCost: (runs: readonly PlannedRun[], threads: number): Promise<CostEstimate> => {
    machine.pilots++;
    const perRun = runs.map((r) => r.matches * machine.secondsPerMatch);
    const seconds = perRun.reduce((a, b) => a + b, 0);
    return Promise.resolve({ seconds, perRun, threads, pilot: { seconds: 0.5, matches: 10, decisions: 100, lengthFromRandomPlay: false } });
  },
}));

const COUNTDOWN = join(FIXTURES, 'games', 'countdown.mjs');
const argv = (out: string) => ({ target: COUNTDOWN, budgets: '1,10', 'search-budget': 5, threads: 2, seed: 'budget', out, budget: '4s' });
const FILES = ['skill.csv', 'skill.json', 'trace/10-over-1/a/matches.csv'];
const read = (dir: string) => FILES.map((f) => readFileSync(join(dir, f), 'utf8'));

afterEach(() => vi.restoreAllMocks());

describe('tavolo skill --budget', () => {
  it('plays the recorded plan when resumed on a machine of another speed, byte for byte, without a new pilot', async () => {
    const said: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((s) => (said.push(String(s)), true));
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const out = tempDir();
    machine.secondsPerMatch = 0.005;
    machine.pilots = 0;
    expect(await skillCommand(argv(out))).toBe(0);
    const planned = JSON.parse(readFileSync(join(out, BUDGET_FILE), 'utf8')) as { matches: number };
    expect(machine.pilots).toBe(1);
    expect(said[0]).toMatch(new RegExp(`^A budget of 4 seconds allows ${planned.matches} matches a pairing and trace step \\(from a pilot`));
    expect(said[1]).toContain(`${planned.matches} matches per pairing`);
    const bytes = read(out);

    // Four times slower: a new plan would choose fewer matches (see the other folder); the resume keeps the record's.
    machine.secondsPerMatch = 0.02;
    rmSync(join(out, 'skill.csv'));
    rmSync(join(out, 'trace', '10-over-1', 'a'), { recursive: true });
    said.length = 0;
    expect(await skillCommand(argv(out))).toBe(0);
    expect(machine.pilots).toBe(1);
    expect(said[0]).toContain(`allows ${planned.matches} matches a pairing and trace step, as planned before in`);
    expect(read(out)).toEqual(bytes);

    const other = tempDir();
    expect(await skillCommand(argv(other))).toBe(0);
    expect(machine.pilots).toBe(2);
    const slower = JSON.parse(readFileSync(join(other, BUDGET_FILE), 'utf8')) as { matches: number };
    // The same runs at four times the cost a match: a quarter of the count, where the record kept the first.
    expect(slower.matches).toBeLessThanOrEqual(planned.matches / 4);
  });
});

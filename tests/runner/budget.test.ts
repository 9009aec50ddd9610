import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { BUDGET_FILE, budgetSentence, largestWithin, planBudget, type BudgetRequest } from '../../src/runner/budget.js';
import type { CostEstimate } from '../../src/runner/cost.js';
import { parseDuration } from '../../src/terminal/budget-flag.js';
import { tempDir } from '../fixtures/cli.js';

/** A pilot that says `secondsPerMatch` a match at `matches`, and counts its calls. */
function fakePilot(secondsPerMatch: number, matches = 200) {
  const calls = { n: 0 };
  const estimate = (): CostEstimate => ({ seconds: secondsPerMatch * matches, perRun: [secondsPerMatch * matches], threads: 2, pilot: { seconds: 0.5, matches: 10, decisions: 100, lengthFromRandomPlay: false } });
  return { calls, pilot: () => (calls.n++, Promise.resolve({ matches, estimate: estimate() })) };
}

const request = (dir: string, budget: string, pilot: BudgetRequest['pilot'], settings = 'study A'): BudgetRequest => ({
  dir,
  budget: parseDuration(budget),
  settings,
  threads: 2,
  step: 2,
  least: 20,
  most: 1_000_000,
  pilot,
});

describe('largestWithin', () => {
  it('is the largest count that fits, rounded down to two figures, against a search of every count', () => {
    const cases: Array<[number, (m: number) => number, number]> = [
      [613, (m) => m, 2],
      [600, (m) => 0.37 * m + 12, 4],
      [10_000, (m) => 3 * m + Math.sqrt(m), 40],
      [55, (m) => m * m * 0.001, 2],
    ];
    for (const [seconds, cost, step] of cases) {
      let best = 0;
      for (let m = step; cost(m) <= seconds; m += step) best = m;
      const got = largestWithin(seconds, cost, step, step, 1e9)!;
      expect(got % step).toBe(0);
      expect(cost(got)).toBeLessThanOrEqual(seconds);
      expect(got).toBeLessThanOrEqual(best);
      // Two significant figures lose less than a tenth (and a step).
      expect(got).toBeGreaterThan(0.9 * best - step);
    }
    expect(largestWithin(613, (m) => m, 2, 2, 1e9)).toBe(610);
    expect(largestWithin(613, (m) => m, 2, 2, 300)).toBe(300);
    expect(largestWithin(10, (m) => m, 2, 20, 1e9)).toBeUndefined();
  });
});

describe('a budget plan', () => {
  it('is planned from the pilot, kept in the folder, and read back whatever the pilot says later', async () => {
    const dir = tempDir();
    const fast = fakePilot(0.01);
    const first = await planBudget(request(dir, '10s', fast.pilot));
    // 10 s at 0.01 s a match: 1,000 matches.
    expect(first).toMatchObject({ recorded: false, record: { matches: 1000, budget: '10s', budget_seconds: 10 } });
    expect(fast.calls.n).toBe(1);
    expect(existsSync(join(dir, BUDGET_FILE))).toBe(true);
    expect(budgetSentence(first, 'a pairing', 'x/budget-plan.json')).toMatch(/^A budget of 10 seconds allows 1,000 matches a pairing \(from a pilot/);

    // A machine ten times slower resumes: the recorded plan, no pilot.
    const slow = fakePilot(0.1);
    const again = await planBudget(request(dir, '10s', slow.pilot));
    expect(again).toMatchObject({ recorded: true, record: { matches: 1000 } });
    expect(slow.calls.n).toBe(0);
    expect(budgetSentence(again, 'a pairing', 'x/budget-plan.json')).toBe('A budget of 10 seconds allows 1,000 matches a pairing, as planned before in x/budget-plan.json (no new pilot: the same plan whatever the machine\'s speed).');

    // Other settings, or another budget, are planned again (at the slow machine's speed).
    expect((await planBudget(request(dir, '10s', slow.pilot, 'study B'))).record.matches).toBe(100);
    expect((await planBudget(request(dir, '20s', slow.pilot, 'study B'))).record.matches).toBe(200);
    expect(slow.calls.n).toBe(2);
    expect(JSON.parse(readFileSync(join(dir, BUDGET_FILE), 'utf8'))).toMatchObject({ settings: 'study B', budget: '20s', matches: 200 });
  });

  it('refuses a budget too short for the least count, and a pilot that measured nothing, naming --budget', async () => {
    const slow = fakePilot(1);
    await expect(planBudget(request(tempDir(), '10s', slow.pilot))).rejects.toThrow(/^--budget: 10s is too short for this study: its least 20 matches a comparison would take about 20 s on 2 threads/);
    const none: BudgetRequest['pilot'] = () => Promise.resolve({ matches: 10, estimate: undefined });
    await expect(planBudget(request(tempDir(), '10s', none))).rejects.toBeInstanceOf(InputError);
  });
});

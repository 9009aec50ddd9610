import { describe, expect, it, vi } from 'vitest';
import type { CostEstimate, PlannedRun } from '../../../src/runner/cost.js';
import { parseSpec, resolveSpec } from '../../../src/runner/spec.js';
import { planTuneBudget } from '../../../src/studies/tune/budget.js';
import { mostMatches } from '../../../src/studies/tune/cost.js';
import { resolveTune } from '../../../src/studies/tune/spec.js';
import { parseDuration } from '../../../src/terminal/budget-flag.js';
import { ROOT, tempDir } from '../../fixtures/cli.js';

/** The pilot's speed, seconds a match: a machine as fast or as slow as wanted. */
const machine = { secondsPerMatch: 0.01, pilots: 0 };
vi.mock('../../../src/runner/cost.js', async (original) => ({
  ...(await original<typeof import('../../../src/runner/cost.js')>()),
  estimateCost: (runs: readonly PlannedRun[], threads: number): Promise<CostEstimate> => {
    machine.pilots++;
    const perRun = runs.map((r) => r.matches * machine.secondsPerMatch);
    return Promise.resolve({ seconds: perRun.reduce((a, b) => a + b, 0), perRun, threads, pilot: { seconds: 0.5, matches: 10, decisions: 100, lengthFromRandomPlay: false } });
  },
}));

const RAW = {
  name: 'tune-budget',
  game: 'stramat',
  players: 4,
  matches: 300,
  seed: 'tune-budget',
  sweep: { dadoCount: [2, 4, 6] },
  tune: { targets: [{ quantity: 'turns_mean', min: 20, max: 38 }], block: 100 },
  bots: [{ name: 'greedy', bot: 'greedy' }, { bot: 'random' }, { bot: 'random' }, { bot: 'random' }],
};

describe('tavolo tune --budget', () => {
  it('fits whole rounds of every candidate and the confirmation to the time, and a resume reads the plan back', async () => {
    const raw = parseSpec(RAW);
    const spec = await resolveSpec(raw, ROOT);
    const outDir = tempDir();
    const o = { raw, spec, outDir, budget: parseDuration('90s'), threads: 2, confirm: true };
    const b = await planTuneBudget(o);
    const m = b.record.matches;
    // Whole rounds of 100; the bound (3 candidates x m, and the base rules and one finalist x m) fits 90 s at 0.01 s a match.
    expect(m % 100).toBe(0);
    const bound = (n: number) => {
      const at = { ...spec, matches: n };
      const most = mostMatches(at, resolveTune(raw.tune, at), true);
      return (most.race + most.confirmation) * machine.secondsPerMatch;
    };
    expect(bound(m)).toBeLessThanOrEqual(90);
    expect(bound(m + 100)).toBeGreaterThan(90);
    // The reference: 90 s / (0.01 s x (3 candidates + 2 in the confirmation)) matches a candidate.
    expect(m).toBe(90 / (0.01 * (3 + 2)));
    machine.secondsPerMatch = 1;
    const again = await planTuneBudget(o);
    expect(again).toMatchObject({ recorded: true, record: { matches: m } });
    expect(machine.pilots).toBe(1);
    // Without the confirmation the settings differ: planned again, at the slow speed, and refused as too short.
    await expect(planTuneBudget({ ...o, confirm: false })).rejects.toThrow('--budget: 90s is too short for this study');
  });
});

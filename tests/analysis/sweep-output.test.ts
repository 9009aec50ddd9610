import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openResult } from '../../src/analysis/results.js';
import { sweepAxisOf, walkTogether } from '../../src/analysis/sweep-analysis.js';
import { FIXTURES, ROOT, readCsvObjects, removeTempDirs, tavoloAsync, tempDir } from '../fixtures/cli.js';
import { holmOverGroups, sameColumnGroups } from '../helpers/same-columns.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });
afterAll(removeTempDirs);

/** A sweep of the highcard fixture's hand size, with one hand-written variant beside it. */
async function runSweep(threads = 1): Promise<{ dir: string; stdout: string }> {
  const tmp = tempDir('tavolo-sweep-');
  const spec = join(tmp, 'sweep.json');
  writeFileSync(spec, JSON.stringify({
    name: 'hc-sweep',
    description: 'Does the hand size change highcard?',
    game: join(FIXTURES, 'highcard.mjs'),
    players: 3,
    matches: 60,
    seed: 'hc-sweep',
    variants: [{ name: 'rule', options: { annulOnTie: true } }],
    sweep: { hand: { from: 1, to: 4, step: 1 } },
    bots: [{ bot: 'greedy' }, { bot: 'random' }, { bot: 'random' }],
  }));
  const dir = join(tmp, 'out');
  const r = await tavoloAsync(['run', spec, '--out', dir, '--threads', String(threads), ...(threads > 1 ? ['--batch', '7'] : [])]);
  expect(r.code, r.stderr).toBe(0);
  return { dir, stdout: r.stdout };
}

describe('a sweep run: sweep.csv and the trend in words', () => {
  let run: { dir: string; stdout: string };

  it('recognises the sweep among the variants and leaves the hand-written one out', async () => {
    run = await runSweep();
    const axis = sweepAxisOf(openResult(run.dir))!;
    expect(axis).toEqual({ option: 'hand', xs: [1, 2, 3, 4], variants: ['hand=1', 'hand=2', 'hand=3', 'hand=4'] });
  });

  it('writes one row per quantity and value whose figures agree with the matches', async () => {
    const info = openResult(run.dir);
    const rows = readCsvObjects(join(run.dir, 'sweep.csv'));
    const turns = rows.filter((r) => r.quantity === 'turns_mean');
    expect(turns.map((r) => r.variant)).toEqual(['hand=1', 'hand=2', 'hand=3', 'hand=4']);
    // Recomputed from matches.csv: the means at each value, the steps and the slope of the means.
    const sums = [0, 0, 0, 0];
    const steps = [0, 0, 0];
    let n = 0;
    await walkTogether(info, ['hand=1', 'hand=2', 'hand=3', 'hand=4'], (ms) => {
      ms.forEach((m, k) => (sums[k] += m.turns));
      for (let k = 1; k < 4; k++) steps[k - 1] += ms[k].turns - ms[k - 1].turns;
      n++;
    });
    expect(n).toBe(60);
    const means = sums.map((s) => s / n);
    turns.forEach((r, k) => expect(Number(r.estimate)).toBeCloseTo(means[k], 8));
    expect(turns[0].step_difference).toBe('');
    turns.slice(1).forEach((r, k) => expect(Number(r.step_difference)).toBeCloseTo(steps[k] / n, 8));
    // x = 1..4: the least-squares slope of the means is (-1.5 m1 - 0.5 m2 + 0.5 m3 + 1.5 m4) / 5.
    const slope = (-1.5 * means[0] - 0.5 * means[1] + 0.5 * means[2] + 1.5 * means[3]) / 5;
    expect(Number(turns[0].slope)).toBeCloseTo(slope, 8);
    expect(Number(turns[0].slope_ci_low95)).toBeLessThanOrEqual(slope);
    // Holm over the quantities' slope tests, one p per distinct column (a quantity repeated under another name once).
    const perQuantity = new Map(rows.filter((r) => r.variant === 'hand=1').map((r) => [r.quantity, r]));
    const adjusted = holmOverGroups(sameColumnGroups(rows), (q) => Number(perQuantity.get(q)!.slope_p));
    for (const [q, r] of perQuantity) expect(Number(r.slope_p_holm), q).toBeCloseTo(adjusted.get(q)!, 8);
  });

  it('states the trend in words before the tables', () => {
    const out = run.stdout;
    const answer = out.indexOf('Against hand (1, 2, 3, 4;');
    expect(answer).toBeGreaterThan(0);
    expect(out).toMatch(/Each 1 more of hand (lengthens|shortens|raises|lowers) [^\n]+ by about [0-9.]+[^\n]*\(95% CI [^\n]+Holm-adjusted p/);
    expect(answer).toBeLessThan(out.indexOf('Against hand, each quantity at each value'));
    expect(answer).toBeLessThan(out.indexOf('Variants side by side'));
    // Right after the question, before each value's comparison with the baseline (as report.html lays it out).
    expect(answer).toBeGreaterThan(out.indexOf('Question: Does the hand size change highcard?'));
    expect(out.indexOf('Question:')).toBeGreaterThan(0);
    expect(answer).toBeLessThan(out.indexOf('Answer, against'));
    expect(out).toContain('sweep.csv');
  });

  it('is byte-identical on another thread count and batch size', async () => {
    const other = await runSweep(2);
    expect(readFileSync(join(other.dir, 'sweep.csv'), 'utf8')).toBe(readFileSync(join(run.dir, 'sweep.csv'), 'utf8'));
  });

  it('tavolo report rebuilds a missing sweep.csv, byte for byte', async () => {
    const file = join(run.dir, 'sweep.csv');
    const before = readFileSync(file, 'utf8');
    rmSync(file);
    const r = await tavoloAsync(['report', run.dir]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('sweep.csv');
    expect(readFileSync(file, 'utf8')).toBe(before);
  });
});

describe('the shipped Stop sweep (tournaments/stop-hand-size-sweep.json)', () => {
  it('is five hand sizes from one short spec, and states the length trend in words', async () => {
    const dir = join(tempDir('tavolo-stop-sweep-'), 'out');
    const r = await tavoloAsync(['run', join(ROOT, 'tournaments', 'stop-hand-size-sweep.json'), '--matches', '40', '--out', dir, '--threads', '1']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('5 variants (handSize=3, handSize=4, handSize=5, handSize=6, handSize=7)');
    expect(r.stdout).toMatch(/Each 1 more of handSize lengthens game length \(turns\) by about [0-9.]+ \(95% CI \+[0-9.]+ to \+[0-9.]+; Holm-adjusted p/);
    expect(r.stdout).toMatch(/Each 1 more of handSize raises turns per round by about/);
  });
});


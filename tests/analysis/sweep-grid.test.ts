import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { normQuantile } from '../../src/analysis/distributions.js';
import { wilson } from '../../src/analysis/intervals.js';
import { openResult } from '../../src/analysis/results.js';
import { walkTogether } from '../../src/analysis/sweep-analysis.js';
import { sweepGridOf } from '../../src/analysis/sweep-grid.js';
import { SweepTrendAccumulator } from '../../src/analysis/sweep-trend.js';
import { Rng } from '../../src/engine/rng.js';
import { parse } from 'csv-parse/sync';
import { holmOverGroups, sameColumnGroups } from '../helpers/same-columns.js';
import { FIXTURES, removeTempDirs, tavoloAsync, tempDir } from '../fixtures/cli.js';

/** grid.csv's variant names hold a comma, so they are quoted: read with a real CSV parser. */
const readCsvObjects = (file: string) => parse<Record<string, string>>(readFileSync(file, 'utf8'), { columns: true });

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });
afterAll(removeTempDirs);

/**
 * A grid's trend against one option is the one-option paired trend taken over every cell, x being that
 * option's value in the cell. In a full grid its slope is the average over the other option's values of
 * the slope at each (checked by hand), and its interval and test keep their level when the slope
 * differs between the other option's values (an interaction), by simulation.
 */

const A = [1, 2, 4];
const B = [0, 1, 2];
/** The cells in play order, the first option varying slowest; x is the first option's value. */
const CELLS = A.flatMap((a) => B.map((b) => ({ a, b })));

describe('the averaged trend of a grid', () => {
  it('is the average of the slopes at each value of the other option (by hand)', () => {
    const acc = new SweepTrendAccumulator(CELLS.map((c) => c.a), ['q']);
    // One match: at b = 0 the values (2, 4, 8) against a = 1, 2, 4 (slope 2); at b = 1, (0, 1, 0)
    // (slope -1/14, as in sweep-trend.test.ts); at b = 2, (5, 5, 5) (slope 0).
    const y: Record<number, number[]> = { 0: [2, 4, 8], 1: [0, 1, 0], 2: [5, 5, 5] };
    acc.add(CELLS.map((c) => [y[c.b][A.indexOf(c.a)]]));
    expect(acc.trends()[0].slope.estimate).toBeCloseTo((2 - 1 / 14 + 0) / 3, 12);
  });

  const REPS = 1000;
  const normal = (rng: Rng) => normQuantile(Math.min(Math.max(rng.float(), 1e-12), 1 - 1e-12));
  const within = (rate: number, target: number) => {
    const se = Math.sqrt((target * (1 - target)) / REPS);
    expect(rate, `rate ${rate}, target ${target} +- ${3 * se}`).toBeGreaterThan(target - 3 * se);
    expect(rate, `rate ${rate}, target ${target} +- ${3 * se}`).toBeLessThan(target + 3 * se);
  };
  /** A grid whose slope against a is slopes[b] at each b: a shared deal, a part of b's own, and noise. */
  function simulate(rng: Rng, slopes: number[]) {
    const acc = new SweepTrendAccumulator(CELLS.map((c) => c.a), ['turns_mean']);
    for (let i = 0; i < 60; i++) {
      const deal = 20 + 10 * normal(rng);
      const perB = B.map(() => 3 * normal(rng));
      acc.add(CELLS.map((c) => [deal + perB[c.b] + 4 * c.b + slopes[c.b] * c.a + 2 * normal(rng)]));
    }
    return acc.trends()[0].slope;
  }

  it('covers the average slope at 95% when the slope differs between the other option\'s values', () => {
    const rng = new Rng('sweep-grid-coverage');
    let covered = 0;
    for (let r = 0; r < REPS; r++) {
      const s = simulate(rng, [-4, -5.6, -7.2]);
      if (s.low <= -5.6 && -5.6 <= s.high) covered++;
    }
    within(covered / REPS, 0.95);
  });

  it('finds a trend at 5% when the slopes average 0 (-2, 0, +2)', () => {
    const rng = new Rng('sweep-grid-null');
    let found = 0;
    for (let r = 0; r < REPS; r++) if (simulate(rng, [-2, 0, 2]).p < 0.05) found++;
    within(found / REPS, 0.05);
  });
});

/** A grid of the highcard fixture: hand (numbers) x annulOnTie (not numbers). */
function gridSpec(tmp: string): string {
  const spec = join(tmp, 'grid.json');
  writeFileSync(spec, JSON.stringify({
    name: 'hc-grid',
    game: join(FIXTURES, 'highcard.mjs'),
    players: 3,
    matches: 60,
    seed: 'hc-grid',
    sweep: { hand: [1, 2, 4], annulOnTie: [false, true] },
    bots: [{ bot: 'greedy' }, { bot: 'random' }, { bot: 'random' }],
  }));
  return spec;
}

async function runGrid(threads = 1): Promise<{ dir: string; stdout: string }> {
  const tmp = tempDir('tavolo-grid-');
  const spec = gridSpec(tmp);
  const dir = join(tmp, 'out');
  const r = await tavoloAsync(['run', spec, '--out', dir, '--threads', String(threads), ...(threads > 1 ? ['--batch', '7'] : [])]);
  expect(r.code, r.stderr).toBe(0);
  return { dir, stdout: r.stdout };
}

describe('a grid run: grid.csv and the grid in words', () => {
  let run: { dir: string; stdout: string };

  it('recognises the grid: two options, every combination, which option is numeric', async () => {
    run = await runGrid();
    const grid = sweepGridOf(openResult(run.dir))!;
    expect(grid.options).toEqual(['hand', 'annulOnTie']);
    expect(grid.values).toEqual([['1', '2', '4'], ['false', 'true']]);
    expect(grid.numeric).toEqual([true, false]);
    expect(grid.cells.map((c) => c.variant)).toEqual(['hand=1,annulOnTie=false', 'hand=1,annulOnTie=true', 'hand=2,annulOnTie=false', 'hand=2,annulOnTie=true', 'hand=4,annulOnTie=false', 'hand=4,annulOnTie=true']);
  });

  it('writes each cell\'s mean and the averaged trend as matches.csv gives them', async () => {
    const rows = readCsvObjects(join(run.dir, 'grid.csv'));
    const annulled = rows.filter((r) => r.quantity === 'annulled_rate');
    const cells = annulled.map((r) => r.variant);
    const sums = cells.map(() => 0);
    let n = 0;
    await walkTogether(openResult(run.dir), cells, (ms) => {
      ms.forEach((m, k) => (sums[k] += m.annulled ? 1 : 0));
      n++;
    });
    expect(n).toBe(60);
    const means = sums.map((s) => s / n);
    annulled.forEach((r, k) => expect(Number(r.estimate)).toBeCloseTo(means[k], 9));
    // Nobody annuls without annulOnTie: those cells are 0 of 60, with Wilson's interval (never zero width).
    const noneOf60 = wilson(0, 60)[1];
    for (const r of annulled.filter((x) => x.value2 === 'false')) {
      expect(Number(r.ci_low95)).toBe(0);
      expect(Number(r.ci_high95)).toBeCloseTo(noneOf60, 9);
    }
    // The slope against hand (1, 2, 4: mean 7/3, Sxx 14/3), averaged over annulOnTie's two values.
    const slopeAt = (b: string) => {
      const m = A.map((a) => means[cells.indexOf(`hand=${a},annulOnTie=${b}`)]);
      return (-4 / 3 * m[0] - 1 / 3 * m[1] + 5 / 3 * m[2]) / (14 / 3);
    };
    expect(Number(annulled[0].slope1)).toBeCloseTo((slopeAt('false') + slopeAt('true')) / 2, 9);
    // annulOnTie is not a number: no trend against it.
    expect(rows.every((r) => r.slope2 === '')).toBe(true);
    // Holm over the grid's trends: one per distinct column here (a quantity repeated under another name once).
    const perQuantity = new Map(rows.filter((r) => r.variant === cells[0]).map((r) => [r.quantity, r]));
    const adjusted = holmOverGroups(sameColumnGroups(rows), (q) => Number(perQuantity.get(q)!.slope1_p));
    for (const [q, r] of perQuantity) expect(Number(r.slope1_p_holm), q).toBeCloseTo(adjusted.get(q)!, 9);
  });

  it('says the trend, the lowest and highest cells, then a table per quantity', () => {
    const out = run.stdout;
    const answer = out.indexOf('Across hand (1, 2, 4) x annulOnTie (false, true): 6 cells');
    expect(answer).toBeGreaterThan(0);
    expect(out).toMatch(/Each 1 more of hand, averaged over annulOnTie, (raises|lowers|lengthens|shortens) [^\n]+\(95% CI [^\n]+Holm-adjusted p/);
    expect(out).toContain("annulOnTie's values are not all numbers: it has no trend");
    expect(out).toMatch(/Annulled matches is lowest at hand=\d, annulOnTie=false: 0\.0% \(95% CI 0\.0% to 6\.0%\), highest at hand=\d, annulOnTie=true: /);
    expect(answer).toBeLessThan(out.indexOf('Across hand (1, 2, 4) x annulOnTie (false, true), each quantity in each cell'));
    expect(out).toContain('grid.csv');
  });

  it('is byte-identical on another thread count and batch size and after a merge of shards, and rebuilt by tavolo report when missing', async () => {
    const file = join(run.dir, 'grid.csv');
    const before = readFileSync(file, 'utf8');
    const other = await runGrid(2);
    expect(readFileSync(join(other.dir, 'grid.csv'), 'utf8')).toBe(before);
    // Two shards merged: the same grid.csv.
    const tmp = tempDir('tavolo-grid-shards-');
    const spec = gridSpec(tmp);
    for (const i of [0, 1]) expect((await tavoloAsync(['run', spec, '--shard', `${i}/2`, '--out', join(tmp, `s${i}`), '--threads', '1'])).code).toBe(0);
    const merged = await tavoloAsync(['merge', join(tmp, 's0'), join(tmp, 's1'), '--out', join(tmp, 'merged')]);
    expect(merged.code, merged.stderr).toBe(0);
    expect(readFileSync(join(tmp, 'merged', 'grid.csv'), 'utf8')).toBe(before);
    rmSync(file);
    const r = await tavoloAsync(['report', run.dir]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('grid.csv');
    expect(readFileSync(file, 'utf8')).toBe(before);
  });
});

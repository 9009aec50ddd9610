// Holm's correction in a sweep (sweep.csv) and a grid (grid.csv) runs over the distinct columns: in
// Stramat annulled_rate, end_reason:stramat and metric:annulled_games are one column under three names,
// and counting it three times made the correction stricter than the tests it stands for.
import { readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { holm } from '../../src/analysis/decisions.js';
import { holmDistinct, trendColumnKey } from '../../src/analysis/sweep-analysis.js';
import { readCsvObjects, removeTempDirs, tavoloAsync, tempDir } from '../fixtures/cli.js';
import { holmOverGroups, sameColumnGroups } from '../helpers/same-columns.js';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });
afterAll(removeTempDirs);

const LINEUP = [{ bot: 'greedy' }, { bot: 'random' }, { bot: 'random' }, { bot: 'random' }];

async function run(name: string, sweep: Record<string, unknown>): Promise<string> {
  const tmp = tempDir(`tavolo-${name}-`);
  const spec = join(tmp, `${name}.json`);
  writeFileSync(spec, JSON.stringify({ name, game: 'stramat', players: 4, matches: 120, seed: name, sweep, bots: LINEUP }));
  const dir = join(tmp, 'out');
  const r = await tavoloAsync(['run', spec, '--out', dir, '--threads', '1']);
  expect(r.code, r.stderr).toBe(0);
  return dir;
}

type Row = Record<string, string>;

describe('a Stramat sweep: Holm over the distinct quantities', () => {
  let rows: Row[];
  beforeAll(async () => {
    rows = readCsvObjects(join(await run('holm-sweep', { dadoCount: [2, 3, 4] }), 'sweep.csv'));
  });

  it('tests the annulled rate once, though three columns carry it', () => {
    const groups = sameColumnGroups(rows);
    const annulled = groups.find((g) => g.includes('annulled_rate'))!;
    expect(annulled).toEqual(expect.arrayContaining(['annulled_rate', 'end_reason:stramat']));
    const first = new Map(rows.map((r) => [r.quantity, r]));
    const expected = holmOverGroups(groups, (q) => Number(first.get(q)!.slope_p));
    for (const [q, p] of expected) expect(Number(first.get(q)!.slope_p_holm), q).toBeCloseTo(p, 8);
    // Holm over every row (the same column counted for each name) would be stricter.
    const all = [...first.values()];
    const counted = holm(all.map((r) => Number(r.slope_p)));
    expect(all.some((r, i) => counted[i] > Number(r.slope_p_holm) * 1.05 && Number(r.slope_p_holm) < 1)).toBe(true);
  });
});

describe('a Stramat grid: Holm over the distinct trends', () => {
  let rows: Row[];
  beforeAll(async () => {
    // grid.csv's variant names hold a comma (quoted): read with a CSV parser.
    rows = parse(readFileSync(join(await run('holm-grid', { dadoCount: [2, 4], handSize: [5, 7] }), 'grid.csv'), 'utf8'), { columns: true });
  });

  it('tests each distinct quantity once against each option', () => {
    const groups = sameColumnGroups(rows);
    expect(groups.find((g) => g.includes('annulled_rate'))).toEqual(expect.arrayContaining(['annulled_rate', 'end_reason:stramat']));
    const first = new Map(rows.map((r) => [r.quantity, r]));
    const reps = groups.map((g) => g[0]);
    const tests = reps.flatMap((q) => ['slope1_p', 'slope2_p'].map((c) => ({ q, c, p: Number(first.get(q)![c]) })));
    const adjusted = holm(tests.map((t) => t.p));
    groups.forEach((g) => {
      for (const c of ['slope1', 'slope2']) {
        const i = tests.findIndex((t) => t.q === g[0] && t.c === `${c}_p`);
        for (const q of g) expect(Number(first.get(q)![`${c}_p_holm`]), `${q} ${c}`).toBeCloseTo(adjusted[i], 8);
      }
    });
  });
});

describe('holmDistinct', () => {
  it('adjusts over the distinct keys only, and gives a repeated key its first p', () => {
    const items = [
      { p: 0.01, key: 'a' },
      { p: 0.02, key: 'b' },
      { p: 0.01, key: 'a' },
      { p: 0.04, key: null },
    ];
    const { pHolm, family } = holmDistinct(items);
    expect(family).toBe(3);
    const ref = holm([0.01, 0.02, 0.04]); // R: p.adjust(c(0.01, 0.02, 0.04), 'holm') = 0.03 0.04 0.04
    expect(pHolm).toEqual([ref[0], ref[1], ref[0], ref[2]]);
    expect(ref).toEqual([0.03, 0.04, 0.04]);
  });

  it('keys a column and its rescaled copy alike, and never merges a test with no spread', () => {
    const slope = { estimate: 0.2, low: 0.1, high: 0.3, p: 0.0001 };
    const doubled = { estimate: 0.4, low: 0.2, high: 0.6, p: 0.0001 };
    expect(trendColumnKey(slope, [0.01, 0.2])).toBe(trendColumnKey(doubled, [0.01, 0.2]));
    expect(trendColumnKey(slope, [0.01, 0.2])).not.toBe(trendColumnKey(slope, [0.01, 0.3]));
    expect(trendColumnKey({ estimate: 0, low: 0, high: 0, p: 1 })).toBeNull();
    expect(trendColumnKey({ estimate: 0, low: 0, high: 0, p: 1 }, [1, 1])).toBeNull();
    // Only the middle value moves: no spread in the slope, the steps tell the column.
    expect(trendColumnKey({ estimate: 0, low: 0, high: 0, p: 1 }, [0.3, 0.3])).toBe(trendColumnKey({ estimate: 0, low: 0, high: 0, p: 1 }, [0.3, 0.3]));
    expect(trendColumnKey({ estimate: 0, low: 0, high: 0, p: 1 }, [0.3, 0.3])).not.toBe(trendColumnKey({ estimate: 0, low: 0, high: 0, p: 1 }, [0.3, 0.4]));
  });
});

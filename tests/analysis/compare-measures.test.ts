// The match measures (docs/measures.md) in the comparison of variants: each is a paired row (match i of
// one variant against match i of the other, on the same seed), and Holm's correction runs over the
// measures together with every other quantity of the comparison.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { compareVariants, type CompareRow } from '../../src/analysis/compare.js';
import { holm } from '../../src/analysis/decisions.js';
import { openResult, readMatches, type ResultInfo } from '../../src/analysis/results.js';
import { MEASURE_NAMES } from '../../src/engine/measures.js';
import { runTournament } from '../../src/runner/run.js';
import { loadSpec } from '../../src/runner/spec.js';
import { FIXTURES, tempDir } from '../fixtures/cli.js';
import { readJsonFile } from '../helpers/json-files.js';

/** Per seed, the candidate's value minus the reference's, where both matches have one (the pairing done by hand). */
async function pairedDifferences(info: ResultInfo, column: string, reference: string, candidate: string): Promise<number[]> {
  const k = info.metricNames.indexOf(column);
  const bySeed = new Map<string, Partial<Record<string, number>>>();
  await readMatches(info, (r) => {
    const entry = bySeed.get(r.seed) ?? {};
    entry[r.variant] = r.metrics[k];
    bySeed.set(r.seed, entry);
  });
  const out: number[] = [];
  for (const e of bySeed.values()) {
    const a = e[reference];
    const b = e[candidate];
    if (a !== undefined && b !== undefined && Number.isFinite(a) && Number.isFinite(b)) out.push(b - a);
  }
  return out;
}

describe('match measures in the comparison of variants', () => {
  const dir = tempDir('tavolo-compare-measures-');
  let info: ResultInfo;
  let rows: CompareRow[];
  const measureRow = (m: string) => rows.find((r) => r.quantity === `metric:${m}`)!;

  beforeAll(async () => {
    const spec = join(dir, 'hc-measures.json');
    // highcard's second variant annuls ties: its drama and decisiveness cells are then empty, so that
    // the pairing must skip the seeds where either side has no value.
    writeFileSync(spec, JSON.stringify({ ...readJsonFile<Record<string, unknown>>(join(FIXTURES, 'highcard-3p.json')), game: join(FIXTURES, 'highcard.mjs'), measures: true, matches: 600 }));
    await runTournament(await loadSpec(spec), { threads: 1, batch: 'auto', outDir: join(dir, 'out') });
    info = openResult(join(dir, 'out'));
    rows = (await compareVariants(info)).rows;
  }, 120_000);

  it('has a paired row for every measure column the run wrote', () => {
    const written = info.metricNames.filter((n) => MEASURE_NAMES.includes(n));
    expect(written).toContain('leader_changes');
    expect(written).toContain('decided_at');
    for (const m of written) {
      const r = measureRow(m);
      expect(r, m).toBeDefined();
      expect(r.pairs, m).not.toBeNull();
      expect(r.test, m).toMatch(/^paired/);
    }
  });

  it('pairs match i with match i: the difference and its standard error are those of the per-seed differences', async () => {
    for (const m of ['leader_changes', 'decided_at', 'branching_mean']) {
      const d = await pairedDifferences(info, m, 'base', 'long-hands');
      const r = measureRow(m);
      const mean = d.reduce((a, x) => a + x, 0) / d.length;
      const sd = Math.sqrt(d.reduce((a, x) => a + (x - mean) ** 2, 0) / (d.length - 1));
      expect(r.pairs, m).toBe(d.length);
      expect(r.difference, m).toBeCloseTo(mean, 9);
      expect(r.se, m).toBeCloseTo(sd / Math.sqrt(d.length), 9);
    }
    // Annulled matches have no winner to follow: fewer pairs for decided_at than for the lead changes.
    expect(measureRow('decided_at').pairs!).toBeLessThan(measureRow('leader_changes').pairs!);
  });

  it('gives from, to and difference on one population: the pairs where both matches have a value', async () => {
    // decided_at is empty in the annulled matches, so its pairs are fewer than the matches; its levels must
    // then be the means over those pairs (computed here by hand), and the difference their difference.
    const k = info.metricNames.indexOf('decided_at');
    const bySeed = new Map<string, Partial<Record<string, number>>>();
    await readMatches(info, (r) => {
      const entry = bySeed.get(r.seed) ?? {};
      entry[r.variant] = r.metrics[k];
      bySeed.set(r.seed, entry);
    });
    const both = [...bySeed.values()].filter((e) => Number.isFinite(e.base) && Number.isFinite(e['long-hands']));
    const r = measureRow('decided_at');
    expect(r.pairs).toBe(both.length);
    expect(r.pairs!).toBeLessThan(r.matches);
    const mean = (xs: number[]) => xs.reduce((a, x) => a + x, 0) / xs.length;
    expect(r.referenceValue).toBeCloseTo(mean(both.map((e) => e.base!)), 12);
    expect(r.value).toBeCloseTo(mean(both.map((e) => e['long-hands']!)), 12);
    expect(r.value - r.referenceValue).toBeCloseTo(r.difference, 12);
    // A column with a value in every match keeps each side's own mean (the same population anyway).
    const lead = measureRow('leader_changes');
    expect(lead.pairs).toBe(lead.matches);
    expect(lead.value - lead.referenceValue).toBeCloseTo(lead.difference, 12);
  });

  it("adjusts the measures' p-values by Holm over the whole comparison, not among themselves", () => {
    const tested = rows.filter((r) => Number.isFinite(r.p) && r.sameAs === '');
    const measures = tested.filter((r) => MEASURE_NAMES.includes(r.quantity.replace(/^metric:/, '')));
    expect(measures.length).toBeGreaterThan(3);
    expect(tested.length).toBeGreaterThan(measures.length + 3);
    const adjusted = holm(tested.map((r) => r.p));
    tested.forEach((r, i) => {
      expect(r.pHolm, r.quantity).toBeCloseTo(adjusted[i], 12);
      expect(r.family, r.quantity).toBe(tested.length);
    });
    // Holm over the measures alone would give smaller p-values: the family is the comparison's.
    const alone = holm(measures.map((r) => r.p));
    expect(measures.some((r, i) => r.pHolm > alone[i] * 1.5 && alone[i] < 1)).toBe(true);
  });
});

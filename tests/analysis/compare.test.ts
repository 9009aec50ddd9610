import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { PairAccumulator } from '../../src/analysis/accumulate.js';
import { adjustRows, compareRuns, compareVariants, comparisonRows, type CompareRow } from '../../src/analysis/compare.js';
import { quantityPlan } from '../../src/analysis/quantities.js';
import { COMPARE_HEADER, significant, writeComparison } from '../../src/analysis/comparison-text.js';
import { openResult, readMatches, type MatchRow } from '../../src/analysis/results.js';
import { verdictAfterRun } from '../../src/analysis/verdict-input.js';
import { runTournament } from '../../src/runner/run.js';
import { loadSpec } from '../../src/runner/spec.js';
import { ROOT, tempDir } from '../fixtures/cli.js';

const ALPHA = 0.05;
const find = (rows: CompareRow[], quantity: string, variant?: string) =>
  rows.find((r) => r.quantity === quantity && (variant === undefined || r.variant === variant))!;

async function play(spec: string, out: string, matches: number, seed?: string) {
  await runTournament(await loadSpec(join(ROOT, 'tournaments', spec), { matches, seed }), { threads: 2, batch: 'auto', outDir: out });
  return out;
}

describe('the real tournament: stramat-dado at 20,000 matches', () => {
  const dir = tempDir('tavolo-compare-');
  let rows: CompareRow[];

  beforeAll(async () => {
    await play('stramat-dado.json', join(dir, 'dado'), 20_000);
    const c = await compareVariants(openResult(join(dir, 'dado')));
    writeComparison(join(dir, 'dado'), c);
    rows = c.rows;
  });

  it('one Dado fewer makes games longer: turns_mean significant after Holm, with its interval above 0', () => {
    const r = find(rows, 'turns_mean');
    expect(r).toMatchObject({ variant: 'one-dado-fewer', reference: 'base', test: 'paired-t', pairs: 20_000 });
    expect(r.pHolm).toBeLessThan(1e-6);
    expect(r.low).toBeGreaterThan(1);
    expect(r.high).toBeLessThan(2);
    expect(significant(rows).map((x) => x.quantity)).toContain('turns_mean');
    expect(find(rows, 'end_reason:dado_short_deck').difference).toBeLessThan(0);
  });

  it('compare.csv has the issue\'s columns, and its win shares are summary.csv\'s', () => {
    const text = readFileSync(join(dir, 'dado', 'compare.csv'), 'utf8');
    expect(text.split('\n')[0]).toBe(COMPARE_HEADER.join(','));
    const csv = parse<Record<string, string>>(text, { columns: true });
    const summary = parse<Record<string, string>>(readFileSync(join(dir, 'dado', 'summary.csv')), { columns: true });
    for (const bot of ['greedy', 'random']) {
      const row = csv.find((r) => r.quantity === `win_share:${bot}`)!;
      const rate = (v: string) => Number(summary.find((s) => s.variant === v && s.bot === bot)!.win_rate);
      expect(Number(row.reference_value)).toBeCloseTo(rate('base'), 4);
      expect(Number(row.value)).toBeCloseTo(rate('one-dado-fewer'), 4);
      // random holds three seats (a third of a win per match is possible): a mean; Stramat has shared wins too.
      if (bot === 'random') expect(row.test).toBe('paired-t');
    }
    expect(csv.find((r) => r.quantity === 'annulled_rate')!.test).toBe('mcnemar'); // a 0/1 outcome per match
    // Every quantity the issue lists is there.
    const quantities = new Set(csv.map((r) => r.quantity));
    for (const q of ['seat_win_share:0', 'seat_win_share:3', 'first_player_advantage', 'turns_mean', 'turns_median_difference', 'decisions_mean', 'annulled_rate', 'end_reason:stramat', 'metric:played_dado']) {
      expect(quantities.has(q), q).toBe(true);
    }
    // p_holm is never below p, and is monotone in p.
    const ps = csv.filter((r) => r.p_value !== '').map((r) => [Number(r.p_value), Number(r.p_holm)]);
    for (const [p, h] of ps) expect(h).toBeGreaterThanOrEqual(p * 0.9999);
  });

  it('the per-variant figures of variants.csv agree with summary.csv and seats.csv', () => {
    const v = parse<Record<string, string>>(readFileSync(join(dir, 'dado', 'variants.csv')), { columns: true });
    const seats = parse<Record<string, string>>(readFileSync(join(dir, 'dado', 'seats.csv')), { columns: true });
    const get = (variant: string, q: string) => Number(v.find((r) => r.variant === variant && r.quantity === q)!.value);
    for (const variant of ['base', 'one-dado-fewer']) {
      const first = Number(seats.find((s) => s.variant === variant && s.position === '0')!.win_rate);
      expect(get(variant, 'seat_win_share:0')).toBeCloseTo(first, 4);
      // One definition: position 0's share of the matches someone won, minus the fair share 1/players.
      expect(get(variant, 'first_player_advantage')).toBeCloseTo(first - 1 / 4, 4);
    }
  });

  it('real-data A/A: pairing matches i and i + 10,000 of one variant (no effect) gives alpha-level false positives', async () => {
    // Two halves of one variant are independent samples from the same game: paired row by row they form a
    // null comparison on real matches, in blocks of 500 pairs.
    const info = openResult(join(dir, 'dado'));
    const base: MatchRow[] = [];
    await readMatches(info, (r) => base.push(r), { variant: 'base' });
    const plan = quantityPlan({ botNames: ['greedy', 'random'], players: 4, metricNames: info.metricNames, metricIndex: info.metricNames.map((_, i) => i) });
    let tests = 0;
    let rejected = 0;
    let familyRejected = 0;
    const blocks = 20;
    for (let b = 0; b < blocks; b++) {
      const acc = new PairAccumulator(plan);
      for (let i = b * 500; i < (b + 1) * 500; i++) acc.add(base[i], base[i + 10_000]);
      const rows = comparisonRows('later', 'earlier', acc).filter((r) => Number.isFinite(r.p) && r.quantity !== 'first_player_advantage');
      adjustRows(rows);
      tests += rows.length;
      rejected += rows.filter((r) => r.p < ALPHA).length;
      if (rows.some((r) => r.pHolm < ALPHA)) familyRejected++;
    }
    // Rows within a block are correlated, so the binomial bound is loose; the rate must still sit near alpha.
    expect(rejected / tests).toBeGreaterThan(0.01);
    expect(rejected / tests).toBeLessThan(0.1);
    expect(familyRejected).toBeLessThanOrEqual(4); // 20 families at alpha 0.05: one expected
  });
});

describe('A/A: identical variants and independent reruns', () => {
  it('stramat-aa (identical options, same seeds: a determinism check) reports nothing: every difference is exactly 0', async () => {
    const dir = tempDir('tavolo-aa-');
    await play('stramat-aa.json', dir, 2_000);
    const c = await compareVariants(openResult(dir));
    expect(significant(c.rows)).toEqual([]);
    for (const r of c.rows) expect(r.difference, r.quantity).toBe(0);
    // The words print each identical row at its quantity's own precision (a percentage to 0.1, as the
    // side-by-side table), never the interval's noise digits ("39.8950%", "0.00 points, 95% CI 0.00 to 0.00").
    writeComparison(dir, c);
    const words = await verdictAfterRun(dir);
    expect(words).not.toMatch(/\d\.\d{3,}%/);
    expect(words).not.toContain('95% CI 0.00 to 0.00');
    expect(words).toContain("greedy's win share shows no detectable change: from ");
    expect(words).toMatch(/greedy's win share shows no detectable change: from (\d+\.\d)% to \1% \(exactly 0 points; every pair of matches gave the same value\)/);
    const rows: MatchRow[] = [];
    await readMatches(openResult(dir), (m) => rows.push(m), { variant: 'base' });
    const annulled = rows.filter((m) => m.annulled).length / rows.length;
    expect(words).toContain(`annulled matches from ${(100 * annulled).toFixed(1)}% to ${(100 * annulled).toFixed(1)}% (every pair of matches gave the same value`);
  });

  it('the same tournament under two master seeds (independent samples): nothing significant after Holm', async () => {
    const dir = tempDir('tavolo-aa2-');
    const [a, b] = await Promise.all([play('stramat-aa.json', join(dir, 'a'), 3_000, 'one'), play('stramat-aa.json', join(dir, 'b'), 2_000, 'two')]);
    const c = await compareRuns(openResult(a), openResult(b));
    expect(c.paired).toBe(false);
    expect(c.pairing).toMatch(/master seeds differ/);
    expect(find(c.rows, 'turns_mean').test).toBe('welch-t');
    expect(find(c.rows, 'turns_median').test).toBe('mood-median');
    expect(find(c.rows, 'annulled_rate').test).toBe('two-proportion-z');
    expect(significant(c.rows)).toEqual([]);
  });
});

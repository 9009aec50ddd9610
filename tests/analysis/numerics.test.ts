import { describe, expect, it } from 'vitest';
import { PairAccumulator } from '../../src/analysis/accumulate.js';
import { adjustRows, comparisonRows, familyNotes } from '../../src/analysis/compare.js';
import { IntHistogram } from '../../src/analysis/moments.js';
import { mcnemarTest, signTest } from '../../src/analysis/paired-tests.js';
import { quantityPlan } from '../../src/analysis/quantities.js';
import type { MatchRow } from '../../src/analysis/results.js';
import { moodMedianTest } from '../../src/analysis/two-sample-tests.js';
import { Rng } from '../../src/engine/rng.js';

const histogram = (values: number[]) => {
  const h = new IntHistogram();
  for (const v of values) h.add(v);
  return h;
};

describe("McNemar's p without underflow", () => {
  it('takes the chi-square upper tail directly: SciPy chi2.sf values far below 1e-16', () => {
    // SciPy: stats.chi2.sf((700 - 300)**2 / 1000, 1) and stats.chi2.sf((1200 - 400)**2 / 1600, 1).
    expect(mcnemarTest(300, 700, 5000).p / 1.1314837902433038e-36).toBeCloseTo(1, 9);
    expect(mcnemarTest(400, 1200, 5000).p / 5.507248237212379e-89).toBeCloseTo(1, 9);
    expect(mcnemarTest(400, 1200, 5000).p).toBeGreaterThan(0);
  });
});

describe('the median row tests what it shows', () => {
  const d = [3, -1, 0, 2, 5, -2, 1, 1, 0, 4, -3, 2, 2, 6, -1, 1, 0, 3, 1, -4];

  it('paired: the median of the differences, the sign test and the order-statistic interval (SciPy)', () => {
    const e = signTest(histogram(d));
    expect(e.test).toBe('sign');
    expect(e.estimate).toBe(1); // numpy.median(d)
    // SciPy: stats.binomtest(12, 17, 0.5).pvalue (12 positive, 5 negative differences, zeros dropped).
    expect(e.p).toBeCloseTo(0.143463134765625, 12);
    // k = 6, the largest with stats.binom.cdf(k - 1, 20, 0.5) <= 0.025: sorted(d)[5] and sorted(d)[14].
    expect([e.low, e.high]).toEqual([0, 2]);
  });

  it('paired: the interval covers the median of the differences at least 95% of the time', () => {
    const rng = new Rng('sign-coverage');
    let cover = 0;
    for (let r = 0; r < 1000; r++) {
      const h = new IntHistogram();
      // Differences from a skewed distribution with median 1: 0, 1 or 5 with probabilities 0.4, 0.2, 0.4.
      for (let i = 0; i < 60; i++) {
        const u = rng.float();
        h.add(u < 0.4 ? 0 : u < 0.6 ? 1 : 5);
      }
      const e = signTest(h);
      if (e.low <= 1 && 1 <= e.high) cover++;
    }
    expect(cover / 1000).toBeGreaterThan(0.95 - 3 * Math.sqrt((0.95 * 0.05) / 1000));
  });

  it("unpaired: Mood's median test (SciPy median_test(a, b, ties='below', correction=False))", () => {
    const a = [10, 12, 12, 13, 15, 15, 15, 16, 18, 20, 22];
    const b = [12, 14, 15, 15, 16, 17, 18, 19, 19, 21, 25, 26];
    expect(moodMedianTest(histogram(a), histogram(b)).p).toBeCloseTo(0.13334801624023815, 12);
  });
});

function match(i: number, annulled: boolean, turns: number, metrics: number[]): MatchRow {
  return {
    variant: 'v',
    variantIndex: 0,
    match: i,
    seed: `s${i}`,
    bots: ['a', 'b'],
    winners: annulled ? [] : [i % 2],
    annulled,
    scores: [],
    ranks: [],
    firstPlayer: 0,
    turns,
    decisions: turns,
    endReason: annulled ? 'annulled' : 'normal',
    faultSeat: -1,
    playHash: '',
    metrics,
  };
}

describe("Holm's family: each distinct column once, constant columns left out", () => {
  it('annulled_rate, end_reason, a 0/1 metric and its complement are one test; a constant metric is not tested', () => {
    const metricNames = ['annulled_games', 'played_games', 'games', 'length'];
    const plan = quantityPlan({ botNames: ['a', 'b'], players: 2, metricNames, metricIndex: [0, 1, 2, 3] });
    const acc = new PairAccumulator(plan);
    const rng = new Rng('holm-family');
    for (let i = 0; i < 2000; i++) {
      const rows = [0.1, 0.2].map((p) => {
        const annulled = rng.float() < p;
        const turns = 10 + Math.floor(rng.float() * 5);
        return match(i, annulled, turns, [annulled ? 1 : 0, annulled ? 0 : 1, 1, 2 * turns]);
      });
      acc.add(rows[0], rows[1]);
    }
    const constant: string[] = [];
    const rows = comparisonRows('cand', 'ref', acc, { constant });
    adjustRows(rows);
    const get = (q: string) => rows.find((r) => r.quantity === q)!;
    expect(constant).toContain('metric:games');
    expect(rows.some((r) => r.quantity === 'metric:games')).toBe(false);
    for (const q of ['metric:annulled_games', 'metric:played_games', 'end_reason:annulled']) {
      expect(get(q).sameAs, q).toBe('annulled_rate');
      expect(get(q).pHolm).toBe(get('annulled_rate').pHolm);
    }
    expect(get('metric:length').sameAs).toBe('turns_mean'); // twice the turns: the same paired t
    const distinct = rows.filter((r) => r.sameAs === '' && Number.isFinite(r.p));
    for (const r of rows.filter((x) => Number.isFinite(x.p))) expect(r.family).toBe(distinct.length);
    // Holm over the distinct tests only: the smallest p is multiplied by their number, not by every row's.
    const smallest = distinct.reduce((a, r) => (r.p < a.p ? r : a));
    expect(smallest.pHolm).toBeCloseTo(Math.min(1, distinct.length * smallest.p), 12);
    const notes = familyNotes(rows, constant).join('\n');
    expect(notes).toMatch(/one quantity, tested once: annulled_rate, .*metric:annulled_games/);
    expect(notes).toMatch(/not tested\): metric:games/);
  });
});

// A share's interval (src/analysis/intervals.ts shareInterval) and where it is used: inside its range,
// never zero width, and equal to Wilson's (or Wilson on the matches' own spread) computed here by formula.
import { describe, expect, it } from 'vitest';
import { clusteredWilson, shareInterval, wilson } from '../../src/analysis/intervals.js';
import { Moments } from '../../src/analysis/moments.js';
import { SweepTrendAccumulator } from '../../src/analysis/sweep-trend.js';

/** n copies of v. */
const filled = (n: number, v: number): number[] => new Array<number>(n).fill(v);

const momentsOf = (values: number[]) => {
  const m = new Moments();
  for (const v of values) m.add(v);
  return m;
};

describe('shareInterval', () => {
  it("is Wilson's for 0/1 values, also at 0 of n and n of n (never zero width)", () => {
    const m = momentsOf([...filled(37, 1), ...filled(63, 0)]);
    expect(shareInterval(m)).toEqual(wilson(37, 100));
    const all = shareInterval(momentsOf(filled(200, 1)));
    expect(all[1]).toBe(1);
    expect(all[0]).toBeLessThan(1);
    expect(all[0]).toBeCloseTo(wilson(200, 200)[0], 12);
  });

  it('is Wilson on the per-match spread for fractions, and stays in [lowest, lowest + 1]', () => {
    const values = [0.5, ...filled(39, 0)];
    const [low, high] = shareInterval(momentsOf(values));
    const [l, h] = clusteredWilson(0.5, 0.25, 40);
    expect(low).toBeCloseTo(l, 12);
    expect(high).toBeCloseTo(h, 12);
    expect(low).toBeGreaterThan(0);
    // The first-player advantage of 3 players: values -1/3 or 2/3.
    const adv = shareInterval(momentsOf([...filled(10, 2 / 3), ...filled(30, -1 / 3)]), -1 / 3);
    const [wl, wh] = wilson(10, 40);
    expect(adv[0]).toBeCloseTo(wl - 1 / 3, 12);
    expect(adv[1]).toBeCloseTo(wh - 1 / 3, 12);
  });

  it('gives the whole range without matches', () => {
    expect(shareInterval(momentsOf([]), -0.25)).toEqual([-0.25, 0.75]);
  });
});

describe('a sweep point of a win share', () => {
  it('has a Wilson interval inside [0, 1] where a t interval was zero-width at 100% and past 100% near it', () => {
    const acc = new SweepTrendAccumulator([1, 2], ['win_share:greedy', 'turns_mean'], 2);
    // At x = 1 greedy wins every match; at x = 2 all but one of 500.
    for (let i = 0; i < 500; i++) acc.add([new Float64Array([1, 20 + (i % 7)]), new Float64Array([i === 3 ? 0 : 1, 21 + (i % 5)])]);
    const [share, turns] = acc.trends();
    const [every, almost] = share.points.map((p) => p.estimate);
    expect(every.high).toBe(1);
    expect(every.low).toBeLessThan(1);
    expect(almost.high).toBeLessThanOrEqual(1);
    expect([almost.low, almost.high]).toEqual(wilson(499, 500));
    // A count keeps its t interval.
    expect(turns.points[0].estimate.test).toBe('mean-t');
  });
});

// Repeated plays counted once (src/analysis/repeats.ts): the distinct plays, and the intervals on Kish's
// effective number of plays, against values computed here by formula and from a published t table.
import { describe, expect, it } from 'vitest';
import { SideAccumulator } from '../../src/analysis/accumulate.js';
import { variantLines } from '../../src/analysis/comparison-text.js';
import { clusteredWilson, wilson, Z95 } from '../../src/analysis/intervals.js';
import { Moments } from '../../src/analysis/moments.js';
import { quantityPlan } from '../../src/analysis/quantities.js';
import { PlayRepeats } from '../../src/analysis/repeats.js';
import type { MatchRow } from '../../src/analysis/results.js';

/** A play hash (16 hexadecimal digits) for play g. */
const hex = (g: number) => `${g.toString(16).padStart(8, '0')}9e3779b1`;

/** Plays given as [matches, value]: each play's matches added with one hash, in turn. */
function side(plays: Array<[number, number]>): { repeats: PlayRepeats; moments: Moments } {
  const repeats = new PlayRepeats();
  const moments = new Moments();
  const v = new Float64Array(1);
  // Interleaved, as a run's matches come: play 0, play 1, ..., then again.
  const left = plays.map(([n]) => n);
  for (let round = 0; left.some((n) => n > 0); round++) {
    plays.forEach(([, value], g) => {
      if (left[g] === 0) return;
      left[g]--;
      v[0] = value;
      moments.add(value);
      repeats.add(hex(g), v);
    });
  }
  return { repeats, moments };
}

/** Wilson's score interval by its textbook formula (Wilson 1927), for the reference values. */
function wilsonByHand(p: number, n: number): [number, number] {
  const z2 = Z95 * Z95;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z95 / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return [centre - half, centre + half];
}

describe('PlayRepeats', () => {
  it('counts distinct plays, repeated matches and the largest play', () => {
    const { repeats } = side([
      [28, 1],
      [27, 0],
      [23, 1],
      [22, 0],
      [1, 1],
    ]);
    expect(repeats.matches).toBe(101);
    expect(repeats.distinct).toBe(5);
    expect(repeats.repeated).toBe(96);
    expect(repeats.largest).toBe(28);
  });

  it('a 0/1 quantity: Wilson on n_eff = N^2 / sum of squared play sizes (4 plays of 25: n_eff 4, Wilson of 3 in 4)', () => {
    const { repeats, moments } = side([
      [25, 1],
      [25, 0],
      [25, 1],
      [25, 1],
    ]);
    const [low, high] = repeats.interval(0, moments, true)!;
    // R: prop.test(3, 4, correct = FALSE)$conf.int is 0.3006418 to 0.9544127.
    expect(low).toBeCloseTo(0.3006418, 6);
    expect(high).toBeCloseTo(0.9544127, 6);
  });

  it('a 0/1 quantity with unequal plays: n_eff 10000 / 2526', () => {
    const { repeats, moments } = side([
      [28, 1],
      [27, 0],
      [23, 1],
      [22, 0],
    ]);
    const [low, high] = repeats.interval(0, moments, true)!;
    const [l, h] = wilsonByHand(0.51, 10000 / (28 * 28 + 27 * 27 + 23 * 23 + 22 * 22));
    expect(low).toBeCloseTo(l, 10);
    expect(high).toBeCloseTo(h, 10);
    // The plain interval on 100 matches is several times narrower.
    const [pl, ph] = wilson(51, 100);
    expect(high - low).toBeGreaterThan(3 * (ph - pl));
  });

  it('a mean: ± t(n_eff - 1) x the spread between plays / sqrt(n_eff) (4 plays of 25: t 3.182446 on 3 df, from the table)', () => {
    const { repeats, moments } = side([
      [25, 2],
      [25, 5],
      [25, 3],
      [25, 10],
    ]);
    const [low, high] = repeats.interval(0, moments, false)!;
    // Plays 2, 5, 3, 10: mean 5, variance 38 / 3 between plays, se sqrt(38 / 12).
    const half = 3.182446 * Math.sqrt(38 / 3 / 4);
    expect(low).toBeCloseTo(5 - half, 5);
    expect(high).toBeCloseTo(5 + half, 5);
  });

  it('gives no interval of its own when no play repeats, and counts nothing without hashes', () => {
    const { repeats, moments } = side([
      [1, 1],
      [1, 0],
      [1, 1],
    ]);
    expect(repeats.interval(0, moments, true)).toBeUndefined();
    const none = new PlayRepeats();
    none.add('', new Float64Array(1));
    expect(none.known).toBe(false);
    expect(none.distinct).toBe(0);
  });
});

describe("a variant's figures (variantLines)", () => {
  const plan = quantityPlan({ botNames: ['a', 'b'], players: 2, metricNames: [], metricIndex: [] });
  const row = (match: number, hash: string, winner: number): MatchRow => ({
    variant: 'base',
    variantIndex: 0,
    match,
    seed: `s/${match}`,
    bots: match % 2 === 0 ? ['a', 'b'] : ['b', 'a'],
    winners: [winner],
    annulled: false,
    scores: winner === 0 ? [1, 0] : [0, 1],
    ranks: winner === 0 ? [1, 2] : [2, 1],
    firstPlayer: 0,
    turns: 10,
    decisions: 10,
    endReason: 'end',
    faultSeat: -1,
    playHash: hash,
    metrics: [],
  });

  it('with repeats: plays_distinct and plays_largest, and win shares as wide as the plays allow', () => {
    const s = new SideAccumulator(plan);
    // Two plays per seating, 25 matches each: seat 0 wins in plays 0 and 2, seat 1 in play 1 and 3.
    for (let i = 0; i < 100; i++) s.add(row(i, hex(i % 4), i % 4 < 2 ? i % 2 : 1 - (i % 2)));
    const lines = new Map(variantLines(s).map((l) => [l.quantity, l]));
    expect(lines.get('plays_distinct')?.value).toBe(4);
    expect(lines.get('plays_largest')?.value).toBe(25);
    const a = lines.get('win_share:a')!;
    const [l, h] = wilsonByHand(a.value, 4);
    expect(a.low).toBeCloseTo(l, 10);
    expect(a.high).toBeCloseTo(h, 10);
    // Every match ends by 'end': Wilson's 4 of 4, not 100 of 100.
    const end = lines.get('end_reason:end')!;
    const [el, eh] = wilson(4, 4);
    expect(end.low).toBeCloseTo(el, 10);
    expect(end.high).toBeCloseTo(eh, 10);
  });

  it('without repeats: the intervals of every match (Wilson on 100)', () => {
    const s = new SideAccumulator(plan);
    for (let i = 0; i < 100; i++) s.add(row(i, hex(i), i % 3 === 0 ? 1 : 0));
    const lines = new Map(variantLines(s).map((l) => [l.quantity, l]));
    expect(lines.get('plays_distinct')?.value).toBe(100);
    expect(lines.get('plays_largest')?.value).toBe(1);
    const a = lines.get('win_share:a')!;
    const [l, h] = wilson(a.value * 100, 100);
    expect([a.low, a.high]).toEqual([l, h]);
  });

  it('keeps a share with fractions (a tied match) and the first-player advantage inside their ranges', () => {
    const s = new SideAccumulator(plan);
    // 40 matches, no repeats: bot a loses 39 and ties one (half a win); the first seat wins only the tie's half.
    for (let i = 0; i < 40; i++) {
      const loss = row(i, hex(i), i % 2 === 0 ? 1 : 0);
      s.add(i === 7 ? { ...loss, winners: [0, 1], ranks: [1, 1] } : loss);
    }
    const lines = new Map(variantLines(s).map((l) => [l.quantity, l]));
    const a = lines.get('win_share:a')!;
    expect(a.value).toBeCloseTo(0.5 / 40, 12);
    // A t interval would reach below 0 (-1.3% here); Wilson on the matches' own spread, as summary.csv's win_rate, does not.
    const squares = 0.25;
    const [l, h] = clusteredWilson(0.5, squares, 40);
    expect(a.low).toBeGreaterThan(0);
    expect([a.low, a.high]).toEqual([l, h]);
    const adv = lines.get('first_player_advantage')!;
    expect(adv.low).toBeGreaterThanOrEqual(-0.5);
    expect(adv.high).toBeLessThanOrEqual(0.5);
    // The first seat wins the 19 other odd matches and half of match 7: 19.5 of 40, squares 19 + 0.25.
    const [sl, sh] = clusteredWilson(19.5, 19.25, 40);
    expect(adv.low).toBeCloseTo(sl - 0.5, 12);
    expect(adv.high).toBeCloseTo(sh - 0.5, 12);
  });
});

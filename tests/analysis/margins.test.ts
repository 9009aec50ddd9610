import { describe, expect, it } from 'vitest';
import tQuantile from '@stdlib/stats-base-dists-t-quantile';
import tCdf from '@stdlib/stats-base-dists-t-cdf';
import { PairAccumulator } from '../../src/analysis/accumulate.js';
import { comparisonRows } from '../../src/analysis/compare.js';
import { quantityPlan } from '../../src/analysis/quantities.js';
import type { MatchRow } from '../../src/analysis/results.js';
import { scoreDirection } from '../../src/analysis/score-direction.js';
import { Rng } from '../../src/engine/rng.js';

/**
 * The margins (quantities.ts): each bot's score over the best other seat's, the winner's over the
 * runner-up's, in the game's points, ahead positive whichever way the game counts; and their paired
 * comparison between variants (the paired t on the per-deal margin), checked against a t-test computed
 * here from the margins by hand and calibrated by simulation.
 */

function row(scores: number[], bots: string[], more: Partial<MatchRow> = {}): MatchRow {
  const n = scores.length;
  return {
    variant: 'v', variantIndex: 0, match: 0, seed: 's', bots, winners: [0], annulled: false, scores,
    ranks: new Array<number>(n).fill(1), firstPlayer: 0, turns: 10, decisions: 10, endReason: 'end', faultSeat: -1, metrics: [], playHash: '',
    ...more,
  };
}

function valuesOf(r: MatchRow, botNames: string[], betterScore?: 'lower' | 'higher', game?: string): Record<string, number> {
  const plan = quantityPlan({ botNames, players: r.scores.length, metricNames: [], metricIndex: [], betterScore, game });
  const out = new Float64Array(plan.names.length);
  plan.values(r, out);
  return Object.fromEntries(plan.names.map((q, i) => [q, out[i]]));
}

/** The reference definition, written independently: per seat, own score minus the best of the others (in the better direction). */
function byHand(scores: number[], bots: string[], lower: boolean) {
  const better = (a: number, b: number) => (lower ? Math.min(a, b) : Math.max(a, b));
  const seat = scores.map((s, i) => {
    const best = scores.filter((_, j) => j !== i).reduce(better);
    return lower ? best - s : s - best;
  });
  const sorted = [...scores].sort((a, b) => (lower ? a - b : b - a));
  const bot = (b: string) => {
    const mine = seat.filter((_, i) => bots[i] === b);
    return mine.reduce((x, y) => x + y, 0) / mine.length;
  };
  return { bot, winner: Math.abs(sorted[0] - sorted[1]) };
}

describe('the score margins of one match', () => {
  it('is each bot over the best other seat, and the winner over the runner-up, where higher scores win', () => {
    const scores = [41, 17, 35, 22];
    const bots = ['greedy', 'random', 'random', 'random'];
    const v = valuesOf(row(scores, bots), ['greedy', 'random'], 'higher');
    const h = byHand(scores, bots, false);
    expect(v['margin:greedy']).toBe(6);
    expect(v['margin:greedy']).toBeCloseTo(h.bot('greedy'), 12);
    // Each random seat's margin over the best other seat (41 each time), averaged: (-24 - 6 - 19) / 3.
    expect(v['margin:random']).toBeCloseTo(-49 / 3, 12);
    expect(v['margin:random']).toBeCloseTo(h.bot('random'), 12);
    expect(v.winner_margin).toBe(6);
  });

  it('reads a lower score as ahead where the game says so (Stop, Stramat), and finds that in the registry', () => {
    const scores = [3, 12, 7];
    const bots = ['greedy', 'random', 'mc'];
    const v = valuesOf(row(scores, bots), bots, 'lower');
    const h = byHand(scores, bots, true);
    expect([v['margin:greedy'], v['margin:random'], v['margin:mc']]).toEqual([4, -9, -4]);
    expect([v['margin:greedy'], v['margin:random'], v['margin:mc']]).toEqual(bots.map(h.bot));
    expect(v.winner_margin).toBe(h.winner);
    expect(scoreDirection('stop')).toBe('lower');
    expect(scoreDirection('stramat')).toBe('lower');
    expect(scoreDirection('zatre')).toBe('higher');
    expect(valuesOf(row(scores, bots), bots, undefined, 'stop')['margin:greedy']).toBe(4);
    expect(valuesOf(row(scores, bots), bots, undefined, 'zatre')['margin:greedy']).toBe(-9);
  });

  it('has no margins when the direction is unknown (no game, no betterScore): none read the wrong way round', () => {
    const v = valuesOf(row([3, 12], ['a', 'b']), ['a', 'b']);
    expect(Object.keys(v).filter((q) => q.includes('margin'))).toEqual([]);
    expect(v['win_share:a']).toBe(1);
  });

  it('gives 0 on a tie for the lead, and no margin (NaN) for an annulled match or a missing score', () => {
    const v = valuesOf(row([9, 9, 2], ['a', 'b', 'c']), ['a', 'b', 'c'], 'higher');
    expect([v['margin:a'], v['margin:b'], v['margin:c'], v.winner_margin]).toEqual([0, 0, -7, 0]);
    const annulled = valuesOf(row([9, 3], ['a', 'b'], { annulled: true, winners: [] }), ['a', 'b'], 'higher');
    expect([annulled['margin:a'], annulled.winner_margin]).toEqual([NaN, NaN]);
    expect(valuesOf(row([9, NaN], ['a', 'b']), ['a', 'b'], 'higher')['margin:a']).toBeNaN();
  });

  it('matches the reference definition on many random matches of 2 to 6 seats', () => {
    const rng = new Rng('margins-by-hand');
    for (let k = 0; k < 500; k++) {
      const n = 2 + rng.int(5);
      const scores = Array.from({ length: n }, () => rng.int(30));
      const bots = Array.from({ length: n }, () => ['x', 'y', 'z'][rng.int(3)]);
      const names = [...new Set(bots)];
      const lower = rng.float() < 0.5;
      const v = valuesOf(row(scores, bots), names, lower ? 'lower' : 'higher');
      const h = byHand(scores, bots, lower);
      for (const b of names) expect(v[`margin:${b}`]).toBeCloseTo(h.bot(b), 10);
      expect(v.winner_margin).toBe(h.winner);
    }
  });
});

/** Pairs of 3-seat matches from one deal: the candidate's scores are the reference's plus `shift` on seat 0 and independent noise. */
function pairs(rng: Rng, n: number, shift: number): Array<[MatchRow, MatchRow]> {
  const bots = ['greedy', 'random', 'random'];
  const noise = () => rng.int(7) - 3;
  return Array.from({ length: n }, (_, i) => {
    const deal = [20 + rng.int(15), 10 + rng.int(15), 10 + rng.int(15)];
    const a = row(deal.map((s) => s + noise()), bots, { match: i });
    const b = row(deal.map((s, j) => s + noise() + (j === 0 ? shift : 0)), bots, { match: i, variant: 'w', variantIndex: 1 });
    return [a, b];
  });
}

function marginRow(ps: Array<[MatchRow, MatchRow]>) {
  const plan = quantityPlan({ botNames: ['greedy', 'random'], players: 3, metricNames: [], metricIndex: [], betterScore: 'higher' });
  const acc = new PairAccumulator(plan);
  for (const [a, b] of ps) acc.add(a, b);
  return comparisonRows('w', 'v', acc).find((r) => r.quantity === 'margin:greedy')!;
}

const TRUE_SHIFT3 = 3;

describe('the paired comparison of a margin between variants', () => {
  it('is the paired t on the per-deal margins (recomputed here from the scores)', () => {
    const ps = pairs(new Rng('margins-paired-reference'), 80, 2);
    const r = marginRow(ps);
    const m = (x: MatchRow) => x.scores[0] - Math.max(x.scores[1], x.scores[2]);
    const d = ps.map(([a, b]) => m(b) - m(a));
    const n = d.length;
    const mean = d.reduce((x, y) => x + y, 0) / n;
    const sd = Math.sqrt(d.reduce((x, y) => x + (y - mean) ** 2, 0) / (n - 1));
    const t = mean / (sd / Math.sqrt(n));
    expect(r.test).toBe('paired-t');
    expect(r.difference).toBeCloseTo(mean, 10);
    expect(r.high - r.difference).toBeCloseTo(tQuantile(0.975, n - 1) * (sd / Math.sqrt(n)), 8);
    expect(r.p).toBeCloseTo(2 * tCdf(-Math.abs(t), n - 1), 8);
  });

  it('covers the true change 95% of the time and rejects no change at about 5% (seeded simulation)', () => {
    const rng = new Rng('margins-paired-calibration');
    const REPS = 600;
    let covered = 0;
    let rejectedNull = 0;
    for (let k = 0; k < REPS; k++) {
      // With a shift of 0 the variants' margins have the same distribution but the matches differ (their own noise).
      const r0 = marginRow(pairs(rng, 40, 0));
      if (r0.p < 0.05) rejectedNull++;
      // With a shift of 3 on seat 0 the true change of greedy's mean margin is 3: the others' scores have
      // the same distribution in both variants, so E[max of the others] is the same.
      const r3 = marginRow(pairs(rng, 40, 3));
      if (r3.low <= TRUE_SHIFT3 && TRUE_SHIFT3 <= r3.high) covered++;
    }
    const se = Math.sqrt((0.05 * 0.95) / REPS);
    expect(rejectedNull / REPS).toBeGreaterThan(0.05 - 3.5 * se);
    expect(rejectedNull / REPS).toBeLessThan(0.05 + 3.5 * se);
    expect(covered / REPS).toBeGreaterThan(0.95 - 3.5 * se);
    expect(covered / REPS).toBeLessThan(0.95 + 3.5 * se);
  });
});

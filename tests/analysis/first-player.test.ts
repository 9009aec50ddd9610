import { describe, expect, it } from 'vitest';
import { PairAccumulator } from '../../src/analysis/accumulate.js';
import { comparisonRows } from '../../src/analysis/compare.js';
import { PairedPositionShares, PositionShares, unpairedShareDifference } from '../../src/analysis/first-player.js';
import { quantityPlan } from '../../src/analysis/quantities.js';
import type { MatchRow } from '../../src/analysis/results.js';

/** A match row with only what turn order needs. */
function match(i: number, firstPlayer: number, winners: number[], players = 3): MatchRow {
  return {
    variant: 'v',
    variantIndex: 0,
    match: i,
    seed: `s${i}`,
    bots: Array.from({ length: players }, () => 'random'),
    winners,
    annulled: winners.length === 0,
    scores: [],
    ranks: [],
    firstPlayer,
    turns: 10,
    decisions: 10,
    endReason: winners.length === 0 ? 'annulled' : 'normal',
    faultSeat: -1,
    playHash: '',
    metrics: [],
  };
}

// (first player, winners) of ten paired matches, three players.
const REF: Array<[number, number[]]> = [[0, [0]], [1, [2]], [2, []], [0, [1]], [1, [1, 2]], [2, [2]], [0, []], [1, [0]], [2, [0, 1, 2]], [0, [0]]];
const CAND: Array<[number, number[]]> = [[0, [0]], [1, []], [2, [2]], [0, [0]], [1, [1]], [2, []], [0, [2]], [1, [1]], [2, [2]], [0, [0, 1]]];

describe('turn order: position 0 share of the matches someone won (delta method)', () => {
  it('one side: the ratio and its standard error agree with numpy', () => {
    const s = new PositionShares(3);
    REF.forEach(([f, w], i) => s.add(match(i, f, w)));
    // numpy: x = position 0's part of the win, d = someone won; R = x.mean() / d.mean();
    // u = (x - R d) / d.mean(); se = u.std(ddof=1) / sqrt(10).
    expect(s.share(0).estimate).toBeCloseTo(0.4791666666666667, 12);
    expect(s.share(0).se).toBeCloseTo(0.16267648298781218, 12);
  });

  it('paired: the difference and its paired standard error agree with numpy', () => {
    const p = new PairedPositionShares(3);
    REF.forEach(([f, w], i) => p.add(match(i, f, w), match(i, CAND[i][0], CAND[i][1])));
    const d = p.difference(0);
    // numpy: (ub - ua).std(ddof=1) / sqrt(10), u each side's linearised value.
    expect(d.estimate).toBeCloseTo(0.3333333333333333, 12);
    expect(d.se).toBeCloseTo(0.2293375835698421, 12);
  });

  it('independent samples: the difference of the ratios, standard errors in quadrature (numpy)', () => {
    const [a, b] = [new PositionShares(3), new PositionShares(3)];
    REF.forEach(([f, w], i) => a.add(match(i, f, w)));
    [...CAND, [1, [1]] as [number, number[]]].forEach(([f, w], i) => b.add(match(i, f, w)));
    const d = unpairedShareDifference(a, b, 0);
    // numpy: R and se of each side as above (the candidate with an eleventh match), sqrt(se_a**2 + se_b**2).
    expect(d.estimate).toBeCloseTo(0.3541666666666666, 12);
    expect(d.se).toBeCloseTo(0.2001096825015326, 12);
  });

  it('a change in the annulled rate alone does not move the first-player advantage in compare rows', () => {
    // Four players; the first player wins one match in four of those someone won, in both variants, but the
    // candidate annuls half the matches (in blocks that keep that share). The old definition,
    // P(decided) x advantage, would read a change; the one definition reads none.
    const players = 4;
    const plan = quantityPlan({ botNames: ['random'], players, metricNames: [], metricIndex: [] });
    const acc = new PairAccumulator(plan);
    const positions = new PairedPositionShares(players);
    for (let i = 0; i < 4000; i++) {
      const r = i % 8;
      const ref = match(i, 0, r === 0 || r === 4 ? [0] : [1 + (r % 3)], players);
      // Candidate: matches 1, 2, 5, 6 of every 8 annulled; of the four decided, the first player wins one.
      const cand = match(i, 0, [1, 2, 5, 6].includes(r) ? [] : r === 0 ? [0] : [1 + (r % 3)], players);
      acc.add(ref, cand);
      positions.add(ref, cand);
    }
    const rows = comparisonRows('cand', 'ref', acc, { positions });
    const fpa = rows.find((x) => x.quantity === 'first_player_advantage')!;
    expect(fpa.referenceValue).toBeCloseTo(0, 12);
    expect(fpa.value).toBeCloseTo(0, 12);
    expect(fpa.difference).toBeCloseTo(0, 12);
    expect(fpa.test).toBe('paired-delta');
    // The positions' shares of the decided matches add up to 1 on each side.
    const shares = rows.filter((x) => x.quantity.startsWith('seat_win_share:'));
    expect(shares.reduce((a, x) => a + x.value, 0)).toBeCloseTo(1, 12);
    expect(shares.reduce((a, x) => a + x.referenceValue, 0)).toBeCloseTo(1, 12);
  });
});

// tavolo skill's pairing of the two seatings (src/studies/skill/analysis.ts) on hand-built rows of matches.csv.
import { describe, expect, it } from 'vitest';
import { dealValues, distinctDeals, seatDecidedDeals } from '../../../src/studies/skill/analysis.js';
import type { MatchRow } from '../../../src/analysis/results.js';

function row(match: number, bots: string[], ranks: number[], seed = `s/match/${match}`): MatchRow {
  return { variant: 'base', variantIndex: 0, match, seed, bots, winners: [], annulled: ranks.every((r) => r === 1), scores: ranks, ranks, firstPlayer: 0, turns: 1, decisions: 1, endReason: 'end', faultSeat: -1, playHash: '', metrics: [] };
}

describe('dealValues pairs match i of seating a with match i of seating b', () => {
  it('gives each deal the share of its decided pairs the stronger won, whatever the row order', () => {
    const a = [row(0, ['greedy', 'random'], [1, 2]), row(1, ['random', 'greedy'], [1, 2]), row(2, ['greedy', 'random'], [1, 1])];
    // Seating b: the bots swapped; rows out of order (a resumed run writes them in match order anyway).
    const b = [row(2, ['random', 'greedy'], [1, 1]), row(0, ['random', 'greedy'], [2, 1]), row(1, ['greedy', 'random'], [1, 2])];
    // Deal 0: greedy wins both seatings (1). Deal 1: the seat 0 player wins both times: greedy once, random once (1/2).
    // Deal 2: annulled twice, nothing decided (NaN).
    const v = dealValues(a, b, 'greedy');
    expect(v.slice(0, 2)).toEqual([1, 0.5]);
    expect(v[2]).toBeNaN();
  });

  it('at four seats counts only the decided pairs', () => {
    const a = [row(0, ['greedy', 'random', 'greedy', 'random'], [1, 2, 2, 2])];
    const b = [row(0, ['random', 'greedy', 'random', 'greedy'], [1, 2, 2, 2])];
    // a: the winning greedy beats both randoms (2 decided, 2 won); b: the winning random beats both greedy (2 decided, 0 won).
    expect(dealValues(a, b, 'greedy')).toEqual([0.5]);
  });

  it('refuses a match without its twin, or a twin dealt another seed', () => {
    expect(() => dealValues([row(0, ['a', 'b'], [1, 2])], [row(1, ['b', 'a'], [1, 2])], 'a')).toThrow(/match 0 has no twin/);
    expect(() => dealValues([row(0, ['a', 'b'], [1, 2])], [row(0, ['b', 'a'], [1, 2], 'other')], 'a')).toThrow(/same seed/);
  });
});

describe('distinctDeals counts a deal that repeats an earlier one exactly once', () => {
  const a = [row(0, ['x', 'y'], [1, 2]), row(1, ['y', 'x'], [1, 2]), row(2, ['x', 'y'], [1, 2]), row(3, ['x', 'y'], [1, 2])];
  const b = [row(0, ['y', 'x'], [2, 1]), row(1, ['x', 'y'], [1, 2]), row(2, ['y', 'x'], [2, 1]), row(3, ['y', 'x'], [1, 2])];

  it('keeps the first of each set of alike deals, with its twin, and every deal that differs in either seating', () => {
    // Deal 2 repeats deal 0 in both seatings; deal 3 repeats it in seating a only.
    const kept = distinctDeals(a, b);
    expect(kept.a.map((r) => r.match)).toEqual([0, 1, 3]);
    expect(kept.b.map((r) => r.match)).toEqual([0, 1, 3]);
  });

  it('tells apart deals that differ in any recorded column', () => {
    const c = [row(0, ['x', 'y'], [1, 2]), { ...row(1, ['x', 'y'], [1, 2]), metrics: [3] }, { ...row(2, ['x', 'y'], [1, 2]), turns: 2 }];
    const d = [row(0, ['y', 'x'], [2, 1]), row(1, ['y', 'x'], [2, 1]), row(2, ['y', 'x'], [2, 1])];
    expect(distinctDeals(c, d).a.length).toBe(3);
  });
});

describe('seatDecidedDeals counts the deals whose seats finished in the same order in both seatings', () => {
  it('counts the seat winning both seatings, not the bot winning both, nor an annulled deal', () => {
    const a = [row(0, ['greedy', 'random'], [1, 2]), row(1, ['random', 'greedy'], [1, 2]), row(2, ['greedy', 'random'], [1, 1])];
    const b = [row(0, ['random', 'greedy'], [2, 1]), row(1, ['greedy', 'random'], [1, 2]), row(2, ['random', 'greedy'], [1, 1])];
    // Deal 0: greedy won from both seats (skill); deal 1: seat 0 won both times (the seat); deal 2: tied twice.
    expect(seatDecidedDeals(a, b)).toBe(1);
    // Its value is even, as the share counts it.
    expect(dealValues(a, b, 'greedy')[1]).toBe(0.5);
  });

  it('at four seats needs the whole order alike, not only the winner', () => {
    const a = [row(0, ['x', 'y', 'x', 'y'], [1, 2, 3, 4]), row(1, ['x', 'y', 'x', 'y'], [1, 2, 3, 4])];
    const b = [row(0, ['y', 'x', 'y', 'x'], [1, 2, 3, 4]), row(1, ['y', 'x', 'y', 'x'], [1, 3, 2, 4])];
    expect(seatDecidedDeals(a, b)).toBe(1);
    expect(dealValues(a, b, 'x')[0]).toBe(0.5);
  });
});

// tavolo skill's pairing of the two seatings (src/analysis/skill.ts) on hand-built rows of matches.csv.
import { describe, expect, it } from 'vitest';
import { dealValues } from '../../src/analysis/skill.js';
import type { MatchRow } from '../../src/analysis/results.js';

function row(match: number, bots: string[], ranks: number[], seed = `s/match/${match}`): MatchRow {
  return { variant: 'base', variantIndex: 0, match, seed, bots, winners: [], annulled: ranks.every((r) => r === 1), scores: ranks, ranks, firstPlayer: 0, turns: 1, decisions: 1, endReason: 'end', faultSeat: -1, metrics: [] };
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

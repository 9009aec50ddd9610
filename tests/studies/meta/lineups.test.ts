// The lineups of a meta-game: every multiset of strategies, each in every distinct seating, so that deal
// i of a multiset is played once in each seating (with the runner's seat rotation).
import { describe, expect, it } from 'vitest';
import { metaLineups, multisets, seatings } from '../../../src/studies/meta/lineups.js';
import { lineupIndex } from '../../../src/engine/plan.js';

/** C(n, k), by the product formula. */
const choose = (n: number, k: number) => Array.from({ length: k }, (_, i) => (n - i) / (i + 1)).reduce((a, b) => a * b, 1);

describe('metaLineups', () => {
  it('has C(n + p - 1, p) multisets, each once and sorted', () => {
    for (const [n, p] of [[3, 2], [4, 2], [3, 3], [5, 4]]) {
      const sets = multisets(n, p);
      expect(sets.length).toBe(Math.round(choose(n + p - 1, p)));
      expect(new Set(sets.map((m) => m.join(','))).size).toBe(sets.length);
      for (const m of sets) expect([...m].sort((a, b) => a - b)).toEqual(m);
    }
  });

  it('seats a multiset in each of its distinct orders: p! / (product of the counts!)', () => {
    expect(seatings([0, 1])).toEqual([[0, 1], [1, 0]]);
    expect(seatings([0, 0])).toEqual([[0, 0]]);
    expect(seatings([0, 0, 1])).toEqual([[0, 0, 1], [0, 1, 0], [1, 0, 0]]);
    expect(seatings([0, 1, 2]).length).toBe(6);
    expect(seatings([0, 0, 1, 1]).length).toBe(6);
  });

  it('heads-up: every ordered pair, self-play once', () => {
    const { lineups, multisets: m } = metaLineups(3, 2);
    expect(m).toBe(6);
    expect(lineups.map((l) => l.seats.join(''))).toEqual(['00', '01', '10', '02', '20', '11', '12', '21', '22']);
  });

  it("plays deal i of a multiset in each seating exactly once under the runner's rotation", () => {
    const players = 3;
    const { lineups } = metaLineups(3, players);
    for (const m of multisets(3, players)) {
      const mine = lineups.filter((l) => l.multiset.join() === m.join());
      for (let deal = 0; deal < players; deal++) {
        const seen = mine.map((l) => Array.from({ length: players }, (_, s) => l.seats[lineupIndex(s, deal, players)]).join(''));
        expect(new Set(seen).size).toBe(mine.length);
        expect(new Set(seen)).toEqual(new Set(mine.map((l) => l.seats.join(''))));
      }
    }
  });
});

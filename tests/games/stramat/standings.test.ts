// Stramat's standings (Game.standings): the points each seat would score if the evening ended now,
// lower is better, on states laid out by hand.
import { describe, expect, it } from 'vitest';
import { stramat } from '../../../src/games/stramat/index.js';
import { Phase } from '../../../src/games/stramat/state.js';
import { standingsOf, walkMatch } from '../../helpers/standings-walk.js';
import { table } from '../../helpers/stramat-table.js';

describe('stramat standings', () => {
  it('are the points in hand: 1, 2, 3 for number cards, 5 for the others', () => {
    const s = table({ hands: ['1 1 2', '3 D', 'A'], top: '2' });
    expect(standingsOf(stramat, s, 3)).toEqual([4, 8, 5]);
  });

  it('add the points of the evening’s finished games', () => {
    const s = table({ hands: ['1', '2 2', '3'], top: '2', options: { evening: 3 } });
    s.eveningPoints[0] = 10;
    s.eveningPoints[2] = 4;
    expect(standingsOf(stramat, s, 3)).toEqual([11, 4, 7]);
  });

  it('keep a leaver’s points from the moment it left (Birichino)', () => {
    const s = table({ hands: ['1', '2 2', ''], top: '2', options: { birichino: true } });
    s.active[2] = 0;
    s.gamePoints[2] = 9;
    expect(standingsOf(stramat, s, 3)).toEqual([1, 4, 9]);
  });

  it('are the evening’s points, the score, once the match is over', () => {
    const over = walkMatch(stramat, 3, 'standings', () => {}, { evening: 2 });
    const s = over as { phase: number };
    expect(s.phase).toBe(Phase.OVER);
    expect(standingsOf(stramat, s, 3)).toEqual(stramat.result(s as never).scores);
  });

  it('change only with the hands and the scored games, never the state', () => {
    walkMatch(stramat, 4, 'standings-walk', (st) => {
      const s = st as ReturnType<typeof table>;
      const before = JSON.stringify(s.hands);
      const got = standingsOf(stramat, s, 4);
      expect(JSON.stringify(s.hands)).toBe(before);
      for (let p = 0; p < 4; p++) {
        const inGame = s.phase === Phase.OVER ? 0 : s.active[p] ? s.handPoints(p) : s.gamePoints[p];
        expect(got[p]).toBe(s.eveningPoints[p] + inGame);
      }
    }, { evening: 2 });
  });
});

// Zatre's standings (Game.standings): the sheet's points, higher is better; the held tiles' minus points
// come off only once the match is over, exactly as in the result.
import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../../src/engine/options.js';
import { Rng } from '../../../src/engine/rng.js';
import { zatre, type ZatreState } from '../../../src/games/zatre/index.js';
import { standingsOf, walkMatch } from '../../helpers/standings-walk.js';

const VALUES = 7;
const fresh = (players: number, options: Record<string, unknown> = {}) => zatre.setup(resolveOptions(zatre.options, options), players, new Rng('zatre-standings'));

describe('zatre standings', () => {
  it('are each seat’s sheet total during the match, held tiles not counted yet', () => {
    const s = fresh(3);
    s.sheetTotal.set([12, 0, 7]);
    s.hands.fill(0);
    s.hands[0 * VALUES + 6] = 1; // a held 6: minus points only at the end
    expect(standingsOf(zatre, s, 3)).toEqual([12, 0, 7]);
  });

  it('take the held tiles off once the match is over', () => {
    const s = fresh(2);
    s.sheetTotal.set([20, 15]);
    s.hands.fill(0);
    s.hands[0 * VALUES + 6] = 1;
    s.hands[1 * VALUES + 2] = 2;
    (s as { phase: number }).phase = 2; // Phase.OVER
    expect(standingsOf(zatre, s, 2)).toEqual([14, 11]);
  });

  it('give partners (pairs) the standing of the sheet they share', () => {
    const s = fresh(4, { pairs: true });
    for (let sheet = 0; sheet < s.sheets; sheet++) s.sheetTotal[sheet] = 10 * (sheet + 1);
    const got = standingsOf(zatre, s, 4);
    for (let p = 0; p < 4; p++) expect(got[p]).toBe(10 * (s.sheetOf[p] + 1));
    expect(new Set(got).size).toBe(2);
  });

  it('equal the scores the result reports at every state of a played match', () => {
    walkMatch(zatre, 3, 'zatre-walk', (st) => {
      expect(standingsOf(zatre, st, 3)).toEqual(zatre.result(st as ZatreState).scores);
    });
  });
});

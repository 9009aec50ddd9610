// Symbotrio's standings (Game.standings): the cards each seat has won so far, higher is better.
import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../../src/engine/options.js';
import { Rng } from '../../../src/engine/rng.js';
import { symbotrio, type SymbotrioState } from '../../../src/games/symbotrio/index.js';
import { standingsOf, walkMatch } from '../../helpers/standings-walk.js';

describe('symbotrio standings', () => {
  it('are the cards won so far', () => {
    const s = symbotrio.setup(resolveOptions(symbotrio.options, {}), 3, new Rng('symbotrio-standings'));
    expect(standingsOf(symbotrio, s, 3)).toEqual([0, 0, 0]);
    s.pileLen.set([2, 0, 5]);
    expect(standingsOf(symbotrio, s, 3)).toEqual([2, 0, 5]);
  });

  it('equal the scores the result reports at every state of a played match, and some seat wins cards', () => {
    const end = walkMatch(symbotrio, 3, 'symbotrio-walk', (st) => {
      expect(standingsOf(symbotrio, st, 3)).toEqual(symbotrio.result(st as SymbotrioState).scores);
    });
    expect(standingsOf(symbotrio, end, 3).some((v) => v > 0)).toBe(true);
  });
});

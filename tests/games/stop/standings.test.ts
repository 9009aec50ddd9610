// Stop's standings (Game.standings): the match's penalty total so far, lower is better; the cards in
// hand count only when their round is scored.
import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../../src/engine/options.js';
import { Rng } from '../../../src/engine/rng.js';
import { stop, type StopState } from '../../../src/games/stop/index.js';
import { standingsOf, walkMatch } from '../../helpers/standings-walk.js';

describe('stop standings', () => {
  it('are the penalty totals of the rounds scored so far', () => {
    const s = stop.setup(resolveOptions(stop.options, {}), 3, new Rng('stop-standings'));
    expect(standingsOf(stop, s, 3)).toEqual([0, 0, 0]);
    s.totals.set([17, 4, 30]);
    expect(standingsOf(stop, s, 3)).toEqual([17, 4, 30]);
  });

  it('equal the scores the result reports at every state of a played match, and rise only when a round is scored', () => {
    let last: number[] = [];
    let rises = 0;
    walkMatch(stop, 4, 'stop-walk', (st) => {
      const got = standingsOf(stop, st, 4);
      expect(got).toEqual(stop.result(st as StopState).scores);
      if (last.length > 0 && got.some((v, p) => v !== last[p])) rises++;
      last = got;
    });
    expect(rises).toBeGreaterThan(0);
  });
});

// Scala's standings (Game.standings): the pieces each seat holds, higher is better.
import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../../src/engine/options.js';
import { Rng } from '../../../src/engine/rng.js';
import { scala, type ScalaState } from '../../../src/games/scala/index.js';
import { standingsOf, walkMatch } from '../../helpers/standings-walk.js';

describe('scala standings', () => {
  it('are the pieces held, an eliminated seat holding none', () => {
    const s = scala.setup(resolveOptions(scala.options, {}), 3, new Rng('scala-standings'));
    const start = standingsOf(scala, s, 3);
    expect(start.every((v) => v === start[0] && v > 0)).toBe(true);
    s.total.set([5, 0, 9]);
    expect(standingsOf(scala, s, 3)).toEqual([5, 0, 9]);
  });

  it('equal the scores the result reports at every state of a played match', () => {
    walkMatch(scala, 3, 'scala-walk', (st) => {
      expect(standingsOf(scala, st, 3)).toEqual(scala.result(st as ScalaState).scores);
    });
  });
});

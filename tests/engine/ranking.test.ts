import { describe, expect, it } from 'vitest';
import { ranksByScore, seatsRankedFirst } from '../../src/engine/ranking.js';
import { cachedPerOptions } from '../../src/engine/config-cache.js';
import type { Options } from '../../src/engine/game.js';

describe('ranks and winners from scores', () => {
  it('rank = 1 + the seats strictly better; ties share the best rank of their group', () => {
    // Worked by hand: 7 and 7 are best (1), 5 has two better (3), 2 has three better (4).
    expect(ranksByScore([5, 7, 7, 2], 'higher')).toEqual([3, 1, 1, 4]);
    expect(ranksByScore([5, 7, 7, 2], 'lower')).toEqual([2, 3, 3, 1]);
    expect(ranksByScore(Int32Array.from([4, 4, 4]), 'higher')).toEqual([1, 1, 1]);
  });

  it('the winners are the seats ranked 1, in seat order', () => {
    expect(seatsRankedFirst([3, 1, 1, 4])).toEqual([1, 2]);
    expect(seatsRankedFirst([2, 3, 3, 1])).toEqual([3]);
  });
});

describe('the per-options config cache', () => {
  it('builds once per options object, again for another object', () => {
    let builds = 0;
    const configOf = cachedPerOptions((opts: Options) => ({ size: opts.size, build: ++builds }));
    const a: Options = { size: 6 };
    const b: Options = { size: 6 };
    expect(configOf(a)).toBe(configOf(a));
    expect(builds).toBe(1);
    expect(configOf(b)).not.toBe(configOf(a));
    expect(builds).toBe(2);
  });
});

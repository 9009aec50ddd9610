// Scala's forced turns (Game.forcedPass; docs/measures.md): the pass, legal only when nothing can be placed.
import { describe, expect, it } from 'vitest';
import { scala } from '../../../src/games/scala/index.js';
import { forcedTurnMatches, shareIsCountOverTurns } from '../../helpers/forced-turns.js';

describe('scala forced turns', () => {
  // A small board fills up, so that players run out of placements and must pass.
  const ms = forcedTurnMatches(scala, 3, 40, 'scala-forced', () => false, { size: 4 });

  it('are the passes, every one of them forced', () => {
    for (const m of ms) expect(m.forcedTurns).toBe(m.metrics.passes);
    expect(ms.some((m) => m.forcedTurns > 0)).toBe(true);
  });

  it('are a share of the turns', () => {
    for (const m of ms) expect(shareIsCountOverTurns(m)).toBe(true);
  });
});

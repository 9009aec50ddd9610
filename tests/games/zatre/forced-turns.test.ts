// Zatre's forced turns (Game.lostTurns; docs/measures.md): the turns in which no tile could be placed.
import { describe, expect, it } from 'vitest';
import { zatre } from '../../../src/games/zatre/index.js';
import { forcedTurnMatches, shareIsCountOverTurns } from '../../helpers/forced-turns.js';

describe('zatre forced turns', () => {
  // Any lone action counted on the side: Zatre has no pass, so none may enter the count.
  const ms = forcedTurnMatches(zatre, 2, 30, 'zatre-forced', () => true);

  it('are the blocked turns, and no lone placement', () => {
    for (const m of ms) expect(m.forcedTurns).toBe(m.metrics.blocked_turns);
    expect(ms.some((m) => m.forcedTurns > 0)).toBe(true);
    expect(ms.some((m) => m.lonePasses > 0)).toBe(true);
  });

  it('are a share of the turns', () => {
    for (const m of ms) expect(shareIsCountOverTurns(m)).toBe(true);
  });
});

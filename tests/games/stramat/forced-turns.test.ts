// Stramat's forced turns (Game.forcedPass, Game.lostTurns; docs/measures.md): a lone Passo in a turn's
// main decision, and the turns lost to an Alt block.
import { describe, expect, it } from 'vitest';
import { stramat } from '../../../src/games/stramat/index.js';
import { Phase, type StramatState } from '../../../src/games/stramat/state.js';
import { forcedTurnMatches, shareIsCountOverTurns } from '../../helpers/forced-turns.js';

describe('stramat forced turns', () => {
  // Counted on the side: a main decision (the turn's own) with one legal action can only be Passo.
  const ms = forcedTurnMatches(stramat, 4, 40, 'stramat-forced', (s) => (s as StramatState).phase === Phase.MAIN);

  it('are the lone Passo decisions plus the blocked turns, in every match', () => {
    for (const m of ms) expect(m.forcedTurns).toBe(m.lonePasses + m.metrics.blocked_turns);
    expect(ms.some((m) => m.lonePasses > 0)).toBe(true);
    expect(ms.some((m) => m.metrics.blocked_turns > 0)).toBe(true);
  });

  it('are a share of the turns', () => {
    for (const m of ms) expect(shareIsCountOverTurns(m)).toBe(true);
  });

  it('never count a Passo chosen beside a discard', () => {
    const passes = ms.reduce((a, m) => a + m.metrics.passes, 0);
    const lone = ms.reduce((a, m) => a + m.lonePasses, 0);
    expect(passes).toBeGreaterThan(lone);
  });
});

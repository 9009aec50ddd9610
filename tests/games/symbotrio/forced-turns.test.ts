// Symbotrio's forced turns (Game.lostTurns; docs/measures.md): turns in prison and turns sat out with no
// card left to try.
import { describe, expect, it } from 'vitest';
import { symbotrio } from '../../../src/games/symbotrio/index.js';
import { Stat } from '../../../src/games/symbotrio/state.js';
import type { SymbotrioState } from '../../../src/games/symbotrio/state.js';
import { lostTurns } from '../../../src/games/symbotrio/forced-turns.js';
import { forcedTurnMatches, shareIsCountOverTurns } from '../../helpers/forced-turns.js';

describe('symbotrio forced turns', () => {
  const ms = forcedTurnMatches(symbotrio, 3, 10, 'symbotrio-forced', () => true);

  it('include every prison turn', () => {
    for (const m of ms) expect(m.forcedTurns).toBeGreaterThanOrEqual(m.metrics.prison_turns);
    expect(ms.some((m) => m.metrics.prison_turns > 0)).toBe(true);
  });

  it('add the turns sat out to the prison turns', () => {
    const s = { stats: new Int32Array(Stat.COUNT) } as unknown as SymbotrioState;
    s.stats[Stat.PRISON_TURNS] = 3;
    s.stats[Stat.SITTING_OUT] = 4;
    s.stats[Stat.EASY_LOOT] = 5;
    expect(lostTurns(s)).toBe(7);
  });

  it('are a share of the turns', () => {
    for (const m of ms) expect(shareIsCountOverTurns(m)).toBe(true);
  });
});

// Stop's forced turns (Game.forcedPass; docs/measures.md): a turn whose only action is to draw or to
// accept a skip.
import { describe, expect, it } from 'vitest';
import { Card } from '../../../src/games/stop/cards.js';
import { stop } from '../../../src/games/stop/index.js';
import { Phase, type StopState } from '../../../src/games/stop/state.js';
import { forcedTurnMatches, shareIsCountOverTurns } from '../../helpers/forced-turns.js';

describe('stop forced turns', () => {
  // Counted on the side: a lone action of the turn-holder (turn, 2+, skip, X+) that plays no card.
  const turnPhase = (p: number) => p === Phase.TURN || p === Phase.ATTACK_DRAW || p === Phase.ATTACK_SKIP || p === Phase.ATTACK_X;
  const ms = forcedTurnMatches(stop, 4, 20, 'stop-forced', (s, a) => turnPhase((s as StopState).phase) && a >= Card.COUNT);

  it('are the lone draws and acceptances of the turn-holder, and nothing else', () => {
    for (const m of ms) expect(m.forcedTurns).toBe(m.lonePasses);
    expect(ms.every((m) => m.forcedTurns > 0)).toBe(true);
  });

  it('are a share of the turns', () => {
    for (const m of ms) expect(shareIsCountOverTurns(m)).toBe(true);
  });
});

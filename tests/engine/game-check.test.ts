// The optional members of the game contract: absent is fine, present but not a function is refused
// when the game is loaded, naming the member (src/engine/game-check.ts).
import { describe, expect, it } from 'vitest';
import { checkGame, missingGameMembers, OPTIONAL_FUNCTIONS } from '../../src/engine/game-check.js';
import { games } from '../../src/games/index.js';

describe('optional contract members', () => {
  it('every built-in game gives standings', () => {
    for (const [name, g] of Object.entries(games)) expect(typeof g.standings, name).toBe('function');
  });

  it('a game with standings that is not a function is refused, naming it', () => {
    const bad = { ...games.stop, standings: [0, 0] };
    expect(missingGameMembers(bad)).toEqual(['standings (present but not a function)']);
    expect(() => checkGame(bad, 'game file x.mjs')).toThrow(/x\.mjs is not a complete Game: missing standings \(present but not a function\)/);
  });

  it('a game without any optional member is complete', () => {
    const bare: Record<string, unknown> = { ...games.scala };
    for (const k of OPTIONAL_FUNCTIONS) delete bare[k];
    expect(missingGameMembers(bare)).toEqual([]);
  });
});

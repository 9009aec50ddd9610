import { describe, expect, it } from 'vitest';
import type { Decision } from '../../src/engine/bot.js';
import type { AnyGame, MemoryLimits } from '../../src/engine/game.js';
import { resolveOptions } from '../../src/engine/options.js';
import { Rng } from '../../src/engine/rng.js';
import { memory } from '../../bots/memory.js';

/**
 * The memory bot through the contract alone: it judges moves on what the game's `recollection` returns,
 * never on a game it knows by name. A made-up game whose heuristic prefers the action equal to the
 * observation's `hint` shows which observation the bot used.
 */
function fakeGame(recollection?: AnyGame['search']['recollection']): AnyGame {
  return { name: 'not-symbotrio', search: { heuristic: (obs: { hint: number }, a: number) => (a === obs.hint ? 1 : 0), recollection } } as unknown as AnyGame;
}

function decide(game: AnyGame, params: Record<string, unknown> = {}): number {
  const bot = memory.create({ game, seat: 0, players: 2, rng: new Rng('m'), params: resolveOptions(memory.params, params) });
  const d = { game, player: 0, legal: Int32Array.of(3, 5, 7), count: 3, observation: { hint: 5 }, describe: () => '' } as Decision;
  return bot.choose(d);
}

describe('memory bot: game-agnostic, through Game.recollection', () => {
  it('plays on the observation as the game says it is remembered, with its parameters as limits', () => {
    const seen: MemoryLimits[] = [];
    const game = fakeGame((limits) => {
      seen.push(limits);
      return { recall: (obs: unknown) => ({ ...(obs as object), hint: 7 }) };
    });
    expect(decide(game, { recall: 0.5, capacity: 3, confusion: 0.25 })).toBe(7);
    expect(seen).toEqual([{ recall: 0.5, capacity: 3, confusion: 0.25 }]);
  });

  it('remembers everything on a game without a recollection (plays its heuristic, as greedy)', () => {
    expect(decide(fakeGame())).toBe(5);
  });
});

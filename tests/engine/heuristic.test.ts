// A game without `search.heuristic` (src/engine/heuristic.ts): the bots that play by it are refused when a
// spec is resolved, naming the member; the search bots, which use it only to order their search, rate every
// action alike.
import { describe, expect, it } from 'vitest';
import { greedy } from '../../bots/greedy.js';
import { ismcts } from '../../bots/ismcts.js';
import { memory } from '../../bots/memory.js';
import { pimc } from '../../bots/pimc.js';
import type { AnyGame } from '../../src/engine/game.js';
import { heuristicOf } from '../../src/engine/heuristic.js';
import { resolveOptions } from '../../src/engine/options.js';
import { games } from '../../src/games/index.js';

/** Stop without its heuristic: everything else as it is. */
const blind: AnyGame = { ...games.stop, name: 'blind-stop', search: { ...games.stop.search, heuristic: undefined } };

describe('a game without search.heuristic', () => {
  it('refuses greedy and memory, naming the member', () => {
    for (const f of [greedy, memory]) {
      expect(() => f.checkParams!(resolveOptions(f.params, {}), blind, 2)).toThrow(
        new RegExp(`${f.name} plays by the game's search\\.heuristic, and blind-stop has none`),
      );
      expect(() => f.checkParams!(resolveOptions(f.params, {}), games.stop, 2)).not.toThrow();
    }
  });

  it("refuses the search bots' greedy playouts, and takes their random ones", () => {
    for (const f of [pimc, ismcts]) {
      expect(() => f.checkParams!(resolveOptions(f.params, { rollout: 'greedy' }), blind, 2)).toThrow(/rollout 'greedy' plays by the game's search\.heuristic/);
      expect(() => f.checkParams!(resolveOptions(f.params, { rollout: 'random' }), blind, 2)).not.toThrow();
    }
  });

  it('rates every action alike for the search aids, and is the game\'s own where it has one', () => {
    expect([0, 1, 2].map((a) => heuristicOf(blind)({}, a))).toEqual([0, 0, 0]);
    expect(heuristicOf(games.stop)).toBe(games.stop.search.heuristic);
  });
});

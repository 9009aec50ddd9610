import { describe, expect, it } from 'vitest';
import { greedyChoice } from '../../bots/greedy.js';
import type { AnyGame } from '../../src/engine/game.js';
import { Rng } from '../../src/engine/rng.js';

/** A stand-in game whose heuristic is a table by action. */
const table = (values: Record<number, number>) => ({ search: { heuristic: (_obs: unknown, a: number) => values[a] } }) as unknown as AnyGame;

describe('greedyChoice, the argmax the greedy bot, the greedy playouts and the memory bot share', () => {
  it('takes the action rated highest, looking at the first `count` actions only', () => {
    const legal = Int32Array.from([4, 9, 2, 7]);
    const game = table({ 4: 1, 9: 5, 2: 3, 7: 8 });
    expect(greedyChoice(game, null, legal, 4, new Rng('g'))).toBe(7);
    expect(greedyChoice(game, null, legal, 3, new Rng('g'))).toBe(9);
  });

  it('breaks ties uniformly: each of three tied actions is taken about a third of the time', () => {
    const legal = Int32Array.from([1, 2, 3, 0]);
    const game = table({ 0: 0, 1: 5, 2: 5, 3: 5 });
    const rng = new Rng('ties');
    const seen = [0, 0, 0, 0];
    for (let i = 0; i < 3000; i++) seen[greedyChoice(game, null, legal, 4, rng)]++;
    expect(seen[0]).toBe(0);
    // Binomial(3000, 1/3): sd about 26; 150 is more than five sd.
    for (const a of [1, 2, 3]) expect(Math.abs(seen[a] - 1000)).toBeLessThan(150);
  });
});

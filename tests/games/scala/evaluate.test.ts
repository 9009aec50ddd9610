import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../../src/engine/options.js';
import { Rng } from '../../../src/engine/rng.js';
import { evaluate } from '../../../src/games/scala/evaluate.js';
import { type ScalaPosition, positionState } from '../../../src/games/scala/fixtures.js';
import { scala } from '../../../src/games/scala/index.js';
import type { ScalaState } from '../../../src/games/scala/state.js';

/* Scala's evaluate: each seat's chance of winning from a position, as the search bots' leaves read it. */

const EMPTY = ['. . . . . .', '. . . . . .', '. . . . . .', '. . . . . .', '. . . . . .', '. . . . . .'];

function chances(s: ScalaState): number[] {
  const out = new Float64Array(s.n);
  evaluate(s, out);
  return Array.from(out);
}

function pos(extra: Partial<ScalaPosition>): ScalaState {
  return positionState({ players: 2, board: EMPTY, ...extra });
}

describe("Scala's evaluate", () => {
  it('is on the contract, sums to 1 and leaves the state unchanged', () => {
    expect(scala.search.evaluate === evaluate).toBe(true);
    const s = scala.setup(resolveOptions(scala.options, {}), 3, new Rng('eval'));
    const buf = new Int32Array(scala.maxActions);
    const rng = new Rng('eval/play');
    for (let t = 0; t < 60 && scala.currentPlayer(s) >= 0; t++) {
      const before = JSON.stringify(scala.observe(s, 0));
      const c = chances(s);
      expect(JSON.stringify(scala.observe(s, 0))).toBe(before);
      expect(c.reduce((x, y) => x + y, 0)).toBeCloseTo(1, 12);
      for (const v of c) expect(v).toBeGreaterThanOrEqual(0);
      scala.apply(s, buf[rng.int(scala.legalActions(s, buf))], rng);
    }
  });

  it('between equal holdings favours the player who moves later (it runs out last)', () => {
    const [mover, other] = chances(pos({ held: [[2, 2, 2, 2], [2, 2, 2, 2]], current: 0 }));
    expect(other).toBeGreaterThan(mover);
    const [mover1, other1] = chances(pos({ held: [[2, 2, 2, 2], [2, 2, 2, 2]], current: 1 })).reverse();
    expect(mover1).toBeCloseTo(mover, 12);
    expect(other1).toBeCloseTo(other, 12);
  });

  it('favours the player with more pieces, and more so as the pieces run out', () => {
    const [early] = chances(pos({ held: [[8, 8, 8, 8], [7, 8, 8, 8]], current: 1 }));
    const [late] = chances(pos({ held: [[1, 1, 1, 1], [0, 1, 1, 1]], current: 1 }));
    expect(early).toBeGreaterThan(0.5);
    expect(late).toBeGreaterThan(early);
  });

  it('counts a line the player to move can complete now, and not one it cannot', () => {
    const board = ['1 2 3 . . .', ...EMPTY.slice(1)];
    const [canTake] = chances(pos({ board, held: [[2, 2, 2, 2], [2, 2, 2, 2]], current: 0 }));
    const [noFour] = chances(pos({ board, held: [[3, 3, 2, 0], [2, 2, 2, 2]], current: 0 }));
    const [plain] = chances(pos({ held: [[2, 2, 2, 2], [2, 2, 2, 2]], current: 0 }));
    expect(canTake).toBeGreaterThan(0.5);
    expect(canTake).toBeGreaterThan(plain);
    // Without a 4 the line is the other seat's to take (it holds 4s): worse than an empty board.
    expect(noFour).toBeLessThan(plain);
  });

  it('counts part of a line that only a seat not to move can complete (the player to move may block it)', () => {
    const board = ['1 2 3 . . .', ...EMPTY.slice(1)];
    const [, blockable] = chances(pos({ board, held: [[3, 3, 2, 0], [2, 2, 2, 2]], current: 0 }));
    const [, certain] = chances(pos({ board, held: [[2, 2, 2, 2], [2, 2, 2, 2]], current: 1 }));
    const [, none] = chances(pos({ held: [[3, 3, 2, 0], [2, 2, 2, 2]], current: 0 }));
    expect(blockable).toBeGreaterThan(none);
    expect(certain).toBeGreaterThan(blockable);
  });

  it('a finished match: the winner has it all, an eliminated seat nothing', () => {
    const s = scala.setup(resolveOptions(scala.options, {}), 2, new Rng('end'));
    const buf = new Int32Array(scala.maxActions);
    const rng = new Rng('end/play');
    while (scala.currentPlayer(s) >= 0) scala.apply(s, buf[rng.int(scala.legalActions(s, buf))], rng);
    const r = scala.result(s);
    const c = chances(s);
    for (let p = 0; p < 2; p++) expect(c[p]).toBe(r.winners.includes(p) ? 1 / r.winners.length : 0);
  });
});

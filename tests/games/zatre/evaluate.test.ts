// Zatre's evaluate: the win chances that score the search bots' cut playouts (src/games/zatre/evaluate.ts).
import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../../src/engine/options.js';
import { Rng } from '../../../src/engine/rng.js';
import { BOARD_WEIGHT, TILE_HOLD_COST, TURN_POINTS, bestTilePoints } from '../../../src/games/zatre/evaluate.js';
import { positionState } from '../../../src/games/zatre/fixtures.js';
import { zatre } from '../../../src/games/zatre/index.js';
import { Phase, type ZatreState } from '../../../src/games/zatre/state.js';

const buf = new Int32Array(zatre.maxActions);

/** Unfinished states of random matches, one every few decisions. */
function midpoints(players: number, pairs: boolean, matches: number): ZatreState[] {
  const opts = resolveOptions(zatre.options, { pairs });
  const out: ZatreState[] = [];
  for (let m = 0; m < matches; m++) {
    const rng = new Rng(`eval/${players}/${pairs}/${m}`);
    const s = zatre.setup(opts, players, rng);
    for (let step = 0; zatre.currentPlayer(s) >= 0; step++) {
      if (step % 7 === 3) out.push(s.clone());
      const k = zatre.legalActions(s, buf);
      zatre.apply(s, buf[rng.int(k)], rng);
    }
  }
  return out;
}

function chances(s: ZatreState): number[] {
  const out = new Float64Array(s.n);
  zatre.search.evaluate!(s, out);
  return Array.from(out);
}

describe('Zatre: evaluate (win chances of an unfinished match)', () => {
  it('gives every seat a chance in [0, 1], summing to 1, and the same to both partners of a pair', () => {
    for (const [players, pairs] of [[2, false], [3, false], [4, false], [6, false], [4, true], [6, true]] as const) {
      const states = midpoints(players, pairs, 4);
      expect(states.length).toBeGreaterThan(20);
      for (const s of states) {
        const c = chances(s);
        for (const x of c) expect(x >= 0 && x <= 1, `${players}p ${c.join(',')}`).toBe(true);
        expect(c.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
        if (pairs) for (let p = 0; p < players; p++) for (let q = 0; q < players; q++) if (s.sheetOf[p] === s.sheetOf[q]) expect(c[p]).toBe(c[q]);
      }
    }
  });

  it('orders the seats by their sheets, and rises with a sheet\'s points', () => {
    for (const s of midpoints(3, false, 3)) {
      if (s.handLen[(s.cur + 1) % 3] + s.handLen[(s.cur + 2) % 3] > 0) continue; // held tiles tested below
      s.front.fill(0); // no open cell: the board judge (tested below) reads nothing
      const c = chances(s);
      for (let p = 0; p < 3; p++) for (let q = 0; q < 3; q++) if (s.sheetTotal[p] > s.sheetTotal[q]) expect(c[p]).toBeGreaterThan(c[q]);
      const richer = s.clone();
      richer.sheetTotal[0] += 5;
      expect(chances(richer)[0]).toBeGreaterThan(c[0]);
      expect(chances(richer)[1]).toBeLessThan(c[1]);
    }
  });

  it('counts tiles held face down against their seat at TILE_HOLD_COST a pip, but not the hand of the seat to play', () => {
    const s = midpoints(2, false, 1).find((x) => x.phase === Phase.TURN)!;
    const me = s.cur;
    const other = 1 - me;
    s.sheetTotal.fill(50);
    // No cell next to a tile, so the board judge (tested below) reads nothing: the hold price alone.
    s.front.fill(0);
    for (let v = 0; v < 7; v++) s.hands[other * 7 + v] = 0;
    expect(chances(s)[other]).toBeCloseTo(0.5, 12);
    s.hands[other * 7 + 5] = 1; // one 5 held back: 3 points at 0.6 a pip
    const tau = TURN_POINTS * Math.sqrt(s.bagLen / 4 + 1);
    expect(chances(s)[other]).toBeCloseTo(1 / (1 + Math.exp((5 * TILE_HOLD_COST) / tau)), 12);
    // The seat to play holds the tiles it drew: they are about to be placed, not a penalty.
    const before = chances(s)[me];
    s.hands[me * 7 + 6] += 2;
    expect(chances(s)[me]).toBe(before);
  });

  it('judges the board: the most points one tile of the mover\'s hand makes now, a run past 12 making none', () => {
    // 5H8 2I8: a run of 7 across. A 3 closes it at 10 (1 point), a 4 at 11 (2), a 5 at 12 (4); a 1 scores nowhere.
    const held = (hand: string, board = '5H8 2I8') => bestTilePoints(positionState({ players: 2, board, hands: [hand, ''] }));
    expect([held('1'), held('3'), held('4'), held('5'), held('1 5')]).toEqual([0, 1, 2, 4, 4]);
    // 6H8 5I8: across 11. A 1 makes 12 (4 points); a 2 would pass 12 across and makes 6+2 or 5+2 down: nothing.
    expect([held('1', '6H8 5I8'), held('2', '6H8 5I8')]).toEqual([4, 0]);
    // Only the mover's hand counts, and the configured points.
    expect(bestTilePoints(positionState({ players: 2, board: '5H8 2I8', hands: ['1', '5'] }))).toBe(0);
    expect(bestTilePoints(positionState({ players: 2, board: '5H8 2I8', hands: ['5', ''], options: { points: [1, 2, 9] } }))).toBe(9);
  });

  it('adds BOARD_WEIGHT x those points to the mover\'s standing', () => {
    const s = positionState({ players: 2, board: '5H8 2I8', hands: ['5', ''] });
    const tau = TURN_POINTS * Math.sqrt(s.bagLen / 4 + 1);
    expect(chances(s)[0]).toBeCloseTo(1 / (1 + Math.exp((-BOARD_WEIGHT * 4) / tau)), 12);
    const none = positionState({ players: 2, board: '5H8 2I8', hands: ['1', ''] });
    expect(chances(none)[0]).toBeCloseTo(0.5, 12);
  });

  it('depends on the state alone: the same state gives the same chances', () => {
    for (const s of midpoints(4, false, 1)) expect(chances(s.clone())).toEqual(chances(s));
  });
});

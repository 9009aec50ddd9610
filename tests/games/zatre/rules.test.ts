import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../../src/engine/game.js';
import { resolveOptions } from '../../../src/engine/options.js';
import { Rng } from '../../../src/engine/rng.js';
import { Kind, RED, SIZE, cellAt, parseCell } from '../../../src/games/zatre/board.js';
import { zatreConfig } from '../../../src/games/zatre/config.js';
import { positionState } from '../../../src/games/zatre/fixtures.js';
import { zatre } from '../../../src/games/zatre/index.js';
import { runSum, writeBox } from '../../../src/games/zatre/rules.js';
import { Col, END, Phase, ZatreState } from '../../../src/games/zatre/state.js';
import { actionCode, parseActionCode } from '../../../src/games/zatre/text.js';

const buf = new Int32Array(zatre.maxActions);
const rng = () => new Rng('zatre-rules');

function legal(s: ZatreState): string[] {
  const k = zatre.legalActions(s, buf);
  return Array.from(buf.subarray(0, k), actionCode);
}
function play(s: ZatreState, ...codes: string[]): GameEvent[] {
  const events: GameEvent[] = [];
  for (const c of codes) {
    if (!legal(s).includes(c)) throw new Error(`${c} is not legal here: ${legal(s).join(' ')}`);
    zatre.apply(s, parseActionCode(c), rng(), events);
  }
  return events;
}
const col = (s: ZatreState, sheet: number, c: number) => {
  const idx = sheet * 4 + c;
  return Array.from(s.sheet.subarray(idx * 128, idx * 128 + s.colLen[idx]));
};
const hand = (s: ZatreState, p: number) => {
  const out: number[] = [];
  for (let v = 1; v <= 6; v++) for (let k = 0; k < s.hands[p * 7 + v]; k++) out.push(v);
  return out.join(' ');
};

describe('material: board and tiles (shared/rules/README.md)', () => {
  const kinds = zatreConfig().kinds;
  it('193 cells, 32 light squares, the red centre at H8', () => {
    let cells = 0;
    let light = 0;
    for (let c = 0; c < SIZE; c++) {
      if (kinds[c] !== Kind.NONE) cells++;
      if (kinds[c] === Kind.LIGHT) light++;
    }
    expect(cells).toBe(193);
    expect(light).toBe(32);
    expect(kinds[parseCell('H8')]).toBe(Kind.RED);
    expect(RED).toBe(cellAt(8, 8));
    // Diagonals light, edge light cells, the frame's holes.
    for (const name of ['B2', 'N14', 'B14', 'N2', 'G7', 'I9', 'G1', 'I1', 'A7', 'A9', 'O7', 'O9', 'G15', 'I15']) expect(kinds[parseCell(name)]).toBe(Kind.LIGHT);
    for (const name of ['H1', 'D1', 'A1', 'A4', 'L1', 'A8']) expect(kinds[parseCell(name)]).toBe(Kind.NONE);
    for (const name of ['E1', 'F1', 'J1', 'K1', 'A5', 'A11', 'H2', 'H9']) expect(kinds[parseCell(name)]).toBe(Kind.DARK);
  });
  it('121 tiles: 21 ones and 20 of each other value', () => {
    const cfg = zatreConfig();
    expect(Array.from(cfg.composition)).toEqual([0, 21, 20, 20, 20, 20, 20]);
    expect(cfg.total).toBe(121);
  });
  it('variants: no light squares, or only the inner diagonals', () => {
    const none = zatreConfig({ lightSquares: 'none' }).kinds;
    const inner = zatreConfig({ lightSquares: 'inner' }).kinds;
    expect(none.filter((k) => k === Kind.LIGHT).length).toBe(0);
    expect(inner.filter((k) => k === Kind.LIGHT).length).toBe(24);
  });
});

describe('Inizio del gioco: who opens, and the opening', () => {
  it('the opener is the player who drew the highest tile and keeps it: three tiles in hand, the highest drawn among them', () => {
    const opts = resolveOptions(zatre.options, {});
    let sixes = 0;
    for (let m = 0; m < 300; m++) {
      const events: GameEvent[] = [];
      const s = zatre.setup(opts, 4, new Rng(`open/${m}`), undefined, events);
      const draws = events.filter((e) => e.kind === 'start_draw');
      const best = Math.max(...draws.map((e) => e.data!.value as number));
      // The last round of the draw-off leaves one player with the highest tile of that round.
      const opener = s.firstPlayer;
      const own = draws.filter((e) => e.seat === opener).map((e) => e.data!.value as number);
      expect(s.hands[opener * 7 + Math.max(...own)]).toBeGreaterThan(0);
      expect(Math.max(...own)).toBe(best);
      expect(s.handLen[opener]).toBe(3);
      expect(s.bagLen).toBe(118);
      if (Math.max(...own) === 6) sixes++;
    }
    // With four players drawing, the opener almost always keeps a 6 (1 - (5/6)^4 of the time at least).
    expect(sixes / 300).toBeGreaterThan(0.45);
  });

  it('rule 1: the first tile goes on the red square; all three must go down (no stopping in the opening)', () => {
    const s = positionState({ players: 2, hands: ['6 5 5', ''] });
    expect(legal(s).sort()).toEqual(['5H8', '6H8']);
    play(s, '6H8');
    expect(legal(s)).not.toContain('end');
    play(s, '5I8');
    expect(legal(s)).not.toContain('end');
  });

  it("Andrea's opening: 6 on the red square and two 5s make a 10 and an 11 and two crosses (the red square and I9)", () => {
    const s = positionState({ players: 2, hands: ['6 5 5', ''] });
    play(s, '6H8', '5I8', '5I9');
    expect(col(s, 0, Col.C10)).toEqual([1]);
    expect(col(s, 0, Col.C11)).toEqual([2]);
    expect(col(s, 0, Col.X2)).toEqual([1, 1]);
    // Row 1: (1 + 2) x 2; row 2 has a cross and nothing else yet.
    expect(s.sheetTotal[0]).toBe(6);
    expect(s.cur).toBe(1);
  });

  it('the red cross needs a 10 in the opening (redCross any_run); red_run asks it of the red tile; none never', () => {
    const noRun = positionState({ players: 2, hands: ['1 2 3', ''] });
    play(noRun, '1H8', '2I8', '3H9');
    expect(col(noRun, 0, Col.X2)).toEqual([]);
    // 1 on red, 6 right of it, 4 on the light I7 above the 6: a 10 down I7-I8, not through the red tile.
    const crosses = (redCross: string) => {
      const s = positionState({ players: 2, hands: ['1 6 4', ''], options: { redCross } });
      play(s, '1H8', '6I8', '4I7');
      expect(col(s, 0, Col.C10)).toEqual([1]);
      return col(s, 0, Col.X2).length;
    };
    expect(crosses('any_run')).toBe(2); // I7 and the red square
    expect(crosses('red_run')).toBe(1); // I7 only: the red tile's runs are 7 and 1
    expect(crosses('none')).toBe(1);
    // The red tile in the 10 (4 on red, 6 below it): red_run gives the cross too.
    const b = positionState({ players: 2, hands: ['4 6 1', ''], options: { redCross: 'red_run' } });
    play(b, '4H8', '6H9', '1G8');
    expect(col(b, 0, Col.X2)).toEqual([1]);
  });
});

describe('Regole di sistemazione (placing rules)', () => {
  const opening = '6H8 5I8 5I9';

  it("rule 2: every tile goes next to a tile already on the board (the turn's first tile included)", () => {
    const s = positionState({ players: 2, board: opening, hands: ['1 2', ''] });
    for (const code of legal(s)) {
      if (code === 'end') continue;
      const c = parseActionCode(code);
      const cell = (c - 1) % SIZE;
      const next = [cell - 1, cell + 1, cell - 17, cell + 17].some((x) => s.board[x] > 0);
      expect(next).toBe(true);
    }
    // The second tile may touch only the first.
    play(s, '1J9');
    expect(legal(s)).toContain('2K9');
  });

  it('rule 3: no run may reach 13; rule 4: a run of 9 or less is allowed and scores nothing', () => {
    // Beate's turn: 5 on H9 makes 10 across (H9 I9) and 11 down (H8 H9); her 4 then fits nowhere.
    const s = positionState({ players: 2, board: opening, hands: ['', '5 4'], cur: 1 });
    expect(legal(s)).toContain('5H9');
    expect(legal(s)).not.toContain('4J8'); // 6 + 5 + 4 = 15 across
    const events = play(s, '5H9');
    // The turn ended by itself: the 4 fits no cell (every frontier cell touches a run of 10 or 11).
    const mine = events.filter((e) => e.seat === 1);
    expect(mine.map((e) => e.kind).slice(0, 3)).toEqual(['place', 'score', 'hold']);
    expect(mine[1].data).toMatchObject({ runs10: 1, runs11: 1, runs12: 0, crosses: 0 });
    expect(mine[2].secret!.text).toBe('seat 1 keeps 4 face down');
    expect(col(s, 1, Col.C10)).toEqual([1]);
    expect(col(s, 1, Col.C11)).toEqual([2]);
    const low = positionState({ players: 2, board: '1H8', hands: ['2 3', ''] });
    play(low, '2I8', '3J8');
    expect(runSum(low.board, parseCell('H8'), 1)).toBe(6);
    expect(low.sheetTotal[0]).toBe(0);
  });

  it('rule 6: the two tiles may go in one run or separately', () => {
    const s = positionState({ players: 2, board: '3H8', hands: ['2 5', ''] });
    play(s, '2I8', '5J8'); // one run: 3 2 5 = 10
    expect(col(s, 0, Col.C10)).toEqual([1]);
    const t = positionState({ players: 2, board: '3H8', hands: ['2 5', ''] });
    play(t, '2I8', '5H9'); // separately: 3 2 across, 3 5 down
    expect(t.sheetTotal[0]).toBe(0);
  });

  it('rule 7: a light square only with a 10, 11 or 12 there (alone or with the other tile)', () => {
    // G7 is light. 4 on G8 (next to the red 6) ... build: 6H8 with 4 above at H7: the run H7-H8 = 10.
    // Light G7 takes a tile that makes 10-12 with H7 across: H7 = 4, so a 6 (10) is fine, a 5 (9) is not alone.
    const s = positionState({ players: 2, board: '6H8 4H7', hands: ['6 2', ''] });
    const l = legal(s);
    expect(l).toContain('6G7'); // 6 + 4 = 10 across
    // 2 + 4 = 6 alone, but the 6 in hand can close it (F7: 6 2 4 = 12): legal.
    expect(l).toContain('2G7');
    // With 1 and 2 in hand nothing brings G7 to 10 (at most 1 + 2 + 4 = 7): neither may go there.
    const t = positionState({ players: 2, board: '6H8 4H7', hands: ['1 2', ''] });
    expect(legal(t).filter((c) => c.endsWith('G7'))).toEqual([]);
    expect(legal(t)).toContain('2G8'); // the dark square beside it is fine
  });

  it('rule 7 with both tiles: the light tile may go first when the other completes its run', () => {
    const s = positionState({ players: 2, board: '6H8 1H7', hands: ['3 6', ''] });
    // G7 light: 3 + 1 = 4 alone; with a 6 on F7: 6 3 1 = 10.
    expect(legal(s)).toContain('3G7');
    play(s, '3G7');
    // Now the 6 must close it: F7 or I7 (6 3 1 and 3 1 6); anywhere else leaves G7 without a 10, and
    // stopping is not allowed while it is open.
    expect(legal(s).sort()).toEqual(['6F7', '6I7']);
    play(s, '6F7');
    expect(col(s, 0, Col.C10)).toEqual([1]);
    expect(col(s, 0, Col.X2)).toEqual([1]);
  });

});

describe('the exception, on a crowded board', () => {
  it('when no dark square takes the tile, a light square without a 10 is allowed, and earns no cross', () => {
    // A 6 next to the red square on every side leaves the frontier full of 12s; light G7/I7/G9/I9 are corners.
    // H7 6, H8 6, H9 ... build runs so every dark frontier cell takes at most 2, while light G7 takes 3.
    const board = '6H8 6G8 5H7 5H9 5I8';
    const s = positionState({ players: 2, board, hands: ['3 3', ''] });
    // Check the premise: no dark cell takes a 3.
    const l = legal(s).filter((c) => c !== 'end');
    for (const code of l) {
      const cell = (parseActionCode(code) - 1) % SIZE;
      expect(zatreConfig().kinds[cell]).toBe(Kind.LIGHT);
    }
    expect(l.length).toBeGreaterThan(0);
    const first = l[0];
    play(s, first);
    expect(s.turnExc[0]).toBe(1);
  });
});

describe('Valutazione dei punti (the score sheet)', () => {
  const fresh = () => new ZatreState(zatreConfig(), 2);

  it("the rulebook's worked totals: (1+2+8+3)x2 = 28, (1+2+4+3)x2 = 20, (1+4)x2 = 10, 1+4 = 5", () => {
    const s = fresh();
    const rowTotals: number[] = [];
    let before = 0;
    const row = (x2: boolean, c10: number, c11: number, c12: number) => {
      if (x2) writeBox(s, 0, Col.X2, 1);
      if (c10) writeBox(s, 0, Col.C10, c10);
      if (c11) writeBox(s, 0, Col.C11, c11);
      if (c12) writeBox(s, 0, Col.C12, c12);
      rowTotals.push(s.sheetTotal[0] - before);
      before = s.sheetTotal[0];
    };
    row(true, 1, 2, 8); // two 12s in one turn: 8 in one box; a complete row earns its bonus (3)
    row(true, 1, 2, 4);
    row(true, 1, 0, 4); // no 11 in this row: no bonus, still doubled
    row(false, 1, 0, 4);
    expect(rowTotals).toEqual([28, 20, 10, 5]);
    expect(s.sheetTotal[0]).toBe(63);
  });

  it('rule 2: each entry goes in the topmost free box of its own column', () => {
    const s = fresh();
    writeBox(s, 0, Col.C12, 4);
    writeBox(s, 0, Col.C12, 4);
    writeBox(s, 0, Col.C10, 1);
    expect(col(s, 0, Col.C12)).toEqual([4, 4]);
    expect(col(s, 0, Col.C10)).toEqual([1]);
    // Row 1 holds a 10 and a 12, row 2 a 12 alone: 5 + 4.
    expect(s.sheetTotal[0]).toBe(9);
  });

  it('rule 8: the printed bonus by row: 3 3 3 3 4 4 4 4 5 5 5 5 6 6 6 6, then the pattern continued', () => {
    const s = fresh();
    const bonuses: number[] = [];
    for (let r = 0; r < 20; r++) {
      const t0 = s.sheetTotal[0];
      writeBox(s, 0, Col.C10, 1);
      writeBox(s, 0, Col.C11, 2);
      writeBox(s, 0, Col.C12, 4);
      bonuses.push(s.sheetTotal[0] - t0 - 7);
    }
    expect(bonuses).toEqual([3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7]);
  });

  it('rule 9: a cross doubles its row whether complete or not, including entries written later', () => {
    const s = fresh();
    writeBox(s, 0, Col.X2, 1);
    expect(s.sheetTotal[0]).toBe(0);
    writeBox(s, 0, Col.C11, 2);
    expect(s.sheetTotal[0]).toBe(4);
  });

  it('rule 3 and 7: 10, 11, 12 score 1, 2, 4; two 12s in one turn write 8 in one box', () => {
    // Two 12s with one tile: a 6 where a 6 across and a 6 down meet.
    const s = positionState({ players: 2, board: '6H8 6I9', hands: ['6 1', ''] });
    play(s, '6I8'); // H8-I8 = 12 across, I8-I9 = 12 down
    expect(legal(s)).toContain('end');
    play(s, 'end');
    expect(col(s, 0, Col.C12)).toEqual([8]);
    // points option: the "tre" sentence read literally.
    const t = positionState({ players: 2, board: '6H8 6I9', hands: ['6', ''], options: { points: [1, 2, 3] } });
    play(t, '6I8');
    expect(col(t, 0, Col.C12)).toEqual([6]);
  });

  it('a run lengthened this turn scores again at its new sum; a run not touched this turn does not', () => {
    const s = positionState({ players: 2, board: '6H8 4I8 5H9', hands: ['1', ''] });
    play(s, '1J8'); // 6 4 1 = 11 across; the 11 down H8-H9 was there before
    expect(col(s, 0, Col.C11)).toEqual([2]);
    expect(col(s, 0, Col.C10)).toEqual([]);
  });

  it('rule 10: held tiles are minus points at the end', () => {
    const s = positionState({ players: 2, board: '6H8', hands: ['5 4', '3'], bag: '' });
    s.lastTurn = 1; // this turn drew the last tile
    play(s, '4H9', 'end');
    expect(zatre.currentPlayer(s)).toBe(-1);
    const r = zatre.result(s);
    // Seat 0 made a 10 (1 point) and keeps a 5: 1 - 5; seat 1 keeps a 3.
    expect(r.scores).toEqual([-4, -3]);
    expect(r.winners).toEqual([1]);
  });
});

describe("Eccezione alla quinta regola: holding tiles and the next turn's draw", () => {
  it('a player may keep both tiles (stop before placing), or one', () => {
    const s = positionState({ players: 2, board: '6H8', hands: ['2 3', ''] });
    expect(legal(s)).toContain('end');
    play(s, '2H9', 'end');
    expect(s.handLen[0]).toBe(1);
  });

  it('holding one tile, the next turn draws one (Beate "estrae solamente una tessera")', () => {
    const s = positionState({ players: 2, board: '6H8', hands: ['', '5'], cur: 0 });
    s.hands[0 * 7 + 1] = 1; // seat 0 plays a 1 and stops
    s.handLen[0] = 1;
    s.bag[1]--;
    s.bagLen--;
    const events = play(s, '1H9');
    const draw = events.find((e) => e.kind === 'draw' && e.seat === 1)!;
    expect(draw.data!.count).toBe(1);
    expect(s.handLen[1]).toBe(2);
  });

  it('holding two or more of which one fits: no draw, and a tile must go down before stopping', () => {
    const s = positionState({ players: 2, board: '6H8', hands: ['1', '2 3'], cur: 0 });
    const events = play(s, '1H9');
    expect(events.some((e) => e.kind === 'draw' && e.seat === 1)).toBe(false);
    expect(events.some((e) => e.kind === 'no_draw' && e.seat === 1)).toBe(true);
    expect(s.mustPlace).toBe(1);
    expect(legal(s)).not.toContain('end');
    play(s, '2G8');
    expect(legal(s)).toContain('end');
  });

  it('holding two or more of which none fits: one tile is drawn; then every tile in hand may be used, even more than two', () => {
    // The 2x2 block 6 5 / 5 5 (runs 11, 10, 11, 10) takes only 1s and 2s: seat 1's 4 5 6 fit nowhere.
    const board = '6H8 5I8 5H9 5I9';
    const s = positionState({ players: 2, board, hands: ['2', '4 5 6'], cur: 0, bag: '1' });
    const events = play(s, 'end'); // seat 0 keeps its 2
    const draws = events.filter((e) => e.kind === 'draw' && e.seat === 1);
    expect(draws.map((e) => e.data!.count)).toEqual([1]);
    expect(hand(s, 1)).toBe('1 4 5 6');
    // The 1 opens G7 (light; no dark square takes a 4 there): the held tiles come into play the same turn.
    play(s, '1G8');
    expect(legal(s)).toContain('4G7');
    play(s, '4G7');
    expect(s.turnExc[1]).toBe(1);
    expect(s.cur).toBe(1);
  });

  it('heldDraw always_two: a holder draws two like everyone', () => {
    const s = positionState({ players: 2, board: '6H8', hands: ['1', '2 3'], cur: 0, options: { heldDraw: 'always_two' } });
    const events = play(s, '1H9');
    expect(events.find((e) => e.kind === 'draw' && e.seat === 1)!.data!.count).toBe(2);
  });

  it('holdByChoice false: no stopping while a tile can be placed', () => {
    const s = positionState({ players: 2, board: '6H8', hands: ['2 3', ''], options: { holdByChoice: false } });
    expect(legal(s)).not.toContain('end');
  });
});

describe('Fine del gioco (the end)', () => {
  it('the player who draws the last tile finishes the turn, then the match ends', () => {
    const s = positionState({ players: 2, board: '6H8', hands: ['1', ''], bag: '2' });
    const events = play(s, '1H9');
    // Seat 1 drew the last tile (one only) and plays on.
    expect(events.find((e) => e.kind === 'draw' && e.seat === 1)!.data!.count).toBe(1);
    expect(s.lastTurn).toBe(1);
    expect(zatre.currentPlayer(s)).toBe(1);
    play(s, '2I8');
    expect(zatre.currentPlayer(s)).toBe(-1);
    expect(zatre.result(s).endReason).toBe('bag_empty');
  });

  it('when no tile left fits anywhere, the bag is drawn out in turn and counts as minus points', () => {
    // Board: a 2x2 block of runs 12 with no room for even a 1 ... 6 6 / 6 6 is 12 every way.
    const s = positionState({ players: 3, board: '6H8 6I8 6H9', hands: ['6', '', ''], bag: '5 5 4 6 6' });
    const events = play(s, '6I9');
    expect(zatre.currentPlayer(s)).toBe(-1);
    expect(zatre.result(s).endReason).toBe('blocked');
    expect(events.some((e) => e.kind === 'blocked')).toBe(true);
    // Seat 1 draws first: 5 tiles go to seats 1, 2, 0, 1, 2.
    expect(Array.from(s.handLen)).toEqual([1, 2, 2]);
    expect(s.bagLen).toBe(0);
    const r = zatre.result(s);
    // Seat 0 scored two 12s (8), on the light I9 (a cross: the row counts double), and holds one tile.
    expect(r.scores[0]).toBe(16 - s.handValue(0));
    const stop = positionState({ players: 3, board: '6H8 6I8 6H9', hands: ['6', '', ''], bag: '5 5 4 6 6', options: { blockedEnd: 'stop' } });
    play(stop, '6I9');
    expect(stop.bagLen).toBe(5);
  });

  it('ties are shared: every seat with the best total wins', () => {
    const s = positionState({ players: 3, board: '6H8', hands: ['', '', ''], bag: '' });
    s.phase = Phase.OVER;
    s.cur = -1;
    expect(zatre.result(s).winners).toEqual([0, 1, 2]);
    expect(zatre.result(s).ranks).toEqual([1, 1, 1]);
  });
});

describe('Variante per giocatori esperti (pairs)', () => {
  it('4 or 6 players only; partners side by side share a sheet (seats 0-1, 2-3), or opposite (0-2, 1-3)', () => {
    expect(() => zatre.checkOptions(resolveOptions(zatre.options, { pairs: true }), 3)).toThrow(/pairs/);
    const side = positionState({ players: 4, hands: ['6 5 5', '', '', ''], options: { pairs: true } });
    expect(Array.from(side.sheetOf)).toEqual([0, 0, 1, 1]);
    const opp = positionState({ players: 6, hands: ['6 5 5', '', '', '', '', ''], options: { pairs: true, pairSeating: 'opposite' } });
    expect(Array.from(opp.sheetOf)).toEqual([0, 1, 2, 0, 1, 2]);
  });

  it("the results are written one after the other on the common sheet, and partners see each other's tiles", () => {
    const s = positionState({ players: 4, board: '6H8', hands: ['4', '1 5', '', ''], options: { pairs: true } });
    play(s, '4H9'); // 10 down for seat 0
    expect(s.cur).toBe(1);
    play(s, '5I8', '1J8'); // 6 5 1 = 12 across for seat 1, on the same sheet
    expect(col(s, 0, Col.C10)).toEqual([1]);
    expect(col(s, 0, Col.C12)).toEqual([4]);
    const o = zatre.observe(s, 3);
    expect(o.hands[2]).not.toBeNull(); // the partner's rack
    expect(o.hands[0]).toBeNull();
    const r = zatre.result(s);
    expect(r.scores[0]).toBe(r.scores[1]);
  });
});

describe('actions', () => {
  it('codes round-trip: a value and a cell, or end', () => {
    for (const code of ['5H8', '1A5', '6O11', 'end']) expect(actionCode(parseActionCode(code))).toBe(code);
    expect(() => parseActionCode('7H8')).toThrow(/expected a value and a cell/);
    expect(parseActionCode('end')).toBe(END);
  });
});

describe('the light-square search', () => {
  it('a tile at the end of a run may also join the run beyond it: the other tile closes 2 + 1 + 7 = 10', () => {
    // Row 7: G7 is light. Tiles 3 4 on J7 K7 (a run of 7) and a gap at I7 (light too), H7 empty.
    // 2 on G7 (run of 2 alone, next to 6 at G8 below: 2 + 6 = 8 down) and then 1 on H7? H7 joins G7 only.
    // Simpler: 2 on H7 next to the red 6 (down 2 + 6 = 8); then 1 on I7 joins H7 and J7-K7: 2 + 1 + 7 = 10.
    const s = positionState({ players: 2, board: '6H8 3J7 4K7 1J8 2K8', hands: ['2 1', ''] });
    // I7 is light: the 1 there makes 2 + 1 + 3 + 4 = 10 across with a 2 on H7 first.
    expect(legal(s)).toContain('2H7');
    play(s, '2H7');
    expect(legal(s)).toContain('1I7');
    play(s, '1I7');
    expect(col(s, 0, Col.C10)).toEqual([1]);
    expect(col(s, 0, Col.X2)).toEqual([1]);
  });

  it('the light tile first, closed by a tile that bridges to the run beyond: 1 + 2 + 7 = 10 across', () => {
    // I7 light: 1 there (1 + 3 + 4 = 8 across with J7 K7; down 1 + 1 = 2 with I8 ... keep I8 empty).
    const s = positionState({ players: 2, board: '6H8 3J7 4K7 1J8 2K8', hands: ['1 2', ''] });
    // 1 on I7: across 1 + 3 + 4 = 8, not yet 10; the 2 on H7 makes 2 + 1 + 7 = 10.
    expect(legal(s)).toContain('1I7');
    play(s, '1I7');
    // (L7 closes it too: 1 + 3 + 4 + 2 = 10.)
    expect(legal(s).sort()).toEqual(['2H7', '2L7']);
  });

  it('with three tiles: a tile that joins the run beyond the gap closes what the hand alone could not (2 + 1 + 7 = 10)', () => {
    // Row 7: 3 4 on K7 L7; I7 is light. 2 on I7 makes 2 across (and 2 + 1 down with I8): an obligation the
    // two 1s left in hand (total 2) close only by bridging J7 to K7-L7.
    const s = positionState({ players: 2, board: '6H8 1I8 1J8 2K8 3K7 4L7', hands: ['2 1 1', ''] });
    expect(legal(s)).toContain('2I7');
    play(s, '2I7');
    // Open obligation: no stopping; J7 closes it now (or after the other 1 goes elsewhere first).
    expect(legal(s)).toContain('1J7');
    expect(legal(s)).not.toContain('end');
    play(s, '1J7', 'end');
    expect(col(s, 0, Col.C10)).toEqual([1]);
    expect(col(s, 0, Col.X2)).toEqual([1]);
  });
});

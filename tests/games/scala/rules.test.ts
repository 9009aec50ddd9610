import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../../src/engine/game.js';
import { OptionError } from '../../../src/engine/game.js';
import { resolveOptions } from '../../../src/engine/options.js';
import { Rng } from '../../../src/engine/rng.js';
import { scala } from '../../../src/games/scala/index.js';
import { type ScalaPosition, piecesByKind, positionState } from '../../../src/games/scala/fixtures.js';
import { Act, type ScalaState, pieceCode } from '../../../src/games/scala/state.js';
import { parseActionCode } from '../../../src/games/scala/text.js';

/*
 * Every rule of the rulebook (/work/shared/rules/scala.txt) and each of its pictures, as an explicit
 * position. Sections are named as in the text; docs/rules/scala.md maps them here.
 */

const buf = new Int32Array(scala.maxActions);

function legal(s: ScalaState): string[] {
  const k = scala.legalActions(s, buf);
  return Array.from(buf.subarray(0, k), (a) => scala.actionCode(a)).sort();
}

/** The numbers that may go on one square, as a string such as "13". */
function numbersOn(s: ScalaState, square: string): string {
  return legal(s)
    .filter((c) => c.slice(1) === square)
    .map((c) => c[0])
    .join('');
}

function act(s: ScalaState, code: string, events?: GameEvent[]): void {
  const options = legal(s);
  if (!options.includes(code.toUpperCase())) throw new Error(`${code} is not legal for seat ${s.cur}: ${options.join(' ')}\n${scala.view.describe(s)}`);
  scala.apply(s, parseActionCode(code), new Rng('act'), events);
}

/** The pieces of a square, bottom first, as codes. */
function stackOf(s: ScalaState, square: string): string[] {
  const q = (Number(square.slice(1)) - 1) * s.cfg.size + square.charCodeAt(0) - 65;
  return Array.from(s.stack.subarray(q * s.depth, q * s.depth + s.height[q]), pieceCode);
}

const EMPTY = ['. . . . . .', '. . . . . .', '. . . . . .', '. . . . . .', '. . . . . .', '. . . . . .'];

function pos(board: string[], extra: Partial<ScalaPosition> = {}): ScalaState {
  return positionState({ players: 2, board, ...extra });
}

describe('DOTAZIONE and PREPARAZIONE', () => {
  it('a 6x6 board of 36 squares; every player has 32 pieces, 8 each of 1, 2, 3, 4, in its own colour', () => {
    for (const n of [2, 3, 4]) {
      const s = scala.setup(resolveOptions(scala.options, {}), n, new Rng(`setup/${n}`));
      expect(s.cfg.cells).toBe(36);
      for (let p = 0; p < n; p++) {
        expect(s.total[p]).toBe(32);
        expect(Array.from(s.held.subarray(p * 4, p * 4 + 4))).toEqual([8, 8, 8, 8]);
        for (let v = 1; v <= 4; v++) expect(s.supply[p * 16 + ((p << 2) | (v - 1))]).toBe(8);
      }
      expect(Array.from(s.height).every((h) => h === 0)).toBe(true);
    }
  });

  it('2 to 4 players', () => {
    expect([scala.minPlayers, scala.maxPlayers]).toEqual([2, 4]);
  });

  it('the first player is drawn (the highest black piece): every seat starts about equally often; play goes clockwise', () => {
    const opts = resolveOptions(scala.options, {});
    const starts = [0, 0, 0, 0];
    for (let m = 0; m < 4000; m++) starts[scala.setup(opts, 4, new Rng(`first/${m}`)).cur]++;
    // Each seat: 1000 expected, sd about 27; 5 sd either side.
    for (const c of starts) expect(Math.abs(c - 1000)).toBeLessThan(140);
    const s = scala.setup(resolveOptions(scala.options, { firstPlayer: 2 }), 4, new Rng('x'));
    expect(s.cur).toBe(2);
    act(s, '1A1');
    expect(s.cur).toBe(3);
    act(s, '1F6');
    expect(s.cur).toBe(0);
  });

  it('a first player outside the table is refused, naming the option', () => {
    const opts = resolveOptions(scala.options, { firstPlayer: 3 });
    expect(() => scala.checkOptions(opts, 3)).toThrow(OptionError);
    expect(() => scala.checkOptions(opts, 3)).toThrow(/firstPlayer/);
    expect(() => resolveOptions(scala.options, { capture: 'all' })).toThrow(/capture/);
  });
});

describe('SVOLGIMENTO: placing a piece', () => {
  it('the first player places any piece anywhere: 36 squares x 4 numbers', () => {
    const s = pos(EMPTY);
    expect(legal(s)).toHaveLength(144);
  });

  it('picture 1: next to a 2 only a 1 or a 3, on the four squares across and down; the diagonal squares are not "vicine"', () => {
    const s = pos(['. . . . . .', '. . . . . .', '. . 2 . . .', '. . . . . .', '. . . . . .', '. . . . . .']);
    for (const sq of ['C2', 'B3', 'D3', 'C4']) expect(numbersOn(s, sq)).toBe('13');
    // Diagonal squares touch no piece across or down: any number, "in un punto qualsiasi".
    for (const sq of ['B2', 'D2', 'B4', 'D4', 'F6']) expect(numbersOn(s, sq)).toBe('1234');
    // With the diagonalNeighbours option the diagonal squares are neighbours too.
    const d = positionState({ players: 2, board: ['. . . . . .', '. . . . . .', '. . 2 . . .', ...EMPTY.slice(3)], options: { diagonalNeighbours: true } });
    for (const sq of ['B2', 'D2', 'B4', 'D4']) expect(numbersOn(d, sq)).toBe('13');
  });

  it('"accanto al numero 1 si può posizionare solo il numero 2 e accanto al numero 4 solamente il numero 3"', () => {
    const s = pos(['1 . . . . 4', '. . . . . .', '. . . . . .', '. . . . . .', '. . . . . .', '. . . . . .']);
    expect(numbersOn(s, 'B1')).toBe('2');
    expect(numbersOn(s, 'A2')).toBe('2');
    expect(numbersOn(s, 'E1')).toBe('3');
    expect(numbersOn(s, 'F2')).toBe('3');
  });

  it('picture 2: between several pieces the number need match only one of them (★ takes 1-4, ◆ only 2 or 3)', () => {
    // The picture is lost in the conversion; its pieces (2, 3, 1, 4) rebuilt where the converted text puts them.
    const s = pos(['. . 2 . . .', '. 3 . . . .', '. . 1 . 4 .', '. . . . . .', '. . . . . .', '. . . . . .']);
    expect(numbersOn(s, 'B1')).toBe('1234'); // between the 2 and the 3: ★
    expect(numbersOn(s, 'C2')).toBe('1234'); // between the 2, the 3 and the 1: ★
    expect(numbersOn(s, 'D3')).toBe('23'); // between the 1 and the 4: ◆
  });

  it('with emptyPlacement "anywhere", an empty square next to pieces takes any number', () => {
    const s = positionState({ players: 2, board: ['1 . . . . .', ...EMPTY.slice(1)], options: { emptyPlacement: 'anywhere' } });
    expect(numbersOn(s, 'B1')).toBe('1234');
  });

  it('only numbers the player holds may be placed', () => {
    const s = pos(EMPTY, { held: [[0, 3, 0, 1], [8, 8, 8, 8]] });
    expect(new Set(legal(s).map((c) => c[0]))).toEqual(new Set(['2', '4']));
  });
});

describe('SVOLGIMENTO: stacking ("sovrapporre")', () => {
  it('picture 3: a 3 goes on the 2 because the 4 next to it is one above', () => {
    const s = pos(['2 4 . . . .', ...EMPTY.slice(1)]);
    expect(numbersOn(s, 'A1')).toBe('3');
    act(s, '3A1');
    expect(stackOf(s, 'A1')).toEqual(['G2', 'G3']);
    expect(s.top[0]).toBe(3);
  });

  it('the covered piece does not count (only the neighbours); with stacking "neighbours_or_covered" it does', () => {
    const s = pos(['2 4 . . . .', ...EMPTY.slice(1)]);
    expect(numbersOn(s, 'A1')).not.toContain('1');
    const c = positionState({ players: 2, board: ['2 4 . . . .', ...EMPTY.slice(1)], options: { stacking: 'neighbours_or_covered' } });
    expect(numbersOn(c, 'A1')).toBe('13');
  });

  it('a lone piece cannot be stacked on ("almeno due pedine vicine"); stacking "off" forbids stacking', () => {
    const s = pos(['. . . . . .', '. . . . . .', '. . 3 . . .', ...EMPTY.slice(3)]);
    expect(numbersOn(s, 'C3')).toBe('');
    const off = positionState({ players: 2, board: ['2 4 . . . .', ...EMPTY.slice(1)], options: { stacking: 'off' } });
    expect(numbersOn(off, 'A1')).toBe('');
  });

  it('only the top piece of a stack counts for its neighbours: a 4 on a 1 lets a 3 beside it, not a 2', () => {
    const s = pos(['1+4 . . . . .', ...EMPTY.slice(1)]);
    expect(numbersOn(s, 'B1')).toBe('3');
  });
});

describe('SVOLGIMENTO: lines of 1-2-3-4', () => {
  it('a line 1-2-3-4 across is taken by the player who made it: the four pieces join theirs, and they play again', () => {
    const s = pos(['1 2 3 . . .', ...EMPTY.slice(1)], { players: 2 });
    const before = s.total[0];
    const events: GameEvent[] = [];
    act(s, '4D1', events);
    expect(s.height.subarray(0, 4)).toEqual(new Uint16Array([0, 0, 0, 0]));
    expect(s.total[0]).toBe(before - 1 + 4);
    expect(s.cur).toBe(0); // another turn
    expect(s.stats[0]).toBe(1);
    expect(events.map((e) => e.kind)).toEqual(['place', 'capture', 'extra_turn']);
    // The extra turn played, the turn passes on.
    act(s, '1F6');
    expect(s.cur).toBe(1);
  });

  it('4-3-2-1 down is a line too; pieces of any colour count', () => {
    const s = pos(['. . . . . .', '. . . . . .', '. . B4 . . .', '. . F3 . . .', '. . O2 . . .', '. . . . . .'], { players: 4 });
    act(s, '1C6');
    expect(s.height[2 * 6 + 2] + s.height[5 * 6 + 2]).toBe(0);
    expect(s.total[0]).toBe(32 - 1 + 4);
    // The captured pieces keep their colours in the capturer's supply.
    expect(s.supply[0 * 16 + ((1 << 2) | 3)]).toBe(1); // a blue 4
  });

  it('diagonals are not lines unless diagonalLines is set', () => {
    const board = ['1 . . . . .', '. 2 . . . .', '. . 3 . . .', '. . . . . .', '. . . . . .', '. . . . . .'];
    const s = pos(board);
    act(s, '4D4');
    expect(s.top[0]).toBe(1);
    expect(s.cur).toBe(1);
    const d = positionState({ players: 2, board, options: { diagonalLines: true } });
    act(d, '4D4');
    expect(d.top[0]).toBe(0);
    expect(d.cur).toBe(0);
  });

  it('a line counts only once it reads in order: 1-2-4-3 is no line; a longer row containing 1-2-3-4 is', () => {
    const s = pos(['1 2 4 . . .', ...EMPTY.slice(1)]);
    act(s, '3D1');
    expect(s.stats[0]).toBe(0);
    const t = pos(['3 1 2 3 . .', ...EMPTY.slice(1)]);
    act(t, '4E1');
    expect(Array.from(t.height.subarray(0, 6))).toEqual([1, 0, 0, 0, 0, 0]);
  });

  it('"Nota bene": in stacks the top piece counts; taking the line leaves what was under the tops (capture "top")', () => {
    const s = pos(['4+1 3+2 B4+3 . . .', '. 1 . . . .', ...EMPTY.slice(2)]);
    act(s, '4D1');
    expect(stackOf(s, 'A1')).toEqual(['G4']);
    expect(stackOf(s, 'B1')).toEqual(['G3']);
    expect(stackOf(s, 'C1')).toEqual(['B4']);
    expect(stackOf(s, 'D1')).toEqual([]);
  });

  it('with capture "stack" the four whole stacks are taken', () => {
    const s = positionState({ players: 2, board: ['4+1 3+2 B4+3 . . .', '. 1 . . . .', ...EMPTY.slice(2)], options: { capture: 'stack' } });
    const before = s.total[0];
    act(s, '4D1');
    expect(Array.from(s.height.subarray(0, 4))).toEqual([0, 0, 0, 0]);
    expect(s.total[0]).toBe(before - 1 + 7);
  });

  it('one placement making lines in two directions takes both (the shared piece once) and gives one extra turn', () => {
    // Column D reads 1-2-_-4 and row 3 reads 1-2-_-4 from B3: a 3 on D3 completes both.
    const board = ['. . . 1 . .', '. . . 2 . .', '. 1 2 . 4 .', '. . . 4 . .', ...EMPTY.slice(4)];
    const s = pos(board);
    const before = s.total[0];
    act(s, '3D3');
    expect(s.stats[0]).toBe(2);
    expect(s.total[0]).toBe(before - 1 + 7);
    expect(s.extra).toBe(0);
    expect(s.cur).toBe(0);
    act(s, '1F6');
    expect(s.cur).toBe(1);
    // extraTurn "per_line": two extra turns.
    const p = positionState({ players: 2, board, options: { extraTurn: 'per_line' } });
    act(p, '3D3');
    expect(p.extra).toBe(1);
    const none = positionState({ players: 2, board, options: { extraTurn: 'none' } });
    act(none, '3D3');
    expect(none.cur).toBe(1);
  });

  it('a line uncovered by a capture is taken by the same player (cascade); with cascade off it stays on the board', () => {
    // The tops of row 1 read 1-2-3-1, over 4-3-2. A 4 stacked on D1 (next to the 3 on C1) completes 1-2-3-4;
    // taking those tops uncovers 4-3-2-1.
    const board = ['4+1 3+2 2+3 1 . .', ...EMPTY.slice(1)];
    const s = pos(board);
    act(s, '4D1');
    expect(s.stats[0]).toBe(2);
    expect(Array.from(s.height.subarray(0, 4))).toEqual([0, 0, 0, 0]);
    const off = positionState({ players: 2, board, options: { cascade: false } });
    act(off, '4D1');
    expect(off.stats[0]).toBe(1);
    expect(Array.from(off.top.subarray(0, 4))).toEqual([4, 3, 2, 1]);
  });

  it('capturedTo "owners": captured pieces go back to the players of their colour', () => {
    const s = positionState({ players: 2, board: ['B1 G2 B3 . . .', ...EMPTY.slice(1)], options: { capturedTo: 'owners' } });
    const [g, b] = [s.total[0], s.total[1]];
    act(s, '4D1');
    expect(s.total[0]).toBe(g - 1 + 2);
    expect(s.total[1]).toBe(b + 2);
  });
});

describe('passing, elimination, the end', () => {
  it('no passing while a placement exists; a player without any legal placement passes', () => {
    // Seat 0 holds only 1s; every empty square touches a top that is not a 2 and every top has no 2 beside it.
    const full = ['3 3 3 3 3 3', '3 3 3 3 3 3', '3 3 3 3 3 3', '3 3 3 3 3 3', '3 3 3 3 3 3', '3 3 3 3 3 .'];
    const s = pos(full, { held: [[2, 0, 0, 0], [0, 0, 0, 8]] });
    expect(legal(s)).toEqual(['-']);
    act(s, '-');
    expect(s.cur).toBe(1);
    expect(legal(s)).not.toContain('-');
    expect(legal(s).length).toBeGreaterThan(0);
  });

  it('when every remaining player must pass, nobody can ever place again: the match ends as blocked, most pieces wins', () => {
    const full = ['3 3 3 3 3 3', '3 3 3 3 3 3', '3 3 3 3 3 3', '3 3 3 3 3 3', '3 3 3 3 3 3', '3 3 3 3 3 .'];
    const s = pos(full, { held: [[2, 0, 0, 0], [3, 0, 0, 0]] });
    act(s, '-');
    act(s, '-');
    expect(scala.currentPlayer(s)).toBe(-1);
    const r = scala.result(s);
    expect(r.endReason).toBe('blocked');
    expect(r.winners).toEqual([1]);
  });

  it('a player left without pieces is out for good; the last one left wins', () => {
    const s = pos(EMPTY, { players: 3, held: [[1, 0, 0, 0], [0, 0, 0, 2], [0, 0, 1, 0]] });
    const events: GameEvent[] = [];
    act(s, '1A1', events);
    expect(s.out[0]).toBe(1);
    expect(events.map((e) => e.kind)).toEqual(['place', 'eliminate']);
    expect(s.cur).toBe(1);
    act(s, '4F6');
    act(s, '3A6'); // seat 2 places its last piece: out
    expect(s.out[2]).toBe(2);
    // Seat 1 is the last left.
    expect(scala.currentPlayer(s)).toBe(-1);
    const r = scala.result(s);
    expect(r.endReason).toBe('last_player');
    expect(r.winners).toEqual([1]);
    expect(r.ranks).toEqual([3, 1, 2]);
  });

  it('placing the last piece into a line keeps the player in: the captured pieces are theirs', () => {
    const s = pos(['1 2 3 . . .', ...EMPTY.slice(1)], { held: [[0, 0, 0, 1], [8, 8, 8, 8]] });
    act(s, '4D1');
    expect(s.out[0]).toBe(0);
    expect(s.total[0]).toBe(4);
    expect(s.cur).toBe(0);
  });

  it('the turn cap (timed variant): the most pieces wins, ties shared', () => {
    const s = positionState({ players: 3, board: EMPTY, options: { turnCap: 2 }, held: [[1, 1, 0, 0], [1, 0, 0, 0], [0, 0, 1, 1]] });
    act(s, '1A1');
    act(s, '1F6');
    const r = scala.result(s);
    expect(r.endReason).toBe('turn_cap');
    expect(r.scores).toEqual([1, 0, 2]);
    expect(r.winners).toEqual([2]);
    const t = positionState({ players: 3, board: EMPTY, options: { turnCap: 1 }, held: [[1, 1, 1, 0], [1, 1, 0, 0], [0, 0, 1, 1]] });
    act(t, '1A1');
    expect(scala.result(t).winners).toEqual([0, 1, 2]);
    expect(scala.result(t).ranks).toEqual([1, 1, 1]);
    const m: number[] = [];
    scala.measures.write(t, m);
    expect(m[scala.measures.names.indexOf('capped')]).toBe(1);
  });
});

describe('codes, texts, views', () => {
  it('action codes round-trip and name the square', () => {
    const s = pos(EMPTY);
    const k = scala.legalActions(s, buf);
    for (let i = 0; i < k; i++) expect(parseActionCode(scala.actionCode(buf[i]))).toBe(buf[i]);
    expect(scala.actionCode(Act.PASS)).toBe('-');
    expect(() => parseActionCode('5A1')).toThrow(/expected a number 1-4/);
    expect(scala.view.actionText(s, parseActionCode('3C4'))).toBe('seat 0 places a 3 on C4');
  });

  it('the table view: the board as a 6x6 grid of top pieces with stack heights, pieces held as counts', () => {
    const s = pos(['2+B3 . . . . .', ...EMPTY.slice(1)]);
    const v = scala.view.tableView(s);
    const grid = v.zones.find((z) => z.kind === 'grid');
    expect(grid).toMatchObject({ rows: 6, cols: 6 });
    expect(grid?.kind === 'grid' && grid.cells[0]).toBe('B3/2');
    expect(grid?.kind === 'grid' && grid.cells[1]).toBe('');
    const counts = v.zones.filter((z) => z.kind === 'count').map((z) => (z.kind === 'count' ? z.value : -1));
    expect(counts).toEqual([31, 31]);
    expect(scala.view.observedView(scala.observe(s, 1), 1)).toEqual(v);
    expect(scala.view.describe(s)).toContain('B3/2');
  });

  it('pieces are conserved through a capture', () => {
    const s = pos(['1 2 3 . . .', ...EMPTY.slice(1)]);
    const before = Array.from(piecesByKind(s));
    act(s, '4D1');
    expect(Array.from(piecesByKind(s))).toEqual(before);
  });
});

import { scalaConfig } from './config.js';
import { Piece, ScalaState, pieceKind } from './state.js';

/**
 * An explicit position, for tests, puzzles and set-ups. The board is written row by row, squares
 * separated by spaces: `.` empty, a piece as colour and number (`G3`; a bare `3` is green), a stack as
 * its pieces bottom first joined by `+` (`G1+B3`: a blue 3 on a green 1).
 */
export interface ScalaPosition {
  players: number;
  options?: Record<string, unknown>;
  board: string[];
  /** Pieces each seat holds, as counts of its own colour's 1, 2, 3, 4. Default: all of its colour not on the board. */
  held?: number[][];
  /** Seat to play (default 0). */
  current?: number;
  extraTurns?: number;
  turns?: number;
  /** Seats already out, in the order they went out. */
  out?: number[];
}

const COLOURS = 'GBFO';

function parsePiece(tok: string): number {
  const m = /^([GBFO]?)([1-4])$/.exec(tok.toUpperCase());
  if (!m) throw new Error(`position: "${tok}" is not a piece (expected a colour G, B, F or O and a number 1-4, such as B3)`);
  return pieceKind(m[1] ? COLOURS.indexOf(m[1]) : 0, Number(m[2]));
}

export function positionState(pos: ScalaPosition): ScalaState {
  const cfg = scalaConfig(pos.options);
  const n = pos.players;
  const s = new ScalaState(cfg, n);
  s.reset();
  if (pos.board.length !== cfg.size) throw new Error(`position: ${pos.board.length} rows for a board of ${cfg.size}`);
  const onBoard = new Int32Array(Piece.KINDS);
  pos.board.forEach((row, r) => {
    const toks = row.trim().split(/\s+/);
    if (toks.length !== cfg.size) throw new Error(`position: row ${r + 1} has ${toks.length} squares, expected ${cfg.size}`);
    toks.forEach((tok, c) => {
      if (tok === '.') return;
      const q = r * cfg.size + c;
      for (const part of tok.split('+')) {
        const kind = parsePiece(part);
        s.stack[q * s.depth + s.height[q]++] = kind;
        onBoard[kind]++;
      }
    });
  });
  s.rebuildTops();
  for (let p = 0; p < n; p++) {
    s.total[p] = 0;
    for (let v = 1; v <= 4; v++) {
      const kind = pieceKind(p, v);
      const count = pos.held ? pos.held[p][v - 1] : cfg.perNumber - onBoard[kind];
      if (count < 0) throw new Error(`position: more ${v}s of colour ${COLOURS[p]} on the board than a player has`);
      s.supply[p * Piece.KINDS + kind] = count;
      s.held[p * 4 + v - 1] = count;
      s.total[p] += count;
    }
  }
  (pos.out ?? []).forEach((p, i) => {
    s.out[p] = i + 1;
    s.eliminated = i + 1;
  });
  s.cur = pos.current ?? 0;
  s.extra = pos.extraTurns ?? 0;
  s.turns = pos.turns ?? 0;
  return s;
}

/** Pieces of each kind anywhere (board and every supply): perNumber of each of the players' kinds if nothing was lost. */
export function piecesByKind(s: ScalaState): Int32Array {
  const count = new Int32Array(Piece.KINDS);
  for (let q = 0; q < s.cfg.cells; q++) for (let i = 0; i < s.height[q]; i++) count[s.stack[q * s.depth + i]]++;
  for (let p = 0; p < s.n; p++) for (let k = 0; k < Piece.KINDS; k++) count[k] += s.supply[p * Piece.KINDS + k];
  return count;
}

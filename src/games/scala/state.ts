import { type Geometry, geometry } from './board.js';
import type { ScalaConfig } from './config.js';

/**
 * Actions. A placement is ((row * FRAME + col) * 4 + number - 1): the square in a fixed 10-wide frame, so
 * that an action means the same square on any board size and actionCode needs no context. PASS is the
 * one other action (only when no placement exists).
 */
export const enum Act {
  FRAME = 10,
  PASS = 400,
}
export const MAX_ACTIONS = Act.PASS + 1;

/** NEXT[t]: the numbers (as bits 1 << (number - 1)) one above or below a top t; NEXT[0] = 0 (empty). */
export const NEXT = new Uint8Array([0, 0b0010, 0b0101, 0b1010, 0b0100]);

/** A piece is stored as (colour << 2) | (number - 1): 16 kinds. Colours are seats' colours 0..3. */
export const enum Piece {
  KINDS = 16,
}
export const COLOUR_CODES = ['G', 'B', 'F', 'O'] as const;
export const COLOUR_NAMES = ['green', 'blue', 'fuchsia', 'orange'] as const;

/**
 * Statistics counters; the metrics derive from them. SEAT_LINES_0 + seat is a seat's lines taken.
 * UNCOVERED_LINES counts lines (not cascade rounds): each line a capture uncovered and the same
 * placement then took, the `uncovered_lines` column.
 */
export const enum Stat {
  LINES = 0,
  EXTRA_TURNS = 1,
  STACKED = 2,
  PASSES = 3,
  DOUBLE_LINES = 4,
  UNCOVERED_LINES = 5,
  ELIMINATIONS = 6,
  PIECES_CAPTURED = 7,
  SEAT_LINES_0 = 8,
  COUNT = 12,
}

export const enum EndReason {
  NONE = 0,
  LAST_PLAYER = 1,
  TURN_CAP = 2,
  BLOCKED = 3,
}
export const END_REASONS = ['unfinished', 'last_player', 'turn_cap', 'blocked'] as const;

/** The complete state of a Scala match. Mutable; `clone` copies every typed array. */
export class ScalaState {
  readonly geo: Geometry;
  /** The one buffer behind every typed array below, and all of it as bytes (for `copyFrom`). */
  private readonly buf: ArrayBuffer;
  private readonly bytes: Uint8Array;
  /** Most pieces one square can hold (every piece of the match). */
  readonly depth: number;
  /** stack[q * depth + i], i < height[q]: square q's pieces, bottom first. */
  readonly stack: Uint8Array;
  readonly height: Uint16Array;
  /** The number (1-4) on top of square q, 0 when empty: the only piece that counts. */
  readonly top: Uint8Array;
  /** supply[p * 16 + kind]: pieces of that kind player p holds (off the board). */
  readonly supply: Uint16Array;
  /** held[p * 4 + number - 1]: pieces of that number p holds, any colour. */
  readonly held: Uint16Array;
  /**
   * What the neighbours of each square show, kept up to date by setTop so that legality is a lookup:
   * near[q * 4 + t - 1] neighbours of q with top t, nearAny[q] neighbours occupied, nearMask[q] the numbers
   * (bits) one above or below some neighbour's top.
   */
  readonly near: Uint8Array;
  readonly nearAny: Uint8Array;
  readonly nearMask: Uint8Array;
  /** Pieces p holds in all. */
  readonly total: Int32Array;
  /** 0 while p plays; k > 0 when p was the k-th player eliminated. */
  readonly out: Uint8Array;
  readonly stats: Int32Array;
  /**
   * misses[w * 2 + d]: the squares of window w whose top is not the number its direction d needs (d = 0
   * reads 1-2-3-4 along the window, d = 1 reads 4-3-2-1), kept up to date by setTop: a window missing
   * one square is a line one placement from being taken.
   */
  readonly misses: Uint8Array;

  cur = 0;
  firstPlayer = 0;
  /** Extra turns the current player has still to play after this one. */
  extra = 0;
  turns = 0;
  /** Consecutive passes (every remaining player passing in a row blocks the match). */
  passes = 0;
  eliminated = 0;
  over = false;
  endReason = 0;

  constructor(
    readonly cfg: ScalaConfig,
    readonly n: number,
    copyFrom?: ScalaState,
  ) {
    // A copy shares its original's geometry: no lookup in the clone, which search bots call at every node.
    this.geo = copyFrom ? copyFrom.geo : geometry(cfg.size, cfg.diagonalNeighbours, cfg.diagonalLines);
    this.depth = n * cfg.start;
    // Every array lives in one buffer, so a copy is one allocation and one block copy (search bots
    // clone a state at every node). Widest elements first keeps every view aligned.
    const cells = cfg.cells;
    const sizes = [n * 4, Stat.COUNT * 4, cells * 2, n * Piece.KINDS * 2, n * 8, cells * this.depth, cells, cells * 4, cells, cells, n, this.geo.windows * 2];
    const buf = copyFrom ? copyFrom.buf.slice(0) : new ArrayBuffer(sizes.reduce((x, y) => x + y, 0));
    this.buf = buf;
    this.bytes = new Uint8Array(buf);
    let at = 0;
    const next = (i: number) => (at += sizes[i]) - sizes[i];
    this.total = new Int32Array(buf, next(0), n);
    this.stats = new Int32Array(buf, next(1), Stat.COUNT);
    this.height = new Uint16Array(buf, next(2), cells);
    this.supply = new Uint16Array(buf, next(3), n * Piece.KINDS);
    this.held = new Uint16Array(buf, next(4), n * 4);
    this.stack = new Uint8Array(buf, next(5), cells * this.depth);
    this.top = new Uint8Array(buf, next(6), cells);
    this.near = new Uint8Array(buf, next(7), cells * 4);
    this.nearAny = new Uint8Array(buf, next(8), cells);
    this.nearMask = new Uint8Array(buf, next(9), cells);
    this.out = new Uint8Array(buf, next(10), n);
    this.misses = new Uint8Array(buf, next(11), this.geo.windows * 2);
    if (copyFrom) this.copyScalars(copyFrom);
  }

  /** Makes this state a copy of `from` (same rules and players): clone without allocating. */
  copyFrom(from: ScalaState): void {
    this.bytes.set(from.bytes);
    this.copyScalars(from);
  }

  /** Whether `copyFrom(other)` may be used: same rules, same players. */
  sameShape(other: ScalaState): boolean {
    return this.cfg === other.cfg && this.n === other.n;
  }

  private copyScalars(from: ScalaState): void {
    this.cur = from.cur;
    this.firstPlayer = from.firstPlayer;
    this.extra = from.extra;
    this.turns = from.turns;
    this.passes = from.passes;
    this.eliminated = from.eliminated;
    this.over = from.over;
    this.endReason = from.endReason;
  }

  /** Back to an empty board and full supplies (the state of a new match before the first player is drawn). */
  reset(): void {
    const n = this.n;
    const per = this.cfg.perNumber;
    this.stack.fill(0);
    this.height.fill(0);
    this.top.fill(0);
    this.near.fill(0);
    this.nearAny.fill(0);
    this.nearMask.fill(0);
    this.supply.fill(0);
    this.out.fill(0);
    this.stats.fill(0);
    this.misses.fill(4);
    for (let p = 0; p < n; p++) {
      for (let v = 1; v <= 4; v++) {
        this.supply[p * Piece.KINDS + pieceKind(p, v)] = per;
        this.held[p * 4 + v - 1] = per;
      }
      this.total[p] = 4 * per;
    }
    this.cur = 0;
    this.firstPlayer = 0;
    this.extra = 0;
    this.turns = 0;
    this.passes = 0;
    this.eliminated = 0;
    this.over = false;
    this.endReason = EndReason.NONE;
  }

  clone(): ScalaState {
    return new ScalaState(this.cfg, this.n, this);
  }

  /** Sets the number on top of square q (0: empty), what its neighbours see and what its windows miss. */
  setTop(q: number, v: number): void {
    const old = this.top[q];
    if (old === v) return;
    this.top[q] = v;
    const g = this.geo;
    const misses = this.misses;
    for (let i = g.cellWinStart[q], end = g.cellWinStart[q + 1]; i < end; i++) {
      const wd = g.cellWin[i] * 2;
      const at = g.cellWinPos[i];
      misses[wd] += (old === at + 1 ? 1 : 0) - (v === at + 1 ? 1 : 0);
      misses[wd + 1] += (old === 4 - at ? 1 : 0) - (v === 4 - at ? 1 : 0);
    }
    const near = this.near;
    const base = q * 8;
    for (let i = 0, len = g.nbrLen[q]; i < len; i++) {
      const y = g.nbr[base + i];
      const b = y * 4 - 1;
      if (old !== 0) {
        near[b + old]--;
        this.nearAny[y]--;
      }
      if (v !== 0) {
        near[b + v]++;
        this.nearAny[y]++;
      }
      this.nearMask[y] = (near[b + 1] !== 0 ? NEXT[1] : 0) | (near[b + 2] !== 0 ? NEXT[2] : 0) | (near[b + 3] !== 0 ? NEXT[3] : 0) | (near[b + 4] !== 0 ? NEXT[4] : 0);
    }
  }

  /** Recomputes the tops and neighbour counts from the stacks (after a position is written square by square). */
  rebuildTops(): void {
    const cells = this.cfg.cells;
    this.top.fill(0);
    this.near.fill(0);
    this.nearAny.fill(0);
    this.nearMask.fill(0);
    this.misses.fill(4);
    for (let q = 0; q < cells; q++) {
      const h = this.height[q];
      if (h > 0) this.setTop(q, pieceNumber(this.stack[q * this.depth + h - 1]));
    }
  }

  /** Piece kind on top of square q (only meaningful when height[q] > 0). */
  topKind(q: number): number {
    return this.stack[q * this.depth + this.height[q] - 1];
  }

  /** The action placing `number` on square q. */
  actionOf(q: number, number: number): number {
    const size = this.cfg.size;
    return ((((q / size) | 0) * Act.FRAME + (q % size)) << 2) + number - 1;
  }

  /** The square of a placement action on this board. */
  squareOf(action: number): number {
    const f = action >> 2;
    return ((f / Act.FRAME) | 0) * this.cfg.size + (f % Act.FRAME);
  }
}

export function pieceKind(colour: number, number: number): number {
  return (colour << 2) | (number - 1);
}
export function pieceNumber(kind: number): number {
  return (kind & 3) + 1;
}
export function pieceColour(kind: number): number {
  return kind >> 2;
}
/** A piece as a short code, colour then number: `G3` is a green 3. */
export function pieceCode(kind: number): string {
  return `${COLOUR_CODES[pieceColour(kind)]}${pieceNumber(kind)}`;
}

/** `clone(s)` written into `into`, a state of the same match nobody else holds (GameSearch.cloneInto). */
export function cloneInto(s: ScalaState, into: ScalaState): ScalaState {
  if (!(into instanceof ScalaState) || !into.sameShape(s)) return s.clone();
  into.copyFrom(s);
  return into;
}

import { Geo } from './board.js';
import type { ZatreConfig } from './config.js';

/**
 * Where the match stands. Within a turn the current player places tiles one at a time (each a decision)
 * and may stop; the turn's start (the draw) and end (the score sheet) happen inside `apply`.
 *   OPENING_FIRST  the opener puts one of the three tiles on the red square.
 *   TURN           the current player places a tile, or stops (the rest is kept face down).
 *   OVER           the match is over.
 */
export const enum Phase {
  OPENING_FIRST = 0,
  TURN = 1,
  OVER = 2,
}
export const PHASE_NAMES = ['opening', 'turn', 'over'] as const;

/** Actions: 0 ends the turn (keeping the tiles left), 1 + (value - 1) * 289 + cell places a tile. */
export const enum Act {
  END = 0,
  /** The action buffer's size (every value on every cell of the padded array, and END). */
  COUNT = 1 + 6 * Geo.SIZE,
}
export const END = Act.END;
export const MAX_ACTIONS = Act.COUNT;

export function placeAction(value: number, cell: number): number {
  return 1 + (value - 1) * Geo.SIZE + cell;
}
export function actionValue(a: number): number {
  return (((a - 1) / Geo.SIZE) | 0) + 1;
}
export function actionCell(a: number): number {
  return (a - 1) % Geo.SIZE;
}

/** Score-sheet columns. */
export const enum Col {
  X2 = 0,
  C10 = 1,
  C11 = 2,
  C12 = 3,
}
/** Boxes per column of a sheet: every entry needs a placed tile, so 121 tiles never fill more. */
export const enum Sheet {
  ROWS = 128,
}
export const ROWS = Sheet.ROWS;

/** Indices of the statistics counters (the metrics derive from them). */
export const enum Stat {
  TURNS = 0,
  PLACED = 1,
  RUNS10 = 2,
  RUNS11 = 3,
  RUNS12 = 4,
  CROSSES = 5,
  /** Tiles placed on a light square under the exception (no dark square possible: no cross). */
  EXCEPTION_LIGHTS = 6,
  /** Turns that ended with tiles kept face down. */
  HOLD_TURNS = 7,
  /** Turns played from held tiles without drawing. */
  NO_DRAW_TURNS = 8,
  /** Turns in which nothing could be placed. */
  BLOCKED_TURNS = 9,
  COUNT = 10,
}

export const enum EndReason {
  NONE = 0,
  /** The last tile was drawn and that turn finished. */
  BAG_EMPTY = 1,
  /** No tile left could be placed anywhere. */
  BLOCKED = 2,
}
export const END_REASONS = ['unfinished', 'bag_empty', 'blocked'] as const;

/** Words of one placement's undo record (see rules.ts `place`). */
export const enum Undo {
  WORDS = 12,
}

/** The complete state of a Zatre match. Mutable; `clone` copies every typed array. */
export class ZatreState {
  /** Tile value per cell (1..6), 0 empty; non-cells stay 0 and are told apart by cfg.kinds. */
  readonly board: Int8Array;
  /**
   * For each empty cell, the sum of the run touching it from the left, right, above and below:
   * sums[d * 289 + cell], d = 0 left, 1 right, 2 up, 3 down. Kept up to date by every placement.
   */
  readonly sums: Uint8Array;
  /** Bitset of the empty cells next to a tile (where a tile may go). */
  readonly front: Int32Array;
  /** Tiles in the bag by value (index 1..6); drawn at random from these counts. */
  readonly bag: Int32Array;
  bagLen = 0;
  /** Tiles in each player's hand (drawn this turn or held face down): hands[p * Geo.VALUES + v]. */
  readonly hands: Int32Array;
  readonly handLen: Int32Array;
  /** The sheet each seat writes on (its own, or the pair's). */
  readonly sheetOf: Int8Array;
  readonly sheets: number;
  /** Box contents: sheet[(s * 4 + col) * ROWS + row]; 0 = empty (for X2: 1 = a cross). */
  readonly sheet: Uint8Array;
  /** Filled boxes per sheet and column. */
  readonly colLen: Int32Array;
  /** Sum of the row totals of each sheet (without the minus points). */
  readonly sheetTotal: Int32Array;
  /** Cells placed this turn, in order, and whether each was a light square taken under the exception. */
  readonly turnCells: Int16Array;
  readonly turnExc: Uint8Array;
  turnLen = 0;
  readonly stats: Int32Array;

  phase = Phase.OPENING_FIRST;
  cur = 0;
  firstPlayer = 0;
  /** 1 while the opening turn is played (every tile must go down). */
  opening = 0;
  /** 1 when this turn was played from held tiles without a draw: a tile must go down before stopping. */
  mustPlace = 0;
  /** Tiles drawn at the start of this turn. */
  drew = 0;
  /** 1 once the last tile has been drawn: the match ends with this turn. */
  lastTurn = 0;
  endReason = EndReason.NONE;

  constructor(
    readonly cfg: ZatreConfig,
    readonly n: number,
    copyFrom?: ZatreState,
  ) {
    this.sheets = cfg.pairs ? n / 2 : n;
    if (copyFrom) {
      this.board = copyFrom.board.slice();
      this.sums = copyFrom.sums.slice();
      this.front = copyFrom.front.slice();
      this.bag = copyFrom.bag.slice();
      this.hands = copyFrom.hands.slice();
      this.handLen = copyFrom.handLen.slice();
      this.sheetOf = copyFrom.sheetOf.slice();
      this.sheet = copyFrom.sheet.slice();
      this.colLen = copyFrom.colLen.slice();
      this.sheetTotal = copyFrom.sheetTotal.slice();
      this.turnCells = copyFrom.turnCells.slice();
      this.turnExc = copyFrom.turnExc.slice();
      this.stats = copyFrom.stats.slice();
      this.bagLen = copyFrom.bagLen;
      this.turnLen = copyFrom.turnLen;
      this.phase = copyFrom.phase;
      this.cur = copyFrom.cur;
      this.firstPlayer = copyFrom.firstPlayer;
      this.opening = copyFrom.opening;
      this.mustPlace = copyFrom.mustPlace;
      this.drew = copyFrom.drew;
      this.lastTurn = copyFrom.lastTurn;
      this.endReason = copyFrom.endReason;
    } else {
      this.board = new Int8Array(Geo.SIZE);
      this.sums = new Uint8Array(4 * Geo.SIZE);
      this.front = new Int32Array(Geo.WORDS);
      this.bag = new Int32Array(Geo.VALUES);
      this.hands = new Int32Array(n * Geo.VALUES);
      this.handLen = new Int32Array(n);
      this.sheetOf = new Int8Array(n);
      this.sheet = new Uint8Array(this.sheets * 4 * Sheet.ROWS);
      this.colLen = new Int32Array(this.sheets * 4);
      this.sheetTotal = new Int32Array(this.sheets);
      this.turnCells = new Int16Array(cfg.total + 1);
      this.turnExc = new Uint8Array(cfg.total + 1);
      this.stats = new Int32Array(Stat.COUNT);
    }
  }

  clone(): ZatreState {
    return new ZatreState(this.cfg, this.n, this);
  }

  /** Resets everything to an empty table (a new match in this memory). */
  clear(): void {
    this.board.fill(0);
    this.sums.fill(0);
    this.front.fill(0);
    this.bag.fill(0);
    this.hands.fill(0);
    this.handLen.fill(0);
    this.sheet.fill(0);
    this.colLen.fill(0);
    this.sheetTotal.fill(0);
    this.stats.fill(0);
    this.bagLen = 0;
    this.turnLen = 0;
    this.turnCells.fill(0);
    this.turnExc.fill(0);
    this.phase = Phase.OPENING_FIRST;
    this.cur = 0;
    this.firstPlayer = 0;
    this.opening = 0;
    this.mustPlace = 0;
    this.drew = 0;
    this.lastTurn = 0;
    this.endReason = EndReason.NONE;
  }

  /** Sum of the values of the tiles in p's hand. */
  handValue(p: number): number {
    let s = 0;
    for (let v = 1; v <= 6; v++) s += v * this.hands[p * Geo.VALUES + v];
    return s;
  }

  /** The sheet's total with the minus points of the held tiles of its seats (the final score). */
  finalTotal(sheet: number): number {
    let t = this.sheetTotal[sheet];
    for (let p = 0; p < this.n; p++) if (this.sheetOf[p] === sheet) t -= this.handValue(p);
    return t;
  }
}

/**
 * The Zatre board: 193 cells in a 15x15 frame (the inner 13x13 square plus two groups of three cells
 * on each side), stored in a 17x17 array with a blocked border so that neighbours never need a bounds
 * check. Rows and columns are numbered 1..15 inside the frame; a cell is shown as a column letter and a
 * row number (`H8` is the red centre).
 */

/**
 * The board's numbers as a const enum, which the compiler writes into the code as literals (the rules
 * read them in the hot loop; an imported `const` would be read through its module binding).
 */
export const enum Geo {
  /** Width of the padded array. */
  W = 17,
  /** Cells of the padded array (the action space is 6 values x this). */
  SIZE = 289,
  /** Words of a bitset over the padded array. */
  WORDS = 10,
  /** The red centre (row 8, column 8). */
  RED = 8 * 17 + 8,
  /** Tile values run 1..6; hands and the bag are counts indexed by value (index 0 unused). */
  VALUES = 7,
}
export const W = Geo.W;
export const SIZE = Geo.SIZE;
export const WORDS = Geo.WORDS;

export const enum Kind {
  /** Not a board cell (border or one of the frame's holes). */
  NONE = 0,
  DARK = 1,
  /** A light ("misura doppia", x2) square. */
  LIGHT = 2,
  /** The red start square at the centre. */
  RED = 3,
}

export function cellAt(row: number, col: number): number {
  return row * W + col;
}
export function rowOf(c: number): number {
  return (c / W) | 0;
}
export function colOf(c: number): number {
  return c % W;
}

export const RED = Geo.RED;

const LETTERS = 'ABCDEFGHIJKLMNO';

/** `H8` for row 8, column 8. */
export function cellName(c: number): string {
  return `${LETTERS[colOf(c) - 1]}${rowOf(c)}`;
}

/** The cell of a name such as `H8` (case-insensitive), or -1. */
export function parseCell(name: string): number {
  const m = /^([A-Oa-o])(\d{1,2})$/.exec(name.trim());
  if (!m) return -1;
  const col = LETTERS.indexOf(m[1].toUpperCase()) + 1;
  const row = Number(m[2]);
  if (row < 1 || row > 15) return -1;
  return cellAt(row, col);
}

function onBoard(r: number, c: number): boolean {
  if (r >= 2 && r <= 14 && c >= 2 && c <= 14) return true;
  const side = (x: number) => (x >= 5 && x <= 7) || (x >= 9 && x <= 11);
  if ((r === 1 || r === 15) && side(c)) return true;
  if ((c === 1 || c === 15) && side(r)) return true;
  return false;
}

function isStandardLight(r: number, c: number): boolean {
  if (r >= 2 && r <= 14 && c >= 2 && c <= 14) return (r === c || r + c === 16) && !(r === 8 && c === 8);
  return ((r === 1 || r === 15) && (c === 7 || c === 9)) || ((c === 1 || c === 15) && (r === 7 || r === 9));
}

/** Which squares are light: the printed board, none, or only the inner diagonals (no light edge cells). */
export type LightLayout = 'standard' | 'none' | 'inner';

/** The kind of every cell of the padded array, for a light-square layout. */
export function boardKinds(layout: LightLayout): Uint8Array {
  const kinds = new Uint8Array(SIZE);
  for (let r = 1; r <= 15; r++) {
    for (let c = 1; c <= 15; c++) {
      if (!onBoard(r, c)) continue;
      const inner = r >= 2 && r <= 14 && c >= 2 && c <= 14;
      let k = Kind.DARK;
      if (r === 8 && c === 8) k = Kind.RED;
      else if (layout !== 'none' && isStandardLight(r, c) && (layout === 'standard' || inner)) k = Kind.LIGHT;
      kinds[cellAt(r, c)] = k;
    }
  }
  return kinds;
}
export const VALUES = Geo.VALUES;

/**
 * Board geometry, computed once per (size, diagonal neighbours, diagonal lines): the neighbours of each
 * square and the lines of four squares (windows) through each square. Squares are numbered row by row.
 */
export interface Geometry {
  readonly size: number;
  readonly cells: number;
  /** nbr[c * 8 + i], i < nbrLen[c]: the squares "vicine" to c. */
  readonly nbr: Uint8Array;
  readonly nbrLen: Uint8Array;
  /** win[w * 4 + i]: the four squares of window w, in reading order along its direction. */
  readonly win: Uint8Array;
  readonly windows: number;
  /** The windows through square c: cellWin[cellWinStart[c] .. cellWinStart[c + 1]). */
  readonly cellWin: Uint16Array;
  readonly cellWinStart: Uint16Array;
  /** Per entry of cellWin: where its square stands in that window (0-3). */
  readonly cellWinPos: Uint8Array;
}

const ORTHOGONAL: ReadonlyArray<readonly [number, number]> = [
  [-1, 0],
  [0, -1],
  [0, 1],
  [1, 0],
];
const DIAGONAL: ReadonlyArray<readonly [number, number]> = [
  [-1, -1],
  [-1, 1],
  [1, -1],
  [1, 1],
];

const cache = new Map<string, Geometry>();

export function geometry(size: number, diagonalNeighbours: boolean, diagonalLines: boolean): Geometry {
  const key = `${size}/${diagonalNeighbours}/${diagonalLines}`;
  let g = cache.get(key);
  if (!g) {
    g = build(size, diagonalNeighbours, diagonalLines);
    cache.set(key, g);
  }
  return g;
}

function build(size: number, diagonalNeighbours: boolean, diagonalLines: boolean): Geometry {
  const cells = size * size;
  const inside = (r: number, c: number) => r >= 0 && r < size && c >= 0 && c < size;
  const nbr = new Uint8Array(cells * 8);
  const nbrLen = new Uint8Array(cells);
  const steps = diagonalNeighbours ? [...ORTHOGONAL, ...DIAGONAL] : ORTHOGONAL;
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      const q = r * size + c;
      for (const [dr, dc] of steps) if (inside(r + dr, c + dc)) nbr[q * 8 + nbrLen[q]++] = (r + dr) * size + c + dc;
    }
  }
  // Lines: across, down, and (optionally) both diagonals.
  const dirs: Array<readonly [number, number]> = [
    [0, 1],
    [1, 0],
  ];
  if (diagonalLines) dirs.push([1, 1], [1, -1]);
  const list: number[][] = [];
  for (const [dr, dc] of dirs) {
    for (let r = 0; r < size; r++) {
      for (let c = 0; c < size; c++) {
        if (!inside(r + 3 * dr, c + 3 * dc)) continue;
        list.push([0, 1, 2, 3].map((i) => (r + i * dr) * size + c + i * dc));
      }
    }
  }
  const win = new Uint8Array(list.length * 4);
  list.forEach((w, i) => win.set(w, i * 4));
  const through: number[][] = Array.from({ length: cells }, () => []);
  list.forEach((w, i) => {
    for (const q of w) through[q].push(i);
  });
  const cellWinStart = new Uint16Array(cells + 1);
  const flat: number[] = [];
  const pos: number[] = [];
  for (let q = 0; q < cells; q++) {
    cellWinStart[q] = flat.length;
    flat.push(...through[q]);
    for (const w of through[q]) pos.push(list[w].indexOf(q));
  }
  cellWinStart[cells] = flat.length;
  const cellWinPos = Uint8Array.from(pos);
  return { size, cells, nbr, nbrLen, win, windows: list.length, cellWin: Uint16Array.from(flat), cellWinStart, cellWinPos };
}

/** Squares are named by column letter and row number from the top left, as on a chessboard drawn top down: A1..F6. */
export function squareName(q: number, size: number): string {
  return `${String.fromCharCode(65 + (q % size))}${Math.floor(q / size) + 1}`;
}

import type { Options } from '../../engine/game.js';
import { publicData } from '../../engine/bot-guard.js';
import type { Rng } from '../../engine/rng.js';
import { VALUES, W } from './board.js';
import { configOf } from './config.js';
import { rebuildDerived } from './rules.js';
import { Col, END_REASONS, PHASE_NAMES, ROWS, ZatreState } from './state.js';

/** One score sheet as everyone sees it: the filled boxes of each column, top down, and the total. */
export interface SheetView {
  x2: number[];
  c10: number[];
  c11: number[];
  c12: number[];
  /** Sum of the row totals (minus points come off only at the end). */
  total: number;
}

/**
 * What one player knows. The board, the sheets and the number of tiles each player holds are public;
 * the tiles in a hand (drawn this turn or kept face down) are seen by their owner (and, in the pairs
 * variant, by the partner); what lies in the bag nobody sees.
 */
export interface ZatreObservation {
  options: Options;
  players: number;
  player: number;
  phase: (typeof PHASE_NAMES)[number];
  /** Seat deciding (-1 when over). */
  current: number;
  firstPlayer: number;
  opening: boolean;
  mustPlace: boolean;
  drew: number;
  lastTurn: boolean;
  /** Tile per frame cell, row by row (15 x 15, rows and columns 1..15), 0 for empty or no cell. */
  board: number[];
  /** Cells placed this turn (frame indices, as in `board`) and whether each was a light square under the exception. */
  turnCells: number[];
  turnExc: number[];
  /** Per seat, tiles by value (index 1..6), or null when this player cannot see that hand. */
  hands: (number[] | null)[];
  handSizes: number[];
  bag: number;
  sheetOf: number[];
  sheets: SheetView[];
  stats: number[];
  over: boolean;
  endReason: string;
}

/** Frame index (0..224) of a padded cell, and back. */
export function frameOf(c: number): number {
  return ((c / W) | 0) * 15 - 16 + (c % W);
}
export function paddedOf(f: number): number {
  return (((f / 15) | 0) + 1) * W + (f % 15) + 1;
}

/** Whether `viewer` sees the tiles in `seat`'s hand. */
export function seesTiles(s: { cfg: { pairs: boolean; partnersSee: boolean }; sheetOf: ArrayLike<number> }, viewer: number, seat: number): boolean {
  if (viewer === seat) return true;
  return s.cfg.pairs && s.cfg.partnersSee && s.sheetOf[viewer] === s.sheetOf[seat];
}

function column(s: ZatreState, sheet: number, col: number): number[] {
  const idx = sheet * 4 + col;
  return Array.from(s.sheet.subarray(idx * ROWS, idx * ROWS + s.colLen[idx]));
}

export function observe(s: ZatreState, p: number): ZatreObservation {
  const n = s.n;
  const board = new Array<number>(225);
  for (let f = 0; f < 225; f++) board[f] = s.board[paddedOf(f)];
  const hands: (number[] | null)[] = [];
  for (let q = 0; q < n; q++) hands.push(seesTiles(s, p, q) ? Array.from(s.hands.subarray(q * VALUES, (q + 1) * VALUES)) : null);
  const sheets: SheetView[] = [];
  for (let sh = 0; sh < s.sheets; sh++) {
    sheets.push({
      x2: column(s, sh, Col.X2),
      c10: column(s, sh, Col.C10),
      c11: column(s, sh, Col.C11),
      c12: column(s, sh, Col.C12),
      total: s.sheetTotal[sh],
    });
  }
  const turnCells: number[] = [];
  const turnExc: number[] = [];
  for (let i = 0; i < s.turnLen; i++) {
    turnCells.push(frameOf(s.turnCells[i]));
    turnExc.push(s.turnExc[i]);
  }
  return {
    options: publicData(s.cfg.options),
    players: n,
    player: p,
    phase: PHASE_NAMES[s.phase],
    current: s.cur,
    firstPlayer: s.firstPlayer,
    opening: s.opening !== 0,
    mustPlace: s.mustPlace !== 0,
    drew: s.drew,
    lastTurn: s.lastTurn !== 0,
    board,
    turnCells,
    turnExc,
    hands,
    handSizes: Array.from(s.handLen),
    bag: s.bagLen,
    sheetOf: Array.from(s.sheetOf),
    sheets,
    stats: Array.from(s.stats),
    over: s.cur < 0,
    endReason: END_REASONS[s.endReason],
  };
}

/**
 * A complete state consistent with `obs`: the tiles `player` has not seen (the box minus the board and
 * the hands this player sees) are dealt at random into the hidden hands (their sizes are public) and
 * the bag.
 */
export function determinize(obs: ZatreObservation, player: number, rng: Rng): ZatreState {
  const cfg = configOf(obs.options);
  const s = new ZatreState(cfg, obs.players);
  for (let q = 0; q < obs.players; q++) s.sheetOf[q] = obs.sheetOf[q];
  const tiles = unseenTiles(placeSeenTiles(s, obs, cfg.composition));
  rng.shuffle(tiles);
  dealHiddenTiles(s, obs, tiles);
  rebuildDerived(s);
  copySheets(s, obs);
  copyTurn(s, obs);
  return s;
}

/**
 * Puts the tiles the player sees where they are (the board, the hands shown to the player) and returns
 * what is left of the box's composition, per value. Throws if the observation shows a tile the box lacks.
 */
function placeSeenTiles(s: ZatreState, obs: ZatreObservation, composition: Int32Array): Int32Array {
  const pool = composition.slice();
  const take = (v: number, what: string) => {
    if (pool[v] <= 0) throw new Error(`zatre determinize: inconsistent observation (${what} tile ${v})`);
    pool[v]--;
  };
  for (let f = 0; f < 225; f++) {
    const v = obs.board[f];
    if (v > 0) {
      take(v, 'board');
      s.board[paddedOf(f)] = v;
    }
  }
  for (let q = 0; q < obs.players; q++) {
    const h = obs.hands[q];
    s.handLen[q] = obs.handSizes[q];
    if (!h) continue;
    for (let v = 1; v <= 6; v++) {
      for (let k = 0; k < h[v]; k++) take(v, `seat ${q}`);
      s.hands[q * VALUES + v] = h[v];
    }
  }
  return pool;
}

/** The unseen tiles as a list, in value order (the caller shuffles it). */
function unseenTiles(pool: Int32Array): number[] {
  const tiles: number[] = [];
  for (let v = 1; v <= 6; v++) for (let k = pool[v]; k > 0; k--) tiles.push(v);
  return tiles;
}

/** Deals the shuffled unseen tiles into the hidden hands (their sizes are public) in seat order; the rest is the bag. */
function dealHiddenTiles(s: ZatreState, obs: ZatreObservation, tiles: readonly number[]): void {
  let next = 0;
  for (let q = 0; q < obs.players; q++) {
    if (obs.hands[q]) continue;
    for (let k = 0; k < obs.handSizes[q]; k++) {
      if (next >= tiles.length) throw new Error('zatre determinize: inconsistent observation (hidden hands larger than the unseen tiles)');
      s.hands[q * VALUES + tiles[next++]]++;
    }
  }
  if (tiles.length - next !== obs.bag) {
    throw new Error(`zatre determinize: inconsistent observation (${tiles.length - next} unseen tiles for a bag of ${obs.bag})`);
  }
  for (; next < tiles.length; next++) s.bag[tiles[next]]++;
  s.bagLen = obs.bag;
}

/** The scoring sheets (each column's marks and the total), copied from the observation. */
function copySheets(s: ZatreState, obs: ZatreObservation): void {
  for (let sh = 0; sh < obs.sheets.length; sh++) {
    const view = obs.sheets[sh];
    const cols = [view.x2, view.c10, view.c11, view.c12];
    for (let col = 0; col < 4; col++) {
      const idx = sh * 4 + col;
      s.colLen[idx] = cols[col].length;
      for (let r = 0; r < cols[col].length; r++) s.sheet[idx * ROWS + r] = cols[col][r];
    }
    s.sheetTotal[sh] = view.total;
  }
}

/** The turn under way (the cells placed so far), the counters, phase and decider, copied from the observation. */
function copyTurn(s: ZatreState, obs: ZatreObservation): void {
  for (let i = 0; i < obs.turnCells.length; i++) {
    s.turnCells[i] = paddedOf(obs.turnCells[i]);
    s.turnExc[i] = obs.turnExc[i];
  }
  s.turnLen = obs.turnCells.length;
  for (let i = 0; i < obs.stats.length; i++) s.stats[i] = obs.stats[i];
  s.phase = PHASE_NAMES.indexOf(obs.phase);
  s.cur = obs.current;
  s.firstPlayer = obs.firstPlayer;
  s.opening = obs.opening ? 1 : 0;
  s.mustPlace = obs.mustPlace ? 1 : 0;
  s.drew = obs.drew;
  s.lastTurn = obs.lastTurn ? 1 : 0;
  s.endReason = (END_REASONS as readonly string[]).indexOf(obs.endReason);
}

import type { GameEvent, Options } from '../../engine/game.js';
import type { Rng } from '../../engine/rng.js';
import { Geo, Kind, cellName } from './board.js';
import { configOf, rowBonus, type ZatreConfig } from './config.js';
import {
  Act,
  Col,
  EndReason,
  Phase,
  Sheet,
  Stat,
  Undo,
  ZatreState,
  actionCell,
  actionValue,
  placeAction,
} from './state.js';

/*
 * The rules of Zatre (docs/rules/zatre.md maps each rule of the rulebook to the code here).
 *
 * Placing a tile keeps two structures up to date so that legality costs a few reads per cell: the
 * frontier (empty cells next to a tile, a bitset read in cell order) and, for each empty cell, the sums
 * of the runs touching it from the four sides. A tile of value v fits an empty cell c when both runs it
 * would join stay at 12 or below (rule 3): v <= cap(c) = 12 - max(left + right, up + down).
 *
 * Light squares (rule 7) are judged at the end of the turn: a tile on a light square must end the turn
 * in a run of 10, 11 or 12 ("grazie a questa tessera o a entrambe le tessere"), unless, when it was
 * placed, no dark square would take it (the exception: then it needs nothing and earns no cross). A
 * placement that leaves such an obligation open is legal only when the tiles still in hand can close it
 * (a search, `complete`), so no sequence of legal decisions ever dead-ends.
 */

const L = 0;
const R = Geo.SIZE;
const U = 2 * Geo.SIZE;
const D = 3 * Geo.SIZE;

// ------------------------------------------------------------------------------------------------
// Board structures

function inFront(s: ZatreState, c: number): boolean {
  return (s.front[c >> 5] & (1 << (c & 31))) !== 0;
}

/** The largest tile value cell c takes (its runs stay at 12 or below); negative when none. */
export function capOf(s: ZatreState, c: number): number {
  const sm = s.sums;
  const h = sm[L + c] + sm[R + c];
  const v = sm[U + c] + sm[D + c];
  return 12 - (h > v ? h : v);
}

/**
 * Undo records of the placements in progress, shared by every state: a legality search places tiles
 * and takes them back before it returns, so the stack is empty between calls and no state carries it.
 */
const undo = new Int32Array(256 * Undo.WORDS);
let undoTop = 0;

/**
 * Puts value v on empty cell c for the current player (from the hand), updating the frontier and the run
 * sums, appending c to this turn's cells (exc: placed on a light square under the exception), and
 * pushing an undo record so `unplace` can take it back exactly.
 */
export function place(s: ZatreState, c: number, v: number, exc: number): void {
  const board = s.board;
  const sm = s.sums;
  const u = undo;
  const k = undoTop;
  undoTop = k + Undo.WORDS;
  if (undoTop > u.length) throw new Error('zatre: placement search too deep');
  u[k] = c;
  u[k + 1] = v;
  board[c] = v;
  s.hands[s.cur * Geo.VALUES + v]--;
  s.handLen[s.cur]--;
  s.turnCells[s.turnLen] = c;
  s.turnExc[s.turnLen] = exc;
  s.turnLen++;
  u[k + 2] = moveFrontier(s, c);
  // Run sums: the run across through c now sums to h, and the empty cells at its two ends see h;
  // likewise down. Each old sum goes on the undo record. Kept here, not in a helper of its own: with
  // both halves as helpers, place became small enough for V8 to inline into the legality search, which
  // then inlined less of the rest, and random play measured 1.7% slower (docs/lab/2026-11-performance.md).
  const r = k + 4;
  const h = sm[L + c] + v + sm[R + c];
  let i = c - 1;
  while (board[i] > 0) i--;
  u[r] = R + i;
  u[r + 1] = sm[R + i];
  sm[R + i] = h;
  i = c + 1;
  while (board[i] > 0) i++;
  u[r + 2] = L + i;
  u[r + 3] = sm[L + i];
  sm[L + i] = h;
  const vv = sm[U + c] + v + sm[D + c];
  i = c - Geo.W;
  while (board[i] > 0) i -= Geo.W;
  u[r + 4] = D + i;
  u[r + 5] = sm[D + i];
  sm[D + i] = vv;
  i = c + Geo.W;
  while (board[i] > 0) i += Geo.W;
  u[r + 6] = U + i;
  u[r + 7] = sm[U + i];
  sm[U + i] = vv;
}

/**
 * Frontier after a tile went on c: c leaves it, its empty neighbours join. Returns the undo mask: bit 16
 * when c was in it, bits 1, 2, 4, 8 for the left, right, upper and lower neighbours that joined.
 */
function moveFrontier(s: ZatreState, c: number): number {
  const board = s.board;
  const kinds = s.cfg.kinds;
  const front = s.front;
  let mask = 0;
  if (inFront(s, c)) {
    mask = 16;
    front[c >> 5] &= ~(1 << (c & 31));
  }
  const nb0 = c - 1;
  const nb1 = c + 1;
  const nb2 = c - Geo.W;
  const nb3 = c + Geo.W;
  if (kinds[nb0] !== Kind.NONE && board[nb0] === 0 && !inFront(s, nb0)) {
    mask |= 1;
    front[nb0 >> 5] |= 1 << (nb0 & 31);
  }
  if (kinds[nb1] !== Kind.NONE && board[nb1] === 0 && !inFront(s, nb1)) {
    mask |= 2;
    front[nb1 >> 5] |= 1 << (nb1 & 31);
  }
  if (kinds[nb2] !== Kind.NONE && board[nb2] === 0 && !inFront(s, nb2)) {
    mask |= 4;
    front[nb2 >> 5] |= 1 << (nb2 & 31);
  }
  if (kinds[nb3] !== Kind.NONE && board[nb3] === 0 && !inFront(s, nb3)) {
    mask |= 8;
    front[nb3 >> 5] |= 1 << (nb3 & 31);
  }
  return mask;
}

/** Takes back the last placement (the inverse of `place`, in reverse order). */
export function unplace(s: ZatreState): void {
  const u = undo;
  const k = (undoTop -= Undo.WORDS);
  const c = u[k];
  const v = u[k + 1];
  const mask = u[k + 2];
  const sm = s.sums;
  for (let j = k + 10; j >= k + 4; j -= 2) sm[u[j]] = u[j + 1];
  const front = s.front;
  if (mask & 1) front[(c - 1) >> 5] &= ~(1 << ((c - 1) & 31));
  if (mask & 2) front[(c + 1) >> 5] &= ~(1 << ((c + 1) & 31));
  if (mask & 4) front[(c - Geo.W) >> 5] &= ~(1 << ((c - Geo.W) & 31));
  if (mask & 8) front[(c + Geo.W) >> 5] &= ~(1 << ((c + Geo.W) & 31));
  if (mask & 16) front[c >> 5] |= 1 << (c & 31);
  s.turnLen--;
  s.turnCells[s.turnLen] = 0;
  s.turnExc[s.turnLen] = 0;
  s.board[c] = 0;
  s.hands[s.cur * Geo.VALUES + v]++;
  s.handLen[s.cur]++;
}

/** Rebuilds the frontier and the run sums from the board alone (positions set up by hand, determinize). */
export function rebuildDerived(s: ZatreState): void {
  const board = s.board;
  const kinds = s.cfg.kinds;
  s.front.fill(0);
  s.sums.fill(0);
  for (let c = 0; c < Geo.SIZE; c++) {
    if (kinds[c] === Kind.NONE || board[c] !== 0) continue;
    let t = 0;
    for (let i = c - 1; board[i] > 0; i--) t += board[i];
    s.sums[L + c] = t;
    t = 0;
    for (let i = c + 1; board[i] > 0; i++) t += board[i];
    s.sums[R + c] = t;
    t = 0;
    for (let i = c - Geo.W; board[i] > 0; i -= Geo.W) t += board[i];
    s.sums[U + c] = t;
    t = 0;
    for (let i = c + Geo.W; board[i] > 0; i += Geo.W) t += board[i];
    s.sums[D + c] = t;
    if (board[c - 1] > 0 || board[c + 1] > 0 || board[c - Geo.W] > 0 || board[c + Geo.W] > 0) s.front[c >> 5] |= 1 << (c & 31);
  }
}

/** Sum of the run through occupied cell c, across (step 1) or down (step W). */
export function runSum(board: Int8Array, c: number, step: number): number {
  let t = board[c];
  for (let i = c - step; board[i] > 0; i -= step) t += board[i];
  for (let i = c + step; board[i] > 0; i += step) t += board[i];
  return t;
}

/** Whether the tile on c is in a run of 10, 11 or 12 (across or down). */
export function inScoringRun(board: Int8Array, c: number): boolean {
  const h = runSum(board, c, 1);
  if (h >= 10 && h <= 12) return true;
  const v = runSum(board, c, Geo.W);
  return v >= 10 && v <= 12;
}

/** The largest value some dark frontier cell takes (the exception of rule 7 applies above it). */
export function maxDarkCap(s: ZatreState): number {
  const kinds = s.cfg.kinds;
  const front = s.front;
  let best = -1;
  for (let w = 0; w < front.length; w++) {
    let bits = front[w];
    while (bits !== 0) {
      const low = bits & -bits;
      bits ^= low;
      const c = (w << 5) | (31 - Math.clz32(low));
      if (kinds[c] !== Kind.LIGHT) {
        const cp = capOf(s, c);
        if (cp > best) {
          if (cp >= 6) return cp;
          best = cp;
        }
      }
    }
  }
  return best;
}

/** The first light tile of this turn whose obligation is still open (not taken under the exception, not yet in a 10-12), or -1. */
function openObligation(s: ZatreState): number {
  const kinds = s.cfg.kinds;
  for (let i = 0; i < s.turnLen; i++) {
    const c = s.turnCells[i];
    if (kinds[c] === Kind.LIGHT && s.turnExc[i] === 0 && !inScoringRun(s.board, c)) return c;
  }
  return -1;
}

/**
 * Whether the tiles in hand can close every open obligation of the turn. Only a tile that lengthens
 * the obligation's run can close it, so the search places tiles at the two ends of its runs (across and
 * down), recursing while obligations stay open; each placement is taken back.
 */
function complete(s: ZatreState): boolean {
  const o = openObligation(s);
  if (o < 0) return true;
  const p = s.cur;
  if (s.handLen[p] === 0) return false;
  // No bound on the hand's total: a tile at an end may also join the run beyond it.
  const board = s.board;
  const kinds = s.cfg.kinds;
  const hands = s.hands;
  for (let dir = 0; dir < 2; dir++) {
    const step = dir === 0 ? 1 : Geo.W;
    for (let side = 0; side < 2; side++) {
      let e = o;
      if (side === 0) while (board[e] > 0) e -= step;
      else while (board[e] > 0) e += step;
      if (kinds[e] === Kind.NONE) continue;
      const cp = capOf(s, e);
      for (let t = 1; t <= 6 && t <= cp; t++) {
        if (hands[p * Geo.VALUES + t] === 0) continue;
        place(s, e, t, lightException(s, e, t));
        const ok = complete(s);
        unplace(s);
        if (ok) return true;
      }
    }
  }
  return false;
}

/** 1 when value v on empty light cell e would be placed under the exception (no 10-12 there, no dark cell for v); else 0. */
function lightException(s: ZatreState, e: number, v: number): number {
  if (s.cfg.kinds[e] !== Kind.LIGHT) return 0;
  const sm = s.sums;
  if (sm[L + e] + v + sm[R + e] >= 10 || sm[U + e] + v + sm[D + e] >= 10) return 0;
  return v > maxDarkCap(s) ? 1 : 0;
}

/**
 * Whether value v may go on frontier cell c now (it fits: v <= cap), given the open obligations and
 * the dark capacity. Light squares need a 10-12 by the end of the turn or the exception.
 */
function stepLegal(s: ZatreState, c: number, v: number, open: boolean, darkCap: number): boolean {
  let exc = 0;
  if (s.cfg.kinds[c] === Kind.LIGHT) {
    const sm = s.sums;
    if (sm[L + c] + v + sm[R + c] < 10 && sm[U + c] + v + sm[D + c] < 10) {
      if (v > darkCap) exc = 1;
      else {
        // An obligation: the rest of the hand must be able to close it.
        if (!open && s.handLen[s.cur] === 2) return closesWithLast(s, c, v, lastOther(s, v));
        place(s, c, v, 0);
        const ok = complete(s);
        unplace(s);
        return ok;
      }
    }
  }
  if (!open) return true;
  place(s, c, v, exc);
  const ok = complete(s);
  unplace(s);
  return ok;
}

/** The value of the other tile of a two-tile hand, once v is placed. */
function lastOther(s: ZatreState, v: number): number {
  const base = s.cur * Geo.VALUES;
  if (s.hands[base + v] === 2) return v;
  for (let w = 1; w <= 6; w++) if (w !== v && s.hands[base + w] > 0) return w;
  return 0;
}

/**
 * The common case of the search, without placing anything: v on light cell c opens an obligation and
 * one tile w is left. w must lengthen a run through c to 10-12, at one of its four ends, and fit there.
 */
function closesWithLast(s: ZatreState, c: number, v: number, w: number): boolean {
  const board = s.board;
  const kinds = s.cfg.kinds;
  const sm = s.sums;
  const h = sm[L + c] + v + sm[R + c];
  let e = c - 1;
  while (board[e] > 0) e--;
  if (kinds[e] !== Kind.NONE && closes(sm[L + e] + w + h, sm[U + e] + w + sm[D + e])) return true;
  e = c + 1;
  while (board[e] > 0) e++;
  if (kinds[e] !== Kind.NONE && closes(sm[R + e] + w + h, sm[U + e] + w + sm[D + e])) return true;
  const vv = sm[U + c] + v + sm[D + c];
  e = c - Geo.W;
  while (board[e] > 0) e -= Geo.W;
  if (kinds[e] !== Kind.NONE && closes(sm[U + e] + w + vv, sm[L + e] + w + sm[R + e])) return true;
  e = c + Geo.W;
  while (board[e] > 0) e += Geo.W;
  return kinds[e] !== Kind.NONE && closes(sm[D + e] + w + vv, sm[L + e] + w + sm[R + e]);
}

/** A run brought to 10-12 while the tile's other run stays at 12 or below. */
function closes(run: number, across: number): boolean {
  return run >= 10 && run <= 12 && across <= 12;
}

/**
 * Legal placements (and END when allowed) into out; with out null, stops at the first placement and
 * returns 1 or 0 (used to ask "can anything be placed?").
 */
function generate(s: ZatreState, out: Int32Array | null): number {
  const hands = s.hands;
  const base = s.cur * Geo.VALUES;
  // The distinct values in hand, ascending.
  let nd = 0;
  for (let v = 1; v <= 6; v++) if (hands[base + v] !== 0) handValues[nd++] = v;
  if (nd === 0) return 0;
  const minV = handValues[0];
  let k = 0;
  if (s.phase === Phase.OPENING_FIRST) {
    if (out === null) return 1;
    for (let i = 0; i < nd; i++) out[k++] = placeAction(handValues[i], Geo.RED);
    return k;
  }
  const open = openObligation(s) >= 0;
  const kinds = s.cfg.kinds;
  const sm = s.sums;
  let darkCap = -2; // computed when a light cell first needs it
  const front = s.front;
  for (let w = 0; w < front.length; w++) {
    let bits = front[w];
    while (bits !== 0) {
      const low = bits & -bits;
      bits ^= low;
      const c = (w << 5) | (31 - Math.clz32(low));
      const h = sm[L + c] + sm[R + c];
      const vv = sm[U + c] + sm[D + c];
      const cp = 12 - (h > vv ? h : vv);
      if (cp < minV) continue;
      const light = kinds[c] === Kind.LIGHT;
      if (light || open) {
        if (light && darkCap === -2) darkCap = maxDarkCap(s);
        for (let i = 0; i < nd; i++) {
          const v = handValues[i];
          if (v > cp) break;
          if (!stepLegal(s, c, v, open, darkCap)) continue;
          if (out === null) return 1;
          out[k++] = 1 + (v - 1) * Geo.SIZE + c;
        }
      } else {
        if (out === null) return 1;
        for (let i = 0; i < nd; i++) {
          const v = handValues[i];
          if (v > cp) break;
          out[k++] = 1 + (v - 1) * Geo.SIZE + c;
        }
      }
    }
  }
  if (out !== null && k > 0 && !open && endAllowed(s)) out[k++] = Act.END;
  return k;
}

/** Scratch for generate (stepLegal may recurse into complete, never back into generate). */
const handValues = new Int32Array(6);

function endAllowed(s: ZatreState): boolean {
  return s.cfg.holdByChoice && s.opening === 0 && s.mustPlace === 0;
}

/** Writes the legal actions of the current decision into out; returns how many (0 when over). */
export function legalActions(s: ZatreState, out: Int32Array): number {
  if (s.phase === Phase.OVER) return 0;
  return generate(s, out);
}

/** Whether the current player can place any tile of the hand now. */
export function canPlace(s: ZatreState): boolean {
  return generate(s, null) > 0;
}

// ------------------------------------------------------------------------------------------------
// The bag

function drawTile(s: ZatreState, rng: Rng): number {
  let r = rng.int(s.bagLen);
  let v = 1;
  while (r >= s.bag[v]) r -= s.bag[v++];
  s.bag[v]--;
  s.bagLen--;
  return v;
}

function drawInto(s: ZatreState, p: number, count: number, rng: Rng, events?: GameEvent[]): number {
  let drawn = 0;
  const got: number[] | null = events ? [] : null;
  for (; drawn < count && s.bagLen > 0; drawn++) {
    const v = drawTile(s, rng);
    s.hands[p * Geo.VALUES + v]++;
    s.handLen[p]++;
    got?.push(v);
  }
  if (events && drawn > 0) {
    events.push({
      kind: 'draw',
      seat: p,
      text: `seat ${p} draws ${drawn} tile${drawn > 1 ? 's' : ''} (${s.bagLen} left in the bag)`,
      data: { count: drawn, bag: s.bagLen },
      secret: { seats: seesHand(s, p), text: `seat ${p} draws the tile${got!.length > 1 ? 's' : ''} ${got!.join(' and ')}`, data: { tiles: got } },
    });
  }
  return drawn;
}

/** Seats that see p's tiles: p, and p's partner when partners consult. */
export function seesHand(s: ZatreState, p: number): number[] {
  const seats = [p];
  if (s.cfg.pairs && s.cfg.partnersSee) for (let q = 0; q < s.n; q++) if (q !== p && s.sheetOf[q] === s.sheetOf[p]) seats.push(q);
  return seats;
}

// ------------------------------------------------------------------------------------------------
// The score sheet

function rowValue(s: ZatreState, sheet: number, row: number): number {
  const cfg = s.cfg;
  const sh = s.sheet;
  const a = sh[(sheet * 4 + Col.C10) * Sheet.ROWS + row];
  const b = sh[(sheet * 4 + Col.C11) * Sheet.ROWS + row];
  const c = sh[(sheet * 4 + Col.C12) * Sheet.ROWS + row];
  let t = a + b + c;
  if (a > 0 && b > 0 && c > 0) t += rowBonus(cfg, row);
  return sh[(sheet * 4 + Col.X2) * Sheet.ROWS + row] > 0 ? 2 * t : t;
}

/** Writes value into the topmost free box of the column (scoring rules 2, 4) and updates the total. */
export function writeBox(s: ZatreState, sheet: number, col: number, value: number): number {
  const idx = sheet * 4 + col;
  const row = s.colLen[idx]++;
  if (row >= Sheet.ROWS) throw new Error(`zatre: score sheet ${sheet} ran out of rows`);
  const before = rowValue(s, sheet, row);
  s.sheet[idx * Sheet.ROWS + row] = value;
  s.sheetTotal[sheet] += rowValue(s, sheet, row) - before;
  return row;
}

/** Run keys seen by scoreTurn (a run is identified by its direction and first cell). */
const seenRuns = new Int32Array(512);

/** The layout of a turn's score (scoreTurn): runs summing to 10, 11 and 12 (in that order, from RUNS10), then crosses. */
const enum TurnScore {
  RUNS10 = 0,
  RUNS11 = 1,
  RUNS12 = 2,
  CROSSES = 3,
  COUNT = 4,
}

/**
 * What this turn's tiles made: the distinct runs through them summing to 10, 11, 12, and the crosses
 * (light tiles in such a run; the red square in the opening), written into out as TurnScore lays it out.
 */
export function scoreTurn(s: ZatreState, out: Int32Array): void {
  const board = s.board;
  const kinds = s.cfg.kinds;
  out[TurnScore.RUNS10] = out[TurnScore.RUNS11] = out[TurnScore.RUNS12] = out[TurnScore.CROSSES] = 0;
  let seen = 0;
  for (let i = 0; i < s.turnLen; i++) {
    const c = s.turnCells[i];
    for (let dir = 0; dir < 2; dir++) {
      const step = dir === 0 ? 1 : Geo.W;
      let start = c;
      while (board[start - step] > 0) start -= step;
      const key = dir * Geo.SIZE + start;
      let dup = false;
      for (let j = 0; j < seen; j++) if (seenRuns[j] === key) dup = true;
      if (dup) continue;
      seenRuns[seen++] = key;
      const t = runSum(board, start, step);
      if (t >= 10 && t <= 12) out[TurnScore.RUNS10 + t - 10]++;
    }
    if (kinds[c] === Kind.LIGHT && inScoringRun(board, c)) out[TurnScore.CROSSES]++;
  }
  if (s.opening !== 0) {
    const rc = s.cfg.redCross;
    const runs = out[TurnScore.RUNS10] + out[TurnScore.RUNS11] + out[TurnScore.RUNS12];
    if (rc === 'any_run' ? runs > 0 : rc === 'red_run' ? inScoringRun(board, Geo.RED) : false) out[TurnScore.CROSSES]++;
  }
}

const turnScore = new Int32Array(TurnScore.COUNT);

// ------------------------------------------------------------------------------------------------
// Turns

function endTurn(s: ZatreState, rng: Rng, events?: GameEvent[]): void {
  const p = s.cur;
  const sheet = s.sheetOf[p];
  const cfg = s.cfg;
  scoreTurn(s, turnScore);
  const st = s.stats;
  st[Stat.RUNS10] += turnScore[TurnScore.RUNS10];
  st[Stat.RUNS11] += turnScore[TurnScore.RUNS11];
  st[Stat.RUNS12] += turnScore[TurnScore.RUNS12];
  st[Stat.CROSSES] += turnScore[TurnScore.CROSSES];
  for (let i = 0; i < s.turnLen; i++) if (s.turnExc[i] !== 0) st[Stat.EXCEPTION_LIGHTS]++;
  const boxes: string[] | null = events ? [] : null;
  // Run t (0: summing to 10, 1: to 11, 2: to 12) scores in column C10 + t at cfg.points[t] a run.
  for (let t = 0; t < 3; t++) {
    const runs = turnScore[TurnScore.RUNS10 + t];
    if (runs === 0) continue;
    const value = runs * cfg.points[t];
    const row = writeBox(s, sheet, Col.C10 + t, value);
    boxes?.push(`${value} in the ${10 + t} column, row ${row + 1}`);
  }
  for (let x = 0; x < turnScore[TurnScore.CROSSES]; x++) {
    const row = writeBox(s, sheet, Col.X2, 1);
    boxes?.push(`a cross in the x2 column, row ${row + 1}`);
  }
  if (events) {
    events.push({
      kind: 'score',
      seat: p,
      text:
        boxes!.length === 0
          ? `seat ${p} scores nothing this turn`
          : `seat ${p} writes ${boxes!.join('; ')} (sheet total ${s.sheetTotal[sheet]})`,
      data: {
        runs10: turnScore[TurnScore.RUNS10],
        runs11: turnScore[TurnScore.RUNS11],
        runs12: turnScore[TurnScore.RUNS12],
        crosses: turnScore[TurnScore.CROSSES],
        total: s.sheetTotal[sheet],
      },
    });
  }
  finishTurn(s, rng, events);
}

/** The bookkeeping every turn ends with (held tiles, the turn count), then the next turn or the end. */
function finishTurn(s: ZatreState, rng: Rng, events?: GameEvent[]): void {
  const p = s.cur;
  s.stats[Stat.TURNS]++;
  if (s.handLen[p] > 0) {
    s.stats[Stat.HOLD_TURNS]++;
    events?.push({
      kind: 'hold',
      seat: p,
      text: `seat ${p} keeps ${s.handLen[p]} tile${s.handLen[p] > 1 ? 's' : ''} face down`,
      data: { count: s.handLen[p] },
      secret: { seats: seesHand(s, p), text: `seat ${p} keeps ${handText(s, p)} face down` },
    });
  }
  for (let i = 0; i < s.turnLen; i++) s.turnCells[i] = s.turnExc[i] = 0;
  s.turnLen = 0;
  s.opening = 0;
  if (s.lastTurn !== 0) {
    gameOver(s, EndReason.BAG_EMPTY, events);
    return;
  }
  startTurn(s, (p + 1) % s.n, rng, events);
}

export function handText(s: ZatreState, p: number): string {
  const parts: number[] = [];
  for (let v = 1; v <= 6; v++) for (let k = s.hands[p * Geo.VALUES + v]; k > 0; k--) parts.push(v);
  return parts.length === 0 ? 'nothing' : parts.join(' ');
}

/** True when no tile still unplaced (bag or hands) fits any cell: nobody can ever place again. */
function blocked(s: ZatreState): boolean {
  let minV = 7;
  for (let v = 1; v <= 6 && minV === 7; v++) {
    if (s.bag[v] > 0) minV = v;
    else for (let p = 0; p < s.n; p++) if (s.hands[p * Geo.VALUES + v] > 0) minV = v;
  }
  if (minV === 7) return false;
  const front = s.front;
  for (let w = 0; w < front.length; w++) {
    let bits = front[w];
    while (bits !== 0) {
      const low = bits & -bits;
      bits ^= low;
      if (capOf(s, (w << 5) | (31 - Math.clz32(low))) >= minV) return false;
    }
  }
  return true;
}

/**
 * Starts p's turn: the draw (rule 5's exception: a player holding one tile draws one; holding two or
 * more, draws none when one of them can be placed, else one), then the decisions. A turn in which
 * nothing can be placed ends at once with every tile kept, and play passes on.
 */
function startTurn(s: ZatreState, first: number, rng: Rng, events?: GameEvent[]): void {
  const cfg = s.cfg;
  let p = first;
  for (;;) {
    s.cur = p;
    s.mustPlace = 0;
    s.drew = 0;
    if (blocked(s)) {
      finishBlocked(s, p, rng, events);
      return;
    }
    const h = s.handLen[p];
    let want = 2;
    if (cfg.topUp && h > 0) want = h === 1 ? 1 : canPlace(s) ? 0 : 1;
    if (want === 0) {
      s.mustPlace = 1;
      s.stats[Stat.NO_DRAW_TURNS]++;
      events?.push({ kind: 'no_draw', seat: p, text: `seat ${p} plays from the ${h} tiles kept face down, without drawing` });
    } else {
      s.drew = drawInto(s, p, want, rng, events);
      if (s.bagLen === 0) s.lastTurn = 1;
    }
    if (canPlace(s)) return;
    s.stats[Stat.BLOCKED_TURNS]++;
    events?.push({ kind: 'blocked_turn', seat: p, text: `seat ${p} cannot place any tile` });
    s.stats[Stat.TURNS]++;
    if (s.handLen[p] > 0) s.stats[Stat.HOLD_TURNS]++;
    if (s.lastTurn !== 0) {
      gameOver(s, EndReason.BAG_EMPTY, events);
      return;
    }
    p = (p + 1) % s.n;
  }
}

/** No tile can be placed any more: the bag is drawn out in turn from p (minus points), and the match ends. */
function finishBlocked(s: ZatreState, p: number, rng: Rng, events?: GameEvent[]): void {
  if (s.cfg.drawOut) {
    events?.push({ kind: 'blocked', seat: -1, text: `no tile can be placed any more: the ${s.bagLen} tiles of the bag are drawn out in turn` });
    for (let q = p; s.bagLen > 0; q = (q + 1) % s.n) drawInto(s, q, 1, rng, events);
  }
  gameOver(s, EndReason.BLOCKED, events);
}

function gameOver(s: ZatreState, reason: EndReason, events?: GameEvent[]): void {
  s.phase = Phase.OVER;
  s.endReason = reason;
  s.cur = -1;
  if (events) {
    const totals: number[] = [];
    for (let sh = 0; sh < s.sheets; sh++) totals.push(s.finalTotal(sh));
    events.push({
      kind: 'match_end',
      seat: -1,
      text: `the match ends (${reason === EndReason.BAG_EMPTY ? 'the last tile was drawn' : 'no tile can be placed'}): totals ${totals.join(', ')}`,
      data: { totals },
    });
  }
}

/** Applies a legal action of the current player. */
export function applyAction(s: ZatreState, a: number, rng: Rng, events?: GameEvent[]): void {
  if (a === Act.END) {
    endTurn(s, rng, events);
    return;
  }
  const v = actionValue(a);
  const c = actionCell(a);
  let exc = 0;
  if (s.phase === Phase.OPENING_FIRST) s.phase = Phase.TURN;
  else exc = lightException(s, c, v);
  place(s, c, v, exc);
  undoTop -= Undo.WORDS; // a real placement: nothing to take back
  s.mustPlace = 0;
  s.stats[Stat.PLACED]++;
  events?.push({
    kind: 'place',
    seat: s.cur,
    text: `seat ${s.cur} places ${v} on ${cellName(c)}${exc ? ' (light square, no dark square possible: no cross)' : ''}`,
    data: { value: v, cell: cellName(c), exception: exc === 1 },
  });
  if (s.handLen[s.cur] === 0 || !canPlace(s)) endTurn(s, rng, events);
}

// ------------------------------------------------------------------------------------------------
// Set-up

/** Seats write on their own sheet, or (pairs) on the pair's: side by side 0-1, 2-3, 4-5; opposite 0-2, 1-3 (0-3, 1-4, 2-5). */
export function assignSheets(s: ZatreState): void {
  const cfg = s.cfg;
  for (let p = 0; p < s.n; p++) s.sheetOf[p] = !cfg.pairs ? p : cfg.opposite ? p % (s.n / 2) : p >> 1;
}

/**
 * "Inizio del gioco": every player draws a tile, the highest opens (tied players draw again); the opener
 * keeps the highest tile drawn, every other drawn tile goes back, and the opener draws two more.
 */
function drawForOpener(s: ZatreState, rng: Rng, events?: GameEvent[]): number {
  const n = s.n;
  const best = new Int32Array(n);
  const drawnBy: number[][] = [];
  for (let p = 0; p < n; p++) drawnBy.push([]);
  let contenders: number[] = [];
  for (let p = 0; p < n; p++) contenders.push(p);
  while (contenders.length > 1) {
    if (s.bagLen < contenders.length) {
      returnDrawn(s, drawnBy);
      best.fill(0);
    }
    let top = 0;
    for (const p of contenders) {
      const v = drawTile(s, rng);
      drawnBy[p].push(v);
      if (v > best[p]) best[p] = v;
      if (v > top) top = v;
      events?.push({ kind: 'start_draw', seat: p, text: `seat ${p} draws ${v} for the opening`, data: { value: v } });
    }
    const tied: number[] = [];
    for (const p of contenders) if (drawnBy[p][drawnBy[p].length - 1] === top) tied.push(p);
    contenders = tied;
  }
  const opener = contenders[0];
  // The opener keeps the highest tile drawn; everything else goes back into the bag.
  const keep = best[opener];
  const own = drawnBy[opener];
  own.splice(own.indexOf(keep), 1);
  returnDrawn(s, drawnBy);
  s.hands[opener * Geo.VALUES + keep]++;
  s.handLen[opener]++;
  return opener;
}

function returnDrawn(s: ZatreState, drawnBy: number[][]): void {
  for (const list of drawnBy) {
    for (const v of list) {
      s.bag[v]++;
      s.bagLen++;
    }
    list.length = 0;
  }
}

export function setupMatch(opts: Options, players: number, rng: Rng, reuse?: ZatreState, events?: GameEvent[]): ZatreState {
  const cfg: ZatreConfig = configOf(opts);
  let s: ZatreState;
  if (reuse && reuse.cfg === cfg && reuse.n === players) {
    s = reuse;
    s.clear();
  } else s = new ZatreState(cfg, players);
  assignSheets(s);
  for (let v = 1; v <= 6; v++) s.bag[v] = cfg.composition[v];
  s.bagLen = cfg.total;
  const opener = cfg.firstPlayer >= 0 ? cfg.firstPlayer : drawForOpener(s, rng, events);
  s.firstPlayer = opener;
  s.cur = opener;
  s.phase = Phase.OPENING_FIRST;
  s.opening = 1;
  s.drew = drawInto(s, opener, 3 - s.handLen[opener], rng, events);
  if (s.bagLen === 0) s.lastTurn = 1;
  events?.push({ kind: 'opening', seat: opener, text: `seat ${opener} opens: three tiles, one on the red square` });
  return s;
}

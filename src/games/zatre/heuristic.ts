import { Geo, Kind } from './board.js';
import { configOf, rowBonus, type ZatreConfig } from './config.js';
import { type ZatreObservation, determinize, paddedOf } from './observation.js';
import { Act, actionCell, actionValue } from './state.js';
import type { GameSearch } from '../../engine/game.js';
import type { ZatreState } from './state.js';
import { evaluate } from './evaluate.js';

/**
 * The greedy bot's heuristic, from the observation only. It knows the score sheet: a run of 10, 11 or
 * 12 is worth what writing it in the next free box of its column adds (doubled when that row already
 * has a cross, plus the row's bonus when it completes the row, plus part of the bonus when it brings the
 * row one box closer), a cross is worth what doubling its row adds now and later, and it avoids leaving
 * a run that the next player can bring to 10, 11 or 12 with one tile.
 */

/** What the heuristic reads from one observation, built once per decision (the greedy bot asks per action). */
interface Context {
  cfg: ZatreConfig;
  board: Int8Array;
  hand: number[];
  /** Value of writing a run of 10, 11, 12 now (index 0..2), and of a cross. */
  runValue: Float64Array;
  crossValue: number;
  handSum: number;
}

const contexts = new WeakMap<ZatreObservation, Context>();

/** Value of the tile a player opens up for the next player to score with (a guess at their gain). */
const OPENING_COST = 1.2;

function contextOf(obs: ZatreObservation): Context {
  let ctx = contexts.get(obs);
  if (ctx) return ctx;
  const cfg = configOf(obs.options);
  const board = new Int8Array(Geo.SIZE);
  for (let f = 0; f < 225; f++) board[paddedOf(f)] = obs.board[f];
  const sheet = obs.sheets[obs.sheetOf[obs.player]];
  const cols = [sheet.c10, sheet.c11, sheet.c12];
  const runValue = new Float64Array(3);
  const filled = (col: number, row: number) => cols[col].length > row;
  for (let t = 0; t < 3; t++) {
    const row = cols[t].length;
    const mult = sheet.x2.length > row ? 2 : 1;
    let v = cfg.points[t] * mult;
    const others = (filled((t + 1) % 3, row) ? 1 : 0) + (filled((t + 2) % 3, row) ? 1 : 0);
    if (others === 2) v += rowBonus(cfg, row) * mult;
    else if (others === 1) v += 0.4 * rowBonus(cfg, row);
    runValue[t] = v;
  }
  // A cross doubles its row: what the row holds now, and (while the row is still open) what it will hold.
  const xr = sheet.x2.length;
  let rowNow = 0;
  let full = true;
  for (let t = 0; t < 3; t++) {
    if (filled(t, xr)) rowNow += cols[t][xr];
    else full = false;
  }
  if (full) rowNow += rowBonus(cfg, xr);
  const crossValue = rowNow + (full ? 0 : 2.5);
  const hand = obs.hands[obs.player] ?? [0, 0, 0, 0, 0, 0, 0];
  let handSum = 0;
  for (let v = 1; v <= 6; v++) handSum += v * hand[v];
  ctx = { cfg, board, hand, runValue, crossValue, handSum };
  contexts.set(obs, ctx);
  return ctx;
}

function sumFrom(board: Int8Array, c: number, step: number): number {
  let t = 0;
  for (let i = c + step; board[i] > 0; i += step) t += board[i];
  return t;
}

/** The empty end cells of the run through c (placed) along step: how many exist on the board. */
function openEnds(board: Int8Array, kinds: Uint8Array, c: number, step: number): number {
  let a = c - step;
  while (board[a] > 0) a -= step;
  let b = c + step;
  while (board[b] > 0) b += step;
  return (kinds[a] !== Kind.NONE ? 1 : 0) + (kinds[b] !== Kind.NONE ? 1 : 0);
}

export function heuristic(obs: ZatreObservation, a: number): number {
  const ctx = contextOf(obs);
  if (a === Act.END) return -0.6 * ctx.handSum - 1;
  const v = actionValue(a);
  const c = actionCell(a);
  const board = ctx.board;
  const kinds = ctx.cfg.kinds;
  let value = 0;
  let scoring = false;
  const otherTiles = ctx.handSum - v;
  board[c] = v;
  for (let dir = 0; dir < 2; dir++) {
    const step = dir === 0 ? 1 : Geo.W;
    const sum = v + sumFrom(board, c, step) + sumFrom(board, c, -step);
    const len = sum - v === 0 ? 1 : 2;
    if (sum >= 10) {
      value += ctx.runValue[sum - 10];
      scoring = true;
      // A 10 or 11 can still be lengthened by the next player to 11 or 12.
      if (sum < 12 && openEnds(board, kinds, c, step) > 0) value -= 0.3 * OPENING_COST;
    } else if (len > 1 && sum >= 4 && openEnds(board, kinds, c, step) > 0) {
      // Our own remaining tile may finish it this turn; otherwise the next player may.
      let mine = false;
      for (let t = 10 - sum; t <= 12 - sum && t <= 6; t++) if (t >= 1 && ctx.hand[t] > (t === v ? 1 : 0)) mine = true;
      // The fewer tile values complete it (a 4 needs a 6; a 7, 8 or 9 take three values), the safer.
      const lo = 10 - sum;
      const hi = 12 - sum < 6 ? 12 - sum : 6;
      value += mine && otherTiles > 0 ? 0.5 : (-OPENING_COST * (hi - lo + 1)) / 3;
    }
  }
  board[c] = 0;
  if (kinds[c] === Kind.LIGHT) {
    // Legal on a light square: a 10-12 now, or one the rest of the hand must complete, or the exception.
    if (scoring) value += ctx.crossValue;
    else if (otherTiles > 0 && !obs.opening) value += 0.5 * ctx.crossValue;
  }
  return value;
}

/** The search facet: the aids the bots use (greedy's heuristic, the search bots' sampling and judges). */
export const zatreSearch: GameSearch<ZatreState, ZatreObservation> = { heuristic, determinize, evaluate };

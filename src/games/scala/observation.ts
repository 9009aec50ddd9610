import type { Options } from '../../engine/game.js';
import { publicData } from '../../engine/bot-guard.js';
import type { Rng } from '../../engine/rng.js';
import { configOf } from './config.js';
import { END_REASONS, Piece, ScalaState } from './state.js';

/**
 * What a player knows: everything. Scala has no hidden information (every stack, every player's pieces
 * and the whole history's counters are on the table), so the observation is the whole state as plain
 * data and `determinize` rebuilds exactly that state.
 */
export interface ScalaObservation {
  options: Options;
  players: number;
  player: number;
  /** Seat to play, -1 when the match is over. */
  current: number;
  firstPlayer: number;
  /** Pieces of each square, bottom first, the squares one after another (row by row). */
  pieces: number[];
  /** Pieces on each square (how many of `pieces` belong to it). */
  heights: number[];
  /** supply[p * 16 + kind]: pieces of each kind (colour << 2 | number - 1) each player holds. */
  supply: number[];
  /** Per seat, 0 while playing, else the order in which it was eliminated (1 = first). */
  out: number[];
  extraTurns: number;
  turns: number;
  passes: number;
  eliminated: number;
  stats: number[];
  over: boolean;
  endReason: string;
}

export function observe(s: ScalaState, p: number): ScalaObservation {
  const cells = s.cfg.cells;
  const pieces: number[] = [];
  for (let q = 0; q < cells; q++) {
    const base = q * s.depth;
    for (let i = 0, h = s.height[q]; i < h; i++) pieces.push(s.stack[base + i]);
  }
  return {
    options: publicData(s.cfg.options),
    players: s.n,
    player: p,
    current: s.cur,
    firstPlayer: s.firstPlayer,
    pieces,
    heights: Array.from(s.height),
    supply: Array.from(s.supply),
    out: Array.from(s.out),
    extraTurns: s.extra,
    turns: s.turns,
    passes: s.passes,
    eliminated: s.eliminated,
    stats: Array.from(s.stats),
    over: s.over,
    endReason: END_REASONS[s.endReason],
  };
}

/** The state the observation describes (perfect information: nothing to sample, `rng` is not used). */
export function determinize(obs: ScalaObservation, _p: number, _rng?: Rng): ScalaState {
  return stateOf(obs);
}

export function stateOf(obs: ScalaObservation): ScalaState {
  return loadState(new ScalaState(configOf(obs.options), obs.players), obs);
}

/** Whether `s` can hold the state `obs` describes (same rules and table size), for `loadState`. */
export function fitsState(s: ScalaState, obs: ScalaObservation): boolean {
  return s.cfg === configOf(obs.options) && s.n === obs.players;
}

/**
 * Writes the state `obs` describes into `s` (which must fit it: `fitsState`), overwriting all it held;
 * returns `s`. Lets a caller that reads many observations reuse one state instead of allocating one each.
 */
export function loadState(s: ScalaState, obs: ScalaObservation): ScalaState {
  const cells = s.cfg.cells;
  s.stack.fill(0);
  let i = 0;
  for (let q = 0; q < cells; q++) {
    const h = obs.heights[q];
    for (let k = 0; k < h; k++) s.stack[q * s.depth + k] = obs.pieces[i++];
    s.height[q] = h;
  }
  s.rebuildTops();
  s.held.fill(0);
  s.total.fill(0);
  for (let j = 0; j < obs.supply.length; j++) {
    const c = obs.supply[j];
    s.supply[j] = c;
    const p = (j / Piece.KINDS) | 0;
    s.held[p * 4 + (j & 3)] += c;
    s.total[p] += c;
  }
  s.out.set(obs.out);
  s.stats.set(obs.stats);
  s.cur = obs.current;
  s.firstPlayer = obs.firstPlayer;
  s.extra = obs.extraTurns;
  s.turns = obs.turns;
  s.passes = obs.passes;
  s.eliminated = obs.eliminated;
  s.over = obs.over;
  s.endReason = (END_REASONS as readonly string[]).indexOf(obs.endReason);
  return s;
}

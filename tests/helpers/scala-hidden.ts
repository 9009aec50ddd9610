import type { AnyGame } from '../../src/engine/game.js';
import type { Rng } from '../../src/engine/rng.js';
import { scala } from '../../src/games/scala/index.js';
import { type ScalaObservation, stateOf } from '../../src/games/scala/observation.js';
import { Piece, ScalaState } from '../../src/games/scala/state.js';

/*
 * Scala has nothing hidden, so the honesty checks pass on it trivially. To show they would still catch a
 * leak, the controls play a made-up variant with something hidden: every player keeps its pieces behind
 * a screen, so the others see how many pieces it holds, not which. This file builds that variant (an
 * honest one and a leaky one) and the perturbation that changes only what a seat cannot see.
 */

/** The hidden-supply observation: the other seats' supplies replaced by their sizes. */
export interface HiddenObservation extends ScalaObservation {
  sizes: number[];
}

function hide(obs: ScalaObservation, s: ScalaState, p: number): HiddenObservation {
  const supply = obs.supply.slice();
  for (let o = 0; o < s.n; o++) if (o !== p) supply.fill(0, o * Piece.KINDS, (o + 1) * Piece.KINDS);
  return { ...obs, supply, sizes: Array.from(s.total) };
}

/**
 * A complete state for the hidden observation: the pieces nobody can account for (every kind in play
 * minus the board and p's own) dealt at random to the other seats, each receiving as many as it holds.
 */
function determinizeHidden(obs: HiddenObservation, p: number, rng: Rng): ScalaState {
  const base = stateOf(obs);
  const n = obs.players;
  const pool: number[] = [];
  const left = new Int32Array(Piece.KINDS);
  for (let k = 0; k < Piece.KINDS; k++) left[k] = k >> 2 < n ? base.cfg.perNumber : 0;
  for (let q = 0; q < base.cfg.cells; q++) for (let i = 0; i < base.height[q]; i++) left[base.stack[q * base.depth + i]]--;
  for (let k = 0; k < Piece.KINDS; k++) left[k] -= obs.supply[p * Piece.KINDS + k];
  for (let k = 0; k < Piece.KINDS; k++) for (let c = 0; c < left[k]; c++) pool.push(k);
  rng.shuffle(pool);
  let next = 0;
  for (let o = 0; o < n; o++) {
    if (o === p) continue;
    for (let i = 0; i < obs.sizes[o]; i++) {
      const k = pool[next++];
      base.supply[o * Piece.KINDS + k]++;
      base.held[o * 4 + (k & 3)]++;
      base.total[o]++;
    }
  }
  return base;
}

/** The honest hidden-supply variant of Scala. */
export const hiddenScala: AnyGame = {
  ...scala,
  name: 'scala-hidden-supply',
  observe: (s: ScalaState, p: number) => hide(scala.observe(s, p), s, p),
  // Scala's rateActions reads the whole state, the other seats' pieces too: not what a seat sees here.
  search: { ...scala.search, determinize: determinizeHidden, rateActions: undefined },
};

/** The same variant leaking one bit: whether the next seat still holds a 1. */
export const leakyHiddenScala: AnyGame = {
  ...hiddenScala,
  observe: (s: ScalaState, p: number) => {
    const next = (p + 1) % s.n;
    return { ...hide(scala.observe(s, p), s, p), nextHoldsOne: s.held[next * 4] > 0 };
  },
};

/**
 * From seat q's point of view: exchanges pieces between two other seats' supplies, each keeping its
 * count (the only thing q sees of them).
 */
export function perturbHiddenScala(state: unknown, q: number, rng: Rng): ScalaState {
  const s = (state as ScalaState).clone();
  const others: number[] = [];
  for (let o = 0; o < s.n; o++) if (o !== q && s.total[o] > 0) others.push(o);
  const heldKinds = (o: number): number[] => {
    const ks: number[] = [];
    for (let k = 0; k < Piece.KINDS; k++) if (s.supply[o * Piece.KINDS + k] > 0) ks.push(k);
    return ks;
  };
  for (let tries = 0; tries < 4 && others.length >= 2; tries++) {
    const a = others[rng.int(others.length)];
    const b = others[rng.int(others.length)];
    if (a === b) continue;
    const xs = heldKinds(a);
    const ys = heldKinds(b);
    const x = xs[rng.int(xs.length)];
    const y = ys[rng.int(ys.length)];
    if (x === y) continue;
    s.supply[a * Piece.KINDS + x]--;
    s.supply[a * Piece.KINDS + y]++;
    s.supply[b * Piece.KINDS + y]--;
    s.supply[b * Piece.KINDS + x]++;
    s.held[a * 4 + (x & 3)]--;
    s.held[a * 4 + (y & 3)]++;
    s.held[b * 4 + (y & 3)]--;
    s.held[b * 4 + (x & 3)]++;
  }
  return s;
}

/** The peeking bot's view of a seat's real supply (for the cheat in the controls). */
export function realHeld(state: unknown, seat: number, number: number): number {
  return (state as ScalaState).held[seat * 4 + number - 1];
}

export { ScalaState };

import { allowedNumbers, windowComplete } from './rules.js';
import { type ScalaObservation, stateOf } from './observation.js';
import { Act, type ScalaState } from './state.js';

/** Value of a line taken: four pieces back and another turn. */
const LINE = 1000;
/** Cost of each line the next player could take after this placement. */
const GIVEN = 100;
/** Value of a line this player could take in its own extra turn after this placement. */
const OWN_CHANCE = 50;

/** The state behind an observation, built once per observation (greedy rates every action of one decision). */
const states = new WeakMap<ScalaObservation, ScalaState>();

/**
 * The greedy bot's heuristic: take a line when possible; otherwise avoid leaving a line the next player
 * can complete (or, when this player plays again, prefer leaving one for itself); among equals, place
 * the number held most (keeps every number available for later lines).
 */
export function heuristic(obs: ScalaObservation, a: number): number {
  if (a === Act.PASS) return 0;
  let s = states.get(obs);
  if (!s) {
    s = stateOf(obs);
    states.set(obs, s);
  }
  const me = obs.player;
  const q = s.squareOf(a);
  const v = (a & 3) + 1;
  const oldTop = s.top[q];
  s.setTop(q, v);
  s.height[q]++;
  let value = s.held[me * 4 + v - 1] / 100;
  const made = linesThrough(s, q);
  if (made > 0) value += LINE * made;
  else {
    const next = s.extra > 0 ? me : nextPlayer(s, me);
    const chances = openLines(s, next);
    value += next === me ? OWN_CHANCE * chances : -GIVEN * chances;
  }
  s.setTop(q, oldTop);
  s.height[q]--;
  return value;
}

function linesThrough(s: ScalaState, q: number): number {
  const g = s.geo;
  let k = 0;
  for (let i = g.cellWinStart[q]; i < g.cellWinStart[q + 1]; i++) if (windowComplete(s, g.cellWin[i])) k++;
  return k;
}

function nextPlayer(s: ScalaState, p: number): number {
  let q = p;
  do q = q + 1 === s.n ? 0 : q + 1;
  while (s.out[q] !== 0 && q !== p);
  return q;
}

/**
 * Lines player p could complete with one placement: windows with three of four tops already reading
 * 1-2-3-4 or 4-3-2-1, whose fourth square legally takes the missing number and p holds it.
 */
export function openLines(s: ScalaState, p: number): number {
  const g = s.geo;
  const top = s.top;
  const held = s.held;
  let k = 0;
  for (let w = 0; w < g.windows; w++) {
    const b = w * 4;
    for (let dir = 0; dir < 2; dir++) {
      let miss = -1;
      let misses = 0;
      for (let i = 0; i < 4 && misses < 2; i++) {
        const want = dir === 0 ? i + 1 : 4 - i;
        if (top[g.win[b + i]] !== want) {
          misses++;
          miss = i;
        }
      }
      if (misses !== 1) continue;
      const want = dir === 0 ? miss + 1 : 4 - miss;
      if (held[p * 4 + want - 1] === 0) continue;
      if (allowedNumbers(s, g.win[b + miss]) & (1 << (want - 1))) k++;
    }
  }
  return k;
}

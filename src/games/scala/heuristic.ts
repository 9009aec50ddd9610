import type { Geometry } from './board.js';
import { allowedNumbers } from './rules.js';
import { type ScalaObservation, determinize, fitsState, loadState, stateOf } from './observation.js';
import { Act, NEXT, type ScalaState, cloneInto } from './state.js';
import type { GameSearch } from '../../engine/game.js';
import { evaluate } from './evaluate.js';

const ALL_NUMBERS = 0b1111;

/** Value of a line taken: four pieces back and another turn. */
const LINE = 1000;
/** Cost of each line the next player could take after this placement. */
const GIVEN = 100;
/** Value of a line this player could take in its own extra turn after this placement. */
const OWN_CHANCE = 50;

/**
 * The greedy bot's heuristic: take a line when possible; otherwise avoid leaving a line the next player
 * can complete (or, when this player plays again, prefer leaving one for itself); among equals, place
 * the number held most (keeps every number available for later lines).
 *
 * Callers rate every legal action of one observation in a row (greedy at each decision, the search bots
 * at each node), so the state behind the observation and the lines open in it are worked out once per
 * observation (`Rater`), and each action costs only the lines its square can change.
 */
export function heuristic(obs: ScalaObservation, a: number): number {
  if (a === Act.PASS) return 0;
  return rater.rate(obs, a);
}

/**
 * Game.rateActions: heuristic(observe(s, player), actions[i]) into out[i], read straight from the state
 * (Scala hides nothing, so the observation is the whole state): the search bots rate every node's actions
 * without building an observation and a state from it. `s` is changed for the while and restored.
 */
export function rateActions(s: ScalaState, player: number, actions: Int32Array, count: number, out: Float64Array): void {
  rater.rateAll(s, player, actions, count, out);
}

/**
 * Window-directions are numbered w * 2 + d: d = 0 reads 1-2-3-4 along the window, d = 1 reads 4-3-2-1.
 * The number square i of window-direction d needs.
 */
function wanted(d: number, i: number): number {
  return d === 0 ? i + 1 : 4 - i;
}

/** Per board geometry, what the rater looks up at every action. */
interface Lookups {
  /** adjacent[q * cells + m]: 1 when m is next to q. */
  readonly adjacent: Uint8Array;
}

const lookupCache = new WeakMap<Geometry, Lookups>();

function lookupsOf(g: Geometry): Lookups {
  let l = lookupCache.get(g);
  if (l === undefined) {
    const adjacent = new Uint8Array(g.cells * g.cells);
    for (let q = 0; q < g.cells; q++) for (let i = 0; i < g.nbrLen[q]; i++) adjacent[q * g.cells + g.nbr[q * 8 + i]] = 1;
    l = { adjacent };
    lookupCache.set(g, l);
  }
  return l;
}

/**
 * The heuristic's working memory for the position it last rated; reloaded when a new one comes. It works
 * out once per position how far every window-direction is from reading its line, and then rates each
 * placement without making it: only the windows through the placed square change their reading, and
 * only the squares next to it what they may take.
 */
class Rater {
  private obs: ScalaObservation | null = null;
  /** The state behind `obs`, reused from one observation to the next. */
  private s: ScalaState | null = null;
  private look: Lookups | null = null;
  /** Who plays after the rated placement (this player again during extra turns). */
  private next = 0;
  /** Lines `next` could take on the board as observed (before any placement): openLines(s, next). */
  private base = 0;
  /** Per window-direction: 1 when it counts in `base`. */
  private open = new Uint8Array(0);
  /** Per window-direction missing one square (s.misses): that square's place in the window (0-3). */
  private miss1 = new Uint8Array(0);
  /**
   * For each square q, the window-directions missing exactly one square, next to q, whose window does not
   * hold q and whose missing number `next` holds (the only ones a placement on q can open or close
   * elsewhere): near*[nearStart[q] .. nearStart[q + 1]), with the missing square and its number's bit.
   */
  private nearWd = new Int32Array(0);
  private nearSquare = new Uint8Array(0);
  private nearBit = new Uint8Array(0);
  private nearStart = new Int32Array(0);

  rate(obs: ScalaObservation, a: number): number {
    const s = this.load(obs);
    return this.rateOn(s, obs.player, a);
  }

  /** heuristic(observe(s, me), legal[i]) into out[i], for i < count, straight from the state (not changed). */
  rateAll(s: ScalaState, me: number, legal: Int32Array, count: number, out: Float64Array): void {
    this.obs = null;
    this.prepare(s, me);
    for (let i = 0; i < count; i++) {
      const a = legal[i];
      out[i] = a === Act.PASS ? 0 : this.rateOn(s, me, a);
    }
  }

  /** The value of placement `a` by `me` in `s` (prepared), as if made. */
  private rateOn(s: ScalaState, me: number, a: number): number {
    const q = s.squareOf(a);
    const v = (a & 3) + 1;
    const value = s.held[me * 4 + v - 1] / 100;
    const g = s.geo;
    const misses = s.misses;
    const oldTop = s.top[q];
    let made = 0;
    let delta = 0;
    for (let i = g.cellWinStart[q], end = g.cellWinStart[q + 1]; i < end; i++) {
      const at = g.cellWinPos[i];
      for (let d = 0; d < 2; d++) {
        const wd = g.cellWin[i] * 2 + d;
        // Three squares or more off the line: one placement leaves it two off or more, and it was not open.
        if (misses[wd] > 2) continue;
        const want = wanted(d, at);
        // The squares of wd that will not read its line once v is on q.
        const left = misses[wd] - (oldTop === want ? 0 : 1) + (v === want ? 0 : 1);
        if (left === 0) made++;
        else if (made === 0) delta += (left === 1 ? this.openAfterAt(s, q, v, wd, at, v === want) : 0) - this.open[wd];
      }
    }
    if (made > 0) return value + LINE * made;
    let count = this.base + delta;
    for (let j = this.nearStart[q], end = this.nearStart[q + 1]; j < end; j++) {
      const now = (this.allowedAfter(s, q, v, this.nearSquare[j]) & this.nearBit[j]) !== 0 ? 1 : 0;
      count += now - this.open[this.nearWd[j]];
    }
    return value + (this.next === me ? OWN_CHANCE * count : -GIVEN * count);
  }

  /**
   * Whether `next` could complete window-direction wd (through q, at place `at`) after v is placed on q,
   * when one of its squares will then not read its line; `fits`: whether v reads it.
   */
  private openAfterAt(s: ScalaState, q: number, v: number, wd: number, at: number, fits: boolean): number {
    // The one square left: q itself, or the one other square not reading the line.
    const miss = fits ? otherMiss(s, wd, at) : at;
    const want = wanted(wd & 1, miss);
    if (s.held[this.next * 4 + want - 1] === 0) return 0;
    const m = s.geo.win[(wd >> 1) * 4 + miss];
    return (this.allowedAfter(s, q, v, m) & (1 << (want - 1))) !== 0 ? 1 : 0;
  }

  /** allowedNumbers(s, m) as it would be with v placed on q. */
  private allowedAfter(s: ScalaState, q: number, v: number, m: number): number {
    const cfg = s.cfg;
    if (m === q) return cfg.stacking && s.nearAny[q] !== 0 ? (cfg.coveredCounts ? s.nearMask[q] | NEXT[v] : s.nearMask[q]) : 0;
    if (this.look!.adjacent[q * cfg.cells + m] === 0) return allowedNumbers(s, m);
    const oldTop = s.top[q];
    const near = s.near;
    const b = m * 4 - 1;
    let mask = 0;
    for (let t = 1; t <= 4; t++) {
      const c = near[b + t] - (t === oldTop ? 1 : 0) + (t === v ? 1 : 0);
      if (c !== 0) mask |= NEXT[t];
    }
    const any = s.nearAny[m] - (oldTop !== 0 ? 1 : 0) + 1 !== 0;
    if (s.height[m] === 0) return cfg.emptyAnywhere || !any ? ALL_NUMBERS : mask;
    if (!cfg.stacking || !any) return 0;
    return cfg.coveredCounts ? mask | NEXT[s.top[m]] : mask;
  }

  private load(obs: ScalaObservation): ScalaState {
    if (obs === this.obs && this.s) return this.s;
    const s = this.s && fitsState(this.s, obs) ? loadState(this.s, obs) : stateOf(obs);
    this.s = s;
    this.obs = obs;
    this.prepare(s, obs.player);
    return s;
  }

  /** Works out who plays next and the tables above for position `s`, rated for `me`. */
  private prepare(s: ScalaState, me: number): void {
    this.next = s.extra > 0 ? me : nextPlayer(s, me);
    const g = s.geo;
    this.look = lookupsOf(g);
    const n = g.windows * 2;
    if (this.open.length !== n || this.nearStart.length !== g.cells + 1) {
      this.open = new Uint8Array(n);
      this.miss1 = new Uint8Array(n);
      this.nearWd = new Int32Array(n * 8);
      this.nearSquare = new Uint8Array(n * 8);
      this.nearBit = new Uint8Array(n * 8);
      this.nearStart = new Int32Array(g.cells + 1);
    }
    this.readWindows(s);
    this.buildNear(s);
  }

  /** Every window-direction's standing before the placement: its missing square, whether it counts in `base`. */
  private readWindows(s: ScalaState): void {
    const misses = s.misses;
    const open = this.open;
    let base = 0;
    for (let wd = 0, n = open.length; wd < n; wd++) {
      open[wd] = 0;
      if (misses[wd] !== 1) continue;
      const m1 = otherMiss(s, wd, -1);
      this.miss1[wd] = m1;
      if (takeable(s, wd >> 1, wd & 1, m1, this.next)) {
        open[wd] = 1;
        base++;
      }
    }
    this.base = base;
  }

  /** The near* lists from the window-directions missing one square (a counting sort by square). */
  private buildNear(s: ScalaState): void {
    const g = s.geo;
    const start = this.nearStart;
    start.fill(0);
    for (let pass = 0; pass < 2; pass++) {
      for (let wd = 0, n = g.windows * 2; wd < n; wd++) {
        if (s.misses[wd] !== 1) continue;
        const w = wd >> 1;
        const want = wanted(wd & 1, this.miss1[wd]);
        if (s.held[this.next * 4 + want - 1] === 0) continue;
        const m = g.win[w * 4 + this.miss1[wd]];
        for (let i = 0, len = g.nbrLen[m]; i < len; i++) {
          const q = g.nbr[m * 8 + i];
          if (inWindow(g.win, w, q)) continue;
          if (pass === 0) {
            start[q + 1]++;
            continue;
          }
          const j = start[q]++;
          this.nearWd[j] = wd;
          this.nearSquare[j] = m;
          this.nearBit[j] = 1 << (want - 1);
        }
      }
      if (pass === 0) for (let q = 0; q < g.cells; q++) start[q + 1] += start[q];
    }
    // The second pass moved each start to the next square's: shift back.
    for (let q = g.cells; q > 0; q--) start[q] = start[q - 1];
    start[0] = 0;
  }
}

const rater = new Rater();

/** The first square (0-3) of window-direction wd but the one at `except` whose top does not read its line. */
function otherMiss(s: ScalaState, wd: number, except: number): number {
  const win = s.geo.win;
  const b = (wd >> 1) * 4;
  const d = wd & 1;
  for (let i = 0; i < 4; i++) if (i !== except && s.top[win[b + i]] !== wanted(d, i)) return i;
  return -1;
}

function inWindow(win: Uint8Array, w: number, q: number): boolean {
  const b = w * 4;
  return win[b] === q || win[b + 1] === q || win[b + 2] === q || win[b + 3] === q;
}

/** The one square (0-3) of window w that does not read its direction's number, or -1 (none, or several). */
function missingOf(s: ScalaState, w: number, d: number): number {
  const win = s.geo.win;
  const top = s.top;
  const b = w * 4;
  let miss = -1;
  for (let i = 0; i < 4; i++) {
    if (top[win[b + i]] === wanted(d, i)) continue;
    if (miss >= 0) return -1;
    miss = i;
  }
  return miss;
}

/** Whether player p can complete window w in direction d by placing the number its square `miss` lacks. */
function takeable(s: ScalaState, w: number, d: number, miss: number, p: number): boolean {
  const want = wanted(d, miss);
  if (s.held[p * 4 + want - 1] === 0) return false;
  return (allowedNumbers(s, s.geo.win[w * 4 + miss]) & (1 << (want - 1))) !== 0;
}

function nextPlayer(s: ScalaState, p: number): number {
  let q = p;
  do q = q + 1 === s.n ? 0 : q + 1;
  while (s.out[q] !== 0 && q !== p);
  return q;
}

/**
 * Lines player p could complete with one placement: windows with three of four tops already reading
 * 1-2-3-4 or 4-3-2-1, whose fourth square legally takes the missing number and p holds it. The full
 * scan; the heuristic counts the same incrementally (tests hold the two to the same answers).
 */
export function openLines(s: ScalaState, p: number): number {
  let k = 0;
  for (let w = 0; w < s.geo.windows; w++) {
    for (let d = 0; d < 2; d++) {
      const miss = missingOf(s, w, d);
      if (miss >= 0 && takeable(s, w, d, miss, p)) k++;
    }
  }
  return k;
}

/** The search facet: the aids the bots use (greedy's heuristic, the search bots' sampling and judges). */
export const scalaSearch: GameSearch<ScalaState, ScalaObservation> = { heuristic, rateActions, determinize, cloneInto, evaluate };

import { allowedNumbers, windowComplete } from './rules.js';
import { type ScalaObservation, fitsState, loadState, stateOf } from './observation.js';
import { Act, type ScalaState } from './state.js';

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

/** The heuristic's working memory for the position it last rated; reloaded when a new one comes. */
class Rater {
  private obs: ScalaObservation | null = null;
  /** The state behind `obs`, reused from one observation to the next. */
  private s: ScalaState | null = null;
  /** Who plays after the rated placement (this player again during extra turns). */
  private next = 0;
  /** Lines `next` could take on the board as observed (before any placement): openLines(s, next). */
  private base = 0;
  /** Per window-direction: 1 when it counts in `base`. */
  private open = new Uint8Array(0);
  /**
   * The window-directions with exactly one square missing (the only ones a placement elsewhere can open)
   * whose missing square is next to q and whose window does not hold q, for each square q:
   * nearMissing[nearStart[q] .. nearStart[q + 1]).
   */
  private nearMissing = new Int32Array(0);
  private nearStart = new Int32Array(0);
  /** Working lists for building nearMissing: the one-missing window-directions and their missing squares. */
  private oneMissing = new Int32Array(0);
  private missingSquare = new Int16Array(0);

  rate(obs: ScalaObservation, a: number): number {
    const s = this.load(obs);
    return this.rateOn(s, obs.player, a);
  }

  /** heuristic(observe(s, me), legal[i]) into out[i], for i < count, straight from the state. */
  rateAll(s: ScalaState, me: number, legal: Int32Array, count: number, out: Float64Array): void {
    this.obs = null;
    this.prepare(s, me);
    for (let i = 0; i < count; i++) {
      const a = legal[i];
      out[i] = a === Act.PASS ? 0 : this.rateOn(s, me, a);
    }
  }

  /** The value of placement `a` by `me` in `s` (prepared): `s` is changed for the while and restored. */
  private rateOn(s: ScalaState, me: number, a: number): number {
    const q = s.squareOf(a);
    const v = (a & 3) + 1;
    const oldTop = s.top[q];
    s.setTop(q, v);
    s.height[q]++;
    let value = s.held[me * 4 + v - 1] / 100;
    const made = linesThrough(s, q);
    if (made > 0) value += LINE * made;
    else {
      const chances = this.openAfter(s, q);
      value += this.next === me ? OWN_CHANCE * chances : -GIVEN * chances;
    }
    s.setTop(q, oldTop);
    s.height[q]--;
    return value;
  }

  private load(obs: ScalaObservation): ScalaState {
    if (obs === this.obs && this.s) return this.s;
    const s = this.s && fitsState(this.s, obs) ? loadState(this.s, obs) : stateOf(obs);
    this.s = s;
    this.obs = obs;
    this.prepare(s, obs.player);
    return s;
  }

  /** Works out who plays next and the tables below for position `s`, rated for `me`. */
  private prepare(s: ScalaState, me: number): void {
    this.next = s.extra > 0 ? me : nextPlayer(s, me);
    this.buildTables(s);
  }

  /** Every window-direction's standing before the placement: which count, which miss one square. */
  private buildTables(s: ScalaState): void {
    const g = s.geo;
    const n = g.windows * 2;
    if (this.open.length !== n) {
      this.open = new Uint8Array(n);
      this.oneMissing = new Int32Array(n);
      this.missingSquare = new Int16Array(n);
      this.nearMissing = new Int32Array(n * 8);
      this.nearStart = new Int32Array(g.cells + 1);
    }
    let base = 0;
    let k = 0;
    for (let wd = 0; wd < n; wd++) {
      const miss = missingOf(s, wd >> 1, wd & 1);
      this.open[wd] = 0;
      if (miss < 0) continue;
      this.oneMissing[k] = wd;
      this.missingSquare[k++] = g.win[(wd >> 1) * 4 + miss];
      if (takeable(s, wd >> 1, wd & 1, miss, this.next)) {
        this.open[wd] = 1;
        base++;
      }
    }
    this.base = base;
    this.buildNear(s, k);
  }

  /** nearMissing and nearStart from the first `k` entries of oneMissing (a counting sort by square). */
  private buildNear(s: ScalaState, k: number): void {
    const g = s.geo;
    const start = this.nearStart;
    const list = this.nearMissing;
    start.fill(0);
    for (let pass = 0; pass < 2; pass++) {
      for (let j = 0; j < k; j++) {
        const m = this.missingSquare[j];
        const wd = this.oneMissing[j];
        for (let i = 0, len = g.nbrLen[m]; i < len; i++) {
          const q = g.nbr[m * 8 + i];
          if (inWindow(g.win, wd >> 1, q)) continue;
          if (pass === 0) start[q + 1]++;
          else list[start[q]++] = wd;
        }
      }
      if (pass === 0) for (let q = 0; q < g.cells; q++) start[q + 1] += start[q];
    }
    // The second pass moved each start to the next square's: shift back.
    for (let q = g.cells; q > 0; q--) start[q] = start[q - 1];
    start[0] = 0;
  }

  /**
   * openLines(s, next) with the placement on q made: the count before it, corrected where q can change
   * it: the windows through q (their tops changed), and the windows missing one square next to q (what
   * that square may take changed). No other window's reading or missing square's legality moves.
   */
  private openAfter(s: ScalaState, q: number): number {
    const g = s.geo;
    const next = this.next;
    let count = this.base;
    for (let i = g.cellWinStart[q], end = g.cellWinStart[q + 1]; i < end; i++) {
      const w = g.cellWin[i];
      for (let d = 0; d < 2; d++) {
        const miss = missingOf(s, w, d);
        const now = miss >= 0 && takeable(s, w, d, miss, next) ? 1 : 0;
        count += now - this.open[w * 2 + d];
      }
    }
    const list = this.nearMissing;
    for (let j = this.nearStart[q], end = this.nearStart[q + 1]; j < end; j++) {
      const wd = list[j];
      const w = wd >> 1;
      const d = wd & 1;
      const now = takeable(s, w, d, missingOf(s, w, d), next) ? 1 : 0;
      count += now - this.open[wd];
    }
    return count;
  }
}

const rater = new Rater();

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

import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../../src/engine/options.js';
import { Rng } from '../../../src/engine/rng.js';
import { Kind, RED, SIZE, W } from '../../../src/games/zatre/board.js';
import { zatre } from '../../../src/games/zatre/index.js';
import { END, Phase, Stat, type ZatreState, actionCell, actionValue } from '../../../src/games/zatre/state.js';

/*
 * Legality is exact: from the start of a turn, the outcomes the decisions can reach (which tiles end up
 * where, which stay in hand) are exactly the outcomes the rules allow, found here by brute force over
 * every order of the tiles without any lookahead, straight from the rulebook's wording:
 *   - each tile next to a tile already on the board (rule 2), the first of the opening on the red square
 *     (rule 1); no run of 13 or more (rule 3);
 *   - at the end of the turn, each tile put on a light square is in a run of 10-12, unless, when it was
 *     put there, no dark square would have taken it (rule 7 and its exception);
 *   - the player may stop whenever (holding tiles back), except in the opening and before the first
 *     tile of a turn played without a draw; with nothing placeable the turn ends.
 * And no sequence of legal decisions dead-ends (every state the search visits has a legal action).
 */

function runThrough(board: Int8Array, c: number, step: number): number {
  let t = board[c];
  for (let i = c - step; board[i] > 0; i -= step) t += board[i];
  for (let i = c + step; board[i] > 0; i += step) t += board[i];
  return t;
}

/** Whether v may physically go on c: an empty cell next to a tile (or the red square first), runs at most 12. */
function fits(s: ZatreState, board: Int8Array, c: number, v: number, first: boolean): boolean {
  const kinds = s.cfg.kinds;
  if (kinds[c] === Kind.NONE || board[c] !== 0) return false;
  if (first) return c === RED;
  if (!(board[c - 1] > 0 || board[c + 1] > 0 || board[c - W] > 0 || board[c + W] > 0)) return false;
  board[c] = v;
  const ok = runThrough(board, c, 1) <= 12 && runThrough(board, c, W) <= 12;
  board[c] = 0;
  return ok;
}

function darkFits(s: ZatreState, board: Int8Array, v: number): boolean {
  for (let c = 0; c < SIZE; c++) if (s.cfg.kinds[c] === Kind.DARK && fits(s, board, c, v, false)) return true;
  return false;
}

function key(placed: Array<[number, number]>): string {
  return placed
    .map(([c, v]) => `${v}@${c}`)
    .sort()
    .join(' ');
}

/** Every outcome the rules allow from here (brute force, all orders). */
function ruleOutcomes(s: ZatreState): Set<string> {
  const board = s.board.slice();
  const hand = s.hands.slice(s.cur * 7, s.cur * 7 + 7);
  const opening = s.opening === 1;
  const canStopEarly = s.cfg.holdByChoice && !opening;
  const out = new Set<string>();
  const placed: Array<[number, number, boolean]> = [];
  const finalOk = () => {
    for (const [c, , exc] of placed) {
      if (s.cfg.kinds[c] !== Kind.LIGHT || exc) continue;
      const h = runThrough(board, c, 1);
      const v = runThrough(board, c, W);
      if (!((h >= 10 && h <= 12) || (v >= 10 && v <= 12))) return false;
    }
    return true;
  };
  // Returns whether some outcome is reachable from here.
  const walk = (): boolean => {
    let any = false;
    const first = opening && placed.length === 0;
    for (let v = 1; v <= 6; v++) {
      if (hand[v] === 0) continue;
      for (let c = 0; c < SIZE; c++) {
        if (!fits(s, board, c, v, first)) continue;
        let exc = false;
        if (s.cfg.kinds[c] === Kind.LIGHT) {
          board[c] = v;
          const h = runThrough(board, c, 1);
          const vv = runThrough(board, c, W);
          board[c] = 0;
          exc = h < 10 && vv < 10 && !darkFits(s, board, v);
        }
        board[c] = v;
        hand[v]--;
        placed.push([c, v, exc]);
        if (walk()) any = true;
        placed.pop();
        hand[v]++;
        board[c] = 0;
      }
    }
    const mayStop = placed.length > 0 || s.mustPlace === 0;
    if (finalOk() && (!any || (canStopEarly && mayStop))) {
      // Stopping here: by choice, or because nothing more can go down.
      out.add(key(placed.map(([c, v]) => [c, v])));
      return true;
    }
    return any;
  };
  walk();
  return out;
}

/** Every outcome the game's decisions can reach from here, checking that none dead-ends. */
function gameOutcomes(s: ZatreState): Set<string> {
  const out = new Set<string>();
  const buf = new Int32Array(zatre.maxActions);
  const p = s.cur;
  const turns = s.stats[Stat.TURNS];
  const seen = new Set<string>();
  const walk = (st: ZatreState, placed: Array<[number, number]>) => {
    const k = zatre.legalActions(st, buf);
    if (k === 0) throw new Error(`dead end after ${key(placed)}`);
    const actions = Array.from(buf.subarray(0, k));
    for (const a of actions) {
      const next = st.clone();
      // The turn's end draws for the next player: a fixed generator keeps it reproducible.
      zatre.apply(next, a, new Rng('exact'));
      const now = a === END ? placed : [...placed, [actionCell(a), actionValue(a)] as [number, number]];
      if (next.stats[Stat.TURNS] !== turns || next.phase === Phase.OVER || next.cur !== p) {
        out.add(key(now));
        continue;
      }
      const k2 = key(now);
      if (seen.has(k2)) continue;
      seen.add(k2);
      walk(next, now);
    }
  };
  walk(s, []);
  return out;
}

/** Turn starts from random matches: every `every`-th turn start with at most `maxHand` tiles in hand. */
function turnStarts(given: Record<string, unknown>, players: number, matches: number, every: number, maxHand: number, seed: string): ZatreState[] {
  const opts = resolveOptions(zatre.options, given);
  const buf = new Int32Array(zatre.maxActions);
  const out: ZatreState[] = [];
  let count = 0;
  for (let m = 0; m < matches; m++) {
    const rng = new Rng(`${seed}/${m}`);
    const choose = new Rng(`${seed}/c/${m}`);
    const s = zatre.setup(opts, players, rng);
    let lastTurns = -1;
    while (zatre.currentPlayer(s) >= 0) {
      if (s.turnLen === 0 && s.stats[Stat.TURNS] !== lastTurns) {
        lastTurns = s.stats[Stat.TURNS];
        if (s.handLen[s.cur] <= maxHand && count++ % every === 0) out.push(s.clone());
      }
      const k = zatre.legalActions(s, buf);
      zatre.apply(s, buf[choose.int(k)], rng);
    }
  }
  return out;
}

describe('exact legality: the outcomes of a turn equal what the rules allow, in either order', () => {
  it('openings (three tiles, the first on the red square)', () => {
    const opts = resolveOptions(zatre.options, {});
    let checked = 0;
    for (let m = 0; m < 4; m++) {
      const s = zatre.setup(opts, 2, new Rng(`exact-open/${m}`));
      const game = gameOutcomes(s);
      const rules = ruleOutcomes(s);
      expect([...game].sort()).toEqual([...rules].sort());
      // Every opening puts all three tiles down.
      for (const o of game) expect(o.split(' ').length).toBe(3);
      checked++;
    }
    expect(checked).toBe(4);
  }, 120_000);

  it('turns of two tiles from random matches (2 and 4 players)', () => {
    let positions = 0;
    let withLightChoices = 0;
    for (const [players, seed] of [
      [2, 'a'],
      [4, 'b'],
    ] as const) {
      for (const s of turnStarts({}, players, 12, 5, 2, `exact/${seed}`)) {
        const game = gameOutcomes(s);
        const rules = ruleOutcomes(s);
        expect([...game].sort()).toEqual([...rules].sort());
        positions++;
        // Count positions where a light square was among the outcomes (the interesting rule).
        if ([...game].some((o) => o.split(' ').some((t) => t !== '' && s.cfg.kinds[Number(t.split('@')[1])] === Kind.LIGHT))) withLightChoices++;
      }
    }
    expect(positions).toBeGreaterThan(30);
    expect(withLightChoices).toBeGreaterThan(5);
  }, 300_000);

  it('turns with three or more tiles in hand (held tiles plus the draw, or a no-draw turn)', () => {
    let positions = 0;
    for (const s of turnStarts({}, 2, 200, 1, 4, 'exact/three').filter((st) => st.handLen[st.cur] >= 3 && st.opening === 0).slice(0, 12)) {
      expect([...gameOutcomes(s)].sort()).toEqual([...ruleOutcomes(s)].sort());
      positions++;
    }
    expect(positions).toBeGreaterThan(5);
  }, 300_000);

  it('turns without holding by choice (a tile is kept only when it cannot be placed)', () => {
    let positions = 0;
    for (const s of turnStarts({ holdByChoice: false }, 3, 3, 9, 2, 'exact/forced')) {
      expect([...gameOutcomes(s)].sort()).toEqual([...ruleOutcomes(s)].sort());
      positions++;
    }
    expect(positions).toBeGreaterThan(10);
  }, 300_000);
});

import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../../src/engine/game.js';
import { resolveOptions } from '../../../src/engine/options.js';
import { Rng } from '../../../src/engine/rng.js';
import { scala } from '../../../src/games/scala/index.js';
import { piecesByKind } from '../../../src/games/scala/fixtures.js';
import type { ScalaState } from '../../../src/games/scala/state.js';

/*
 * Thousands of random matches (a uniform choice among the legal actions) at 2, 3 and 4 players, under
 * the default rules and under each interpretation option, with the invariants checked after every action.
 */

const buf = new Int32Array(scala.maxActions);

/** The top number of square q read from the stack itself (not the `top` cache), 0 when empty. */
function topOf(s: ScalaState, q: number): number {
  const h = s.height[q];
  return h === 0 ? 0 : (s.stack[q * s.depth + h - 1] & 3) + 1;
}

/**
 * Whether v may go on square (r, c), written straight from the text, independently of the rules module:
 * the neighbours are the squares across and down (and diagonal with diagonalNeighbours); an empty square
 * touching no piece takes anything, otherwise v must be one above or below one neighbour's top; a stack
 * needs a neighbour one above or below (or, with neighbours_or_covered, the covered piece).
 */
function referenceLegal(s: ScalaState, r: number, c: number, v: number): boolean {
  const size = s.cfg.size;
  const o = s.cfg.options;
  const diag = o.diagonalNeighbours as boolean;
  let any = false;
  let match = false;
  for (let dr = -1; dr <= 1; dr++) {
    for (let dc = -1; dc <= 1; dc++) {
      if ((dr === 0 && dc === 0) || (!diag && dr !== 0 && dc !== 0)) continue;
      const rr = r + dr;
      const cc = c + dc;
      if (rr < 0 || cc < 0 || rr >= size || cc >= size) continue;
      const t = topOf(s, rr * size + cc);
      if (t === 0) continue;
      any = true;
      if (Math.abs(t - v) === 1) match = true;
    }
  }
  const q = r * size + c;
  if (s.height[q] === 0) return o.emptyPlacement === 'anywhere' || !any || match;
  if (o.stacking === 'off') return false;
  if (o.stacking === 'neighbours_or_covered' && any && Math.abs(topOf(s, q) - v) === 1) return true;
  return match;
}

/** Whether some window of four reads 1-2-3-4 or 4-3-2-1 (across, down, and diagonally when lines may be diagonal). */
function anyLine(s: ScalaState): boolean {
  const size = s.cfg.size;
  const dirs = [
    [0, 1],
    [1, 0],
  ];
  if (s.cfg.options.diagonalLines) dirs.push([1, 1], [1, -1]);
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      for (const [dr, dc] of dirs) {
        const er = r + 3 * dr;
        const ec = c + 3 * dc;
        if (er >= size || ec < 0 || ec >= size) continue;
        let t = 0;
        for (let i = 0; i < 4; i++) t = t * 10 + topOf(s, (r + i * dr) * size + c + i * dc);
        if (t === 1234 || t === 4321) return true;
      }
    }
  }
  return false;
}

/** The first violated invariant, or ''. */
function violation(s: ScalaState, checkLegality: boolean): string {
  const cfg = s.cfg;
  const n = s.n;
  const kinds = piecesByKind(s);
  for (let k = 0; k < 16; k++) {
    const want = k >> 2 < n ? cfg.perNumber : 0;
    if (kinds[k] !== want) return `piece kind ${k}: ${kinds[k]} in play, expected ${want}`;
  }
  for (let p = 0; p < n; p++) {
    let total = 0;
    for (let v = 1; v <= 4; v++) {
      let h = 0;
      for (let c = 0; c < 4; c++) h += s.supply[p * 16 + ((c << 2) | (v - 1))];
      if (h !== s.held[p * 4 + v - 1]) return `seat ${p} holds ${h} pieces of ${v}, counted ${s.held[p * 4 + v - 1]}`;
      total += h;
    }
    if (total !== s.total[p]) return `seat ${p} total ${s.total[p]}, holds ${total}`;
    if (s.out[p] !== 0 && total !== 0 && !cfg.toOwners) return `seat ${p} is out with ${total} pieces`;
  }
  for (let q = 0; q < cfg.cells; q++) {
    if (s.top[q] !== topOf(s, q)) return `square ${q}: top ${s.top[q]} but the stack says ${topOf(s, q)}`;
    if (checkLegality) for (let i = s.height[q]; i < s.depth; i++) if (s.stack[q * s.depth + i] !== 0) return `square ${q}: a stale piece above the stack`;
  }
  for (let wd = 0; wd < s.geo.windows * 2; wd++) {
    let misses = 0;
    for (let i = 0; i < 4; i++) if (topOf(s, s.geo.win[(wd >> 1) * 4 + i]) !== (wd & 1 ? 4 - i : i + 1)) misses++;
    if (s.misses[wd] !== misses) return `window-direction ${wd}: ${s.misses[wd]} misses counted, ${misses} on the board`;
  }
  if (cfg.cascade && anyLine(s)) return 'a complete line was left on the board';
  if (s.over) return s.cur === -1 ? '' : 'over, yet a seat to play';
  if (s.out[s.cur] !== 0) return `seat ${s.cur} is out but plays`;
  if (s.total[s.cur] === 0) return `seat ${s.cur} plays with no pieces`;
  const k = scala.legalActions(s, buf);
  const listed = new Set(Array.from(buf.subarray(0, k), (a) => scala.actionCode(a)));
  if (checkLegality) {
    const want = new Set<string>();
    for (let r = 0; r < cfg.size; r++) {
      for (let c = 0; c < cfg.size; c++) {
        for (let v = 1; v <= 4; v++) {
          if (s.held[s.cur * 4 + v - 1] > 0 && referenceLegal(s, r, c, v)) want.add(`${v}${String.fromCharCode(65 + c)}${r + 1}`);
        }
      }
    }
    if (want.size === 0) want.add('-');
    const a = [...listed].sort().join(' ');
    const b = [...want].sort().join(' ');
    if (a !== b) return `legal actions differ from the text's rule\n listed: ${a}\n rule:   ${b}`;
  } else if (listed.has('-') && k !== 1) return 'a pass offered beside placements';
  return '';
}

interface Tally {
  matches: number;
  turns: number;
  lines: number;
  stacked: number;
  passes: number;
  cascades: number;
  doubles: number;
  reasons: Record<string, number>;
}

function play(raw: Record<string, unknown>, players: number, matches: number, legalityEvery: number, seed: string): Tally {
  const opts = resolveOptions(scala.options, raw);
  scala.checkOptions(opts, players);
  const t: Tally = { matches: 0, turns: 0, lines: 0, stacked: 0, passes: 0, cascades: 0, doubles: 0, reasons: {} };
  const metrics: number[] = [];
  let s: ScalaState | undefined;
  for (let m = 0; m < matches; m++) {
    const rng = new Rng(`${seed}/${m}`);
    s = scala.setup(opts, players, rng, s);
    const full = m % legalityEvery === 0;
    for (let step = 0; ; step++) {
      const bad = violation(s, full);
      if (bad) throw new Error(`match ${m} step ${step}: ${bad}\n${scala.view.describe(s)}`);
      if (scala.currentPlayer(s) < 0) break;
      if (step > s.cfg.turnCap) throw new Error(`match ${m} does not end`);
      const k = scala.legalActions(s, buf);
      scala.apply(s, buf[rng.int(k)], rng);
    }
    const r = scala.result(s);
    t.matches++;
    t.turns += r.turns;
    t.reasons[r.endReason] = (t.reasons[r.endReason] ?? 0) + 1;
    if (r.turns > s.cfg.turnCap) throw new Error(`match ${m}: ${r.turns} turns past the cap`);
    if (r.endReason === 'last_player' && r.winners.length !== 1) throw new Error(`match ${m}: ${r.winners.length} winners with one player left`);
    if (r.winners.length === 0 || r.ranks.some((x) => x < 1 || x > players)) throw new Error(`match ${m}: bad ranks ${r.ranks.join(',')}`);
    scala.measures.write(s, metrics);
    t.lines += metrics[0];
    t.stacked += metrics[5];
    t.passes += metrics[6];
    t.cascades += metrics[3];
    t.doubles += metrics[2];
    const seatLines = metrics.slice(14, 14 + players).reduce((a, b) => a + b, 0);
    if (seatLines !== metrics[0]) throw new Error(`match ${m}: lines per seat ${seatLines}, lines ${metrics[0]}`);
  }
  return t;
}

describe('invariants over random matches', () => {
  for (const players of [2, 3, 4]) {
    it(`${players} players, default rules: pieces conserved, stacks consistent, only tops count, legality as the text says, every match ends`, () => {
      const t = play({}, players, 1500, 10, `inv/${players}`);
      expect(t.matches).toBe(1500);
      // The matches exercise the rules: lines, stacks and uncovered lines all happen.
      expect(t.lines).toBeGreaterThan(500);
      expect(t.stacked).toBeGreaterThan(5000);
      expect(t.reasons.last_player).toBe(1500);
    }, 120_000);
  }

  const VARIANTS: Array<[string, Record<string, unknown>]> = [
    ['diagonal neighbours and lines', { diagonalNeighbours: true, diagonalLines: true }],
    ['placement anywhere, stacking on the covered piece too', { emptyPlacement: 'anywhere', stacking: 'neighbours_or_covered' }],
    ['whole stacks captured, back to their owners', { capture: 'stack', capturedTo: 'owners' }],
    ['no cascade, an extra turn per line', { cascade: false, extraTurn: 'per_line' }],
    ['no stacking, no extra turn', { stacking: 'off', extraTurn: 'none' }],
    ['timed: 40 turns', { turnCap: 40 }],
    ['small board, 2 of each number', { size: 4, piecesPerNumber: 2 }],
  ];
  for (const [label, raw] of VARIANTS) {
    it(`variant: ${label}`, () => {
      for (const players of [2, 3, 4]) {
        const t = play(raw, players, 300, 5, `inv/${label}/${players}`);
        expect(t.matches).toBe(300);
        if (raw.turnCap === 40) expect(t.reasons.turn_cap).toBeGreaterThan(250);
      }
    }, 120_000);
  }

  it('uncovered lines (cascade), two lines at once and passes all occur in random play', () => {
    const t = play({}, 4, 800, 1000, 'inv/rare');
    expect(t.cascades).toBeGreaterThan(0);
    expect(t.doubles).toBeGreaterThan(0);
    const small = play({ size: 4, piecesPerNumber: 4 }, 2, 800, 1000, 'inv/rare-small');
    expect(small.passes).toBeGreaterThan(0);
  }, 120_000);
});

describe('the contract', () => {
  const opts = resolveOptions(scala.options, {});

  it('events never change the match, and every action writes at least one event with text', () => {
    for (let m = 0; m < 200; m++) {
      const players = 2 + (m % 3);
      const a = scala.setup(opts, players, new Rng(`ev/${m}`));
      const events: GameEvent[] = [];
      const b = scala.setup(opts, players, new Rng(`ev/${m}`), undefined, events);
      expect(events.filter((e) => e.kind === 'first_player')).toHaveLength(1);
      const ra = new Rng(`evp/${m}`);
      const rb = new Rng(`evp/${m}`);
      while (scala.currentPlayer(a) >= 0) {
        const k = scala.legalActions(a, buf);
        const act = buf[ra.int(k)];
        scala.legalActions(b, buf);
        rb.int(k);
        const before = events.length;
        scala.apply(a, act, ra);
        scala.apply(b, act, rb, events);
        expect(events.length).toBeGreaterThan(before);
      }
      expect(scala.view.describe(b)).toBe(scala.view.describe(a));
      expect(Array.from(b.stats)).toEqual(Array.from(a.stats));
      expect(events.every((e) => e.text.length > 0 && !e.secret)).toBe(true);
      expect(events[events.length - 1].kind).toBe('match_end');
      const lines = events.filter((e) => e.kind === 'capture').length;
      expect(lines).toBeLessThanOrEqual(a.stats[0]);
    }
  });

  it('clone is independent; a reused state gives the same match as a fresh one', () => {
    const s = scala.setup(opts, 3, new Rng('clone'));
    const rng = new Rng('clone/p');
    for (let i = 0; i < 30; i++) scala.apply(s, buf[rng.int(scala.legalActions(s, buf))], rng);
    const c = scala.clone(s);
    const before = scala.view.describe(s);
    for (let i = 0; i < 20 && scala.currentPlayer(c) >= 0; i++) scala.apply(c, buf[rng.int(scala.legalActions(c, buf))], rng);
    expect(scala.view.describe(s)).toBe(before);
    const fresh = scala.setup(opts, 3, new Rng('reuse'));
    const reused = scala.setup(opts, 3, new Rng('reuse'), c);
    expect(reused).toBe(c);
    expect(scala.view.describe(reused)).toBe(scala.view.describe(fresh));
    expect(Array.from(reused.stack)).toEqual(Array.from(fresh.stack));
  });

  it('perfect information: the observation rebuilds the state exactly, and is the same for every seat but the seat field', () => {
    const s = scala.setup(opts, 4, new Rng('obs'));
    const rng = new Rng('obs/p');
    for (let i = 0; i < 60 && scala.currentPlayer(s) >= 0; i++) {
      scala.apply(s, buf[rng.int(scala.legalActions(s, buf))], rng);
      const o = scala.observe(s, 2);
      const d = scala.search.determinize!(o, 2, rng);
      expect(d).toEqual(s);
      expect({ ...scala.observe(s, 0), player: 2 }).toEqual(o);
    }
  });
});

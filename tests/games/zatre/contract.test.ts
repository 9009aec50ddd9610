import { describe, expect, it } from 'vitest';
import { greedy } from '../../../bots/greedy.js';
import { random } from '../../../bots/random.js';
import type { GameEvent } from '../../../src/engine/game.js';
import { playMatch } from '../../../src/engine/match.js';
import { resolveOptions } from '../../../src/engine/options.js';
import { Rng } from '../../../src/engine/rng.js';
import { positionState } from '../../../src/games/zatre/fixtures.js';
import { ZATRE_METRICS } from '../../../src/games/zatre/metrics.js';
import { zatre } from '../../../src/games/zatre/index.js';
import { END, type ZatreState } from '../../../src/games/zatre/state.js';
import { actionCode, parseActionCode } from '../../../src/games/zatre/text.js';

const opts = resolveOptions(zatre.options, {});
const buf = new Int32Array(zatre.maxActions);

/** Plays a random match, returning the action codes and (optionally) the events. */
function randomMatch(seed: string, players: number, events?: GameEvent[], reuse?: ZatreState) {
  const rng = new Rng(`${seed}/game`);
  const choose = new Rng(`${seed}/choose`);
  const s = zatre.setup(opts, players, rng, reuse, events);
  const codes: string[] = [];
  while (zatre.currentPlayer(s) >= 0) {
    const k = zatre.legalActions(s, buf);
    const a = buf[choose.int(k)];
    codes.push(actionCode(a));
    zatre.apply(s, a, rng, events);
  }
  return { s, codes };
}

describe('Zatre: options', () => {
  it('declares every option with a default that resolves, and rejects bad combinations naming the field', () => {
    for (let n = 2; n <= 6; n++) expect(() => zatre.checkOptions(opts, n)).not.toThrow();
    expect(() => zatre.checkOptions(resolveOptions(zatre.options, { pairs: true }), 5)).toThrow(/^pairs:/);
    expect(() => zatre.checkOptions(resolveOptions(zatre.options, { firstPlayer: 4 }), 3)).toThrow(/^firstPlayer:/);
    expect(() => zatre.checkOptions(resolveOptions(zatre.options, { tiles: [1, 0, 0, 0, 0, 1] }), 2)).toThrow(/^tiles:/);
    expect(() => resolveOptions(zatre.options, { lightSquares: 'some' })).toThrow(/lightSquares/);
    expect(() => resolveOptions(zatre.options, { points: [1, 2] })).toThrow(/points/);
  });

  it('a fixed first player opens without the draw for it', () => {
    const s = zatre.setup(resolveOptions(zatre.options, { firstPlayer: 2 }), 4, new Rng('fp'));
    expect(s.firstPlayer).toBe(2);
    expect(zatre.currentPlayer(s)).toBe(2);
    expect(s.handLen[2]).toBe(3);
  });
});

describe('Zatre: determinism, events, reuse, clone', () => {
  it('same seed, same match; events never change what happens; a reused state plays the same match', () => {
    for (let m = 0; m < 20; m++) {
      const a = randomMatch(`det/${m}`, 2 + (m % 5));
      const events: GameEvent[] = [];
      const b = randomMatch(`det/${m}`, 2 + (m % 5), events, a.s);
      expect(b.codes).toEqual(a.codes);
      expect(events.filter((e) => e.kind === 'place').length).toBe(b.s.stats[1]);
      expect(events[events.length - 1].kind).toBe('match_end');
    }
  });

  it('draws are secret to the drawer (and a consulting partner); placements and scores are public', () => {
    const events: GameEvent[] = [];
    const s = zatre.setup(resolveOptions(zatre.options, { pairs: true }), 4, new Rng('ev'), undefined, events);
    const choose = new Rng('ev/c');
    while (zatre.currentPlayer(s) >= 0 && events.length < 200) {
      const k = zatre.legalActions(s, buf);
      zatre.apply(s, buf[choose.int(k)], new Rng('ev/g'), events);
    }
    const draws = events.filter((e) => e.kind === 'draw');
    expect(draws.length).toBeGreaterThan(5);
    for (const d of draws) {
      expect(d.text).not.toMatch(/draws \d and/);
      expect(d.secret!.seats.sort()).toEqual([d.seat, d.seat ^ 1].sort());
      expect(d.secret!.text).toMatch(/draws the tiles? \d/);
    }
    expect(events.some((e) => e.kind === 'score' && /writes/.test(e.text))).toBe(true);
  });

  it('an unfinished match reports the sheets as they stand: minus points come off at the end only', () => {
    const s = positionState({ players: 2, board: '6H8', hands: ['4 5', '3'] });
    zatre.apply(s, parseActionCode('4H9'), new Rng('u'));
    zatre.apply(s, END, new Rng('u'));
    expect(zatre.currentPlayer(s)).toBe(1);
    expect(zatre.result(s).scores[0]).toBe(1); // the 10, with the 5 still held
  });

  it('a clone is independent', () => {
    const s = positionState({ players: 2, board: '6H8', hands: ['4 1', ''] });
    const c = zatre.clone(s);
    zatre.apply(c, parseActionCode('4H9'), new Rng('x'));
    expect(s.board[parseActionCode('4H9') - 1 - 3 * 289]).toBe(0);
    expect(s.handLen[0]).toBe(2);
  });
});

describe('Zatre: texts and views', () => {
  it('every legal action has a code that parses back and a readable text; describe shows the board and sheets', () => {
    const { s } = randomMatch('text', 3);
    expect(zatre.view.describe(s)).toMatch(/A B C D E F G H I J K L M N O/);
    const t = positionState({ players: 2, board: '6H8 4H7', hands: ['6 2', ''] });
    const k = zatre.legalActions(t, buf);
    for (const a of buf.subarray(0, k)) {
      expect(parseActionCode(actionCode(a))).toBe(a);
      expect(zatre.view.actionText(t, a)).toMatch(/^seat 0 /);
    }
    expect(Array.from(buf.subarray(0, k))).toContain(END);
  });

  it("tableView: the board as a 15x15 grid (holes null, light squares 'double', the red centre 'start'), racks, the bag, the sheets", () => {
    const s = positionState({ players: 2, board: '6H8 5I8', hands: ['4 1', '3'] });
    const v = zatre.view.tableView(s);
    const grid = v.zones.find((z) => z.kind === 'grid')!;
    if (grid.kind !== 'grid') throw new Error('no grid');
    expect(grid.cells.length).toBe(225);
    expect(grid.cells.filter((c) => c !== null).length).toBe(193);
    expect(grid.marks!.filter((m) => m === 'double').length).toBe(32);
    expect(grid.marks![7 * 15 + 7]).toBe('start');
    expect(grid.cells[7 * 15 + 7]).toBe('6');
    expect(grid.cells[0]).toBeNull();
    const racks = v.zones.filter((z) => z.kind === 'cards');
    expect(racks.map((r) => (r.kind === 'cards' ? r.cards.join(' ') : ''))).toEqual(['1 4', '3']);
    expect(v.header.some((h) => h.startsWith('sheet 0'))).toBe(true);
  });

  it("observedView shows the seat's own rack and only the size of the others", () => {
    const s = positionState({ players: 3, board: '6H8', hands: ['4 1', '3', '2 2'] });
    const v = zatre.view.observedView(zatre.observe(s, 1), 1);
    const racks = v.zones.filter((z) => z.kind === 'cards');
    expect(racks.map((r) => (r.kind === 'cards' ? [r.cards.join(' '), r.hidden ?? 0] : []))).toEqual([
      ['', 2],
      ['3', 0],
      ['', 2],
    ]);
    expect(JSON.stringify(v)).not.toMatch(/"4"|"1"/);
  });
});

describe('Zatre: metrics', () => {
  it('names and values line up; the points by kind add up to the sheets', () => {
    const { s } = randomMatch('metrics', 4);
    const out: number[] = [];
    zatre.measures.write(s, out);
    expect(zatre.measures.names).toEqual(ZATRE_METRICS);
    expect(out.length).toBe(ZATRE_METRICS.length);
    const m = Object.fromEntries(ZATRE_METRICS.map((n, i) => [n, out[i]]));
    let sheets = 0;
    for (let sh = 0; sh < s.sheets; sh++) sheets += s.sheetTotal[sh];
    expect(m.points_10 + m.points_11 + m.points_12 + m.bonus_points + m.doubling_points).toBe(sheets);
    expect(m.tiles_placed + m.held_tiles + m.bag_left).toBe(121);
    expect(m.board_fill).toBeCloseTo(m.tiles_placed / 193, 10);
    expect(m.winning_total).toBe(Math.max(...zatre.result(s).scores));
  });
});

describe('Zatre: heuristic (greedy, from the observation)', () => {
  it('takes the 12 with a cross over a 10', () => {
    // 6 on G7 (light): 6 + 6 = 12 down with G8; 4 on H9: 6 + 4 = 10.
    const s = positionState({ players: 2, board: '6H8 6G8', hands: ['6 4', ''] });
    const obs = zatre.observe(s, 0);
    expect(zatre.search.heuristic!(obs, parseActionCode('6G7'))).toBeGreaterThan(zatre.search.heuristic!(obs, parseActionCode('4H9')));
  });
  it('prefers scoring to keeping tiles, and avoids leaving a 9 for the next player', () => {
    const s = positionState({ players: 2, board: '6H8', hands: ['4 3', ''] });
    const obs = zatre.observe(s, 0);
    expect(zatre.search.heuristic!(obs, parseActionCode('4H9'))).toBeGreaterThan(zatre.search.heuristic!(obs, END));
    // 3 next to the 6 leaves a 9 that a 1, 2 or 3 turns into points; far from it the 3 opens nothing.
    const t = positionState({ players: 2, board: '1H8', hands: ['3', ''] });
    const o2 = zatre.observe(t, 0);
    const u = positionState({ players: 2, board: '6H8', hands: ['3', ''] });
    expect(zatre.search.heuristic!(o2, parseActionCode('3H9'))).toBeGreaterThan(zatre.search.heuristic!(zatre.observe(u, 0), parseActionCode('3H9')));
  });

  it('greedy beats random clearly over 200 two-player matches', () => {
    let greedyWins = 0;
    const seats = (g: number) =>
      [0, 1].map((i) => ({ factory: i === g ? greedy : random, params: resolveOptions((i === g ? greedy : random).params, {}, 'bot parameter') }));
    for (let m = 0; m < 200; m++) {
      const g = m % 2;
      const r = playMatch(zatre, opts, seats(g), `gr/${m}`).result;
      if (r.winners.length === 1 && r.winners[0] === g) greedyWins++;
    }
    expect(greedyWins).toBeGreaterThan(150);
  }, 60_000);
});

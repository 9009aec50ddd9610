import { describe, expect, it } from 'vitest';
import { greedy } from '../../../bots/greedy.js';
import { memory } from '../../../bots/memory.js';
import { random } from '../../../bots/random.js';
import type { GameEvent } from '../../../src/engine/game.js';
import { playMatch } from '../../../src/engine/match.js';
import { resolveOptions } from '../../../src/engine/options.js';
import { Rng } from '../../../src/engine/rng.js';
import { symbotrio } from '../../../src/games/symbotrio/index.js';
import { Phase, type SymbotrioState } from '../../../src/games/symbotrio/state.js';

/*
 * Thousands of matches with every invariant checked after every action: the squares are a permutation
 * of the stickers, every card is in exactly one place, what everyone saw is what lies there, no count
 * goes negative, and every match ends. Players mix the greedy heuristic with uniform choices (pure
 * random play lasts some 17,000 turns a match; a few such matches are played to the end as well).
 */

function violation(s: SymbotrioState): string {
  const cfg = s.cfg;
  const q = cfg.squares;
  const stickers = new Uint8Array(q);
  for (let i = 0; i < q; i++) {
    const x = s.at[i];
    if (x < 0 || x >= q || stickers[x]++) return `squares are not a permutation: ${Array.from(s.at).join(',')}`;
    if (s.seen[i] !== -1 && s.seen[i] !== x) return `position ${i}: seen ${s.seen[i]} but holds ${x}`;
    if ((s.seen[i] === -1) !== (s.seenTurn[i] === -1)) return `position ${i}: seen without a turn`;
  }
  const where = new Uint8Array(cfg.cards);
  const put = (c: number, place: string): string => {
    if (c < 0 || c >= cfg.cards) return `bad card ${c} in ${place}`;
    if (where[c]++) return `card ${c} twice (again in ${place})`;
    return '';
  };
  let e: string;
  for (let i = 0; i < s.deckLen; i++) if ((e = put(s.deck[i], 'deck'))) return e;
  for (let p = 0; p < s.n; p++) {
    if (s.pileLen[p] < 0) return 'negative pile';
    if (s.front[p] >= 0 && (e = put(s.front[p], `front ${p}`))) return e;
    if (s.front[p] < 0 && s.fresh[p]) return 'a fresh card that is not there';
    for (let i = 0; i < s.pileLen[p]; i++) {
      if ((e = put(s.pile[p * cfg.cards + i], `pile ${p}`))) return e;
      if (i > 0 && s.pile[p * cfg.cards + i - 1] >= s.pile[p * cfg.cards + i]) return `pile ${p} out of order`;
    }
  }
  for (let i = 0; i < s.voidLen; i++) if ((e = put(s.voided[i], 'voided'))) return e;
  for (let i = 0; i < s.cheatLen; i++) if ((e = put(s.cheaters[i], 'cheaters'))) return e;
  if (s.stolen >= 0 && (e = put(s.stolen, 'stolen'))) return e;
  for (let c = 0; c < cfg.cards; c++) if (!where[c]) return `card ${c} is nowhere`;
  if (s.nFlipped < 0 || s.nFlipped > 2) return `nFlipped ${s.nFlipped} at a decision`;
  if (s.nFlipped === 2 && s.flipped[0] === s.flipped[1]) return 'a square flipped twice';
  if (s.phase !== Phase.OVER) {
    if (s.cur < 0 || s.cur >= s.n) return 'no current player';
    if (s.phase === Phase.FLIP && s.target() < 0) return 'flipping for no card';
    if (s.phase === Phase.FLIP && cfg.gemOf[s.target()] < 0) return 'flipping for a card with no gem';
  } else if (s.cheatLen || s.stolen >= 0) return 'over with a cheater in play';
  for (let i = 0; i < s.stats.length; i++) if (s.stats[i] < 0) return 'negative counter';
  return '';
}

function playMixed(given: Record<string, unknown>, players: number, seed: string, greedyShare: number) {
  const opts = resolveOptions(symbotrio.options, given);
  symbotrio.checkOptions(opts, players);
  const rng = new Rng(`${seed}/game`);
  const choose = new Rng(`${seed}/choose`);
  const s = symbotrio.setup(opts, players, rng);
  const buf = new Int32Array(symbotrio.maxActions);
  let decisions = 0;
  for (;;) {
    const v = violation(s);
    if (v) throw new Error(`${seed} after ${decisions} decisions: ${v}`);
    const p = symbotrio.currentPlayer(s);
    if (p < 0) break;
    const k = symbotrio.legalActions(s, buf);
    if (k === 0) throw new Error(`${seed}: no legal action`);
    let a = buf[choose.int(k)];
    if (choose.float() < greedyShare) {
      const obs = symbotrio.observe(s, p);
      let best = -Infinity;
      for (let i = 0; i < k; i++) {
        const h = symbotrio.search.heuristic!(obs, buf[i]);
        if (h > best) {
          best = h;
          a = buf[i];
        }
      }
    }
    symbotrio.apply(s, a, rng);
    decisions++;
  }
  return s;
}

const VARIANTS: Array<[string, Record<string, unknown>]> = [
  ['default', {}],
  ['easy', { easy: true }],
  ['ring, ccw, code every attempt, prison next', { keypad: 'ring', rotation: 'counterclockwise', codeRotates: 'every_attempt', prisonSkip: 'next' }],
  ['deck_empty end, no minimum flip', { end: 'deck_empty', minFlips: 0, maxTurns: 5000 }],
  ['3 x 4 keypad, 2 gem copies, many cheaters', { keypadRows: 3, gemCopies: 2, cheaterCards: 12, firstPlayer: -1 }],
  ['small keypad: 2 colours, 2 sizes, 4 cuts', { colours: 2, sizes: 2, cuts: 4, keypadRows: 2, codeCards: 3, prisonCards: 2 }],
];

describe('Symbotrio invariants over thousands of matches', () => {
  it('every variant, 2 to 6 players, mixed greedy and random play: invariants hold after every action, and every match ends', () => {
    let matches = 0;
    const ends: Record<string, number> = {};
    for (const [label, given] of VARIANTS) {
      for (let players = 2; players <= 6; players++) {
        for (let m = 0; m < 70; m++) {
          const s = playMixed(given, players, `inv/${label}/${players}/${m}`, 0.3 + 0.6 * ((m % 3) / 2));
          const r = symbotrio.result(s);
          ends[r.endReason] = (ends[r.endReason] ?? 0) + 1;
          // Cards: every card won, except in a deck_empty end (cards left in front) and set-aside cheaters.
          const won = r.scores.reduce((a, b) => a + b, 0);
          if (r.endReason === 'all_won') expect(won + s.voidLen).toBe(s.cfg.cards);
          expect(Math.max(...r.scores)).toBe(r.scores[r.winners[0]]);
          matches++;
        }
      }
    }
    expect(matches).toBeGreaterThanOrEqual(2000);
    expect(ends.all_won).toBeGreaterThan(1500);
    expect(ends.deck_empty).toBeGreaterThan(100);
    expect(ends.turn_cap ?? 0).toBe(0);
  }, 300_000);

  it('purely random play ends too (every card won), with the invariants checked', () => {
    for (let m = 0; m < 3; m++) {
      const s = playMixed({}, 2 + m, `random/${m}`, 0);
      expect(symbotrio.result(s).endReason).toBe('all_won');
      expect(s.turns).toBeGreaterThan(1000);
    }
  }, 120_000);

  it('events: the same match with and without an events array; the events tell its story', () => {
    const opts = resolveOptions(symbotrio.options, {});
    for (let m = 0; m < 20; m++) {
      const a = symbotrio.setup(opts, 3, new Rng(`ev/${m}`));
      const events: GameEvent[] = [];
      const b = symbotrio.setup(opts, 3, new Rng(`ev/${m}`), undefined, events);
      const rngA = new Rng(`ev/${m}/apply`);
      const rngB = new Rng(`ev/${m}/apply`);
      const choose = new Rng(`ev/${m}/choose`);
      const buf = new Int32Array(symbotrio.maxActions);
      let flips = 0;
      while (symbotrio.currentPlayer(a) >= 0) {
        const k = symbotrio.legalActions(a, buf);
        const obs = symbotrio.observe(a, a.cur);
        let best = buf[0];
        for (let i = 1; i < k; i++) if (symbotrio.search.heuristic!(obs, buf[i]) > symbotrio.search.heuristic!(obs, best) && choose.float() < 0.9) best = buf[i];
        symbotrio.apply(a, best, rngA);
        symbotrio.apply(b, best, rngB, events);
      }
      expect(symbotrio.view.describe(b)).toBe(symbotrio.view.describe(a));
      for (const e of events) {
        expect(typeof e.text).toBe('string');
        expect(e.secret).toBeUndefined(); // nothing in Symbotrio is shown to some seats only
        if (e.kind === 'flip') flips++;
      }
      expect(flips).toBe(a.stats[0]);
      expect(events.filter((e) => e.kind === 'deal')).toHaveLength(3);
      expect(events.filter((e) => e.kind === 'rotate')).toHaveLength(a.rotations);
      expect(events.filter((e) => e.kind === 'win').length).toBe(a.stats[3]);
      expect(events.at(-1)?.kind).toBe('match_end');
    }
  });

  it('through the engine (playMatch, state reuse): random, greedy and memory bots finish; same seed, same match', () => {
    const opts = resolveOptions(symbotrio.options, {});
    const seats = [
      { factory: greedy, params: resolveOptions(greedy.params, {}) },
      { factory: memory, params: resolveOptions(memory.params, { recall: 0.8, confusion: 0.5 }) },
      { factory: random, params: {} },
    ];
    const spare: { state?: unknown } = {};
    for (let m = 0; m < 30; m++) {
      const a = playMatch(symbotrio, opts, seats, `engine/${m}`, { spare });
      const b = playMatch(symbotrio, opts, seats, `engine/${m}`);
      expect(a.result).toEqual(b.result);
      expect(a.metrics).toEqual(b.metrics);
      expect(a.fault).toBeUndefined();
      expect(a.result.endReason).toBe('all_won');
      // The metrics agree with the result and with each other.
      const met = Object.fromEntries(symbotrio.measures.names.map((k, i) => [k, a.metrics[i]]));
      const total = a.result.scores.reduce((x, y) => x + y, 0);
      expect(met.cards_won_per_player).toBeCloseTo(total / 3, 9);
      expect(met.winner_cards).toBe(Math.max(...a.result.scores));
      expect(total + met.cards_unwon).toBe(70);
      expect(met.wasted_flips).toBeLessThanOrEqual(met.flips);
      expect(met.wins).toBeLessThanOrEqual(met.attempts);
      expect(met.flips).toBeGreaterThanOrEqual(met.attempts);
      expect(met.cheater_wins).toBeLessThanOrEqual(met.cheater_uses);
      // With the code card acting once: one rotation per code card turned up or drawn by a cheater.
      expect(met.rotations).toBeGreaterThanOrEqual(10);
      expect(met.prison_turns).toBe(4);
    }
  }, 120_000);
});

import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../../src/engine/game.js';
import { resolveOptions } from '../../../src/engine/options.js';
import { Rng } from '../../../src/engine/rng.js';
import { Kind, configOf, gemName } from '../../../src/games/symbotrio/config.js';
import { symbotrio } from '../../../src/games/symbotrio/index.js';
import { beginTurn } from '../../../src/games/symbotrio/rules.js';
import { Act, Phase, type SymbotrioState } from '../../../src/games/symbotrio/state.js';

/*
 * Every rule of shared/rules/symbotrio.txt as an explicit position. Sticker ids with the default options:
 * colours 0 red, 1 blue, 2 green, 3 yellow; sizes 4 small, 5 large; cuts 6 triangle, 7 rhombus,
 * 8 square, 9 rectangle, 10 circle, 11 semicircle. Card ids: gems 0..47 (gem = (colour*2 + size)*6 + cut),
 * prison 48..51, code 52..61, easy loot 62..65, cheater 66..69.
 */
const BLUE = 1, LARGE = 5, SMALL = 4, CIRCLE = 10, TRIANGLE = 6;
const gem = (colour: number, size: number, cut: number) => (colour * 2 + size) * 6 + cut;
const LARGE_BLUE_CIRCLE = gem(BLUE, 1, 4);
const PRISON = 48, CODE = 52, EASY = 62, CHEATER = 66;

interface Layout {
  /** Sticker at each position (default: position i holds sticker i). */
  at?: number[];
  /** Deck, top card last. */
  deck?: number[];
  front: number[];
  fresh?: number[];
  piles?: number[][];
  start?: number;
}

/** A match set up, then rearranged to the layout, and seat `start` begun. */
function table(layout: Layout, given: Record<string, unknown> = {}, players = layout.front.length, events?: GameEvent[]) {
  const opts = resolveOptions(symbotrio.options, given);
  const rng = new Rng('rules');
  const s = symbotrio.setup(opts, players, rng);
  s.clear();
  const q = s.cfg.squares;
  s.at.set(layout.at ?? Array.from({ length: q }, (_, i) => i));
  const deck = layout.deck ?? [];
  s.deck.set(deck);
  s.deckLen = deck.length;
  s.front.set(layout.front);
  s.fresh.set(layout.fresh ?? layout.front.map(() => 0));
  layout.piles?.forEach((pile, p) => pile.forEach((c) => s.win(p, c)));
  beginTurn(s, layout.start ?? 0, rng, events);
  return { s, rng };
}

function play(s: SymbotrioState, rng: Rng, actions: number[], events?: GameEvent[]) {
  for (const a of actions) {
    const buf = new Int32Array(symbotrio.maxActions);
    const k = symbotrio.legalActions(s, buf);
    expect(Array.from(buf.subarray(0, k)), `action ${a} legal`).toContain(a);
    symbotrio.apply(s, a, rng, events);
  }
}

const legal = (s: SymbotrioState) => {
  const buf = new Int32Array(symbotrio.maxActions);
  return Array.from(buf.subarray(0, symbotrio.legalActions(s, buf)));
};
const pile = (s: SymbotrioState, p: number) => Array.from(s.pile.subarray(p * s.cfg.cards, p * s.cfg.cards + s.pileLen[p])).sort((a, b) => a - b);

describe('Symbotrio: Preparativi (set-up)', () => {
  it('12 squares (4 colours, 2 sizes, 6 cuts), face down in random order; 70 cards; one face-up card each; the oldest (seat 0) starts', () => {
    const opts = resolveOptions(symbotrio.options, {});
    const cfg = configOf(opts);
    expect(cfg.squares).toBe(12);
    expect(cfg.gems).toBe(48);
    const kinds = [0, 0, 0, 0, 0];
    for (let c = 0; c < cfg.cards; c++) kinds[cfg.kindOf[c]]++;
    expect(kinds).toEqual([48, 4, 10, 4, 4]);
    // 48 distinct gems, one card each.
    expect(new Set(Array.from(cfg.gemOf.subarray(0, 48))).size).toBe(48);
    const layouts = new Set<string>();
    for (let m = 0; m < 20; m++) {
      const s = symbotrio.setup(opts, 3, new Rng(`setup/${m}`));
      expect(Array.from(s.at).sort((a, b) => a - b)).toEqual([...Array(12).keys()]);
      expect(Array.from(s.seen).every((x) => x === -1)).toBe(true);
      layouts.add(Array.from(s.at).join(','));
      expect(s.deckLen).toBe(70 - 3);
      for (let p = 0; p < 3; p++) expect(s.front[p]).toBeGreaterThanOrEqual(0);
    }
    expect(layouts.size).toBe(20);
  });

  it('the easier variant sets the 10 code cards aside', () => {
    const cfg = configOf(resolveOptions(symbotrio.options, { easy: true }));
    expect(cfg.cards).toBe(60);
    for (let c = 0; c < cfg.cards; c++) expect(cfg.kindOf[c]).not.toBe(Kind.CODE);
  });

  it('the gem of the example: "il grande cerchio blu" is long arrow, blue, circle', () => {
    const cfg = configOf(resolveOptions(symbotrio.options, {}));
    expect(gemName(cfg, LARGE_BLUE_CIRCLE)).toBe('large blue circle');
    expect(Array.from(cfg.gemStickers.subarray(3 * LARGE_BLUE_CIRCLE, 3 * LARGE_BLUE_CIRCLE + 3))).toEqual([BLUE, LARGE, CIRCLE]);
  });
});

describe('Symbotrio: Svolgimento (a turn)', () => {
  it('worked example: flipping the long arrow, the blue splash and the circle wins the large blue circle; it goes face down beside the player', () => {
    const { s, rng } = table({ front: [LARGE_BLUE_CIRCLE, 0], deck: [1, 2] });
    expect(s.phase).toBe(Phase.FLIP);
    expect(s.cur).toBe(0);
    play(s, rng, [LARGE, BLUE, CIRCLE]);
    expect(pile(s, 0)).toEqual([LARGE_BLUE_CIRCLE]);
    expect(s.front[0]).toBe(-1);
    // The next player's turn; seat 0 turns up a new card at its next turn.
    expect(s.cur).toBe(1);
    play(s, rng, [0, 1, 2]);
    expect(s.cur).toBe(0);
    expect(s.front[0]).toBe(2);
  });

  it('the order of the three flips does not matter; any other square loses', () => {
    const a = table({ front: [LARGE_BLUE_CIRCLE, 0] });
    play(a.s, a.rng, [CIRCLE, BLUE, LARGE]);
    expect(a.s.pileLen[0]).toBe(1);
    const b = table({ front: [LARGE_BLUE_CIRCLE, 0] });
    play(b.s, b.rng, [CIRCLE, BLUE, SMALL]);
    expect(b.s.pileLen[0]).toBe(0);
    // A miss: the card stays in front of the player, to be tried again next turn.
    expect(b.s.front[0]).toBe(LARGE_BLUE_CIRCLE);
    expect(b.s.cur).toBe(1);
  });

  it('at most three squares, one at a time, none twice; stopping early never wins', () => {
    const { s, rng } = table({ front: [LARGE_BLUE_CIRCLE, 0] });
    expect(legal(s)).toEqual([...Array(12).keys()]); // minFlips 1: no stop before the first flip
    play(s, rng, [LARGE]);
    expect(legal(s)).not.toContain(LARGE);
    expect(legal(s)).toContain(Act.STOP);
    play(s, rng, [BLUE, Act.STOP]);
    expect(s.pileLen[0]).toBe(0);
    expect(s.cur).toBe(1);
    const t = table({ front: [LARGE_BLUE_CIRCLE, 0] }, { minFlips: 0 });
    expect(legal(t.s)).toContain(Act.STOP);
  });

  it('flips are seen by everyone and remembered where they lie; the squares go face down again', () => {
    const perm = [3, 7, 11, 0, 4, 8, 1, 5, 9, 2, 6, 10];
    const { s, rng } = table({ at: perm, front: [LARGE_BLUE_CIRCLE, 0] });
    play(s, rng, [0, 5, Act.STOP]);
    expect(s.nFlipped).toBe(0);
    for (let q = 0; q < 2; q++) {
      const obs = symbotrio.observe(s, q);
      expect(obs.known[0]).toBe(3);
      expect(obs.known[5]).toBe(8);
      expect(obs.known.filter((x) => x >= 0)).toHaveLength(2);
      expect(obs.flipped).toEqual([]);
    }
  });

  it('play goes clockwise: seat p + 1 after seat p', () => {
    const { s, rng } = table({ front: [0, 1, 2] });
    const order: number[] = [];
    for (let i = 0; i < 6; i++) {
      order.push(s.cur);
      play(s, rng, [6, 7, 8]);
    }
    expect(order).toEqual([0, 1, 2, 0, 1, 2]);
  });
});

describe('Symbotrio: special cards', () => {
  it('prison: the turn it is turned up is lost; the gem on it is tried at the next turn', () => {
    const events: GameEvent[] = [];
    const { s, rng } = table({ front: [PRISON, 0], fresh: [1, 0] }, {}, 2, events);
    expect(s.cur).toBe(1);
    expect(s.stats[4]).toBe(1);
    expect(events.some((e) => e.kind === 'prison' && e.seat === 0)).toBe(true);
    play(s, rng, [6, 7, 8]);
    expect(s.cur).toBe(0);
    expect(s.front[0]).toBe(PRISON);
    const g = s.cfg.gemOf[PRISON] * 3;
    play(s, rng, Array.from(s.cfg.gemStickers.subarray(g, g + 3)));
    expect(pile(s, 0)).toEqual([PRISON]);
  });

  it("prison, option prisonSkip 'next': the gem is tried at once and the next turn is lost", () => {
    const { s, rng } = table({ front: [PRISON, 0], fresh: [1, 0] }, { prisonSkip: 'next' });
    expect(s.cur).toBe(0);
    play(s, rng, [6, 7, 8]);
    expect(s.cur).toBe(1);
    play(s, rng, [6, 7, 8]);
    // Seat 0 sits out: seat 1 again.
    expect(s.cur).toBe(1);
    expect(s.skip[0]).toBe(0);
  });

  it('code card: the whole board turns 90 degrees clockwise before the code is typed, and stays turned', () => {
    const { s, rng } = table({ front: [CODE, 0], fresh: [1, 0] });
    // 4 rows x 3 columns, position r*3+c: after a clockwise turn, 3 rows x 4, (r, c) -> (c, 3 - r).
    expect(s.rotations).toBe(1);
    const obs = symbotrio.observe(s, 1);
    expect([obs.rows, obs.cols]).toEqual([3, 4]);
    // The sticker that was at the top-left corner (position 0) is now at the top-right (row 0, col 3).
    expect(s.at[3]).toBe(0);
    // The bottom-left corner (row 3, col 0: sticker 9) goes to the top-left.
    expect(s.at[0]).toBe(9);
    // The gem on the code card is then tried as usual.
    const g = s.cfg.gemOf[CODE] * 3;
    const want = Array.from(s.cfg.gemStickers.subarray(g, g + 3)).map((x) => Array.from(s.at).indexOf(x));
    play(s, rng, want);
    expect(pile(s, 0)).toEqual([CODE]);
    // The next player finds the board as it was left.
    expect(s.rotations).toBe(1);
    expect(s.at[3]).toBe(0);
  });

  it('a rotation moves what everyone saw with the squares', () => {
    const { s, rng } = table({ front: [0, CODE], fresh: [0, 1], deck: [] });
    play(s, rng, [0, 1, Act.STOP]); // seat 0 shows stickers 0 and 1 at positions 0 and 1
    expect(s.cur).toBe(1);
    const obs = symbotrio.observe(s, 0);
    // Positions 0 (row 0, col 0) and 1 (row 0, col 1) of a 4 x 3 grid: now (0, 3) and (1, 3) of 3 x 4.
    expect(obs.known[3]).toBe(0);
    expect(obs.known[7]).toBe(1);
    expect(obs.known.filter((x) => x >= 0)).toHaveLength(2);
  });

  it('four turns bring the board back; counterclockwise and ring keypads map as documented', () => {
    for (const given of [{}, { rotation: 'counterclockwise' }, { keypad: 'ring' }]) {
      const { s } = table({ front: [0, 1] }, given);
      const start = Array.from(s.at);
      for (let k = 0; k < 4; k++) {
        s.fresh[0] = 1;
        s.front[0] = CODE;
        beginTurn(s, 0, new Rng('x'));
      }
      expect(Array.from(s.at)).toEqual(start);
    }
    const ccw = table({ front: [CODE, 0], fresh: [1, 0] }, { rotation: 'counterclockwise' }).s;
    // Counterclockwise: (r, c) -> (2 - c, r): the top-left sticker 0 goes to the bottom-left of 3 x 4 (row 2, col 0).
    expect(ccw.at[8]).toBe(0);
    const ring = table({ front: [CODE, 0], fresh: [1, 0] }, { keypad: 'ring' }).s;
    // The ring of a 4 x 4 square, numbered clockwise from the top-left corner: a quarter turn is 3 steps.
    expect(ring.at[3]).toBe(0);
    expect(ring.at[0]).toBe(9);
  });

  it("code card, option codeRotates 'every_attempt': the board turns again before each new attempt", () => {
    const { s, rng } = table({ front: [CODE, 0], fresh: [1, 0] }, { codeRotates: 'every_attempt' });
    expect(s.rotations).toBe(1);
    play(s, rng, [0, 1, Act.STOP, 0, 1, Act.STOP]);
    expect(s.rotations).toBe(2);
    const once = table({ front: [CODE, 0], fresh: [1, 0] });
    play(once.s, once.rng, [0, 1, Act.STOP, 0, 1, Act.STOP]);
    expect(once.s.rotations).toBe(1);
  });

  it('easy loot: no code to type, the card is won at once', () => {
    const { s } = table({ front: [EASY, 0], fresh: [1, 0] });
    expect(pile(s, 0)).toEqual([EASY]);
    expect(s.cur).toBe(1);
  });

  it('cheater: the player chooses an opponent who has won a gem, and draws one of their cards at random', () => {
    const { s } = table({ front: [CHEATER, 0, 1], fresh: [1, 0, 0], piles: [[], [5, 6], [EASY]] });
    // Seat 2 has won no gem: only seat 1 may be robbed, so there is no choice to make.
    expect(s.phase).toBe(Phase.FLIP);
    expect(s.victim).toBe(1);
    expect([5, 6]).toContain(s.stolen);
    const t = table({ front: [CHEATER, 0, 1], fresh: [1, 0, 0], piles: [[], [5], [7]] }).s;
    expect(t.phase).toBe(Phase.CHEAT_TARGET);
    expect(legal(t)).toEqual([Act.TARGET + 1, Act.TARGET + 2]);
  });

  it('cheater: finding the drawn gem wins it and the cheater card; missing it gives the cheater card to the victim', () => {
    const win = table({ front: [CHEATER, 0], fresh: [1, 0], piles: [[], [LARGE_BLUE_CIRCLE]] });
    play(win.s, win.rng, [BLUE, LARGE, CIRCLE]);
    expect(pile(win.s, 0)).toEqual([LARGE_BLUE_CIRCLE, CHEATER]);
    expect(pile(win.s, 1)).toEqual([]);
    const miss = table({ front: [CHEATER, 0], fresh: [1, 0], piles: [[], [LARGE_BLUE_CIRCLE]] });
    play(miss.s, miss.rng, [BLUE, LARGE, TRIANGLE]);
    expect(pile(miss.s, 0)).toEqual([]);
    expect(pile(miss.s, 1)).toEqual([LARGE_BLUE_CIRCLE, CHEATER]);
    // Either way the cheater is used up: seat 0 turns up a new card at its next turn.
    expect(miss.s.front[0]).toBe(-1);
  });

  it('cheater draws easy loot: both cards are won at once', () => {
    // The victim's pile: easy loot and one gem; draw until the easy loot comes (the draw is random).
    let seen = 0;
    for (let seed = 0; seed < 20 && seen === 0; seed++) {
      const opts = resolveOptions(symbotrio.options, {});
      const s = symbotrio.setup(opts, 2, new Rng('e'));
      s.clear();
      for (let i = 0; i < 12; i++) s.at[i] = i;
      s.front.set([CHEATER, 0]);
      s.fresh.set([1, 0]);
      s.win(1, EASY);
      s.win(1, 3);
      beginTurn(s, 0, new Rng(`easy/${seed}`));
      if (s.pileLen[0] === 2) {
        seen++;
        expect(pile(s, 0)).toEqual([EASY, CHEATER]);
        expect(pile(s, 1)).toEqual([3]);
        expect(s.cur).toBe(1);
      }
    }
    expect(seen).toBe(1);
  });

  it('cheater draws another cheater: draw again from the same opponent, and both cheaters are at stake', () => {
    let checked = 0;
    for (let seed = 0; seed < 40 && checked < 1; seed++) {
      const opts = resolveOptions(symbotrio.options, {});
      const s = symbotrio.setup(opts, 2, new Rng('c'));
      s.clear();
      for (let i = 0; i < 12; i++) s.at[i] = i;
      s.front.set([CHEATER, 0]);
      s.fresh.set([1, 0]);
      s.win(1, CHEATER + 1);
      s.win(1, LARGE_BLUE_CIRCLE);
      const rng = new Rng(`cc/${seed}`);
      beginTurn(s, 0, rng);
      if (s.cheatLen !== 2) continue;
      checked++;
      expect(s.stolen).toBe(LARGE_BLUE_CIRCLE);
      play(s, rng, [BLUE, LARGE, CIRCLE]);
      expect(pile(s, 0)).toEqual([LARGE_BLUE_CIRCLE, CHEATER, CHEATER + 1]);
      expect(pile(s, 1)).toEqual([]);
    }
    expect(checked).toBe(1);
  });

  it('cheater draws a code card: the board turns first; a prison card counts as a plain gem (no prison)', () => {
    const code = table({ front: [CHEATER, 0], fresh: [1, 0], piles: [[], [CODE]] });
    expect(code.s.stolen).toBe(CODE);
    expect(code.s.rotations).toBe(1);
    const prison = table({ front: [CHEATER, 0], fresh: [1, 0], piles: [[], [PRISON]] });
    expect(prison.s.stolen).toBe(PRISON);
    expect(prison.s.phase).toBe(Phase.FLIP);
    expect(prison.s.cur).toBe(0);
    expect(prison.s.skip[0]).toBe(0);
    expect(prison.s.stats[4]).toBe(0);
  });

  it('cheater with nobody to rob: shuffled back into the deck, and a new card is taken', () => {
    const { s } = table({ front: [CHEATER, 0], fresh: [1, 0], piles: [[], [EASY]], deck: [7, 8, 9] });
    expect(s.deckLen).toBe(3); // 3 cards + the cheater - the new card
    expect(Array.from(s.deck.subarray(0, 3))).toContain(CHEATER);
    expect([7, 8, 9]).toContain(s.front[0]);
    expect(s.phase).toBe(Phase.FLIP);
    expect(s.cur).toBe(0);
    // No other card to take: the cheater is set aside (interpretation 6).
    const none = table({ front: [CHEATER, 0], fresh: [1, 0], piles: [[], []], deck: [CHEATER + 1] }).s;
    expect(Array.from(none.voided.subarray(0, none.voidLen))).toEqual([CHEATER]);
    expect(none.cur).toBe(1);
  });
});

describe('Symbotrio: Fine del gioco (the end)', () => {
  it('the match ends when every card has been won; the most cards win; ties share', () => {
    const { s, rng } = table({ front: [LARGE_BLUE_CIRCLE, -1], piles: [[1], [2]] });
    expect(s.cur).toBe(0);
    play(s, rng, [BLUE, LARGE, CIRCLE]);
    expect(symbotrio.currentPlayer(s)).toBe(-1);
    const r = symbotrio.result(s);
    expect(r.endReason).toBe('all_won');
    expect(r.scores).toEqual([2, 1]);
    expect(r.winners).toEqual([0]);
    const tie = table({ front: [LARGE_BLUE_CIRCLE, -1], piles: [[1], [2, 3]] });
    play(tie.s, tie.rng, [BLUE, LARGE, CIRCLE]);
    expect(symbotrio.result(tie.s).winners).toEqual([0, 1]);
    expect(symbotrio.result(tie.s).ranks).toEqual([1, 1]);
  });

  it('with the deck empty, a player with no card sits out while others still try theirs', () => {
    const { s, rng } = table({ front: [-1, LARGE_BLUE_CIRCLE], piles: [[1], []] });
    expect(s.cur).toBe(1);
    play(s, rng, [0, 1, 2]);
    expect(s.cur).toBe(1);
    expect(s.stats[10]).toBeGreaterThan(0);
  });

  it("option end 'deck_empty': the match ends when a player must turn up a card from an empty deck", () => {
    const { s } = table({ front: [-1, LARGE_BLUE_CIRCLE], piles: [[1], []] }, { end: 'deck_empty' });
    expect(symbotrio.currentPlayer(s)).toBe(-1);
    expect(symbotrio.result(s).endReason).toBe('deck_empty');
  });

  it('the turn cap ends a match that would not end', () => {
    const { s, rng } = table({ front: [LARGE_BLUE_CIRCLE, LARGE_BLUE_CIRCLE + 1] }, { maxTurns: 3 });
    play(s, rng, [0, 1, 2, 0, 1, 2, 0, 1, 2]);
    expect(symbotrio.result(s).endReason).toBe('turn_cap');
  });
});

describe('Symbotrio: options are checked', () => {
  it('a keypad that does not fit the squares, a first player out of range, a deck too small: errors naming the field', () => {
    const check = (given: Record<string, unknown>, players = 2) => () => symbotrio.checkOptions(resolveOptions(symbotrio.options, given), players);
    expect(check({ keypadRows: 5 })).toThrow(/keypadRows/);
    expect(check({ keypad: 'ring', cuts: 5 })).toThrow(/keypad/);
    expect(check({ firstPlayer: 3 })).toThrow(/firstPlayer/);
    expect(check({ gemCopies: 0, prisonCards: 0, codeCards: 0 })).toThrow(/gem/);
    expect(check({})).not.toThrow();
  });
});

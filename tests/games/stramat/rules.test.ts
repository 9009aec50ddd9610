import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../../src/engine/options.js';
import { Rng } from '../../../src/engine/rng.js';
import { stramat } from '../../../src/games/stramat/index.js';
import { Card } from '../../../src/games/stramat/cards.js';
import { Phase } from '../../../src/games/stramat/state.js';
import { hand, legal, play, table, type } from '../../helpers/stramat-table.js';

describe('7.1 number cards', () => {
  it('page 6 example: on a 3, a 3 alone, or a 1 and a 2 in either order', () => {
    const s = table({ hands: ['1 2 3 C', '2 2 2'], top: '3' });
    const l = legal(s);
    expect(l).toContain('n3');
    expect(l).toContain('n1n2');
    expect(l).toContain('n2n1');
    expect(l).toContain('P'); // "passo" is always allowed (8.0)
  });

  it('situation 3: on a 3 with 1 1 1 2 Dado: the Dado, or 2+1; never the three 1s', () => {
    const s = table({ hands: ['1 1 1 2 D', '2 2'], top: '3' });
    const l = legal(s).sort();
    expect(l).toEqual(['D', 'P', 'n1n2', 'n2n1'].sort());
    // At most two number cards a turn: no action removes three cards.
    play(s, 'n1n2');
    expect(hand(s, 0)).toBe('1 1 D');
  });

  it('differences: 3-2 and 2-3 make 1, 3-1 and 1-3 make 2, 1+1 makes 2', () => {
    expect(legal(table({ hands: ['2 3', '1'], top: '1' }))).toEqual(expect.arrayContaining(['n2n3', 'n3n2']));
    expect(legal(table({ hands: ['1 3', '1'], top: '2' }))).toEqual(expect.arrayContaining(['n1n3', 'n3n1']));
    expect(legal(table({ hands: ['1 1', '1'], top: '2' }))).toContain('n1n1');
    expect(legal(table({ hands: ['3 3', '1'], top: '1' }))).not.toContain('n3n3');
  });

  it('FAQ: three 3s on a 3: only one 3 may be discarded', () => {
    const l = legal(table({ hands: ['3 3 3', '1'], top: '3' }));
    expect(l.sort()).toEqual(['P', 'n3']);
  });

  it('the order chosen decides the new top (8.0)', () => {
    const a = table({ hands: ['1 2 G', '1'], top: '3' });
    play(a, 'n1n2');
    expect(a.top).toBe(type('2'));
    const b = table({ hands: ['1 2 G', '1'], top: '3' });
    play(b, 'n2n1');
    expect(b.top).toBe(type('1'));
  });

  it('a number that matches neither way cannot be played', () => {
    expect(legal(table({ hands: ['2 2', '1'], top: '3' }))).toEqual(['P']);
  });
});

describe('7.2 power cards', () => {
  it('on a power card only a power card or a 1 (single) may follow', () => {
    const l = legal(table({ hands: ['1 1 2 3 C', '1'], top: 'D' })).sort();
    expect(l).toEqual(['C', 'P', 'n1'].sort());
  });

  it('any power card may go on a number, only one a turn', () => {
    const s = table({ hands: ['C A 2', '1 1', '1 1'], top: '3' });
    expect(legal(s)).toEqual(expect.arrayContaining(['C', 'A']));
    play(s, 'C');
    play(s, 't1');
    // The turn is over: player 1 has drawn and decides now.
    expect(s.decider).toBe(1);
    expect(hand(s, 0)).toBe('2 A');
  });

  it('Colpo: the chosen opponent draws one card; the turn ends', () => {
    const s = table({ hands: ['C 2', '1 1', '1 1'], top: '3' });
    const before = s.deckSize;
    play(s, 'C');
    expect(legal(s).sort()).toEqual(['t1', 't2']);
    play(s, 't2');
    expect(s.handSize[2]).toBe(3);
    // Player 2 got one card and player 1 drew for their new turn.
    expect(s.deckSize).toBe(before - 2);
  });

  it('Dado: everyone, the roller too, draws the number rolled, starting on the right', () => {
    for (let seed = 0; seed < 30; seed++) {
      const s = table({ players: 3, hands: ['D 3', '1', '1 2'], top: '3' });
      const deck = s.deckSize;
      play(s, 'D', new Rng(`dado${seed}`));
      const d = s.handSize[0] - 1;
      expect(d).toBeGreaterThanOrEqual(1);
      expect(d).toBeLessThanOrEqual(6);
      // Player 1 also drew for the next turn.
      expect(s.handSize[1]).toBe(1 + d + 1);
      expect(s.handSize[2]).toBe(2 + d);
      expect(s.deckSize).toBe(deck - 3 * d - 1);
    }
  });

  it('Dado: a deck too short ends the game at once, after drawing what there is (default)', () => {
    const s = table({ players: 3, hands: ['D 3 3', '1', '1 2'], top: '3', deck: '2 2' });
    play(s, 'D', new Rng('short'));
    expect(s.phase).toBe(Phase.OVER);
    expect(s.deckSize).toBe(0);
    const r = stramat.result(s);
    expect(r.endReason).toMatch(/dado_short_deck|deck_empty/);
    // Player 1 (on the roller's right) drew first; the roller, last, got nothing.
    expect(s.handSize[1]).toBeGreaterThanOrEqual(2);
    expect(s.handSize[0]).toBe(2);
    const best = Math.min(...r.scores);
    expect(r.winners).toEqual([0, 1, 2].filter((p) => r.scores[p] === best));
  });

  it('Dado: with dadoShortDeck=end-without-drawing nobody draws', () => {
    const s = table({ players: 3, hands: ['D 3 3', '1', '1 2'], top: '3', deck: '2 2', options: { dadoShortDeck: 'end-without-drawing' } });
    play(s, 'D', new Rng('x'));
    expect(s.phase).toBe(Phase.OVER);
    expect(s.deckSize).toBe(2);
    expect(stramat.result(s).endReason).toBe('dado_short_deck');
    expect(stramat.result(s).scores).toEqual([6, 1, 3]);
    expect(stramat.result(s).winners).toEqual([1]);
  });

  it('Dado: with dadoShortDeck=full-shares players take whole shares; the first who cannot ends the game without drawing (issue 17)', () => {
    // 3 players, 5 cards in the deck, a roll of 2 (a two-sided die; the first seed that rolls 2):
    // seat 1 and seat 2 take 2 each, the roller cannot take 2 of the 1 left.
    const lay = (mode: string) =>
      table({ players: 3, hands: ['D 3 3', '1', '1 2'], top: '3', deck: '2 2 2 1 1', options: { dadoShortDeck: mode, dieSides: 2 } });
    let seed = 0;
    for (;;) {
      const probe = lay('full-shares');
      play(probe, 'D', new Rng(`full-${seed}`));
      if (probe.metrics[stramat.measures.names.indexOf('dado_pips')] === 2) break;
      seed++;
    }
    const s = lay('full-shares');
    play(s, 'D', new Rng(`full-${seed}`));
    expect(s.phase).toBe(Phase.OVER);
    expect(stramat.result(s).endReason).toBe('dado_short_deck');
    expect(Array.from(s.handSize)).toEqual([2, 3, 4]);
    expect(s.deckSize).toBe(1);
    // The default draws until the deck is empty: the roller takes the last card.
    const d = lay('draw-until-empty');
    play(d, 'D', new Rng(`full-${seed}`));
    expect(Array.from(d.handSize)).toEqual([3, 3, 4]);
    expect(d.deckSize).toBe(0);
  });

  it('Aggiungo: a card goes face down, the target shows the hand, one is taken, the face-down one given', () => {
    const s = table({ players: 3, hands: ['+ 3 1', '1 2 J', '2 2'], top: '2' });
    play(s, '+');
    expect(legal(s).sort()).toEqual(['c1', 'c3']);
    play(s, 'c3');
    play(s, 't1');
    // The player now sees player 1's hand: the choices are exactly its cards.
    expect(legal(s).sort()).toEqual(['c1', 'c2', 'cJ']);
    const obs = stramat.observe(s, 0);
    expect(obs.known[1]).toEqual([1, 1, 0, 0, 0, 0, 0, 0, 1, 0]);
    expect(stramat.observe(s, 2).known[1]).toEqual(new Array(Card.COUNT).fill(0)); // not shown to the others
    play(s, 'cJ');
    expect(hand(s, 0)).toBe('1 J');
    // Player 1 drew for the next turn, so 4 cards; 3 and the two they kept are among them.
    expect(s.hands[1 * Card.COUNT + type('3')]).toBeGreaterThanOrEqual(1);
    expect(s.handSize[1]).toBe(4);
    // Player 0 knows player 1 holds at least 1, 2 and the 3 given.
    const k = stramat.observe(s, 0).known[1];
    expect(k[type('1')]).toBeGreaterThanOrEqual(1);
    expect(k[type('3')]).toBeGreaterThanOrEqual(1);
    // Player 1 knows player 0 holds the Jolly taken.
    expect(stramat.observe(s, 1).known[0][type('J')]).toBe(1);
  });

  it('Giro: up to three cards swapped blind with an opponent', () => {
    const s = table({ hands: ['G 3 3 3 2', '1 1 1 1 1'], top: '2' });
    play(s, 'G');
    play(s, 't1');
    play(s, 'c3');
    play(s, 'c3');
    expect(legal(s)).toContain('.');
    play(s, 'c3'); // the third card completes the swap
    expect(hand(s, 0)).toBe('1 1 1 2');
    expect(s.hands[1 * Card.COUNT + type('3')]).toBeGreaterThanOrEqual(3);
    expect(stramat.observe(s, 0).known[1][type('3')]).toBe(3);
  });

  it("8.0: the Stramat card is passed only in its holder's own turn: another's Aggiungo or Giro cannot take it (option stramatTakenByOthers)", () => {
    // Aggiungo: whom to target depends on hand sizes only; once the hand is shown, the Stramat card is not offered.
    const a = table({ players: 3, hands: ['+ 3 1', '1 S', 'S'], top: '2' });
    play(a, '+');
    play(a, 'c3');
    expect(legal(a).sort()).toEqual(['t1', 't2']);
    play(a, 't1');
    expect(legal(a)).toEqual(['c1']);
    // A hand of the Stramat card alone: nothing is taken, the face-down card goes back.
    const only = table({ players: 3, hands: ['+ 3 1', '1 S', 'S'], top: '2' });
    play(only, '+');
    play(only, 'c3');
    play(only, 't2');
    expect(legal(only)).toEqual(['.']);
    play(only, '.');
    expect(hand(only, 0)).toBe('1 3');
    expect(hand(only, 2)).toBe('S');
    const b = table({ players: 3, hands: ['+ 3 1', '1 S', 'S'], top: '2', options: { stramatTakenByOthers: true } });
    play(b, '+');
    play(b, 'c3');
    play(b, 't1');
    expect(legal(b).sort()).toEqual(['c1', 'cS']);
    // Giro: the blind draws never take it; with fewer other cards than chosen, only that many are swapped.
    for (let seed = 0; seed < 30; seed++) {
      const g = table({ hands: ['G 3 3 3 2', '1 S'], top: '2' });
      play(g, 'G');
      play(g, 't1');
      play(g, 'c3');
      play(g, 'c3', new Rng(`g${seed}`)); // two picks (the target holds two cards): the swap
      // Seat 1 gave its 1, got one 3, kept the Stramat card, and drew for its turn.
      expect(g.hands[1 * Card.COUNT + type('S')]).toBe(1);
      expect(g.hands[1 * Card.COUNT + type('3')]).toBeGreaterThanOrEqual(1);
      expect(g.handSize[1]).toBe(3);
      expect(hand(g, 0)).toBe('1 2 3 3');
    }
    // The holder still passes it in their own turn (their own Giro or Aggiungo).
    const h = table({ hands: ['G S 3', '1 1'], top: '2' });
    play(h, 'G');
    play(h, 't1');
    expect(legal(h)).toContain('cS');
  });

  it('Giro: fewer cards when the player chooses to stop', () => {
    const s = table({ hands: ['G 3 2', '1 1 1 1'], top: '2' });
    play(s, 'G');
    play(s, 't1');
    play(s, 'c3');
    play(s, '.');
    expect(hand(s, 0)).toBe('1 2');
  });

  it('Jolly: the hand goes to the pile, which is shuffled, and as many cards are drawn from it', () => {
    for (let seed = 0; seed < 20; seed++) {
      const s = table({ hands: ['J 3 3 D', '1 1'], top: '2', pile: '1 1 1 1 1 1' });
      play(s, 'J', new Rng(`j${seed}`));
      expect(s.handSize[0]).toBe(3);
      // Drawn from the pile (1s, the old hand and the Jolly), never from the deck.
      for (let c = 0; c < Card.COUNT; c++) {
        if (![type('1'), type('2'), type('3'), type('D'), type('J')].includes(c)) expect(s.hands[c]).toBe(0);
      }
      expect(s.discardSize).toBe(6 + 1 + 4 - 3);
      // The pile is open, so everyone knows what was drawn.
      expect(stramat.observe(s, 1).known[0]).toEqual(s.hands.slice(0, Card.COUNT));
    }
  });

  it('FAQ: the Jolly cannot be used while holding the Stramat card', () => {
    expect(legal(table({ hands: ['J S 2', '1'], top: '3' }))).not.toContain('J');
    expect(legal(table({ hands: ['J 2', '1'], top: '3' }))).toContain('J');
  });

  it('Stramat: annuls the game, zero to zero', () => {
    const s = table({ hands: ['S 3 3', '1'], top: '3' });
    play(s, 'S');
    const r = stramat.result(s);
    expect(r.annulled).toBe(true);
    expect(r.winners).toEqual([]);
    expect(r.scores).toEqual([0, 0]);
    expect(r.endReason).toBe('stramat');
  });

  it('Stramat: once per player per evening', () => {
    const s = table({ hands: ['S 3 3', '1'], top: '3', options: { evening: 2 } });
    s.stramatUsed[0] = 1;
    expect(legal(s)).not.toContain('S');
  });

  it('Stramat: in an evening the annulled game scores 0 and the next game is dealt', () => {
    const s = table({ hands: ['S 3 3', '1'], top: '3', options: { evening: 2 } });
    play(s, 'S');
    expect(s.phase).not.toBe(Phase.OVER);
    expect(s.gameIndex).toBe(1);
    expect(Array.from(s.eveningPoints)).toEqual([0, 0]);
    expect(s.stramatUsed[0]).toBe(1);
  });

  it('the face-up card is never the Stramat card (8.0: reshuffle)', () => {
    // A tiny deck where the Stramat card is 1 of 10 cards left after the deal.
    const opts = resolveOptions(stramat.options, { oneCount: 8, twoCount: 0, threeCount: 0, dadoCount: 0, colpoCount: 0, aggiungoCount: 0, altCount: 0, giroCount: 0, jollyCount: 5, stramatCount: 1 });
    let stramatInHands = 0;
    for (let i = 0; i < 400; i++) {
      const s = stramat.setup(opts, 2, new Rng(`faceup${i}`));
      expect(s.discard[Card.STRAMAT]).toBe(0);
      expect(s.top).not.toBe(Card.STRAMAT);
      stramatInHands += s.hands[Card.STRAMAT] + s.hands[Card.COUNT + Card.STRAMAT];
    }
    expect(stramatInHands).toBeGreaterThan(0);
  });
});

describe('7.2 A Alt: block, counter-Alt trap, no one blocked twice in a row', () => {
  it('the blocked player draws but cannot discard', () => {
    const s = table({ players: 3, hands: ['A 2', '1 1', '3 3'], top: '3' });
    play(s, 'A');
    play(s, 't1');
    // Nobody else holds an Alt: no counter window; player 1 is skipped after drawing.
    expect(s.decider).toBe(2);
    expect(s.handSize[1]).toBe(3);
    expect(s.blockedTurns[1]).toBe(0);
  });

  it('FAQ (two players): the opponent must play a free turn before being blocked again', () => {
    const s = table({ hands: ['A A 2', '1 1'], top: '3', deck: '3 3 3 3 3 3 3 3 3 3' });
    play(s, 'A');
    play(s, 't1');
    // Player 1 was blocked (drew only); player 0 drew and holds another Alt.
    expect(s.decider).toBe(0);
    expect(s.handSize[1]).toBe(3);
    expect(legal(s)).not.toContain('A');
    play(s, 'P');
    // Player 1 plays a free turn...
    expect(s.decider).toBe(1);
    play(s, 'P');
    // ...and now may be blocked again.
    expect(s.decider).toBe(0);
    expect(legal(s)).toContain('A');
  });

  it('the counter-Alt: the first player is blocked for two turns, the first block is lifted', () => {
    const s = table({ players: 3, hands: ['A 2', '1 1', 'A 3'], top: '3', deck: '3 3 3 3 3 3 3 3 3 3 3 3' });
    play(s, 'A');
    play(s, 't1');
    // Player 2 holds an Alt and is asked out of turn.
    expect(s.phase).toBe(Phase.ALT_COUNTER);
    expect(s.decider).toBe(2);
    expect(legal(s).sort()).toEqual(['-', 'X']);
    play(s, 'X');
    // Player 1 is free again and plays at once.
    expect(s.decider).toBe(1);
    expect(s.blockedTurns[0]).toBe(2);
    play(s, 'P'); // player 1
    play(s, 'P'); // player 2
    // Player 0's turn is skipped (draws only): player 1 again.
    expect(s.decider).toBe(1);
    play(s, 'P');
    play(s, 'P');
    expect(s.decider).toBe(1); // skipped a second time
    play(s, 'P');
    play(s, 'P');
    expect(s.decider).toBe(0); // free again
    expect(s.handSize[0]).toBe(1 + 3);
  });

  it('the target may answer too; the counter is declined in turn order', () => {
    const s = table({ players: 3, hands: ['A 2', 'A 1', 'A 3'], top: '3', deck: '3 3 3 3 3 3 3 3' });
    play(s, 'A');
    play(s, 't2');
    expect(s.decider).toBe(1); // asked first: next in turn order
    play(s, '-');
    expect(s.decider).toBe(2); // then the target
    expect(s.phase).toBe(Phase.ALT_COUNTER);
    play(s, '-');
    // Nobody answered: player 1's turn, player 2 blocked.
    expect(s.phase).toBe(Phase.MAIN);
    expect(s.decider).toBe(1);
    expect(s.blockedTurns[2]).toBe(1);
  });

  it('a third Alt is void: after a counter-Alt nobody is asked again', () => {
    const s = table({ players: 3, hands: ['A A 2', 'A 1', '1 3'], top: '3', deck: '3 3 3 3 3 3 3 3' });
    play(s, 'A');
    play(s, 't2');
    play(s, 'X');
    expect(s.phase).toBe(Phase.MAIN);
    expect(hand(s, 0)).toBe('2 A');
  });

  it('answering with the last card of the hand wins at once', () => {
    const s = table({ players: 3, hands: ['A 2', 'A', '1 3'], top: '3', deck: '3 3 3 3' });
    play(s, 'A');
    play(s, 't2');
    play(s, 'X');
    const r = stramat.result(s);
    expect(r.endReason).toBe('empty_hand');
    expect(r.winners).toEqual([1]);
  });
});

describe('4.0 and 8.1: the end of the game', () => {
  it('vittoria lampo: an empty hand before the deck ends wins at once', () => {
    const s = table({ hands: ['1 2', '3 3 3'], top: '3' });
    play(s, 'n1n2');
    const r = stramat.result(s);
    expect(s.phase).toBe(Phase.OVER);
    expect(r.winners).toEqual([0]);
    expect(r.ranks).toEqual([1, 2]);
    expect(r.endReason).toBe('empty_hand');
  });

  it('FAQ: the player who draws the last card cannot discard; lowest points win', () => {
    const s = table({ hands: ['3 3', '1 1'], top: '2', deck: '2' });
    play(s, 'P');
    // Player 1 drew the last card: the game is over before they could discard the 2 on the 2.
    expect(s.phase).toBe(Phase.OVER);
    const r = stramat.result(s);
    expect(r.endReason).toBe('deck_empty');
    expect(r.scores).toEqual([6, 4]);
    expect(r.winners).toEqual([1]);
  });

  it('ties share the win', () => {
    const s = table({ hands: ['3', '1 2'], top: '1', deck: '2' });
    play(s, 'P');
    const r = stramat.result(s);
    expect(r.scores).toEqual([3, 5]);
    expect(r.winners).toEqual([0]);
    const t = table({ hands: ['3 3', '1 3'], top: '1', deck: '2' });
    play(t, 'P');
    expect(stramat.result(t).scores).toEqual([6, 6]);
    expect(stramat.result(t).winners).toEqual([0, 1]);
  });

  it('6.0: the die decides who starts, every seat equally likely', () => {
    const opts = resolveOptions(stramat.options, {});
    const starts = [0, 0, 0, 0];
    for (let i = 0; i < 4000; i++) starts[stramat.setup(opts, 4, new Rng(`start${i}`)).firstPlayer]++;
    for (const k of starts) expect(Math.abs(k - 1000)).toBeLessThan(130);
  });
});

describe('9.0 Birichino', () => {
  it('the Stramat card eliminates the chosen opponents; one must stay; the card is set aside', () => {
    const s = table({ players: 4, hands: ['S 2 2', '1 1', '3', '3 3'], top: '3', options: { birichino: true } });
    play(s, 'S');
    expect(legal(s).sort()).toEqual(['t1', 't2', 't3']);
    play(s, 't1');
    expect(legal(s).sort()).toEqual(['.', 't2', 't3']);
    play(s, 't3'); // only player 2 is left unchosen: the choice closes itself
    expect(s.active[1]).toBe(0);
    expect(s.active[3]).toBe(0);
    expect(s.setAside[Card.STRAMAT]).toBe(1);
    expect(s.discard[Card.STRAMAT]).toBe(0);
    expect(s.decider).toBe(2);
  });

  it('a hit opponent answering with Alt eliminates the Stramat player instead', () => {
    const s = table({ players: 3, hands: ['S 2 2', 'A 1', '3 3'], top: '3', options: { birichino: true } });
    play(s, 'S');
    play(s, 't1');
    expect(s.phase).toBe(Phase.BIRI_COUNTER);
    expect(s.decider).toBe(1);
    play(s, 'X');
    expect(s.active[0]).toBe(0);
    expect(s.active[1]).toBe(1);
    expect(s.active[2]).toBe(1);
  });

  it('needs at least 3 players', () => {
    const opts = resolveOptions(stramat.options, { birichino: true });
    expect(() => stramat.checkOptions(opts, 2)).toThrow(/birichino/);
  });
});

describe('variants are data', () => {
  it('one Dado card fewer: 71 cards', () => {
    const s = stramat.setup(resolveOptions(stramat.options, { dadoCount: 3 }), 4, new Rng('x'));
    let total = s.deckSize + s.discardSize;
    for (let p = 0; p < 4; p++) total += s.handSize[p];
    expect(total).toBe(71);
  });

  it('points are options', () => {
    const s = table({ hands: ['D', '1 1'], top: '2', deck: '2', options: { dadoPoints: 1 } });
    play(s, 'P');
    expect(stramat.result(s).scores).toEqual([1, 4]);
  });

  it('a deck too small to deal is refused, naming the field', () => {
    const opts = resolveOptions(stramat.options, { oneCount: 0, twoCount: 0, threeCount: 0 });
    expect(() => stramat.checkOptions(opts, 6)).not.toThrow();
    const tiny = resolveOptions(stramat.options, { oneCount: 0, twoCount: 0, threeCount: 0, altCount: 0, giroCount: 0 });
    expect(() => stramat.checkOptions(tiny, 6)).toThrow(/oneCount.*need at least/);
  });
});

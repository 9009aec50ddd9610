import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/engine/rng.js';
import { stop } from '../../../src/games/stop/index.js';
import { Card, cardCode, parseCard, parseCards } from '../../../src/games/stop/cards.js';
import { type StopPosition, cardsInPlay, positionState } from '../../../src/games/stop/fixtures.js';
import { parseActionCode } from '../../../src/games/stop/text.js';
import { Attack, Phase, Stat, type StopState } from '../../../src/games/stop/state.js';

/*
 * Every rule of the rulebook (/work/shared/rules/stop.txt), and each of its worked examples, as an
 * explicit position. Sections are named as in the text.
 */

const buf = new Int32Array(stop.maxActions);

function legal(s: StopState): string[] {
  const c = stop.legalActions(s, buf);
  return Array.from(buf.subarray(0, c), (a) => stop.actionCode(a)).sort();
}

function act(s: StopState, code: string, rng = new Rng('act')): void {
  const options = legal(s);
  if (!options.includes(code.toUpperCase())) {
    throw new Error(`${code} is not legal for seat ${s.cur}: ${options.join(' ')}\n${stop.view.describe(s)}`);
  }
  stop.apply(s, parseActionCode(code), rng);
}

function hand(s: StopState, p: number): string[] {
  const out: string[] = [];
  for (let t = 0; t < Card.COUNT; t++) for (let c = s.hands[p * Card.COUNT + t]; c > 0; c--) out.push(cardCode(t));
  return out.sort();
}

function sorted(codes: string): string[] {
  return codes.split(/\s+/).filter(Boolean).map((c) => c.toUpperCase()).sort();
}

function top(s: StopState): string {
  return cardCode(s.disc[s.discLen - 1]);
}

function pos(p: Partial<StopPosition> & Pick<StopPosition, 'hands' | 'discard'>): StopState {
  return positionState({ players: p.hands.length, ...p });
}

describe('Stop: the deck (Contenuto della scatola; README)', () => {
  it('holds 112 cards: 26 per colour (2 of each kind, 4 of 6/9) and 8 jollies', () => {
    const s = pos({ hands: ['', ''], discard: 'R1' });
    expect(cardsInPlay(s)).toBe(112);
    const cfg = s.cfg;
    expect(cfg.total).toBe(112);
    for (const colour of ['R', 'Y', 'G', 'B']) {
      let perColour = 0;
      for (const k of ['0', '1', '2+', '3', '4', '5', '7', '8', 'S', 'W', 'X']) {
        expect(cfg.composition[parseCard(colour + k)]).toBe(2);
        perColour += 2;
      }
      expect(cfg.composition[parseCard(colour + '69')]).toBe(4);
      perColour += 4;
      expect(perColour).toBe(26);
    }
    expect(cfg.composition[parseCard('J')]).toBe(8);
  });

  it('6 and 9 name the same card', () => {
    expect(parseCard('B6')).toBe(parseCard('B9'));
    expect(parseCard('B6/9')).toBe(parseCard('B69'));
  });
});

describe('Stop: Svolgimento della partita — a valid card', () => {
  it('worked example: on a blue 4, any blue card or a 4 of another colour', () => {
    const s = pos({ hands: ['B7 BS R4 G4 Y5 R8 GX', 'Y1'], discard: 'B4' });
    expect(s.cur).toBe(0);
    expect(legal(s)).toEqual(sorted('B7 BS R4 G4'));
  });

  it('same symbol matches: a skip on a skip of another colour', () => {
    const s = pos({ hands: ['RS GW Y1', 'Y1'], discard: 'BS' });
    expect(legal(s)).toEqual(sorted('RS'));
  });

  it('6/9 reads as 6 or 9: it matches a 6/9 of any colour', () => {
    const s = pos({ hands: ['R69 G8', 'Y1'], discard: 'B9' });
    expect(legal(s)).toEqual(sorted('R69'));
  });

  it('no valid card: draw one and lose the turn', () => {
    const s = pos({ hands: ['R1 G8', 'Y3 Y5', 'B1'], discard: 'B4', deck: 'R7' });
    expect(legal(s)).toEqual(['D']);
    act(s, 'D');
    expect(hand(s, 0)).toEqual(sorted('R1 G8 R7'));
    expect(s.cur).toBe(1); // the drawn card is not played: the turn passes
  });

  it('play goes clockwise: seat s+1 plays after s', () => {
    const s = pos({ hands: ['B1 R3', 'B2+ Y5', 'B3 G1'], discard: 'B4' });
    act(s, 'B1');
    expect(s.cur).toBe(1);
  });

  it('the deck runs out: the discards except the top card are reshuffled into a new deck', () => {
    const s = pos({ hands: ['R1', 'G1 Y8'], discard: 'B1 B3 G7 B4' });
    // Empty the deck by hand (moved into seat 1's hand), keeping the card count.
    while (s.pileLen > 0) {
      const t = s.pile[--s.pileLen];
      s.hands[1 * Card.COUNT + t]++;
      s.sizes[1]++;
    }
    expect(cardsInPlay(s)).toBe(112);
    act(s, 'D');
    expect(s.discLen).toBe(1);
    expect(top(s)).toBe('B4');
    expect(s.pileLen).toBe(2); // three discards under the top, one of them drawn
    expect(s.sizes[0]).toBe(2);
    expect(cardsInPlay(s)).toBe(112);
  });
});

describe('Stop: Eccezione — an identical card out of turn', () => {
  it('worked example: the other blue 4 may be played at once; play continues left of that player', () => {
    const s = pos({ hands: ['B4 R1', 'Y1 Y2+', 'B4 G5', 'R3 Y8'], discard: 'B7' });
    act(s, 'B4');
    // Seat 1 has the turn, but seat 2 holds the identical card and is asked first.
    expect(s.cur).toBe(2);
    expect(legal(s)).toEqual(sorted('- B4'));
    act(s, 'B4');
    expect(s.cur).toBe(3); // seat 1 was skipped
    expect(s.turn).toBe(3);
    expect(s.stats[Stat.OUT_OF_TURN]).toBe(1);
  });

  it('passing the chance leaves the turn with the turn-holder', () => {
    const s = pos({ hands: ['B4 R1', 'B1 Y3', 'B4 G5', 'R3 Y8'], discard: 'B7' });
    act(s, 'B4');
    act(s, '-');
    expect(s.cur).toBe(1);
    expect(legal(s)).toEqual(sorted('B1'));
  });

  it('only holders of an identical card are asked, clockwise from the turn-holder\'s left, the placer last', () => {
    // The four blue 6/9s: seat 0 plays one and holds another, seats 2 and 3 hold one each.
    const s = pos({ hands: ['B69 B69 R1', 'Y1', 'B69 Y5', 'B69 Y3', 'G5'], discard: 'B7' });
    act(s, 'B69');
    const asked: number[] = [];
    while (s.phase === Phase.OUT_OF_TURN) {
      asked.push(s.cur);
      act(s, '-');
    }
    expect(asked).toEqual([2, 3, 0]); // not 1 or 4 (no identical card)
    expect(s.cur).toBe(1);
  });

  it('the turn-holder is not asked: an identical card is a valid card in its own turn', () => {
    const s = pos({ hands: ['B69 R1', 'B69 Y1', 'G5'], discard: 'B7' });
    act(s, 'B69');
    expect(s.phase).toBe(Phase.TURN);
    expect(s.cur).toBe(1);
    expect(legal(s)).toContain('B69');
  });

  it('a chance to jump in comes before every turn while the top card stays (it may be taken later)', () => {
    const s = pos({ hands: ['B4 R1', 'Y1 Y3', 'G1 G3', 'B4 G5'], discard: 'B7' });
    act(s, 'B4');
    expect(s.cur).toBe(3);
    act(s, '-');
    expect(s.cur).toBe(1);
    act(s, 'D'); // seat 1 cannot play on the blue 4
    expect(s.cur).toBe(3); // asked again before seat 2's turn
    act(s, 'B4');
    expect(s.cur).toBe(0); // seat 2 lost its turn
  });

  it('outOfTurnSelf=false: the player who placed the card is not asked', () => {
    const s = pos({ hands: ['B69 B69 R1', 'Y1', 'Y5'], discard: 'B7', options: { outOfTurnSelf: false } });
    act(s, 'B69');
    expect(s.cur).toBe(1);
    expect(s.phase).toBe(Phase.TURN);
  });

  it('not for symbol cards', () => {
    const s = pos({ hands: ['BS R1', 'Y1', 'BS G5', 'R3'], discard: 'B7' });
    act(s, 'BS');
    expect(s.cur).toBe(1); // seat 1 faces the skip; seat 2's identical skip is not offered
    expect(s.attack).toBe(Attack.SKIP);
  });

  it('the option outOfTurn=false turns the rule off', () => {
    const s = pos({ hands: ['B4 R1', 'Y1', 'B4 G5'], discard: 'B7', options: { outOfTurn: false } });
    act(s, 'B4');
    expect(s.cur).toBe(1);
  });

  it('a 2+ played out of turn hits the player to its left, with the pending cards added', () => {
    const s = pos({ hands: ['R2+ R1', 'Y1 G5', 'G7', 'R2+ Y8'], discard: 'R7' });
    act(s, 'R2+');
    expect(s.cur).toBe(3);
    act(s, 'R2+');
    expect(s.turn).toBe(0);
    expect(s.attack).toBe(Attack.DRAW);
    expect(s.attackCount).toBe(4);
    act(s, 'D');
    expect(s.sizes[0]).toBe(1 + 4);
    expect(s.sizes[1]).toBe(2); // seat 1 escaped
  });

  it('outOfTurnStack=false: the out-of-turn 2+ starts again at 2', () => {
    const s = pos({ hands: ['R2+ R1', 'Y1 G5', 'G7', 'R2+ Y8'], discard: 'R7', options: { outOfTurnStack: false } });
    act(s, 'R2+');
    act(s, 'R2+');
    expect(s.attackCount).toBe(2);
  });
});

describe('Stop: Attenzione!', () => {
  it('bots call it: no penalty by default', () => {
    const s = pos({ hands: ['B1 B2+', 'Y1'], discard: 'B4' });
    act(s, 'B1');
    expect(s.sizes[0]).toBe(1);
  });

  it('forgotten (attentionForget=1): the penultimate card costs 2 cards', () => {
    const s = pos({ hands: ['B1 B3', 'Y1 Y3'], discard: 'B4', options: { attentionForget: 1 } });
    act(s, 'B1');
    expect(s.sizes[0]).toBe(3);
    expect(s.stats[Stat.ATTENTION]).toBe(1);
  });

  it('the penalty size is an option, and a play from 3 cards to 1 with a jolly counts', () => {
    const s = pos({ hands: ['J R1 G3', 'Y1 Y3'], discard: 'B4', options: { attentionForget: 1, attentionPenalty: 3 } });
    act(s, 'J');
    act(s, 'R1');
    expect(s.sizes[0]).toBe(1 + 3);
  });

  it('no call is needed for the last card', () => {
    const s = pos({ hands: ['B1', 'Y1 Y3'], discard: 'B4', options: { attentionForget: 1 } });
    act(s, 'B1');
    expect(s.stats[Stat.ROUNDS]).toBe(1); // the round ended
  });
});

describe('Stop: 0 (stop)', () => {
  it('is an ordinary card', () => {
    const s = pos({ hands: ['B0 R1', 'Y1 Y3'], discard: 'B4' });
    act(s, 'B0');
    expect(s.attack).toBe(Attack.NONE);
    expect(s.cur).toBe(1);
  });

  it('defends against a 2+ only in the colour of the last 2+', () => {
    const s = pos({ hands: ['R2+ R1', 'R0 B0 G2+ Y5', 'Y7'], discard: 'R7' });
    act(s, 'R2+');
    expect(legal(s)).toEqual(sorted('D G2+ R0'));
    act(s, 'R0');
    expect(s.attack).toBe(Attack.NONE);
    expect(s.cur).toBe(2);
    expect(s.sizes[1]).toBe(3);
    expect(s.stats[Stat.ZERO_DEFENCES]).toBe(1);
  });

  it('cannot undo another 0: an identical 0 played after a defence does not revive the attack', () => {
    const s = pos({ hands: ['R2+ R0 R1', 'R0 Y5', 'Y7 G1'], discard: 'R7' });
    act(s, 'R2+');
    act(s, 'R0'); // seat 1 defends
    expect(s.cur).toBe(0); // seat 0 may play the other red 0 out of turn...
    act(s, 'R0');
    expect(s.attack).toBe(Attack.NONE); // ...as an ordinary card
    expect(s.cur).toBe(1);
    expect(s.phase).toBe(Phase.TURN);
  });
});

describe('Stop: 2+', () => {
  it('the next player draws 2 and loses the turn', () => {
    const s = pos({ hands: ['R2+ R1', 'Y1 G5', 'Y7'], discard: 'R7' });
    act(s, 'R2+');
    expect(legal(s)).toEqual(['D']);
    act(s, 'D');
    expect(s.sizes[1]).toBe(4);
    expect(s.cur).toBe(2);
    expect(s.attack).toBe(Attack.NONE);
  });

  it('passes on with a 2+ of any colour: 4, then 6, and so on', () => {
    const s = pos({ hands: ['R2+ R1', 'G2+ G5', 'Y2+ Y7', 'B1 B3'], discard: 'R7' });
    act(s, 'R2+');
    act(s, 'G2+');
    expect(s.cur).toBe(2);
    expect(s.attackCount).toBe(4);
    act(s, 'Y2+');
    expect(s.cur).toBe(3);
    expect(s.attackCount).toBe(6);
    expect(legal(s)).toEqual(['D']); // no yellow 0: the last 2+ was yellow
    act(s, 'D');
    expect(s.sizes[3]).toBe(2 + 6);
    expect(s.cur).toBe(0);
    expect(s.stats[Stat.STACKS]).toBe(2);
  });

  it('the 0 must match the last 2+ of the chain', () => {
    const s = pos({ hands: ['R2+ R1', 'G2+ G5', 'R0 G0 Y7'], discard: 'R7' });
    act(s, 'R2+');
    act(s, 'G2+');
    expect(legal(s)).toEqual(sorted('D G0'));
  });
});

describe('Stop: salta il turno (skip)', () => {
  it('the next player is skipped', () => {
    const s = pos({ hands: ['BS R1', 'Y1 G5', 'Y7 B3', 'B1'], discard: 'B7' });
    act(s, 'BS');
    expect(legal(s)).toEqual(['-']);
    act(s, '-');
    expect(s.cur).toBe(2);
  });

  it('two skips in a row skip two players, three skip three', () => {
    const s = pos({ hands: ['BS R1', 'GS G5', 'Y7 B3', 'B1 Y5', 'G1 G3'], discard: 'B7' });
    act(s, 'BS');
    act(s, 'GS');
    expect(s.cur).toBe(2);
    expect(s.attackCount).toBe(2);
    act(s, '-');
    expect(s.cur).toBe(4); // seats 2 and 3 skipped
  });

  it('a 0 of the skip\'s colour stops it and play continues normally', () => {
    const s = pos({ hands: ['BS R1', 'B0 R0 G5', 'Y7 B3'], discard: 'B7' });
    act(s, 'BS');
    expect(legal(s)).toEqual(sorted('- B0'));
    act(s, 'B0');
    expect(s.cur).toBe(2);
    expect(s.attack).toBe(Attack.NONE);
  });
});

describe('Stop: scambia la mano (swap)', () => {
  it('offers the three choices: any one opponent, all to the left, all to the right', () => {
    const s = pos({ hands: ['RW R1 R3', 'Y1', 'Y8 Y3', 'Y4 Y5 Y7'], discard: 'R7' });
    act(s, 'RW');
    expect(s.cur).toBe(0);
    expect(legal(s)).toEqual(sorted('W1 W2 W3 WL WR'));
  });

  it('one opponent: the two hands are exchanged; play continues left of the swapper', () => {
    const s = pos({ hands: ['RW R1 R3', 'Y1', 'Y8 Y3', 'Y4 Y5 Y7'], discard: 'R7' });
    act(s, 'RW');
    act(s, 'W3');
    expect(hand(s, 0)).toEqual(sorted('Y4 Y5 Y7'));
    expect(hand(s, 3)).toEqual(sorted('R1 R3'));
    expect(s.cur).toBe(1);
  });

  it('all to the left: every hand goes to the left neighbour', () => {
    const s = pos({ hands: ['RW R1 R3', 'Y1', 'Y8 Y3', 'Y4 Y5 Y7'], discard: 'R7' });
    act(s, 'RW');
    act(s, 'WL');
    expect(hand(s, 1)).toEqual(sorted('R1 R3'));
    expect(hand(s, 2)).toEqual(sorted('Y1'));
    expect(hand(s, 3)).toEqual(sorted('Y8 Y3'));
    expect(hand(s, 0)).toEqual(sorted('Y4 Y5 Y7'));
    expect(s.cur).toBe(1);
  });

  it('all to the right: every hand goes to the right neighbour', () => {
    const s = pos({ hands: ['RW R1 R3', 'Y1', 'Y8 Y3', 'Y4 Y5 Y7'], discard: 'R7' });
    act(s, 'RW');
    act(s, 'WR');
    expect(hand(s, 3)).toEqual(sorted('R1 R3'));
    expect(hand(s, 0)).toEqual(sorted('Y1'));
    expect(hand(s, 1)).toEqual(sorted('Y8 Y3'));
    expect(hand(s, 2)).toEqual(sorted('Y4 Y5 Y7'));
  });

  it('anyone involved may cancel it with a 0 of its colour; the uninvolved are not asked', () => {
    const s = pos({ hands: ['RW R1 R3', 'R0 Y1', 'R0 Y3', 'Y4 Y5 Y7'], discard: 'R7' });
    act(s, 'RW');
    act(s, 'W2');
    expect(s.cur).toBe(2); // seat 1 holds a red 0 but is not involved
    expect(legal(s)).toEqual(sorted('- R0'));
    act(s, 'R0');
    expect(hand(s, 0)).toEqual(sorted('R1 R3'));
    expect(hand(s, 2)).toEqual(sorted('Y3'));
    expect(s.cur).toBe(1); // left of the swapper
    expect(top(s)).toBe('R0');
    expect(s.stats[Stat.SWAP_CANCELS]).toBe(1);
    expect(s.stats[Stat.ZERO_DEFENCES]).toBe(1);
  });

  it('all-left or all-right involves everyone: asked clockwise from the swapper\'s left', () => {
    const s = pos({ hands: ['RW R1 R3', 'G0 Y1', 'R0 Y3', 'R0 Y4'], discard: 'R7' });
    act(s, 'RW');
    act(s, 'WL');
    expect(s.cur).toBe(2);
    act(s, '-');
    expect(s.cur).toBe(3);
    act(s, '-');
    expect(hand(s, 1)).toEqual(sorted('R1 R3'));
  });

  it('a 0 of another colour cannot cancel it', () => {
    const s = pos({ hands: ['RW R1 R3', 'G0 Y1', 'B0 Y3'], discard: 'R7' });
    act(s, 'RW');
    act(s, 'W1');
    expect(hand(s, 0)).toEqual(sorted('G0 Y1'));
  });

  it('swapCancelContinue=canceller: play continues left of the player who cancelled', () => {
    const s = pos({ hands: ['RW R1 R3', 'Y1', 'R0 Y3', 'Y4'], discard: 'R7', options: { swapCancelContinue: 'canceller' } });
    act(s, 'RW');
    act(s, 'W2');
    act(s, 'R0');
    expect(s.cur).toBe(3);
  });

  it('with two players the three choices are the same exchange: one action', () => {
    const s = pos({ hands: ['RW R1', 'Y1 Y3 Y5'], discard: 'R7' });
    act(s, 'RW');
    expect(legal(s)).toEqual(['W1']);
  });
});

describe('Stop: X+', () => {
  it('worked example: jolly, 2+ and 6/9 — the jolly cannot be played; the 2+ draws 2 and hits the next player', () => {
    const s = pos({ hands: ['BX R1', 'J R2+ G69', 'Y7 G1 B3'], discard: 'B7' });
    act(s, 'BX');
    expect(s.cur).toBe(1);
    expect(legal(s)).toEqual(sorted('G69 R2+'));
    act(s, 'R2+');
    // Seat 1 showed the hand, played the 2+ and drew 2...
    expect(s.sizes[1]).toBe(3 - 1 + 2);
    // ...and the next player must draw 2 as well.
    expect(s.cur).toBe(2);
    expect(s.attack).toBe(Attack.DRAW);
    expect(s.attackCount).toBe(2);
    act(s, 'D');
    expect(s.sizes[2]).toBe(3 + 2);
  });

  it('the 6/9 counts 9', () => {
    const s = pos({ hands: ['BX R1', 'J R2+ G69', 'Y7'], discard: 'B7' });
    act(s, 'BX');
    act(s, 'G69');
    expect(s.sizes[1]).toBe(3 - 1 + 9);
    expect(s.attack).toBe(Attack.NONE);
    expect(s.cur).toBe(2);
  });

  it('the hand is shown to everyone: the other players know the cards left in it', () => {
    const s = pos({ hands: ['BX R1', 'J R2+ G69', 'Y7'], discard: 'B7' });
    act(s, 'BX');
    act(s, 'G69');
    for (const viewer of [0, 2]) {
      const obs = stop.observe(s, viewer);
      expect(obs.known[1].map(cardCode).sort()).toEqual(sorted('J R2+'));
      expect(obs.shown[1].map(cardCode).sort()).toEqual(sorted('J R2+'));
    }
  });

  it('a number card of any colour; the value is drawn', () => {
    const s = pos({ hands: ['BX R1', 'Y5 R8 GS', 'Y7'], discard: 'B7' });
    act(s, 'BX');
    expect(legal(s)).toEqual(sorted('R8 Y5'));
    act(s, 'Y5');
    expect(s.sizes[1]).toBe(2 + 5);
  });

  it('no number card: draw one; a number card drawn is played (and its value drawn)', () => {
    const s = pos({ hands: ['BX R1', 'J YS', 'Y7'], discard: 'B7', deck: 'R3' });
    act(s, 'BX');
    expect(legal(s)).toEqual(['D']);
    act(s, 'D');
    expect(top(s)).toBe('R3');
    expect(s.sizes[1]).toBe(2 + 3);
    expect(s.cur).toBe(2);
    expect(s.attack).toBe(Attack.NONE);
  });

  it('xPlusDrawnDraws=false: the drawn number card is played and nothing more is drawn', () => {
    const s = pos({ hands: ['BX R1', 'J YS', 'Y7'], discard: 'B7', deck: 'R3', options: { xPlusDrawnDraws: false } });
    act(s, 'BX');
    act(s, 'D');
    expect(s.sizes[1]).toBe(2);
  });

  it('no number card and a symbol drawn: the X+ passes on to the next player', () => {
    const s = pos({ hands: ['BX R1', 'J YS', 'Y7 G3', 'B5'], discard: 'B7', deck: 'GW' });
    act(s, 'BX');
    act(s, 'D');
    expect(hand(s, 1)).toEqual(sorted('GW J YS'));
    expect(s.cur).toBe(2);
    expect(s.attack).toBe(Attack.X);
    expect(legal(s)).toEqual(sorted('G3 Y7'));
  });

  it('no number card and nothing left to draw anywhere: the X+ ends with that player', () => {
    const s = pos({ hands: ['BX R1', 'J YS', 'Y7 G3'], discard: 'B7' });
    while (s.pileLen > 0) {
      const t = s.pile[--s.pileLen];
      s.hands[2 * Card.COUNT + t]++;
      s.sizes[2]++;
    }
    act(s, 'BX'); // the discards are now B7 BX: only B7 can be reshuffled...
    act(s, 'D'); // ...and is drawn (a number card): played, then 7 to draw: only the X+ under it is left
    expect(hand(s, 1)).toEqual(sorted('BX J YS'));
    expect(top(s)).toBe('B7');
    expect(s.attack).toBe(Attack.NONE);
    expect(s.cur).toBe(2);
    expect(cardsInPlay(s)).toBe(112);
  });

  it('a 0 of the X+ colour defends: nothing shown, nothing drawn', () => {
    const s = pos({ hands: ['BX R1', 'B0 Y5 R8', 'Y7'], discard: 'B7' });
    act(s, 'BX');
    expect(legal(s)).toEqual(sorted('B0 R8 Y5'));
    act(s, 'B0');
    expect(s.sizes[1]).toBe(2);
    expect(stop.observe(s, 0).known[1]).toEqual([]);
    expect(s.cur).toBe(2);
  });

  it('a 0 of another colour is a number card worth 0 (option xPlusZero=defence_only forbids it)', () => {
    const a = pos({ hands: ['BX R1', 'R0 Y5', 'Y7'], discard: 'B7' });
    act(a, 'BX');
    expect(legal(a)).toEqual(sorted('R0 Y5'));
    act(a, 'R0');
    expect(a.sizes[1]).toBe(1);
    const b = pos({ hands: ['BX R1', 'R0 Y5', 'Y7'], discard: 'B7', options: { xPlusZero: 'defence_only' } });
    act(b, 'BX');
    expect(legal(b)).toEqual(['Y5']);
  });

  it('xPlusZero=defence_only: a 0 of another colour drawn under X+ is not played either, the X+ passes on (issue 17)', () => {
    // Seat 1 holds no number card: it draws the R0 on top of the deck.
    const opts = { xPlusZero: 'defence_only' };
    const b = pos({ hands: ['BX R1', 'YS', 'Y7'], discard: 'B7', deck: 'R0', options: opts });
    act(b, 'BX');
    expect(legal(b)).toEqual(['D']);
    act(b, 'D');
    expect(hand(b, 1)).toEqual(sorted('R0 YS'));
    expect(top(b)).toBe('BX');
    expect(b.attack).toBe(Attack.X);
    expect(b.cur).toBe(2);
    // With the default (draws_zero) the same R0 is played as a number worth 0.
    const a = pos({ hands: ['BX R1', 'YS', 'Y7'], discard: 'B7', deck: 'R0' });
    act(a, 'BX');
    act(a, 'D');
    expect(hand(a, 1)).toEqual(['YS']);
    expect(top(a)).toBe('R0');
    expect(a.attack).toBe(Attack.NONE);
    // A 0 of the X+ colour drawn is still the defence.
    const c = pos({ hands: ['BX R1', 'YS', 'Y7'], discard: 'B7', deck: 'B0', options: opts });
    act(c, 'BX');
    act(c, 'D');
    expect(top(c)).toBe('B0');
    expect(c.attack).toBe(Attack.NONE);
  });
});

describe('Stop: jolly', () => {
  it('worked example: a jolly on a blue 4, then a yellow 1 of the player\'s choice', () => {
    const s = pos({ hands: ['J Y1 R7', 'G3'], discard: 'B4' });
    expect(legal(s)).toEqual(sorted('J'));
    act(s, 'J');
    expect(s.cur).toBe(0);
    expect(legal(s)).toEqual(sorted('R7 Y1')); // any coloured card
    act(s, 'Y1');
    expect(Array.from(s.disc.subarray(s.discLen - 3, s.discLen), cardCode)).toEqual(['B4', 'J', 'Y1']);
    expect(s.sizes[0]).toBe(1);
    expect(s.cur).toBe(1);
    expect(legal(s)).toEqual(['D']); // seat 1's green 3 does not match the yellow 1
  });

  it('always two cards: a jolly with no coloured card cannot be played', () => {
    const s = pos({ hands: ['J J', 'G3'], discard: 'B4' });
    expect(legal(s)).toEqual(['D']);
  });

  it('the second card\'s effect applies (jolly + 2+)', () => {
    const s = pos({ hands: ['J G2+ R1', 'Y3', 'B1'], discard: 'B4' });
    act(s, 'J');
    act(s, 'G2+');
    expect(s.attack).toBe(Attack.DRAW);
    expect(s.cur).toBe(1);
  });

  it('not a defence by default; jollyDefence=true allows it with a legal defence', () => {
    const a = pos({ hands: ['R2+ R1', 'J G2+ Y5', 'Y7'], discard: 'R7' });
    act(a, 'R2+');
    expect(legal(a)).toEqual(sorted('D G2+'));
    const b = pos({ hands: ['R2+ R1', 'J G2+ Y5', 'Y7'], discard: 'R7', options: { jollyDefence: true } });
    act(b, 'R2+');
    expect(legal(b)).toEqual(sorted('D G2+ J'));
    act(b, 'J');
    expect(legal(b)).toEqual(['G2+']);
    act(b, 'G2+');
    expect(b.attackCount).toBe(4);
    expect(b.sizes[1]).toBe(1);
  });
});

describe('Stop: Fine del round and Punteggio', () => {
  it('penalty points: jolly 50, X+ 40, swap 30, 2+ 20, skip 10, 6/9 9, the others their value', () => {
    const s = pos({
      hands: ['B1', 'J RX BW G2+ YS R69 B7 B0', 'Y3 Y8 G5'],
      discard: 'B4',
      options: { targetScore: 10000 },
    });
    act(s, 'B1');
    expect(Array.from(s.lastRound)).toEqual([0, 50 + 40 + 30 + 20 + 10 + 9 + 7 + 0, 3 + 8 + 5]);
    expect(Array.from(s.totals)).toEqual([0, 166, 16]);
  });

  it('the last card ends the round at once: no out-of-turn play after it', () => {
    const s = pos({ hands: ['B1', 'Y3', 'B1 G5'], discard: 'B4', options: { targetScore: 10000 } });
    act(s, 'B1');
    expect(s.stats[Stat.ROUNDS]).toBe(1);
    expect(s.lastRound[2]).toBe(6);
  });

  it('a special last card applies first: the next player draws 2 before the scoring', () => {
    const s = pos({ hands: ['B2+', 'Y3', 'G5'], discard: 'B4', options: { targetScore: 10000 } });
    act(s, 'B2+');
    expect(s.stats[Stat.ROUNDS]).toBe(0);
    expect(s.cur).toBe(1);
    const before = s.pile[s.pileLen - 1] + 0;
    const second = s.pile[s.pileLen - 2] + 0;
    act(s, 'D');
    expect(s.stats[Stat.ROUNDS]).toBe(1);
    expect(s.lastRound[1]).toBe(3 + s.cfg.penalty[before] + s.cfg.penalty[second]);
    expect(s.lastRound[2]).toBe(5); // seat 2 does not play any more
  });

  it('a swap as the last card still applies: the swapper ends the round holding the other hand', () => {
    const s = pos({ hands: ['RW', 'Y3 Y8', 'G5'], discard: 'R4', options: { targetScore: 10000 } });
    act(s, 'RW');
    act(s, 'W1');
    expect(s.stats[Stat.ROUNDS]).toBe(1);
    expect(Array.from(s.lastRound)).toEqual([11, 0, 5]);
  });

  it('lastCardAttack=victim (default): a last 2+ hits its victim, who may stop it with a 0 but not pass it on', () => {
    const s = pos({ hands: ['B2+', 'G2+ B0 Y8'], discard: 'B4', options: { targetScore: 10000 } });
    act(s, 'B2+');
    expect(s.cur).toBe(1);
    expect(legal(s)).toEqual(sorted('B0 D'));
    act(s, 'D');
    expect(s.stats[Stat.ROUNDS]).toBe(1);
    expect(s.lastRound[0]).toBe(0); // the player who went out ends the round with no card
    const t = pos({ hands: ['B2+', 'G2+ B0 Y8'], discard: 'B4', options: { targetScore: 10000 } });
    act(t, 'B2+');
    act(t, 'B0');
    expect(t.stats[Stat.ROUNDS]).toBe(1);
    expect(Array.from(t.lastRound)).toEqual([0, 20 + 8]);
  });

  it('lastCardAttack=victim: a last X+ does not pass on, and a 2+ played under it attacks nobody', () => {
    // Seat 1 has no number card and draws a symbol: the X+ would pass on to seat 0, who went out.
    const a = pos({ hands: ['BX', 'YS', 'G5'], discard: 'B4', deck: 'RW', options: { targetScore: 10000 } });
    act(a, 'BX');
    act(a, 'D');
    expect(a.stats[Stat.ROUNDS]).toBe(1);
    expect(a.lastRound[0]).toBe(0);
    // Seat 1 plays a 2+ as the X+ card and draws 2; seat 2 is not attacked.
    const b = pos({ hands: ['BX', 'Y2+ Y8', 'G5'], discard: 'B4', options: { targetScore: 10000 } });
    act(b, 'BX');
    act(b, 'Y2+');
    expect(b.stats[Stat.ROUNDS]).toBe(1);
    expect(b.lastRound[2]).toBe(5);
    expect(b.lastRound[0]).toBe(0);
  });

  it('lastCardAttack=chain: a 2+ passed on while the round ends keeps resolving (two players: back to the one who went out)', () => {
    const s = pos({ hands: ['B2+', 'G2+ Y8'], discard: 'B4', options: { targetScore: 10000, lastCardAttack: 'chain' } });
    act(s, 'B2+');
    act(s, 'G2+');
    expect(s.cur).toBe(0);
    expect(legal(s)).toEqual(['D']);
    act(s, 'D');
    expect(s.stats[Stat.ROUNDS]).toBe(1);
    expect(s.lastRound[1]).toBe(8);
    expect(s.lastRound[0]).toBeGreaterThanOrEqual(0);
  });

  it('a new round: fresh hands of 7, and the dealer moves to the left', () => {
    const s = pos({ hands: ['B1', 'Y3', 'G5'], discard: 'B4', dealer: 0, options: { targetScore: 10000 } });
    act(s, 'B1');
    expect(s.round).toBe(2);
    expect(s.dealer).toBe(1);
    expect(Array.from(s.sizes)).toEqual([7, 7, 7]);
    expect(cardsInPlay(s)).toBe(112);
    // The dealer starts (unless someone jumps in with an identical card first).
    expect(s.turn).toBe(1);
  });

  it('the match ends when a total passes 500; the lowest total wins', () => {
    const s = pos({ hands: ['B1', 'Y3', 'G5'], discard: 'B4', totals: [100, 498, 300] });
    act(s, 'B1');
    expect(s.phase).toBe(Phase.OVER);
    expect(stop.currentPlayer(s)).toBe(-1);
    const r = stop.result(s);
    expect(r.scores).toEqual([100, 501, 305]);
    expect(r.ranks).toEqual([1, 3, 2]);
    expect(r.winners).toEqual([0]);
    expect(r.endReason).toBe('score_limit');
  });

  it('exactly 500 does not end the match ("supera")', () => {
    const s = pos({ hands: ['B1', 'Y2+', 'G5'], discard: 'B4', totals: [0, 480, 0] });
    act(s, 'B1');
    expect(s.totals[1]).toBe(500);
    expect(s.phase).not.toBe(Phase.OVER);
  });

  it('tied lowest totals share the win and the rank', () => {
    const s = pos({ hands: ['B1', 'Y3', 'G5'], discard: 'B4', totals: [103, 600, 98] });
    act(s, 'B1');
    const r = stop.result(s);
    expect(r.ranks).toEqual([1, 3, 1]);
    expect(r.winners).toEqual([0, 2]);
  });

  it('a round that reaches maxTurnsPerRound ends as stuck (counted in the stuck_rounds metric)', () => {
    const s = pos({ hands: ['R1 R3', 'G5 G7'], discard: 'B4', options: { maxTurnsPerRound: 3, targetScore: 10000 } });
    act(s, 'D');
    act(s, 'D');
    act(s, 'D');
    expect(s.round).toBe(2);
    const m = new Array<number>(stop.measures.names.length).fill(0);
    stop.measures.write(s, m);
    expect(m[stop.measures.names.indexOf('stuck_rounds')]).toBe(1);
    expect(m[stop.measures.names.indexOf('rounds')]).toBe(1);
  });

  it('stuckRound=void: a stuck round scores nothing', () => {
    const s = pos({ hands: ['R1 R3', 'G5 G7'], discard: 'B4', options: { maxTurnsPerRound: 1, stuckRound: 'void' } });
    act(s, 'D');
    expect(Array.from(s.totals)).toEqual([0, 0]);
  });
});

describe('Stop: Preparazione', () => {
  it('deals 7 cards each, turns up a coloured card, and the dealer starts (over many deals)', () => {
    for (let i = 0; i < 300; i++) {
      const players = 2 + (i % 9);
      const opts = { firstDealer: -1 };
      const o = { ...Object.fromEntries(stop.options.map((spec) => [spec.name, spec.default])), ...opts };
      const s = stop.setup(o, players, new Rng(`deal${i}`));
      expect(s.firstDealer).toBeGreaterThanOrEqual(0);
      expect(s.firstDealer).toBeLessThan(players);
      expect(s.dealer).toBe(s.firstDealer);
      expect(s.discLen).toBe(1);
      expect(top(s)).not.toBe('J');
      for (let p = 0; p < players; p++) expect(s.sizes[p]).toBe(7);
      expect(s.pileLen).toBe(112 - 7 * players - 1);
      expect(s.turn).toBe(s.dealer);
      // the first decision is the dealer's, or an out-of-turn chance on the first card
      if (s.phase !== Phase.OUT_OF_TURN) expect(s.cur).toBe(s.dealer);
      expect(stop.result(s).firstPlayer).toBe(s.firstDealer);
    }
  });

  it('firstCardEffect: a 2+ turned up attacks the dealer', () => {
    let found = false;
    for (let i = 0; i < 400 && !found; i++) {
      const o = Object.fromEntries(stop.options.map((spec) => [spec.name, spec.default]));
      o.firstCardEffect = true;
      const s = stop.setup(o, 4, new Rng(`first${i}`));
      if (top(s).endsWith('2+')) {
        found = true;
        expect(s.attack).toBe(Attack.DRAW);
        expect(s.turn).toBe(s.dealer);
      } else if (!top(s).endsWith('S') && !top(s).endsWith('X')) {
        expect(s.attack).toBe(Attack.NONE);
      }
    }
    expect(found).toBe(true);
  });

  it('positions keep all 112 cards', () => {
    const s = pos({ hands: ['R1 R3', 'J J'], discard: 'B4 G4', deck: 'Y7' });
    expect(cardsInPlay(s)).toBe(112);
    expect(s.pile[s.pileLen - 1]).toBe(parseCards('Y7')[0]);
  });
});

import type { GameEvent } from '../../engine/game.js';
import { Card } from './cards.js';
import { cardName } from './actions.js';
import { EndReason, END_REASONS, StramatState } from './state.js';

/*
 * What Stramat's actions cause, as GameEvents (see the contract in engine/game.ts). The rules call these
 * only behind `if (s.ev !== undefined)`, so a tournament, which passes no array, never builds a string.
 * A card that reaches a hand unseen (a draw, a Giro or Aggiungo exchange) is told in full only in
 * `secret`, to the seats that saw it; the discard pile is open (8.0), so what goes there is public.
 */

/** Card types as readable names, in the given order: "1, 3, Dado". */
export function cardsText(types: readonly number[]): string {
  return types.length === 0 ? 'nothing' : types.map(cardName).join(', ');
}

/** The cards of p's hand, type by type. */
export function handCards(s: StramatState, p: number): number[] {
  const out: number[] = [];
  for (let c = 0; c < Card.COUNT; c++) for (let k = s.hands[p * Card.COUNT + c]; k > 0; k--) out.push(c);
  return out;
}

function push(s: StramatState, e: GameEvent): void {
  (s.ev as GameEvent[]).push(e);
}

function cardsWord(k: number): string {
  return k === 1 ? 'a card' : `${k} cards`;
}

export function evGameStart(s: StramatState): void {
  const of = s.rules.evening;
  push(s, {
    kind: 'game_start',
    seat: -1,
    text: of > 1 ? `game ${s.gameIndex + 1} of ${of} of the evening: new deal` : 'new deal',
    data: { game: s.gameIndex + 1, of },
  });
}

export function evFirstRoll(s: StramatState, rolls: number[]): void {
  const parts: string[] = [];
  for (let p = 0; p < rolls.length; p++) if (rolls[p] > 0) parts.push(`seat ${p} rolls ${rolls[p]}`);
  push(s, { kind: 'roll', seat: -1, text: `who starts: ${parts.join(', ')} (lowest starts)`, data: { rolls: rolls.slice() } });
}

export function evFirstPlayer(s: StramatState): void {
  push(s, { kind: 'first_player', seat: s.firstPlayer, text: `seat ${s.firstPlayer} rolled lowest and starts`, data: {} });
}

/** The deal, one event per seat: each hand is secret to its holder. */
export function evDeal(s: StramatState): void {
  for (let p = 0; p < s.n; p++) {
    const cards = handCards(s, p);
    push(s, {
      kind: 'deal',
      seat: p,
      text: `seat ${p} is dealt ${cardsWord(cards.length)}`,
      data: { count: cards.length },
      secret: { seats: [p], text: `seat ${p} is dealt: ${cardsText(cards)}`, data: { cards: cards.map(cardName) } },
    });
  }
}

export function evStramatTurnedUp(s: StramatState): void {
  push(s, { kind: 'reshuffle', seat: -1, text: 'the Stramat card was turned up: it goes back into the deck, which is shuffled (8.0)', data: {} });
}

export function evFlip(s: StramatState, t: number): void {
  push(s, { kind: 'flip', seat: -1, text: `${cardName(t)} is turned face up`, data: { card: cardName(t) } });
}

/** A turn starts: its number, then the card its player drew (8.0). */
export function evTurnDraw(s: StramatState, p: number, drawn: number): void {
  push(s, { kind: 'turn', seat: p, text: `turn ${s.turns + 1}: seat ${p}`, data: { turn: s.turns + 1 } });
  evDraw(s, p, [drawn], '');
}

export function evColpoDraw(s: StramatState, t: number, drawn: number): void {
  evDraw(s, t, [drawn], 'Colpo');
}

/** p drew `cards` from the deck (why: a turn's draw, Colpo, Dado). */
export function evDraw(s: StramatState, p: number, cards: readonly number[], why: string): void {
  const tail = why ? ` (${why})` : '';
  push(s, {
    kind: 'draw',
    seat: p,
    text: `seat ${p} draws ${cardsWord(cards.length)}${tail}`,
    data: { count: cards.length, deck: s.deckSize },
    secret: { seats: [p], text: `seat ${p} draws: ${cardsText(cards)}${tail}`, data: { cards: cards.map(cardName) } },
  });
}

/** Dado's draws, told from each hand before and after: in turn order from the roller's next, the roller last. */
export function evDadoDraws(s: StramatState, p: number, before: readonly number[]): void {
  let q = p;
  for (let i = 0; i < s.n; i++) {
    q = q + 1 === s.n ? 0 : q + 1;
    if (!s.active[q]) continue;
    const cards: number[] = [];
    for (let c = 0; c < Card.COUNT; c++) for (let k = s.hands[q * Card.COUNT + c] - before[q * Card.COUNT + c]; k > 0; k--) cards.push(c);
    if (cards.length > 0) evDraw(s, q, cards, 'Dado');
  }
}

export function evBlockedTurn(s: StramatState, p: number): void {
  const left = s.blockedTurns[p];
  push(s, {
    kind: 'blocked_turn',
    seat: p,
    text: `seat ${p} is blocked: draws only, the turn is lost${left > 0 ? ` (${left} more blocked turn${left > 1 ? 's' : ''})` : ''}`,
    data: { left },
  });
}

export function evDadoRoll(s: StramatState, p: number, d: number, players: number): void {
  push(s, {
    kind: 'roll',
    seat: p,
    text: `seat ${p} rolls ${d} (Dado): ${players} players draw ${d} each, the roller last`,
    data: { roll: d, needed: players * d, deck: s.deckSize },
  });
}

export function evBlock(s: StramatState, t: number): void {
  push(s, { kind: 'block', seat: t, text: `seat ${t} is blocked for one turn (Alt)`, data: { turns: 1 } });
}

export function evCounter(s: StramatState, q: number, p: number, t: number): void {
  push(s, {
    kind: 'counter',
    seat: q,
    text: `seat ${q} answers with the counter-Alt: seat ${t}'s block is lifted, seat ${p} is blocked for two turns`,
    data: { against: p, lifted: t, turns: 2 },
  });
}

export function evShowHand(s: StramatState, p: number, t: number): void {
  const cards = handCards(s, t);
  push(s, {
    kind: 'show_hand',
    seat: t,
    text: `seat ${t} shows the hand to seat ${p} only (Aggiungo)`,
    data: { to: p, count: cards.length },
    secret: { seats: [p, t], text: `seat ${t} shows seat ${p} the hand: ${cardsText(cards)}`, data: { cards: cards.map(cardName) } },
  });
}

export function evAggiungo(s: StramatState, p: number, t: number, take: number, give: number): void {
  push(s, {
    kind: 'exchange',
    seat: p,
    text: `seat ${p} takes a card from seat ${t} and gives the face-down card in its place`,
    data: { with: t, count: 1 },
    secret: {
      seats: [p, t],
      text: `seat ${p} takes ${cardName(take)} from seat ${t} and gives ${cardName(give)} (Aggiungo)`,
      data: { took: [cardName(take)], gave: [cardName(give)] },
    },
  });
}

export function evAggiungoNothing(s: StramatState, p: number, t: number): void {
  push(s, {
    kind: 'exchange',
    seat: p,
    text: `seat ${t} holds only the Stramat card, passed only in its holder's turn: nothing is taken, the face-down card goes back to seat ${p}`,
    data: { with: t, count: 0 },
  });
}

export function evGiro(s: StramatState, p: number, t: number, took: readonly number[], gave: readonly number[]): void {
  push(s, {
    kind: 'exchange',
    seat: p,
    text: `seat ${p} swaps ${cardsWord(gave.length)} with seat ${t}, drawn blind from seat ${t}'s hand (Giro)`,
    data: { with: t, count: gave.length },
    secret: {
      seats: [p, t],
      text: `seat ${p} gives seat ${t}: ${cardsText(gave)}; draws from seat ${t}'s hand: ${cardsText(took)} (Giro)`,
      data: { took: took.map(cardName), gave: gave.map(cardName) },
    },
  });
}

/** Jolly (7.2 J): the hand is shown and what is drawn back from the open pile is seen by all. */
export function evJolly(s: StramatState, p: number, shown: readonly number[], drawn: readonly number[]): void {
  push(s, {
    kind: 'jolly',
    seat: p,
    text: `seat ${p} shows the hand (${cardsText(shown)}), puts it on the discard pile, shuffles it and draws back: ${cardsText(drawn)}`,
    data: { shown: shown.map(cardName), drawn: drawn.map(cardName) },
  });
}

export function evPileShuffled(s: StramatState): void {
  push(s, { kind: 'reshuffle', seat: -1, text: `the discard pile is shuffled: ${cardName(s.top)} is on top`, data: { top: cardName(s.top) } });
}

export function evEliminate(s: StramatState, q: number, cards: readonly number[]): void {
  push(s, {
    kind: 'eliminate',
    seat: q,
    text: `seat ${q} leaves the game with ${s.gamePoints[q]} points; the cards (${cardsText(cards)}) go to the discard pile`,
    data: { points: s.gamePoints[q], cards: cards.map(cardName) },
  });
}

const REASON_TEXT = ['', 'the deck is empty', 'a hand is empty', 'the Stramat card annuls it, zero to zero', 'the Dado found the deck too short'];

export function evGameEnd(s: StramatState, reason: number): void {
  const pts = s.gamePoints.map((v, p) => `seat ${p} ${v}`).join(', ');
  const lampo = reason === EndReason.EMPTY_HAND ? `seat ${s.lampoWinner} has no cards left and wins; ` : '';
  push(s, {
    kind: 'game_end',
    seat: reason === EndReason.EMPTY_HAND ? s.lampoWinner : -1,
    text: `game ${s.gameIndex + 1} over: ${REASON_TEXT[reason]}. ${lampo}Points: ${pts}`,
    data: { game: s.gameIndex + 1, reason: END_REASONS[reason], points: s.gamePoints.slice(), evening: s.eveningPoints.slice() },
  });
}

export function evMatchEnd(s: StramatState): void {
  const evening = s.rules.evening > 1;
  const pts = (evening ? s.eveningPoints : s.gamePoints).map((v, p) => `seat ${p} ${v}`).join(', ');
  push(s, {
    kind: 'match_end',
    seat: -1,
    text: evening
      ? `the evening is over after ${s.rules.evening} games (${s.gamesAnnulled} annulled). Evening points: ${pts}`
      : `the match is over (${REASON_TEXT[s.endReason]}). Points: ${pts}`,
    data: { reason: END_REASONS[s.endReason], points: (evening ? s.eveningPoints : s.gamePoints).slice() },
  });
}

export function evSetAside(s: StramatState, p: number): void {
  push(s, { kind: 'set_aside', seat: p, text: `seat ${p} sets the Stramat card aside until the next game (Birichino, 9.0)`, data: {} });
}

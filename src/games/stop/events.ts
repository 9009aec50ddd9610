import type { GameEvent } from '../../engine/game.js';
import { COLOUR_NAME, Card, cardCode, cardName } from './cards.js';
import { ATTACK_NAMES, Attack, END_REASONS, type StopState, SwapMode } from './state.js';

/*
 * What Stop's actions cause, as GameEvents (see the contract in engine/game.ts). The rules call these
 * only behind `if (s.ev !== undefined)`, so a tournament, which passes no array, never builds a string.
 * Cards drawn from the deck, dealt, or received in a swap are told in full only in `secret`, to the
 * seats that saw them; cards shown under X+ are public.
 */

function push(s: StopState, e: GameEvent): void {
  (s.ev as GameEvent[]).push(e);
}

/** Cards in the rulebook's words, as a person reads them: "red 5, blue 2+, jolly". */
export function codes(types: readonly number[]): string {
  return types.length === 0 ? 'nothing' : types.map(cardName).join(', ');
}

export function handTypes(s: StopState, p: number): number[] {
  const out: number[] = [];
  for (let t = 0; t < Card.COUNT; t++) for (let c = s.hands[p * Card.COUNT + t]; c > 0; c--) out.push(t);
  return out;
}

function cardsWord(k: number): string {
  return k === 1 ? 'a card' : `${k} cards`;
}

export function evDeal(s: StopState): void {
  push(s, {
    kind: 'round_start',
    seat: s.dealer,
    text: `round ${s.round}: seat ${s.dealer} shuffles and deals ${s.cfg.handSize} cards each`,
    data: { round: s.round, dealer: s.dealer },
  });
  for (let p = 0; p < s.n; p++) {
    const cards = handTypes(s, p);
    push(s, {
      kind: 'deal',
      seat: p,
      text: `seat ${p} is dealt ${cardsWord(cards.length)}`,
      data: { count: cards.length },
      secret: { seats: [p], text: `seat ${p} is dealt: ${codes(cards)}`, data: { cards: cards.map(cardCode) } },
    });
  }
}

export function evFlip(s: StopState, t: number, jollies: number): void {
  const note = jollies > 0 ? ` (a jolly turned up went to the bottom of the deck)` : '';
  push(s, { kind: 'flip', seat: -1, text: `${cardName(t)} is turned face up${note}`, data: { card: cardCode(t) } });
}

/** The first card's effect on the dealer (option firstCardEffect). */
export function evFirstCardEffect(s: StopState): void {
  push(s, { kind: 'attack', seat: s.dealer, text: `the first card acts on seat ${s.dealer}: ${attackText(s)}`, data: { attack: ATTACK_NAMES[s.attack], count: s.attackCount } });
}

function attackText(s: StopState): string {
  const colour = COLOUR_NAME[s.attackColour];
  if (s.attack === Attack.DRAW) return `${colour} 2+, ${s.attackCount} cards to draw`;
  if (s.attack === Attack.SKIP) return `${colour} skip, ${s.attackCount} turn${s.attackCount > 1 ? 's' : ''} lost`;
  return `${colour} X+`;
}

export function evTurn(s: StopState, seat: number): void {
  const faces = s.attack !== Attack.NONE ? ` (faces ${attackText(s)})` : '';
  push(s, {
    kind: 'turn',
    seat,
    text: `turn ${s.totalTurns + 1} (round ${s.round}, turn ${s.roundTurns + 1} of the round): seat ${seat}${faces}`,
    data: { turn: s.totalTurns + 1, round: s.round, roundTurn: s.roundTurns + 1, attack: ATTACK_NAMES[s.attack] },
  });
}

/** p drew these cards from the deck, unseen by the others. */
export function evDraw(s: StopState, p: number, cards: readonly number[], wanted: number, why: string): void {
  const short = cards.length < wanted ? ` (only ${cards.length} of ${wanted} were left)` : '';
  const tail = `${why ? ` (${why})` : ''}${short}`;
  push(s, {
    kind: 'draw',
    seat: p,
    text: `seat ${p} draws ${cardsWord(cards.length)}${tail}`,
    data: { count: cards.length, deck: s.pileLen },
    secret: { seats: [p], text: `seat ${p} draws: ${codes(cards)}${tail}`, data: { cards: cards.map(cardCode) } },
  });
}

/** A card drawn under X+, seen by everyone. */
export function evDrawShown(s: StopState, p: number, t: number): void {
  push(s, { kind: 'draw', seat: p, text: `seat ${p} draws ${cardName(t)} face up (X+)`, data: { count: 1, cards: [cardCode(t)] } });
}

export function evXNothing(s: StopState, p: number): void {
  push(s, { kind: 'draw', seat: p, text: `seat ${p} finds no card left to draw: the X+ ends`, data: { count: 0 } });
}

export function evShowHand(s: StopState, p: number): void {
  const cards = handTypes(s, p);
  push(s, { kind: 'show_hand', seat: p, text: `seat ${p} shows the hand (X+): ${codes(cards)}`, data: { cards: cards.map(cardCode) } });
}

export function evXPass(s: StopState, p: number, next: number): void {
  push(s, { kind: 'xpass', seat: p, text: `seat ${p} drew a symbol: the X+ passes on to seat ${next}`, data: { to: next } });
}

export function evSkipped(s: StopState, q: number): void {
  push(s, { kind: 'skipped', seat: q, text: `seat ${q} loses the turn`, data: {} });
}

export function evDefended(s: StopState, p: number): void {
  push(s, { kind: 'defend', seat: p, text: `seat ${p} stops the attack`, data: {} });
}

export function evForgot(s: StopState, p: number): void {
  push(s, { kind: 'attention', seat: p, text: `seat ${p} forgot to call "Attenzione!" and draws ${s.cfg.attentionPenalty}`, data: { penalty: s.cfg.attentionPenalty } });
}

export function evReshuffle(s: StopState): void {
  push(s, { kind: 'reshuffle', seat: -1, text: `the deck is empty: the discards but the top card are shuffled into a new deck of ${s.pileLen}`, data: { deck: s.pileLen } });
}

export function evOut(s: StopState, p: number): void {
  push(s, { kind: 'out', seat: p, text: `seat ${p} has no cards left: the round ends once pending effects resolve`, data: {} });
}

export function evSwapCancelled(s: StopState, p: number): void {
  push(s, { kind: 'swap_cancelled', seat: p, text: `the swap of seat ${s.swapPlayer} is cancelled: no hands move`, data: { by: p } });
}

/** Before doSwap: who receives whose hand; each receiver and giver saw those cards. */
export function evSwap(s: StopState): void {
  const A = s.swapPlayer;
  const mode = s.swapMode;
  const pairs: [number, number][] = [];
  if (mode < SwapMode.LEFT) {
    pairs.push([A, mode], [mode, A]);
  } else {
    // LEFT: every hand passes to the left (seat g gets the hand of seat g - 1).
    for (let g = 0; g < s.n; g++) pairs.push([g, mode === SwapMode.LEFT ? (g + s.n - 1) % s.n : (g + 1) % s.n]);
  }
  for (const [to, from] of pairs) {
    const cards = handTypes(s, from);
    push(s, {
      kind: 'exchange',
      seat: to,
      text: `seat ${to} receives the hand of seat ${from} (${cardsWord(cards.length)})`,
      data: { from, count: cards.length },
      secret: { seats: [to, from], text: `seat ${to} receives the hand of seat ${from}: ${codes(cards)}`, data: { cards: cards.map(cardCode) } },
    });
  }
}

export function evRoundEnd(s: StopState, stuck: boolean, scored: boolean): void {
  const why = stuck ? `stuck after ${s.roundTurns} turns${scored ? '' : ' (void: no points)'}` : 'a hand is empty';
  const pts = Array.from(s.lastRound, (v, p) => `seat ${p} +${v}=${s.totals[p]}`).join(', ');
  push(s, {
    kind: 'round_end',
    seat: -1,
    text: `round ${s.round} over (${why}). Penalty points: ${pts}`,
    data: { round: s.round, stuck, points: Array.from(s.lastRound), totals: Array.from(s.totals) },
  });
}

export function evMatchEnd(s: StopState): void {
  const why = s.endReason === 1 ? `a total passed ${s.cfg.targetScore}` : `the round cap of ${s.cfg.maxRounds} was reached`;
  push(s, {
    kind: 'match_end',
    seat: -1,
    text: `the match is over (${why}). Totals: ${Array.from(s.totals, (v, p) => `seat ${p} ${v}`).join(', ')}`,
    data: { reason: END_REASONS[s.endReason], totals: Array.from(s.totals) },
  });
}

import type { CardFace, GameWords } from '../../engine/game.js';
import { TYPE_NAMES } from './cards.js';

/*
 * Stramat in its rulebook's words (docs/rules/stramat.md): phases, end reasons, and each card's face
 * (the table view names cards by TYPE_NAMES; the face adds what the card does, as its name).
 */

const POWERS = ['a number card, 1 point', 'a number card, 2 points', 'a number card, 3 points', 'Dado: roll, everyone draws that many', 'Colpo: an opponent draws a card', 'Aggiungo: give a card face down, take one', 'Alt: an opponent is blocked for a turn', 'Giro: swap cards with an opponent', 'Jolly: counts as a number', 'Stramat: annuls the game'];
const COLOURS = ['#37474f', '#37474f', '#37474f', '#b71c1c', '#8e2400', '#1b5e20', '#0d47a1', '#4a148c', '#5d4037', '#000000'];

function faces(): Record<string, CardFace> {
  const out: Record<string, CardFace> = {};
  TYPE_NAMES.forEach((name, t) => (out[name] = { face: name, name: t < 3 ? `${name} (${POWERS[t]})` : POWERS[t], colour: COLOURS[t] }));
  return out;
}

export const stramatWords: GameWords = {
  phases: {
    main: 'discard, play a power card or pass',
    'colpo-target': 'choose who takes the Colpo',
    'alt-target': 'choose whom to block with the Alt',
    'alt-counter': 'answer the Alt with an Alt, or let it pass',
    'aggiungo-give': 'choose the card to give face down (Aggiungo)',
    'aggiungo-target': 'choose whom to give it to (Aggiungo)',
    'aggiungo-take': 'choose the card to take back (Aggiungo)',
    'giro-target': 'choose whom to swap with (Giro)',
    'giro-pick': 'pick the cards to swap (Giro)',
    'birichino-pick': 'pick a card (Birichino)',
    'birichino-counter': 'answer the Birichino, or let it pass',
    over: 'wait: the match is over',
  },
  endReasons: {
    deck_empty: 'the deck ran out',
    empty_hand: 'a player emptied their hand (vittoria lampo)',
    stramat: 'the Stramat card annulled the game',
    dado_short_deck: 'the deck was too short for the Dado',
    unfinished: 'not finished',
  },
  winsBy: 'fewest points in hand wins (an empty hand wins at once)',
  score: 'points',
  cards: faces(),
  legend: ['Number cards (1, 2, 3) are grey; each power card has its own colour and says what it does when pointed at.', 'A blue back with a count: cards face down that this seat may not see.'],
};

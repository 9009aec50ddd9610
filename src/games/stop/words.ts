import type { CardFace, GameWords } from '../../engine/game.js';
import { COLOUR_NAME, Card, Kind, KIND_NAME, KIND_OF, COLOUR_OF, cardCode, cardName } from './cards.js';

/*
 * Stop in its rulebook's words (docs/rules/stop.md): the phases and end reasons a person reads, and each
 * card's face for the drawn table (colour, the number or symbol printed on it, its name).
 */

/** The card colours as drawn: dark enough for white text on them (contrast at least 4.5:1). */
const COLOUR_CSS = ['#c62828', '#8a6d00', '#2e7d32', '#1565c0', '#6a1b9a', '#b34700'];

function faces(): Record<string, CardFace> {
  const out: Record<string, CardFace> = {};
  for (let t = 0; t < Card.COUNT; t++) {
    const kind = KIND_OF[t];
    const face = t === Card.JOLLY ? 'jolly' : kind === Kind.SKIP ? 'skip' : kind === Kind.SWAP ? 'swap' : KIND_NAME[kind];
    out[cardCode(t)] = { face, name: cardName(t), colour: t === Card.JOLLY ? '#222' : COLOUR_CSS[COLOUR_OF[t]] };
  }
  return out;
}

export const stopWords: GameWords = {
  phases: {
    turn: 'play a card or draw',
    attack_draw: 'answer the 2+ or draw the cards',
    attack_skip: 'answer the skip or lose the turn',
    attack_xplus: 'answer the X+',
    jolly: 'choose the card the jolly stands for',
    swap_choose: 'choose whose hand to take',
    swap_cancel: 'cancel the swap or let it happen',
    out_of_turn: 'play the identical card out of turn, or keep it',
    over: 'wait: the match is over',
  },
  endReasons: {
    score_limit: "a player's penalty points passed the target",
    round_cap: 'the round limit was reached',
    unfinished: 'not finished',
  },
  winsBy: 'lowest total of penalty points wins',
  score: 'penalty points',
  cards: faces(),
  legend: [
    `Cards are drawn in their colour (${COLOUR_NAME.join(', ')}); the jolly is black.`,
    'A card shows its number, or its symbol: 2+ (the next player draws), skip (loses a turn), swap (hands change), X+.',
    'A blue back with a count: cards face down that this seat may not see.',
  ],
};

import type { GameWords } from '../../engine/game.js';

/* Symbotrio in its rulebook's words (docs/rules/symbotrio.md). */
export const symbotrioWords: GameWords = {
  phases: { flip: 'flip squares to find the code', cheat_target: 'choose whom to take a card from', over: 'wait: the match is over' },
  endReasons: {
    all_won: 'every card was won',
    deck_empty: 'the deck ran out',
    turn_cap: 'the turn limit was reached',
    unfinished: 'not finished',
  },
  winsBy: 'most cards won win',
  score: 'cards won',
  legend: ['The twelve squares: a face-up square shows its symbol; * marks a square every player has seen.'],
};

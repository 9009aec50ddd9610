import type { GameWords } from '../../engine/game.js';

/* Zatre in its rulebook's words (docs/rules/zatre.md). */
export const zatreWords: GameWords = {
  phases: { opening: 'place the opening tiles', turn: 'place tiles', over: 'wait: the match is over' },
  endReasons: { bag_empty: 'the bag was empty and no tile was left to place', blocked: 'no player could place a tile', unfinished: 'not finished' },
  winsBy: 'most points on the scoring sheet win',
  score: 'points',
  legend: ['The board: a digit is a tile (its pips), a dot an empty square, + a light square (its row scores double).'],
};

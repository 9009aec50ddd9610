import type { GameWords } from '../../engine/game.js';

/* Scala in its rulebook's words (docs/rules/scala.md). */
export const scalaWords: GameWords = {
  phases: { turn: 'place or move a piece', over: 'wait: the match is over' },
  endReasons: {
    last_player: 'one player was left with pieces on the board',
    turn_cap: 'the agreed time ran out (most pieces win)',
    blocked: 'no player could move (most pieces win)',
    unfinished: 'not finished',
  },
  winsBy: 'the last player left wins; at a time limit, most pieces',
  score: 'pieces',
  legend: ['The board: each square shows its stack, top piece first (a letter for the colour, a number for the piece).'],
};

import { describe, expect, it } from 'vitest';
import { games } from '../../src/games/index.js';
import { outcomeText, winsByText } from '../../src/play/words.js';
import { endWords, humanise, phaseWords } from '../../src/engine/words.js';
import type { MatchOutcome } from '../../src/engine/match.js';

/** The end of a match in the game's words, addressed to the human seat as "you". */

const outcome = (scores: number[], winners: number[], endReason: string): MatchOutcome => ({
  result: { scores, ranks: scores.map(() => 1), winners, annulled: false, endReason, firstPlayer: 0, turns: 12 },
  decisions: 30,
  metrics: [],
});

describe('the game\'s own words', () => {
  it('Stop: the end explains that the lowest total wins, with "you" among the scores', () => {
    const text = outcomeText(games.stop, outcome([79, 0], [1], 'score_limit'), ['human', 'greedy'], [0]);
    expect(text).toBe("Match over: a player's penalty points passed the target. Winner: seat 1 (greedy). Lowest total of penalty points wins: you 79, seat 1 (greedy) 0 (penalty points). 12 turns, 30 decisions.");
    expect(text).not.toContain('score_limit');
    expect(outcomeText(games.stop, outcome([3, 80], [0], 'score_limit'), ['human', 'greedy'], [0])).toContain('You win!');
  });

  it('every built-in game says how it is won and names each end reason in words', () => {
    for (const game of Object.values(games)) {
      expect(winsByText(game)).toMatch(/wins?\b/);
      for (const reason of Object.keys(game.view.words?.endReasons ?? {})) expect(endWords(game.view.words, reason)).not.toMatch(/_/);
    }
  });

  it('a code name without words reads humanised', () => {
    expect(humanise('dado_short_deck')).toBe('dado short deck');
    expect(phaseWords(undefined, 'colpo-target')).toBe('colpo target');
    expect(phaseWords(games.stop.view.words, 'attack_draw')).toBe('answer the 2+ or draw the cards');
  });
});

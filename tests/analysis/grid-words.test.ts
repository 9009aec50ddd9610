import { describe, expect, it } from 'vitest';
import { gridText } from '../../src/analysis/grid-words.js';
import { madeUpGrid, words } from '../helpers/sweep-fixtures.js';

/**
 * A grid in words, from made-up figures (each cell's value is 10 x the first option's index + the
 * second's; the first option's averaged trend found at p 0.001, the second's not at 0.4).
 */
describe('a grid in words', () => {
  const g = madeUpGrid([['3', '5', '7'], ['0', '8', '16']], ['win_share:greedy', 'first_player_advantage', 'turns_mean', 'metric:turns_per_round']);
  const { answer, tables } = gridText(g.grid, g.figures, words, 'out/grid.csv');
  const lines = answer.split('\n');

  it('opens with the grid, then each found trend in a sentence and the quantities without one', () => {
    expect(lines[0]).toBe('Across handSize (3, 5, 7) x jollies (0, 8, 16): 9 cells, match i of every cell played from the same seed (docs/sweeps.md).');
    expect(lines).toContain('Each 1 more of handSize, averaged over jollies, lengthens game length (turns) by about 10.0 (95% CI +9.0 to +11.0; Holm-adjusted p = 0.001).');
    expect(lines).toContain('Each 1 more of handSize, averaged over jollies, raises turns per round by about 10.0 (95% CI +9.0 to +11.0; Holm-adjusted p = 0.001).');
    expect(lines).toContain("No trend against jollies found in: greedy's win share, the first-player advantage, game length (turns), turns per round.");
  });

  it('says where each main quantity is lowest and highest, with intervals, and leaves the metrics to the tables', () => {
    // Game length: 0 at (3, 0), 22 at (7, 16); every interval is [10 a - 1, 10 a + 3].
    expect(lines).toContain('Game length (turns) is lowest at handSize=3, jollies=0: 0.0 (95% CI -1.0 to 3.0), highest at handSize=7, jollies=16: 22.0 (95% CI 19.0 to 23.0).');
    expect(lines.find((l) => l.startsWith("Greedy's win share is lowest"))).toBe("Greedy's win share is lowest at handSize=3, jollies=0: 0.0% (95% CI -100.0% to 300.0%), highest at handSize=7, jollies=16: 2200.0% (95% CI 1900.0% to 2300.0%).");
    // The first-player advantage is a difference of shares: in signed points.
    expect(lines.find((l) => l.startsWith('The first-player advantage is lowest'))).toContain('highest at handSize=7, jollies=16: +2200.0 points (95% CI +1900.0 to +2300.0 points)');
    expect(lines.some((l) => l.startsWith('Turns per round is lowest'))).toBe(false);
    expect(lines[lines.length - 1]).toMatch(/^\(A trend is the least-squares change .* Lowest and highest are descriptive/);
  });

  it('tabulates each quantity with the first option down and the second across', () => {
    const block = tables.split('\n');
    const head = block.findIndex((l) => l.startsWith('game length (turns)'));
    expect(block[head]).toMatch(/^game length \(turns\) +jollies=0 +jollies=8 +jollies=16$/);
    expect(block[head + 3]).toMatch(/^handSize=7 +20\.0 \[19\.0, 23\.0\] +21\.0 \[19\.0, 23\.0\] +22\.0 \[19\.0, 23\.0\]$/);
    expect(tables).toContain('Wrote out/grid.csv.');
  });

  it('gives an option whose values are not numbers no trend, and says so', () => {
    const b = madeUpGrid([['3', '5'], ['false', 'true']]);
    const text = gridText(b.grid, b.figures, words).answer;
    expect(text).toContain("jollies's values are not all numbers: it has no trend; read its cells below.");
    expect(text).toContain('Each 1 more of handSize, averaged over jollies,');
  });
});

// The verdict's first words about repeated plays (src/analysis/verdict-repeats.ts): said from 10% of a
// variant's matches repeating, with the counts, the precision and what to do.
import { describe, expect, it } from 'vitest';
import { REPEAT_NOTE_SHARE, repeatNotes } from '../../src/analysis/verdict-repeats.js';

const input = (matches: number, distinct: number, largest: number, extra: { opening?: number; compared?: boolean } = {}) => ({
  variants: ['base'],
  matches: new Map([['base', matches]]),
  figures: new Map([
    [
      'base',
      [
        { quantity: 'plays_distinct', value: distinct },
        { quantity: 'plays_largest', value: largest },
      ],
    ],
  ]),
  compared: extra.compared ?? false,
  ...(extra.opening !== undefined ? { opening: extra.opening } : {}),
});

describe('repeatNotes', () => {
  it('is silent below the threshold and speaks at it', () => {
    expect(REPEAT_NOTE_SHARE).toBe(0.1);
    expect(repeatNotes(input(100, 91, 10))).toEqual([]);
    const [note] = repeatNotes(input(100, 90, 11));
    expect(note).toMatch(/^Repeated play: 10 of the 100 matches of base \(10\.0%\) repeat an earlier match move for move/);
    expect(note).toContain('90 distinct plays, the most frequent one 11 times');
    expect(note).toContain('Its intervals below count each distinct play once: they are as wide as 90 plays allow.');
    expect(note).toContain("a few random opening moves (the spec's `opening`, 4 say)");
  });

  it('names one play, a longer opening when there was one, and that the comparison\'s tests count the effective plays', () => {
    const [note] = repeatNotes(input(50, 1, 50, { opening: 2, compared: true }));
    expect(note).toContain('one play, so its figures describe');
    expect(note).toContain("a longer opening than 2 random moves (the spec's `opening`)");
    expect(note).toContain('the tests between variants below count the effective plays of their less varied side, not the matches');
  });

  it('says nothing for a folder without play hashes (no plays_distinct figure)', () => {
    expect(repeatNotes({ ...input(100, 1, 100), figures: new Map([['base', []]]) })).toEqual([]);
  });
});

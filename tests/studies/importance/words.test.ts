// src/studies/importance/words.ts: the sentences of `tavolo importance` say a loss as a loss, "no match changed" only
// when every pair was the same, and the decimals each card's own interval can tell.
import { describe, expect, it } from 'vitest';
import type { ImportanceRow } from '../../../src/studies/importance/analysis.js';
import { importanceTable, restrictedWords, sensitivityWords, type ImportanceContext } from '../../../src/studies/importance/words.js';

function row(over: Partial<ImportanceRow>): ImportanceRow {
  return {
    view: 'restricted', card: 'the Alt card', name: 'alt', change: 'without', variant: 'x', quantity: 'win_share:greedy',
    referenceValue: 0.45, value: 0.2, difference: -0.25, low: -0.26, high: -0.24, p: 1e-9, pHolm: 1e-8, family: 2, pairs: 1000,
    test: 'mcnemar', sd: 0.4, rank: 1, ...over,
  };
}

const context: ImportanceContext = { words: { lineup: ['greedy', 'random'] }, quantity: 'win_share:greedy', focus: 'greedy', opponents: ['random'], matches: 1000, lossRanked: true };

describe('importance in words', () => {
  it('says a loss in points lost, with its interval the right way round', () => {
    const lines = restrictedWords([row({})], context);
    expect(lines[1]).toBe('  1. the Alt card: loses 25.0 points of greedy\'s win share, from 45.0% to 20.0% (95% CI 24.0 to 26.0 points lost; Holm-adjusted p < 0.001)');
  });

  it('says a gain as a gain, and "no match changed" only when every pair was the same', () => {
    const gain = restrictedWords([row({ difference: 0.004, low: 0.002, high: 0.006, value: 0.454, pHolm: 0.01 })], context)[1];
    expect(gain).toMatch(/gains 0\.40 points .* \(95% CI 0\.20 to 0\.60 points gained; Holm-adjusted p = 0\.01\)/);
    // A difference of 0 with discordant pairs that balance (p = 1) is not "no match changed".
    const balanced = restrictedWords([row({ difference: 0, low: -0.01, high: 0.01, value: 0.45, p: 1, pHolm: 1, sd: 0.3 })], context)[1];
    expect(balanced).not.toContain('no match changed');
    expect(balanced).toContain('not significant');
    const identical = restrictedWords([row({ difference: 0, low: 0, high: 0, value: 0.45, p: 1, pHolm: 1, sd: 0 })], context)[1];
    expect(identical).toContain('no match changed');
  });

  it('names the refused count steps, and says when a symmetric lineup can only move every seat', () => {
    const s = row({ view: 'sensitivity', card: 'Dado', name: 'dadoCount', change: '+1', variant: 'dadoCount=5', difference: 0.01, low: 0, high: 0.02, pHolm: 0.2 });
    const lines = sensitivityWords([s], { ...context, focus: 'greedy-focal', opponents: ['greedy'] }, ['Stramat (stramatCount) one up, refused by the game: too many']);
    expect(lines[1]).toMatch(/^ {2}1\. Dado \(dadoCount\): one more \(dadoCount=5\): \+1\.0 points/);
    expect(lines.some((l) => l.includes('Every seat plays the same bot'))).toBe(true);
    expect(lines.at(-1)).toBe('  Not played: Stramat (stramatCount) one up, refused by the game: too many.');
  });

  it('tables every row with its rank, change, values and interval', () => {
    const t = importanceTable([row({}), row({ card: 'the Colpo card', name: 'colpo', rank: 2, difference: -0.1, low: -0.11, high: -0.09 })], context);
    expect(t.split('\n')).toHaveLength(3);
    expect(t).toMatch(/1\s+the Alt card\s+without\s+45\.0%\s+20\.0%\s+-25\.0\s+-26\.0 to -24\.0/);
  });
});

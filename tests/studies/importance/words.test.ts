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

  it('backs the order with the paired test between neighbours: overlapping intervals can still be told apart', () => {
    // Stop at 2,000 matches: swap loses 22.1 points (19.4 to 24.8), 2+ 16.0 (13.2 to 18.8): the intervals
    // against the unrestricted run overlap, but the two restricted runs share their deals, and the paired
    // test of one against the other separates them (Holm-adjusted p = 0.0037).
    const swap = row({ card: 'swap', name: 'swap', difference: -0.221, low: -0.248, high: -0.194, value: 0.279, rank: 1 });
    const two = row({ card: '2+', name: 'draw2', difference: -0.16, low: -0.188, high: -0.132, value: 0.34, rank: 2, above: { name: 'swap', difference: 0.061, low: 0.022, high: 0.1, p: 0.0037, pHolm: 0.0037, test: 'paired-t' } });
    const xplus = row({ card: 'X+', name: 'drawx', difference: -0.126, low: -0.154, high: -0.098, value: 0.374, rank: 3, above: { name: 'draw2', difference: 0.034, low: -0.004, high: 0.072, p: 0.08, pHolm: 0.08, test: 'paired-t' } });
    const lines = restrictedWords([swap, two, xplus], context);
    expect(lines[2]).toMatch(/^ {2}2\. 2\+: loses 16\.0 points .*; told apart from swap \(paired match by match, Holm-adjusted p = 0\.0037\)$/);
    expect(lines[3]).toMatch(/; not told apart from 2\+ \(paired match by match: \+3\.4 points, 95% CI -0\.4 to \+7\.2 points; Holm-adjusted p = 0\.08\)$/);
    expect(lines[4]).toBe('  The order, each card against the one above it, paired match by match (Holm over 2 tests; ">" told apart, "≈" not): swap > 2+ ≈ X+.');
    expect(lines.join('\n')).not.toMatch(/about as much|overlap/);
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

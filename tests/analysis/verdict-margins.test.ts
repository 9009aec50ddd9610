import { describe, expect, it } from 'vitest';
import { verdictLines, type Figure, type VerdictInput, type VerdictRow } from '../../src/analysis/verdict.js';

/**
 * The verdict's margins and its words for win shares at 100% (saturation.ts), from made-up rows: where
 * one bot wins every match of one side only, where the seat (not a bot) wins every match, and how a
 * margin row reads (score points, ahead positive).
 */

function row(quantity: string, ref: number, value: number, se: number, pHolm: number, sameAs = ''): VerdictRow {
  const difference = value - ref;
  return { variant: 'b', reference: 'a', quantity, referenceValue: ref, value, difference, low: difference - 1.96 * se, high: difference + 1.96 * se, p: pHolm / 10, pHolm, se, sameAs };
}

function input(rows: VerdictRow[], figures: Record<string, Figure[]>, extra: Partial<VerdictInput> = {}): VerdictInput {
  return {
    players: 2,
    lineup: ['greedy', 'random'],
    variants: ['a', 'b'],
    reference: 'a',
    matches: new Map([['a', 200], ['b', 200]]),
    figures: new Map(Object.entries(figures)),
    rows,
    paired: true,
    ...extra,
  };
}

const share = (bot: string, value: number): Figure => ({ quantity: `win_share:${bot}`, value, low: value, high: value });

describe('the verdict and the margins', () => {
  it('says a margin in score points under who wins, and folds the loser\'s mirrored margin of two seats', () => {
    const rows = [
      row('win_share:greedy', 0.9, 0.92, 0.01, 0.5),
      row('margin:greedy', 40, 31, 2, 1e-5),
      row('margin:random', -40, -31, 2, 1e-5, 'margin:greedy'),
      row('winner_margin', 44, 43, 2, 0.6),
    ];
    const text = verdictLines(input(rows, { a: [share('greedy', 0.9)], b: [share('greedy', 0.92)] })).join('\n');
    expect(text).toContain("greedy's margin over the best other seat fell from +40.0 to +31.0 score points (-9.0 score points, 95% CI -12.9 to -5.1).");
    expect(text).not.toContain("random's margin");
    expect(text).toMatch(/margins with no detectable change: the winner's margin over the runner-up from \+44\.0 to \+43\.0 score points \(±[\d.]+ score points would have been detected\)\./);
    // Under "Who wins", right after the win share.
    const lines = text.split('\n');
    const who = lines.findIndex((l) => l.startsWith('  Who wins:'));
    expect(lines[who + 1]).toMatch(/^ {4}greedy's margin over the best other seat fell/);
  });

  it('says which side a bot won every match of, and calls the first-player advantage uninformative', () => {
    const rows = [row('win_share:greedy', 1, 0.97, 0.01, 0.01), row('first_player_advantage', 0.02, 0.01, 0.03, 0.9), row('margin:greedy', 80, 60, 3, 1e-6)];
    const text = verdictLines(input(rows, { a: [share('greedy', 1), share('random', 0)], b: [share('greedy', 0.97), share('random', 0.03)] })).join('\n');
    expect(text).toContain('Who wins: greedy won every match of a (200 of 200).');
    expect(text).toContain("Balance: the first-player advantage says nothing here: greedy won every match, so the first player's share of the wins only records how often greedy moved first.");
    expect(text).not.toMatch(/the first-player advantage did not move/);
  });

  it('says so when the first player (a seat, not a bot) won every match someone won', () => {
    const v = input([], { a: [{ quantity: 'first_player_advantage', value: 0.5, low: 0.49, high: 0.5 }] }, { variants: ['a'], reference: undefined, lineup: ['greedy', 'greedy'] });
    expect(verdictLines(v).join('\n')).toContain('Balance: the first player won every match someone won: its share sits at 100%, +50.00 points');
  });
});

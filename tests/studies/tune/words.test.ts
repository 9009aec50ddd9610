import { describe, expect, it } from 'vitest';
import { Race } from '../../../src/studies/tune/race-state.js';
import type { Target } from '../../../src/studies/tune/race.js';
import { quantityValue, targetText, tuneAnswer, tuneTable } from '../../../src/studies/tune/words.js';
import type { TuneOutcome } from '../../../src/studies/tune/outcome.js';
import type { TunePlan } from '../../../src/studies/tune/spec.js';

/** The answer of a search in words, from races whose values are set by hand (no matches played). */
const TARGETS: Target[] = [
  { quantity: 'turns_mean', min: 25, max: 30 },
  { quantity: 'annulled_rate', min: -Infinity, max: 0.2 },
];
const PLAN: TunePlan = { targets: TARGETS, block: 20, rounds: 3, budget: 180, errorRate: 0.05 };
const SIZE = { errorRate: 0.05, candidates: 3, targets: 2, rounds: 3 };

/** A round of 20 matches per survivor: turns alternating `turns` ± 0.1, annulled flags repeating the pattern given. */
const block = (turns: number, annulled: number[]) => [
  Float64Array.from({ length: 20 }, (_, i) => turns + (i % 2 === 0 ? -0.1 : 0.1)),
  Float64Array.from({ length: 20 }, (_, i) => annulled[i % annulled.length]),
];

function outcome(race: Race, stopped: TuneOutcome['stopped']): TuneOutcome {
  const most = Math.max(...race.outcomes().map((c) => c.matches));
  const spent = race.outcomes().reduce((a, c) => a + c.matches, 0);
  const rounds = Array.from({ length: race.rounds }, (_, i) => ({ round: i + 1, candidates: 0, matches: 0, dropped: [], playedNow: 0 }));
  return { race, rounds, stopped, spent, gridMatches: most * 3, playedNow: spent, outDir: '/x', faults: {} };
}

describe('the words of a search', () => {
  it('reads rates as percentages, the advantage in points, and targets with their open sides', () => {
    expect(quantityValue('annulled_rate', 0.3125)).toBe('31.3%');
    expect(quantityValue('first_player_advantage', -0.013)).toBe('-1.3 points');
    expect(quantityValue('first_player_advantage', 0.004)).toBe('+0.4 points');
    expect(quantityValue('turns_mean', 27.123)).toBe('27.1');
    expect(targetText(TARGETS[0])).toBe('turns_mean from 25.0 to 30.0');
    expect(targetText(TARGETS[1])).toBe('annulled_rate at most 20.0%');
    expect(targetText({ quantity: 'win_share:greedy', min: 0.3, max: Infinity })).toBe('win_share:greedy at least 30.0%');
  });

  it('names the candidates that meet every target, then the matches spent against the full grid', () => {
    const race = new Race(['a', 'b', 'c'], TARGETS, SIZE);
    race.addRound([block(27, [0, 0, 0, 0]), block(27.5, [0, 0, 0, 0]), block(60, [0, 0, 0, 0])]);
    expect(race.decided()).toBe(true);
    const text = tuneAnswer(outcome(race, 'decided'), PLAN, ['a', 'b', 'c']);
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toBe('2 of 3 candidates meet every target: every interval lies inside its target.');
    expect(lines[1]).toMatch(/^ {2}a \(20 matches\): turns_mean 27\.0 \(2\d\.\d to 2\d\.\d\); annulled_rate 0\.0% \(0\.0% to 0\.0%\)\.$/);
    expect(lines[3]).toBe(
      'The search spent 60 matches in 1 round and stopped because every candidate left was shown to meet every target; ' +
        'a full grid of the 3 candidates at the same precision (20 matches each) would have needed 60 (100% of it).',
    );
    expect(lines[4]).toMatch(/^Intervals are at the 99\.7222% level, Bonferroni over 3 candidates x 2 targets x 3 rounds: a candidate that meets every target is dropped with probability at most 5%\.$/);
    const table = tuneTable(outcome(race, 'decided'), PLAN);
    expect(table).toMatch(/c +dropped +20 +round 1 \(turns_mean\) +60\.0 \[\d+\.\d, \d+\.\d\] x/);
  });

  it('says when no candidate meets the targets, and which came closest', () => {
    const race = new Race(['a', 'b', 'c'], TARGETS, SIZE);
    race.addRound([block(27, [1]), block(30, [0]), block(60, [0])]);
    expect(race.survivors()).toEqual([1]);
    race.addRound([block(30.4, [0])]);
    const out = race.outcomes();
    expect(out.map((c) => [c.status, c.droppedRound])).toEqual([
      ['dropped', 1],
      ['dropped', 2],
      ['dropped', 1],
    ]);
    const text = tuneAnswer(outcome(race, 'none-left'), PLAN, ['a', 'b', 'c']);
    expect(text).toMatch(/^No candidate meets every target: each was shown outside one of them\.\nThe closest is b, dropped after round 2 \(40 matches\): turns_mean 30\.20 \(99\.7222% CI 30\.\d+ to 30\.\d+\) is outside the target; /);
    expect(text).toContain('stopped because no candidate was left');
  });
});

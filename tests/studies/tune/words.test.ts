import { describe, expect, it } from 'vitest';
import { Race } from '../../../src/studies/tune/race-state.js';
import type { Target } from '../../../src/studies/tune/race.js';
import { quantityValue, targetText, tuneAnswer, tuneTable } from '../../../src/studies/tune/words.js';
import { degenerateSigns, fallenMetrics, type Confirmation, type PlaySummary } from '../../../src/studies/tune/confirm.js';
import { checkValues } from '../../../src/studies/tune/race.js';
import type { TuneOutcome } from '../../../src/studies/tune/outcome.js';
import type { TunePlan } from '../../../src/studies/tune/spec.js';

/** The answer of a search in words, from races whose values are set by hand (no matches played). */
const TARGETS: Target[] = [
  { quantity: 'turns_mean', min: 25, max: 30 },
  { quantity: 'annulled_rate', min: -Infinity, max: 0.2 },
];
const PLAN: TunePlan = { targets: TARGETS, block: 20, rounds: 3, budget: 180, errorRate: 0.05, confirm: 20 };
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
    expect(lines[0]).toBe('2 of 3 candidates meet every target (every interval inside its target).');
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

  it('counts every candidate that met every target, and names the preference\'s pick with its value', () => {
    // Three candidates inside both targets; the preference (lowest turns) drops the two longer ones.
    const prefer = { quantity: 'turns_mean', goal: 'lowest' as const };
    const race = new Race(['a', 'b', 'c'], TARGETS, SIZE, prefer);
    const withTurns = (turns: number) => [...block(turns, [0]), block(turns, [0])[0]];
    race.addRound([withTurns(26), withTurns(28), withTurns(29)]);
    expect(race.survivors()).toEqual([0]);
    const text = tuneAnswer(outcome(race, 'decided'), { ...PLAN, prefer }, ['a', 'b', 'c']);
    expect(text.split('\n')[0]).toBe('3 of 3 candidates meet every target (every interval inside its target); prefer lowest turns_mean picks a (turns_mean 26.0).');
    expect(text).toContain('  Also inside every target, dropped as worse on turns_mean on the same seeds: b, c.');
  });

  it('says which side of its target an unsettled estimate lies and what more matches would likely show', () => {
    const fpa: Target = { quantity: 'first_player_advantage', min: -0.01, max: 0.01, share: [-0.25, 0.75] };
    const race = new Race(['a'], [fpa], { ...SIZE, candidates: 1, targets: 1 });
    // 200 decided matches, position 0 won 55 (27.5%: +2.5 points over the fair 25%).
    race.addRound([[Float64Array.from({ length: 200 }, (_, i) => (i < 55 ? 0.75 : -0.25))]]);
    expect(race.outcomes()[0].status).toBe('not-ruled-out');
    const text = tuneAnswer(outcome(race, 'rounds'), { ...PLAN, targets: [fpa] }, ['a']);
    expect(text).toMatch(
      /^ {2}a \(200 matches\): first_player_advantage \+2\.5 points \([-+]\d+\.\d points to \+\d+\.\d points\), above the target's top \(\+1\.0 points\): more matches would likely show it outside \(settled in about [\d,]+ matches if the estimate holds\)\.$/m,
    );
  });
});

describe('the confirmation in words', () => {
  it('names a candidate whose play collapses against the base rules (Stramat: handSize=10, oneCount=7, dadoCount=0)', () => {
    const play = (perTurn: number, ones: number, endings: [string, number][]): PlaySummary => ({
      matches: 20000,
      means: new Map([['decisions_per_turn', perTurn], ['metric:ones_played', ones], ['metric:choice_share', 0.9]]),
      endings: new Map(endings),
    });
    const base = play(1.9, 7.13, [['deck_empty', 0.71], ['stramat', 0.29]]);
    const broken = play(2.5, 0.72, [['deck_empty', 0.9885], ['stramat', 0.0115]]);
    expect(degenerateSigns(base, broken)).toEqual(['98.85% of matches ended with deck_empty (base rules 71.00%)']);
    // A metric falling by most of its value is shown, not counted as a collapse by itself (removing a card zeroes its count).
    expect(fallenMetrics(base, broken)).toEqual(['ones_played 7.13 to 0.72']);
    // Real choices vanishing is a collapse: decisions per turn, or the measured share of decisions with a choice.
    const forced: PlaySummary = { ...base, means: new Map([['decisions_per_turn', 0.8], ['metric:ones_played', 7], ['metric:choice_share', 0.2]]) };
    expect(degenerateSigns(base, forced)).toEqual(['decisions per turn fell from 1.90 to 0.80', 'share of decisions with more than one option fell from 0.90 to 0.20']);
    // A rare event (0.02 a match, standard error 0.01) never seen in the candidate is noise, not a fall.
    const rare = (x: number, se: number): PlaySummary => ({ matches: 200, means: new Map([['metric:empty_hand_wins', x]]), errors: new Map([['metric:empty_hand_wins', se]]), endings: new Map() });
    expect(fallenMetrics(rare(0.02, 0.01), rare(0, 0))).toEqual([]);
    expect(fallenMetrics(rare(0.5, 0.01), rare(0, 0))).toEqual(['empty_hand_wins 0.50 to 0.00']);
    // An ending at 95% exactly, or one the base rules reach as often, is not a collapse.
    expect(degenerateSigns(base, play(1.9, 7, [['deck_empty', 0.95]]))).toEqual([]);
    expect(degenerateSigns(play(1.9, 7, [['deck_empty', 0.97]]), play(1.9, 7, [['deck_empty', 0.99]]))).toEqual([]);
  });

  it('answers from the confirmation first: how many finalists meet every target, the pick, the degenerate ones', () => {
    const fpa: Target = { quantity: 'first_player_advantage', min: -0.01, max: 0.01, share: [-0.25, 0.75] };
    const prefer = { quantity: 'turns_mean', goal: 'lowest' as const };
    const race = new Race(['a', 'b'], [fpa], { ...SIZE, candidates: 2, targets: 1 }, prefer);
    const even = Float64Array.from({ length: 40 }, (_, i) => (i % 4 === 0 ? 0.75 : -0.25));
    race.addRound([[even, block(20, [0])[0]], [even, block(21, [0])[0]]]);
    const level = 1 - 0.05 / 2;
    const decided = (k: number) => Float64Array.from({ length: 20000 }, (_, i) => (i % 1000 < k ? 0.75 : -0.25));
    const confirmation: Confirmation = {
      seed: 's/confirm',
      matches: 20000,
      base: 'base',
      confidence: level,
      finalists: [
        { candidate: 0, name: 'a', checks: [checkValues(decided(250), fpa, level)], status: 'meets', preferred: 19.8, degenerate: [], fallen: [] },
        { candidate: 1, name: 'b', checks: [checkValues(decided(273), fpa, level)], status: 'outside', preferred: 18.2, degenerate: ['98.85% of matches ended with deck_empty (base rules 71.00%)'], fallen: ['ones_played 7.13 to 0.72'] },
      ],
      pick: 0,
    };
    const r = { ...outcome(race, 'rounds'), confirmation };
    const lines = tuneAnswer(r, { ...PLAN, targets: [fpa], prefer }, ['a', 'b']).split('\n');
    expect(lines[0]).toBe('Confirmed on fresh seeds ("s/confirm", 20,000 matches each for the 2 finalists of the race and the base rules): 1 of 2 meets every target; prefer lowest turns_mean picks a (turns_mean 19.8).');
    expect(lines[2]).toMatch(/^ {2}b: outside a target: first_player_advantage \+2\.3 points \(\+1\.\d points to \+\d\.\d points\), above the target's top \(\+1\.0 points\)\.$/);
    expect(lines[3]).toBe('Degenerate against the base rules (base), whatever its targets say: b (98.85% of matches ended with deck_empty (base rules 71.00%)).');
    expect(lines[4]).toBe('Metrics per match down by more than half against the base rules (a change of play, not a collapse by itself): b: ones_played 7.13 to 0.72.');
  });
});

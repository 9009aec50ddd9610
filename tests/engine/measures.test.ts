// The match measures (docs/measures.md) computed by hand on constructed series and on a scripted match
// played through the engine, so that each definition is held to a known answer.
import { describe, expect, it } from 'vitest';
import { random } from '../../bots/random.js';
import type { MatchResult } from '../../src/engine/game.js';
import { defineGame } from '../../src/engine/game-check.js';
import { playMatch } from '../../src/engine/match.js';
import { MeasureRecorder } from '../../src/engine/measure-recorder.js';
import { leaderChanges, MEASURE_TABLE, winnerTrail } from '../../src/engine/measures.js';

const rows = (r: number[][]) => Float64Array.from(r.flat());

describe('leaderChanges', () => {
  it('counts exactly three changes of a sole leader, a tie at the top changing nothing', () => {
    // leaders: none (tie), 0, 1, 0, none (tie), 1
    const s = rows([[0, 0], [1, 0], [1, 2], [3, 2], [3, 3], [3, 4]]);
    expect(leaderChanges(s, 6, 2)).toBe(3);
  });

  it('counts no change when the same seat leads after a tie, and none in a match always tied', () => {
    expect(leaderChanges(rows([[1, 0, 0], [1, 1, 0], [2, 1, 0]]), 3, 3)).toBe(0);
    expect(leaderChanges(rows([[0, 0], [1, 1], [2, 2]]), 3, 2)).toBe(0);
  });
});

describe('winnerTrail', () => {
  it('a winner who was last until the final action: behind 3 of 5 states, largest deficit 4, decided at the very end', () => {
    const s = rows([[0, 0, 0], [2, 1, 0], [3, 1, 1], [3, 5, 1], [3, 5, 6]]);
    const t = winnerTrail(s, 5, 3, [2]);
    expect(t.behindShare).toBeCloseTo(3 / 5, 12);
    expect(t.maxDeficit).toBe(4);
    expect(t.decidedAt).toBe(1);
  });

  it('a winner who led from the set-up is decided at 0 and never behind', () => {
    const t = winnerTrail(rows([[1, 0], [2, 0], [2, 1]]), 3, 2, [0]);
    expect(t).toEqual({ behindShare: 0, maxDeficit: 0, decidedAt: 0 });
  });

  it('a winner who lost the lead and took it back for good after half the decisions', () => {
    // 4 decisions: ahead, behind, tied, ahead, ahead: the last state not ahead is the third (index 2).
    const t = winnerTrail(rows([[1, 0], [1, 3], [3, 3], [5, 3], [6, 3]]), 5, 2, [0]);
    expect(t.decidedAt).toBe(3 / 4);
    expect(t.behindShare).toBe(1 / 5);
    expect(t.maxDeficit).toBe(2);
  });

  it('shared winners are ahead when the best of them beats every other seat', () => {
    const t = winnerTrail(rows([[0, 2, 1], [0, 2, 3], [3, 3, 1]]), 3, 3, [0, 1]);
    expect(t.behindShare).toBe(1 / 3);
    expect(t.maxDeficit).toBe(1);
    expect(t.decidedAt).toBe(1);
  });
});

/**
 * A scripted game: two seats alternate for STEPS decisions; decision k offers OPTIONS[k] actions, and
 * after it the seats' points are POINTS[k + 1] whatever was chosen (POINTS[0] at the set-up). Lower is
 * better, so the measures must turn the points around. The heuristic tells the options apart only at
 * the decisions listed in TELLS.
 */
const OPTIONS = [3, 1, 2, 1, 4];
const POINTS = [[0, 0], [5, 2], [5, 6], [7, 6], [7, 9], [8, 9]];
const TELLS = new Set([0, 4]);
interface Script { k: number }
const scripted = defineGame<Script, Script>({
  name: 'scripted',
  betterScore: 'lower',
  minPlayers: 2,
  maxPlayers: 2,
  maxActions: 4,
  options: [],
  checkOptions: () => {},
  setup: () => ({ k: 0 }),
  currentPlayer: (s) => (s.k < OPTIONS.length ? s.k % 2 : -1),
  legalActions(s, out) {
    for (let i = 0; i < OPTIONS[s.k]; i++) out[i] = i;
    return OPTIONS[s.k];
  },
  apply(s) {
    s.k++;
  },
  clone: (s) => ({ ...s }),
  observe: (s) => ({ ...s }),
  measures: {
    standings(s, out) {
      out[0] = POINTS[s.k][0];
      out[1] = POINTS[s.k][1];
    },
  },
  result(s): MatchResult {
    const [a, b] = POINTS[s.k];
    return { scores: [a, b], ranks: a < b ? [1, 2] : [2, 1], winners: [a < b ? 0 : 1], annulled: false, endReason: 'script', firstPlayer: 0, turns: OPTIONS.length };
  },
  actionCode: (a) => String(a),
  search: { heuristic: (obs, a) => (TELLS.has(obs.k) ? a : 0) },
  view: { describe: (s) => `step ${s.k}` },
});

/** Every measure but the two that need the game's word on forced turns, which `scripted` does not give. */
const UNFORCED = MEASURE_TABLE.filter((m) => m.needs !== 'forced-turns').map((m) => m.name);

function measured(names: readonly string[], game: typeof scripted = scripted): Record<string, number> {
  const measure = new MeasureRecorder(game, 2, names);
  const seats = [0, 1].map(() => ({ factory: random, params: {} }));
  const out = playMatch(game, {}, seats, 'script', { measure });
  const cells: number[] = [];
  measure.finish(out.result, cells, 0);
  return Object.fromEntries(names.map((n, i) => [n, cells[i]]));
}

describe('the recorder on a scripted match', () => {
  // Points (lower is better): leaders none, 1, 0, 1, 0, 0; the winner is seat 0 (8 against 9).
  const m = measured(UNFORCED);

  it('turns lower-is-better points around: three lead changes over five turns', () => {
    expect(m.leader_changes).toBe(3);
    expect(m.leader_changes_per_turn).toBe(0.6);
  });

  it('follows the eventual winner: behind at 2 of 6 states by at most 3 points, ahead for good once 4 of the 5 decisions are played', () => {
    expect(m.winner_behind_share).toBe(0.333333);
    expect(m.winner_max_deficit).toBe(3);
    expect(m.decided_at).toBe(0.8);
  });

  it('counts the choice at each decision: 3 of 5 with a choice, 2 told apart, 11 options in all, 4 at most', () => {
    expect(m.choice_share).toBe(0.6);
    expect(m.distinct_choice_share).toBe(0.4);
    expect(m.branching_mean).toBe(2.2);
    expect(m.branching_max).toBe(4);
  });

  it('writes only the measures asked for, in the order asked', () => {
    expect(measured(['branching_max', 'choice_share'])).toEqual({ branching_max: 4, choice_share: 0.6 });
  });

  it('refuses standing measures for a game without standings or evaluate', () => {
    const bare = { ...scripted, measures: { ...scripted.measures, standings: undefined } };
    expect(() => new MeasureRecorder(bare, 2, ['leader_changes'])).toThrow(/neither standings nor evaluate/);
    expect(() => new MeasureRecorder(bare, 2, ['branching_mean'])).not.toThrow();
  });
});

/**
 * The scripted match with the game's word on forced turns: decision 3 (one option) is a forced pass,
 * decision 1 (one option too) is a lone play that is no pass, and the rules took two more turns without
 * asking anyone (lostTurns), so the match has 5 + 2 = 7 turns. forcedPass also answers yes at decision 0,
 * which has three options: the engine must not ask it there.
 */
const passing: typeof scripted = {
  ...scripted,
  measures: { ...scripted.measures, forcedPass: (s) => s.k === 3 || s.k === 0, lostTurns: () => 2 },
  result: (s) => ({ ...scripted.result(s), turns: OPTIONS.length + 2 }),
};

describe('forced turns on a scripted match', () => {
  it('counts one forced pass and two lost turns: 3 of 7 turns', () => {
    const m = measured(['forced_turns', 'forced_turn_share'], passing);
    expect(m).toEqual({ forced_turns: 3, forced_turn_share: 0.428571 });
  });

  it('counts forced passes alone when the game declares no lost turns, and lost turns alone without forcedPass', () => {
    expect(measured(['forced_turns'], { ...passing, measures: { ...passing.measures, lostTurns: undefined } }).forced_turns).toBe(1);
    expect(measured(['forced_turns'], { ...passing, measures: { ...passing.measures, forcedPass: undefined } }).forced_turns).toBe(2);
  });

  it('leaves the other measures unchanged, and refuses forced-turn measures for a game that says nothing of them', () => {
    expect(measured(['branching_max', 'choice_share'], passing)).toEqual({ branching_max: 4, choice_share: 0.6 });
    expect(() => new MeasureRecorder(scripted, 2, ['forced_turn_share'])).toThrow(/neither measures\.forcedPass nor measures\.lostTurns/);
  });
});

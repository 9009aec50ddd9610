import { describe, expect, it } from 'vitest';
import type { OptionSpec } from '../../../src/engine/game.js';
import { defineGame } from '../../../src/engine/game-check.js';
import { auditHoles } from '../../../src/studies/audit/holes.js';
import { otherValues } from '../../../src/studies/audit/holes-options.js';
import { playLineup } from '../../../src/studies/audit/holes-play.js';
import { replayOf, shellWord } from '../../../src/studies/audit/sample.js';
import { sampleFor, sampleOf, withId } from './holes-fixture.js';

/**
 * A game that never ends for a player who prefers to wait: each turn the player waits (nothing
 * changes) or ends the match. Greedy always waits, so its matches loop; a random player ends it soon.
 */
const waiting = defineGame<{ turn: number; over: boolean; first: number }, { player: number }>({
  name: 'waiting',
  minPlayers: 2,
  maxPlayers: 2,
  options: [],
  maxActions: 2,
  setup: (_opts, players, rng) => {
    const first = rng.int(players);
    return { turn: first, over: false, first };
  },
  currentPlayer: (s) => (s.over ? -1 : s.turn),
  legalActions: (_s, out) => {
    out[0] = 0;
    out[1] = 1;
    return 2;
  },
  apply: (s, action) => {
    if (action === 1) s.over = true;
    else s.turn = 1 - s.turn;
  },
  clone: (s) => ({ ...s }),
  observe: (_s, player) => ({ player }),
  result: (s) => ({ scores: [0, 0], ranks: [1, 1], winners: s.over ? [s.turn] : [], annulled: false, endReason: s.over ? 'ended' : 'unfinished', firstPlayer: s.first, turns: 0 }),
  search: { heuristic: (_obs, a) => (a === 0 ? 1 : 0) },
});

describe('holes: the checks one by one', () => {
  it('stops a match that loops at the action limit and names it a stall, red between strong players, with a loop and a match to replay', async () => {
    const ctx = await sampleFor(waiting, 'waiting.mjs', { players: 2, matches: 6, actionLimit: 200 });
    const findings = await auditHoles(ctx);
    const stalls = withId(findings, 'stall_action_limit');
    expect(stalls.map((f) => f.severity)).toEqual(['red']);
    expect(stalls[0].figure).toBe('100.0%');
    expect(stalls[0].words).toContain('a loop in the rules');
    expect(stalls[0].replay?.command).toBe('tavolo play --game waiting.mjs --bots greedy,greedy --seed audit-test --match 0');
    const play = playLineup(ctx, 'casual');
    expect(play.matches.every((m) => m.outcome !== null)).toBe(true);
  });

  it('names repeated games when deterministic bots play a game with little chance, and the match it names repeats an earlier one', async () => {
    const ctx = await sampleOf('unreachable-end.mjs', { players: 2, matches: 20 });
    const findings = await auditHoles(ctx);
    const repeated = withId(findings, 'repeated_games').filter((f) => f.words.includes('strong players'));
    expect(repeated.map((f) => f.severity)).toEqual(['amber']);
    const play = playLineup(ctx, 'strong');
    const match = Number(/--match (\d+)/.exec(repeated[0].replay!.command)![1]);
    expect(play.matches.slice(0, match).map((m) => m.hash)).toContain(play.matches[match].hash);
  });

  it('tries an option\'s neighbours first, then the ends of its range; the other switch, every other enum value, a list\'s first element', () => {
    const int: OptionSpec = { name: 'n', type: 'int', default: 4, min: 0, max: 9, description: '' };
    expect(otherValues(int, 4)).toEqual([
      [3, 5],
      [0, 9],
    ]);
    expect(otherValues(int, 0)).toEqual([[1], [9]]);
    expect(otherValues({ ...int, min: undefined, max: undefined }, 4)).toEqual([[3, 5]]);
    expect(otherValues({ name: 'b', type: 'boolean', default: false, description: '' }, false)).toEqual([[true]]);
    expect(otherValues({ name: 'e', type: 'enum', values: ['a', 'b', 'c'], default: 'b', description: '' }, 'b')).toEqual([['a', 'c']]);
    expect(otherValues({ name: 'l', type: 'intList', default: [2, 3], min: 1, max: 5, description: '' }, [2, 3])).toEqual([
      [
        [1, 3],
        [3, 3],
      ],
      [[5, 3]],
    ]);
    expect(otherValues({ name: 's', type: 'string', default: 'x', description: '' }, 'x')).toEqual([]);
  });

  it('writes replay commands a shell reads back as they were meant', async () => {
    const ctx = await sampleOf('unreachable-end.mjs', { players: 2, seed: "it's 7" });
    expect(shellWord('greedy,random')).toBe('greedy,random');
    expect(replayOf(ctx, ctx.casual, 3, { target: 12 }).command).toBe(
      "tavolo play --game ./unreachable-end.mjs --bots greedy,random --seed 'it'\\''s 7' --match 3 --option target=12",
    );
  });
});

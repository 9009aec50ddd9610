import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { InputError } from '../../../src/errors.js';
import { parseSpec, resolveSpec } from '../../../src/runner/spec.js';
import { resolveTune } from '../../../src/studies/tune/spec.js';
import { FIXTURES } from '../../fixtures/cli.js';

vi.setConfig({ testTimeout: 60_000 });

const GAME = join(FIXTURES, 'highcard.mjs');

function tuneSpec(tune: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'tune',
    game: GAME,
    players: 3,
    matches: 300,
    seed: 's',
    sweep: { hand: [1, 2, 3] },
    bots: [{ name: 'greedy', bot: 'greedy' }, { bot: 'random' }, { bot: 'random' }],
    tune,
    ...extra,
  };
}

async function plan(tune: unknown, extra: Record<string, unknown> = {}) {
  const raw = parseSpec(tuneSpec(tune, extra));
  return resolveTune(raw.tune, await resolveSpec(raw, FIXTURES));
}

async function problem(tune: unknown, extra: Record<string, unknown> = {}): Promise<string> {
  try {
    await plan(tune, extra);
  } catch (err) {
    expect(err).toBeInstanceOf(InputError);
    return (err as InputError).message;
  }
  throw new Error('expected an InputError');
}

const TARGET = { quantity: 'turns_mean', min: 2, max: 5 };

describe('the tune field of a spec', () => {
  it('reads targets with open sides, the defaults, and a preference', async () => {
    const p = await plan({ targets: [TARGET, { quantity: 'win_share:greedy', min: 0.4 }, { quantity: 'annulled_rate', max: 0.1 }] });
    expect(p.targets).toEqual([
      { quantity: 'turns_mean', min: 2, max: 5 },
      { quantity: 'win_share:greedy', min: 0.4, max: Infinity, share: [0, 1] },
      { quantity: 'annulled_rate', min: -Infinity, max: 0.1, share: [0, 1] },
    ]);
    expect(p).toMatchObject({ block: 30, rounds: 10, budget: 900, errorRate: 0.05 });
    const q = await plan({ targets: [TARGET], block: 60, budget: 500, errorRate: 0.1, prefer: { quantity: 'metric:lead_changes', goal: 'highest' } });
    expect(q).toMatchObject({ block: 60, rounds: 5, budget: 500, errorRate: 0.1, prefer: { quantity: 'metric:lead_changes', goal: 'highest' } });
  });

  it('refuses bad input, naming the field, what was found and what was expected', async () => {
    expect(await problem({ targets: [{ quantity: 'turn_mean', min: 1 }] })).toMatch(/^tune\.targets\[0\]\.quantity: unknown quantity "turn_mean" \(did you mean "turns_mean"\?\); the quantities of this spec are: win_share:greedy, win_share:random, margin:greedy, margin:random, winner_margin, first_player_advantage/);
    expect(await problem({ targets: [{ quantity: 'turns_mean', min: 5, max: 2 }] })).toBe(
      'tune.targets[0].max: expected a number of at least min (5), found the integer 2: the target range is empty',
    );
    expect(await problem({ targets: [] })).toBe('tune.targets: expected at least 1 target, found an empty list');
    expect(await problem({ targets: [{ quantity: 'turns_mean' }] })).toBe('tune.targets[0]: expected "min", "max" or both, found neither');
    expect(await problem({ targets: [TARGET, TARGET] })).toMatch(/^tune\.targets\[1\]\.quantity: "turns_mean" already has a target/);
    expect(await problem({ targets: [{ quantity: 'turns_mean', mni: 1 }] })).toMatch(/^tune\.targets\[0\]\.mni: unknown field "mni" \(did you mean "min"\?\)/);
    expect(await problem({ targets: [{ quantity: 'turns_mean', min: '1' }] })).toBe('tune.targets[0].min: expected a number, found the string "1"');
    expect(await problem({ targets: [TARGET], block: 40 })).toMatch(/^tune\.block: found 40, which is not a multiple of the players \(3\)/);
    expect(await problem({ targets: [TARGET], block: 90 })).toMatch(/^matches: expected a number of matches that divides into rounds of tune\.block \(90\), found 300/);
    expect(await problem({ targets: [TARGET] }, { matches: 100 })).toMatch(/^matches: without tune\.block a round is matches \/ 10 = 10, which is not a multiple of the players \(3\)/);
    expect(await problem({ targets: [TARGET], budget: 50 })).toBe('tune.budget: expected at least 90 (one round of 30 matches for each of the 3 candidates), found 50');
    expect(await problem({ targets: [TARGET], errorRate: 1 })).toMatch(/^tune\.errorRate: expected a number above 0 and below 1/);
    expect(await problem({ targets: [TARGET], prefer: { quantity: 'turns_mean', goal: 'least' } })).toBe('tune.prefer.goal: expected "lowest" or "highest", found the string "least"');
    expect(await problem({ targets: [TARGET], target: 1 })).toMatch(/^tune\.target: unknown field "target" \(did you mean "targets"\?\)/);
    expect(await problem(undefined)).toMatch(/^tune: expected a "tune" field/);
    const sequential = { variant: 'hand=2', baseline: 'hand=1', quantity: 'turns_mean', d0: 0, d1: 0.5, checkEvery: 30 };
    expect(await problem({ targets: [TARGET] }, { sequential })).toBe('sequential: a search plays in rounds of its own; remove "sequential" from a spec with "tune"');
  });

  it("takes each bound in the quantity's own unit and refuses a value it cannot take, with the likely intended one", async () => {
    // A first-player advantage within one point written as -1 to 1: with 3 players it lies in [-1/3, 2/3].
    expect(await problem({ targets: [{ quantity: 'first_player_advantage', min: -1, max: 1 }] })).toBe(
      'tune.targets[0].min: expected a value of first_player_advantage, which is a difference of fractions of the decided matches (0.01 is one point), ' +
        'from -0.333333 to 0.666667 with 3 players; found -1; did you mean -0.01 (-1 point)?',
    );
    expect(await problem({ targets: [{ quantity: 'first_player_advantage', min: -0.01, max: 1 }] })).toMatch(/^tune\.targets\[0\]\.max: .* found 1; did you mean 0\.01 \(\+1 point\)\?$/);
    expect(await problem({ targets: [{ quantity: 'win_share:greedy', min: 30 }] })).toBe(
      'tune.targets[0].min: expected a value of win_share:greedy, which is a fraction of the matches (0.3 is 30%), from 0 to 1; found 30; did you mean 0.3 (30%)?',
    );
    expect(await problem({ targets: [{ quantity: 'turns_mean', min: -5 }] })).toBe('tune.targets[0].min: expected a value of turns_mean, which is a count per match, at least 0; found -5');
    // Margins are targets too, in the game's points: the winner's lead over the runner-up is never negative.
    expect(await problem({ targets: [{ quantity: 'winner_margin', min: -1 }] })).toBe(
      "tune.targets[0].min: expected a value of winner_margin, which is the game's score points (the winner's lead over the runner-up), at least 0; found -1",
    );
    expect((await plan({ targets: [{ quantity: 'margin:greedy', min: 0.5 }] })).targets).toEqual([{ quantity: 'margin:greedy', min: 0.5, max: Infinity }]);
    // In range, the same numbers are taken as written; a share's target carries its range for the rate intervals.
    const p = await plan({ targets: [{ quantity: 'first_player_advantage', min: -0.01, max: 0.01 }, { quantity: 'end_reason:deck_empty', max: 0.95 }] });
    expect(p.targets).toEqual([
      { quantity: 'first_player_advantage', min: -0.01, max: 0.01, share: [-1 / 3, 1 - 1 / 3] },
      { quantity: 'end_reason:deck_empty', min: -Infinity, max: 0.95, share: [0, 1] },
    ]);
  });
});

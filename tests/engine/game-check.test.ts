// The optional members of the game contract: absent is fine, present but not a function is refused
// when the game is loaded, naming the member (src/engine/game-check.ts).
import { describe, expect, it } from 'vitest';
import { checkGame, missingGameMembers, OPTIONAL_FUNCTIONS } from '../../src/engine/game-check.js';
import { games } from '../../src/games/index.js';

describe('optional contract members', () => {
  it('every built-in game gives standings', () => {
    for (const [name, g] of Object.entries(games)) expect(typeof g.standings, name).toBe('function');
  });

  it('a game with standings that is not a function is refused, naming it', () => {
    const bad = { ...games.stop, standings: [0, 0] };
    expect(missingGameMembers(bad)).toEqual(['standings (present but not a function)']);
    expect(() => checkGame(bad, 'game file x.mjs')).toThrow(/x\.mjs is not a complete Game: missing standings \(present but not a function\)/);
  });

  it('a game without any optional member is complete', () => {
    const bare: Record<string, unknown> = { ...games.scala };
    for (const k of OPTIONAL_FUNCTIONS) delete bare[k];
    expect(missingGameMembers(bare)).toEqual([]);
  });
});

describe('the testing member (how the generic suites play a game)', () => {
  it('every built-in game declares one that passes the check, and Countdown from its file too', async () => {
    for (const [name, g] of Object.entries(games)) {
      expect(typeof g.testing, name).toBe('object');
      expect(missingGameMembers(g), name).toEqual([]);
    }
    const { fileGames } = await import('../helpers/suite-games.js');
    const countdown = (await fileGames()).countdown;
    expect(countdown.testing).toMatchObject({ quickOptions: { pile: 100 }, perfectInformation: true });
  });

  it('a game without one is complete (the suites play its defaults)', () => {
    const bare: Record<string, unknown> = { ...games.stop };
    delete bare.testing;
    expect(missingGameMembers(bare)).toEqual([]);
  });

  it('names every fault: a misspelt member, an undeclared option, a bad variant, a count, a contradiction', () => {
    const t = (testing: unknown) => missingGameMembers({ ...games.stop, testing });
    expect(t([])).toEqual(['testing (present but not an object)']);
    expect(t({ quickOption: { targetScore: 60 } })).toEqual(['testing.quickOption (not a member of testing (did you mean "quickOptions"?))']);
    expect(t({ quickOptions: { targetScor: 60 } })).toEqual(['testing.quickOptions.targetScor (not an option of the game (did you mean "targetScore"?))']);
    expect(t({ variants: { label: 'x' } })).toEqual(['testing.variants (present but not a list)']);
    expect(t({ variants: [{ label: '', options: { jollies: 4 }, players: [2, 11] }] })).toEqual([
      'testing.variants[0].label (expected a non-empty text)',
      'testing.variants[0].players (11 is not a player count from 2 to 10)',
    ]);
    expect(t({ variants: [{ label: 'few jollies', players: [3] }] })).toEqual(["testing.variants[0].options (missing: the variant's option values)"]);
    expect(t({ roundTripMatches: 0, attackMatches: 2.5 })).toEqual([
      'testing.roundTripMatches (0, expected a whole number of matches above 0)',
      'testing.attackMatches (2.5, expected a whole number of matches above 0)',
    ]);
    expect(t({ perfectInformation: 'yes' })).toEqual(['testing.perfectInformation (present but not true or false)']);
    expect(t({ perfectInformation: true, perturbHidden: () => null })).toEqual(['testing.perturbHidden (a game with perfect information has nothing hidden to perturb)']);
    expect(t({ goldenOptions: { targetScor: 60 }, goldenVariants: [{ name: 'to 60', options: {} }, { name: 'x', options: { jolly: 1 } }] })).toEqual([
      'testing.goldenOptions.targetScor (not an option of the game (did you mean "targetScore"?))',
      'testing.goldenVariants[0].name (expected letters, digits and dashes)',
      'testing.goldenVariants[1].options.jolly (not an option of the game)',
    ]);
    expect(t({ metricVariants: [{ name: 'a', options: {} }, { name: 'a' }] })).toEqual([
      'testing.metricVariants[1].name (a is named twice)',
      "testing.metricVariants[1].options (missing: the variant's option values)",
    ]);
    expect(t({ metricWitnesses: { round: () => 0, rounds: 3 }, rarelySeenMetrics: ['reshuffles'] })).toEqual([
      'testing.metricWitnesses.round (not a metric column of the game (did you mean "rounds"?))',
      'testing.metricWitnesses.rounds (present but not a function)',
      'testing.rarelySeenMetrics ("reshuffles" is not a column of metricWitnesses)',
    ]);
    expect(t({ rareEventKinds: ['Attack'] })).toEqual(['testing.rareEventKinds (expected a list of event kinds, snake_case words)']);
    expect(() => checkGame({ ...games.stop, testing: { perturbHidden: 'swap' } }, 'game file x.mjs')).toThrow(
      /x\.mjs is not a complete Game: missing testing\.perturbHidden \(present but not a function\)/,
    );
  });
});

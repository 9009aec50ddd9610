// The core and the facets of the game contract: absent optional members are fine, present but mistyped
// ones are refused when the game is loaded, naming the member; the flat shape is moved into facets
// (src/engine/game-check.ts).
import { describe, expect, it } from 'vitest';
import { checkGame, defineGame, FACETS, fromFlatShape, missingGameMembers, withGameDefaults } from '../../src/engine/game-check.js';
import { games } from '../../src/games/index.js';

/** The core of a one-decision game: every required member, no facet. */
const core = {
  name: 'coin',
  minPlayers: 2,
  maxPlayers: 2,
  options: [],
  maxActions: 2,
  setup: () => ({ done: false }),
  currentPlayer: (s: { done: boolean }) => (s.done ? -1 : 0),
  legalActions(_s: unknown, out: Int32Array) {
    out[0] = 0;
    out[1] = 1;
    return 2;
  },
  apply(s: { done: boolean }) {
    s.done = true;
  },
  clone: (s: { done: boolean }) => ({ ...s }),
  observe: (s: { done: boolean }) => ({ ...s }),
  result: () => ({ scores: [0, 0], ranks: [1, 1], winners: [0, 1], annulled: false, endReason: 'done', firstPlayer: 0, turns: 1 }),
};

describe('the core and the facets', () => {
  it('every built-in game gives standings', () => {
    for (const [name, g] of Object.entries(games)) expect(typeof g.measures.standings, name).toBe('function');
  });

  it('a facet member that is not a function is refused, naming it with its facet', () => {
    const bad = { ...games.stop, measures: { ...games.stop.measures, standings: [0, 0] } };
    expect(missingGameMembers(bad)).toEqual(['measures.standings (present but not a function)']);
    expect(() => checkGame(bad, 'game file x.mjs')).toThrow(/x\.mjs is not a complete Game: missing measures\.standings \(present but not a function\)/);
  });

  it('names every missing core member and every fault of the facets at once', () => {
    const { setup: _s, result: _r, ...partial } = core;
    const bad = { ...partial, maxActions: '2', search: { heuristc: () => 0 }, importance: { actionKinds: [] }, measures: { columns: [{ name: 'x' }] } };
    expect(missingGameMembers(bad)).toEqual([
      'maxActions',
      'setup',
      'result',
      'search.heuristc (not a member of search (did you mean "heuristic"?))',
      'measures.write',
      'importance.actionKind (expected a function, with actionKinds)',
    ]);
  });

  it('a game of the core alone is complete: every facet absent, the defaults filled', () => {
    expect(missingGameMembers(core)).toEqual([]);
    const g = defineGame(core);
    expect(g.title).toBe('coin');
    expect(g.actionCode(1)).toBe('1');
    expect(g.view.actionText(g.setup({}, 2, undefined as never), 1)).toBe('1');
    expect(g.view.describe({ done: false })).toContain('"done": false');
    expect(g.measures).toMatchObject({ columns: [], names: [], info: [] });
    expect(g.search).toEqual({});
    expect(g.importance).toBeUndefined();
  });

  it('a game without any optional facet member is complete', () => {
    // Without the measures facet there are no metric columns, so the game's testing settings that witness them go too.
    const bare = { ...games.scala, search: {}, measures: {}, importance: undefined, testing: undefined, view: { describe: games.scala.view.describe } };
    expect(missingGameMembers(bare)).toEqual([]);
    expect(Object.keys(FACETS).sort()).toEqual(['importance', 'measures', 'search', 'view']);
  });
});

describe('the features facet (named numbers of an observation, for personas)', () => {
  const feature = { name: 'hand_size', label: 'cards in my hand', value: () => 1 };

  it('every built-in game that declares features passes the check', () => {
    const declared = Object.values(games).filter((g) => g.features !== undefined);
    expect(declared.length).toBeGreaterThan(0);
    for (const g of declared) expect(missingGameMembers(g), g.name).toEqual([]);
  });

  it('names every fault of its shape at once: not a list, a bad name, a repeated one, no label, no value', () => {
    expect(missingGameMembers({ ...core, features: [feature] })).toEqual([]);
    expect(missingGameMembers({ ...core, features: { hand_size: feature } })).toEqual(['features (present but not a list of features)']);
    const faults = missingGameMembers({ ...core, features: [feature, { ...feature }, { name: 'Hand size', label: '', value: 3 }, 'deck'] });
    expect(faults).toEqual([
      'features[1].name ("hand_size" is already the name of another feature)',
      "features[2].name (expected lower-case letters, digits and '_', starting with a letter, as a rule writes it)",
      'features[2].label (expected a text that says what it counts)',
      'features[2].value (expected a function of the observation)',
      'features[3] (expected an object with name, label and value)',
    ]);
    expect(() => checkGame({ ...core, features: [{ ...feature, value: 1 }] }, 'coin.mjs')).toThrow(/features\[0\]\.value/);
  });
});

describe('the flat shape (every member at the top level)', () => {
  const flat = {
    ...core,
    heuristic: (_o: unknown, a: number) => a,
    describe: () => 'a coin',
    metricNames: ['flips', 'heads'],
    metricInfo: [{ name: 'heads', label: 'heads thrown', unit: 'throw', per: 'match', kind: 'count' }],
    metrics: (_s: unknown, out: number[]) => {
      out[0] = 1;
      out[1] = 0;
    },
    actionKinds: [{ name: 'heads', label: 'calling heads' }],
    actionKind: () => 'heads',
  };

  it('is moved into the facets, the metric names and words making one list of columns', () => {
    const { game, clashes } = fromFlatShape(flat);
    expect(clashes).toEqual([]);
    expect(Object.keys(game)).not.toContain('heuristic');
    const g = withGameDefaults(flat);
    expect(g.search.heuristic!({}, 1)).toBe(1);
    expect(g.view.describe({})).toBe('a coin');
    expect(g.measures.names).toEqual(['flips', 'heads']);
    expect(g.measures.info.map((m) => m.name)).toEqual(['heads']);
    expect(g.importance?.actionKind(0, {})).toBe('heads');
  });

  it('names a member given both flat and in its facet', () => {
    expect(missingGameMembers({ ...flat, search: { heuristic: () => 0 } })).toEqual(['heuristic (given both at the top level and as search.heuristic)']);
  });

  it('loading a loaded game again returns it as it is', () => {
    expect(withGameDefaults(games.stramat)).toBe(games.stramat);
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

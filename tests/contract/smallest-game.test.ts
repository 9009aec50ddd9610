// Tic-tac-toe (tests/fixtures/games/tictactoe.mjs) is the smallest game the generic suites are held to take:
// written from docs/adding-a-game.md's checklist, loaded from its file as `tavolo run` loads a user's game,
// and run by every generic suite through the same list as the registered games (suiteGames()). This test
// keeps it that small, so that a requirement only a bigger game meets fails on it, and checks that every
// generic suite runs over that list.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { goldenCases } from '../../src/cli/golden.js';
import type { GameEvent } from '../../src/engine/game.js';
import { resolveOptions } from '../../src/engine/options.js';
import { Rng } from '../../src/engine/rng.js';
import { ROOT } from '../fixtures/cli.js';
import { fileGames, suiteGames } from '../helpers/suite-games.js';

const game = (await fileGames()).tictactoe;

describe('the smallest game the suites take', () => {
  it('is loaded from its file among the suite games', async () => {
    expect(game, 'tests/fixtures/games/tictactoe.mjs').toBeDefined();
    expect(Object.keys(await suiteGames())).toContain('tictactoe');
  });

  it('has two players, nine actions, no options, metrics, presets or action kinds, and nothing hidden', () => {
    expect([game.minPlayers, game.maxPlayers, game.maxActions]).toEqual([2, 2, 9]);
    expect(game.options).toEqual([]);
    expect(game.measures.names).toEqual([]);
    for (const member of ['presets', 'importance'] as const) expect(game[member], member).toBeUndefined();
    for (const member of ['rateActions', 'evaluate', 'cloneInto'] as const) expect(game.search[member], `search.${member}`).toBeUndefined();
    for (const member of ['standings', 'forcedPass'] as const) expect(game.measures[member], `measures.${member}`).toBeUndefined();
    expect(game.testing).toEqual({ perfectInformation: true });
  });

  it('plays at most nine decisions a match and writes three kinds of event', () => {
    const kinds = new Set<string>();
    const buf = new Int32Array(game.maxActions);
    for (let m = 0; m < 200; m++) {
      const rng = new Rng(`smallest/${m}`);
      const events: GameEvent[] = [];
      const s = game.setup(resolveOptions(game.options, {}), 2, rng, undefined, events);
      let decisions = 0;
      for (; game.currentPlayer(s) >= 0; decisions++) game.apply(s, buf[rng.int(game.legalActions(s, buf))], rng, events);
      expect(decisions).toBeLessThanOrEqual(9);
      for (const e of events) kinds.add(e.kind);
    }
    expect([...kinds].sort()).toEqual(['mark', 'match_end', 'start']);
  });

  it('is played by every generic suite: each contract suite iterates suiteGames(), and it has golden playthroughs', async () => {
    const dir = join(ROOT, 'tests', 'contract');
    const generic = ['action-kinds', 'events', 'honesty', 'metrics', 'observations-doc', 'rate-actions'].map((n) => `${n}.test.ts`);
    for (const f of generic) expect(readFileSync(join(dir, f), 'utf8'), f).toMatch(/\bawait suiteGames\(\)/);
    expect(readFileSync(join(ROOT, 'tests', 'bots', 'legal-untouched.test.ts'), 'utf8')).toMatch(/\bawait suiteGames\(\)/);
    expect((await goldenCases(ROOT)).filter((c) => c.game === 'tictactoe').map((c) => c.file)).toHaveLength(3);
  });
});

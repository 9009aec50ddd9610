import { describe, expect, it } from 'vitest';
import { isTrustedBuiltIn, type Decision } from '../../src/engine/bot.js';
import type { AnyGame } from '../../src/engine/game.js';
import { playMatch } from '../../src/engine/match.js';
import { resolveOptions } from '../../src/engine/options.js';
import { Rng } from '../../src/engine/rng.js';
import { bots } from '../../bots/index.js';
import { suiteGames } from '../helpers/suite-games.js';

const games = await suiteGames();

/**
 * tavolo's own bots are handed the game's action buffer itself, without a protective copy (see
 * trustBuiltIn in src/engine/bot.ts). That is only sound if none of them ever writes to it: checked
 * here at every decision of real matches, for every suite game (registered and fixture files) and every
 * built-in bot.
 */
/** The most matches one check plays while it still lacks the decisions it needs (a short game's). */
const MAX_MATCHES = 500;
const SEARCH = { iterations: 40, maxDepth: 40 };
const TREE = { nodes: 120, determinizations: 3 };
const PARAMS: Record<string, Record<string, unknown>> = {
  pimc: SEARCH,
  ismcts: SEARCH,
  'restricted-pimc': SEARCH,
  'restricted-ismcts': SEARCH,
  alphabeta: TREE,
  'restricted-alphabeta': TREE,
};
const SLOW = new Set(['pimc', 'ismcts', 'alphabeta', 'restricted-alphabeta']);

/**
 * Plays `matches` matches of at most `maxDecisions` decisions each, and more (up to MAX_MATCHES) while
 * fewer than `need` decisions were checked: a short game's matches give few. Returns the decisions checked.
 */
function checkBot(game: AnyGame, botName: string, matches: number, maxDecisions: number, need: number, given = PARAMS[botName] ?? {}): number {
  const factory = bots[botName];
  let checked = 0;
  for (let m = 0; m < MAX_MATCHES && (m < matches || checked <= need); m++) {
    const players = Math.max(game.minPlayers, Math.min(4, game.maxPlayers));
    const rng = new Rng(`untouched/${game.name}/${botName}/${m}`);
    const state = game.setup(resolveOptions(game.options, {}), players, rng);
    const made = Array.from({ length: players }, (_, seat) =>
      factory.create({ game, seat, players, rng: rng.child(), params: resolveOptions(factory.params, given, 'parameter') }),
    );
    const legal = new Int32Array(game.maxActions);
    for (let d = 0; d < maxDecisions; d++) {
      const player = game.currentPlayer(state);
      if (player < 0) break;
      const count = game.legalActions(state, legal);
      const before = legal.slice();
      const decision: Decision = { game, player, legal, count, observation: game.observe(state, player), describe: (a) => game.view.actionText(state, a) };
      const action = made[player].choose(decision);
      expect(legal).toEqual(before);
      checked++;
      game.apply(state, action, rng);
    }
  }
  return checked;
}

describe('built-in bots never write to decision.legal', () => {
  for (const game of Object.values(games)) {
    for (const name of Object.keys(bots)) {
      it(`${name} on ${game.name}`, () => {
        expect(isTrustedBuiltIn(bots[name])).toBe(true);
        const slow = SLOW.has(name);
        const need = slow ? 20 : 200;
        expect(checkBot(game, name, slow ? 2 : 20, slow ? 30 : 2000, need)).toBeGreaterThan(need);
      });
    }
  }

  // ismcts's options (docs/bots-search.md, "MCTS options") write into buffers of their own: checked with all of them on.
  for (const game of Object.values(games)) {
    it(`ismcts with bias, MAST, solver and reuse on ${game.name}`, () => {
      expect(checkBot(game, 'ismcts', 2, 30, 20, { ...SEARCH, bias: 1, mast: true, solver: true, reuse: true })).toBeGreaterThan(20);
    });
  }

  // The presets that change how greedy chooses (casual players: temperature, epsilon; personas: rules that
  // narrow the choice to one kind of action) play through buffers of their own: checked under their settings.
  for (const game of Object.values(games)) {
    for (const [name, preset] of Object.entries(game.presets ?? {})) {
      if (!['greedy', 'persona', 'memory'].includes(preset.bot)) continue;
      it(`preset ${name} (${preset.bot}) on ${game.name}`, () => {
        expect(checkBot(game, preset.bot, 20, 2000, 200, { ...preset.params })).toBeGreaterThan(200);
      });
    }
  }

  it('a bot from a file is not trusted: it gets a copy, and scribbling on it cannot forge a legal action', () => {
    const scribbler = {
      name: 'scribbler',
      description: 'writes an illegal action into its array and returns it',
      params: [],
      create: () => ({
        choose(d: Decision) {
          d.legal[0] = 999;
          return 999;
        },
      }),
    };
    expect(isTrustedBuiltIn(scribbler)).toBe(false);
    const game = games.stramat;
    const out = playMatch(game, resolveOptions(game.options, {}), [
      { factory: scribbler, params: {} },
      { factory: bots.random, params: {} },
    ], 'scribble/0');
    expect(out.fault?.reason).toBe('illegal_action');
  });
});

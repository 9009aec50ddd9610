import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { bots } from '../../bots/index.js';
import { loadBot, loadGame } from '../../src/plugins/loader.js';
import type { BotContext, Decision } from '../../src/engine/bot.js';
import type { AnyGame } from '../../src/engine/game.js';
import { playMatch } from '../../src/engine/match.js';
import { resolveOptions } from '../../src/engine/options.js';
import { Rng } from '../../src/engine/rng.js';
import { InputError } from '../../src/errors.js';
import { FIXTURES, ROOT } from '../fixtures/cli.js';

// These tests start processes and load modules; on a busy machine they need more than the default 5 s.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

/** A decision whose observation must not be read (it throws). */
function blindDecision(legal: number[], game: AnyGame = {} as AnyGame): Decision {
  return {
    game,
    player: 0,
    legal: Int32Array.from(legal),
    count: legal.length,
    get observation(): never {
      throw new Error('observation read');
    },
    describe: (a) => `action ${a}`,
  };
}

function ctx(game: AnyGame, seed: string, params: Record<string, unknown> = {}, factory = bots.greedy): BotContext {
  return { game, seat: 0, players: 2, rng: new Rng(seed), params: resolveOptions(factory.params, params, 'bot parameter') };
}

/** A game stub whose heuristic is a table lookup (observation: the table). */
function heuristicGame(values: Record<number, number>): AnyGame {
  return { search: { heuristic: (_obs: unknown, a: number) => values[a] } } as unknown as AnyGame;
}

function decisionWith(legal: number[], obs: unknown = {}): Decision {
  return { game: {} as AnyGame, player: 0, legal: Int32Array.from(legal), count: legal.length, observation: obs, describe: (a) => `action ${a}` };
}

describe('decision.describe', () => {
  it('reads each chosen action as tavolo play words it, in a real match of every game', async () => {
    const { games } = await import('../../src/games/index.js');
    for (const game of Object.values(games)) {
      const said: string[] = [];
      const reader = {
        name: 'reader',
        description: 'describes what it plays',
        params: [],
        create: () => ({
          choose(d: Decision) {
            const a = d.legal[d.count - 1];
            said.push(d.describe(a));
            return a;
          },
        }),
      };
      const truth: string[] = [];
      const players = Math.max(game.minPlayers, 2);
      const opts = resolveOptions(game.options, {});
      playMatch(game, opts, Array.from({ length: players }, () => ({ factory: reader, params: {} })), `describe/${game.name}`, {
        onAction: (state, _p, action) => {
          if (truth.length < 200) truth.push(game.view.actionText(state, action));
        },
      });
      expect(said.length, game.name).toBeGreaterThan(0);
      expect(said.slice(0, 200), game.name).toEqual(truth);
    }
  });
});

describe('random bot', () => {
  it('never reads the observation and is uniform over the legal actions', () => {
    const bot = bots.random.create(ctx({} as AnyGame, 'r', {}, bots.random));
    const d = blindDecision([3, 7, 11, 20]);
    const counts = new Map<number, number>();
    for (let i = 0; i < 8000; i++) {
      const a = bot.choose(d);
      counts.set(a, (counts.get(a) ?? 0) + 1);
    }
    expect([...counts.keys()].sort((a, b) => a - b)).toEqual([3, 7, 11, 20]);
    for (const c of counts.values()) expect(Math.abs(c - 2000)).toBeLessThan(200);
  });

  it('is reproducible from its generator', () => {
    const d = blindDecision([0, 1, 2, 3, 4, 5]);
    const seq = (seed: string) => {
      const b = bots.random.create(ctx({} as AnyGame, seed, {}, bots.random));
      return Array.from({ length: 20 }, () => b.choose(d));
    };
    expect(seq('a')).toEqual(seq('a'));
    expect(seq('a')).not.toEqual(seq('b'));
  });
});

describe('greedy bot', () => {
  it('takes the action with the highest heuristic value', () => {
    const game = heuristicGame({ 1: 0.5, 4: 2, 9: -1, 12: 1.9 });
    const bot = bots.greedy.create(ctx(game, 'g'));
    for (let i = 0; i < 20; i++) expect(bot.choose(decisionWith([1, 4, 9, 12]))).toBe(4);
    expect(bot.choose(decisionWith([9, 1]))).toBe(1);
  });

  it('breaks ties at random among the tied best actions only', () => {
    const game = heuristicGame({ 1: 3, 2: 1, 3: 3, 4: 3, 5: 0 });
    const bot = bots.greedy.create(ctx(game, 'ties'));
    const counts = new Map<number, number>();
    for (let i = 0; i < 3000; i++) {
      const a = bot.choose(decisionWith([1, 2, 3, 4, 5]));
      counts.set(a, (counts.get(a) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual([1, 3, 4]);
    for (const c of counts.values()) expect(Math.abs(c - 1000)).toBeLessThan(150);
  });

  it('does not look at the observation when there is a single legal action', () => {
    const bot = bots.greedy.create(ctx(heuristicGame({}), 'one'));
    expect(bot.choose(blindDecision([42]))).toBe(42);
  });

  it('with epsilon 1 plays at random', () => {
    const game = heuristicGame({ 1: 10, 2: 0 });
    const bot = bots.greedy.create(ctx(game, 'eps', { epsilon: 1 }));
    const picks = new Set(Array.from({ length: 50 }, () => bot.choose(decisionWith([1, 2]))));
    expect(picks).toEqual(new Set([1, 2]));
  });
});

describe('loading bots', () => {
  it('finds built-in bots by name', async () => {
    expect((await loadBot('greedy', ROOT)).factory).toBe(bots.greedy);
  });

  it('loads the example bot file relative to a base directory; its parameter works', async () => {
    const { factory, file } = await loadBot('bots/examples/first-legal.mjs', ROOT);
    expect(factory.name).toBe('first-legal');
    expect(file).toBe(join(ROOT, 'bots', 'examples', 'first-legal.mjs'));
    const { game } = await loadGame('./highcard.mjs', FIXTURES);
    const opts = resolveOptions(game.options, {});
    for (const last of [false, true]) {
      const params = resolveOptions(factory.params, { last }, 'bot parameter');
      const out = playMatch(game, opts, [{ factory, params }, { factory: bots.random, params: {} }], 'ex');
      expect(out.fault).toBeUndefined();
      expect(out.decisions).toBeGreaterThan(0);
    }
    const b = factory.create({ game, seat: 0, players: 2, rng: new Rng('x'), params: { last: true } });
    expect(b.choose(blindDecision([5, 6, 7]))).toBe(7);
  });

  it('names the file when it is missing or does not export a BotFactory', async () => {
    await expect(loadBot('./nope.mjs', FIXTURES, 'bots[0].bot')).rejects.toThrow(/bots\[0\]\.bot: bot file .*nope\.mjs does not exist/);
    await expect(loadBot('not-a-bot.mjs', FIXTURES)).rejects.toThrow(/not-a-bot\.mjs does not export a BotFactory/);
    await expect(loadBot('rando', FIXTURES)).rejects.toBeInstanceOf(InputError);
  });
});

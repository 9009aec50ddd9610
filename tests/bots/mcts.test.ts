// The Monte Carlo bots: correctness of the search on games with known answers, the tree's bookkeeping,
// rewards, parameters, and exact reproducibility of matches they play.
import { describe, expect, it } from 'vitest';
import { greedy } from '../../bots/greedy.js';
import { IsmctsSearch, ismcts } from '../../bots/ismcts.js';
import { Playout, readParams } from '../../bots/mc-common.js';
import { PimcSearch, pimc } from '../../bots/pimc.js';
import { random } from '../../bots/random.js';
import type { BotFactory, Decision } from '../../src/engine/bot.js';
import type { AnyGame, MatchResult, Options } from '../../src/engine/game.js';
import { type SeatBot, playMatch } from '../../src/engine/match.js';
import { resolveOptions } from '../../src/engine/options.js';
import { Rng } from '../../src/engine/rng.js';
import { stramat } from '../../src/games/stramat/index.js';
import { bet, kingmaker, nim } from '../fixtures/mc-toys.js';

function params(factory: BotFactory, given: Record<string, unknown> = {}): Options {
  return resolveOptions(factory.params, given, 'bot parameter');
}

/** The decision at `state`, as the match loop would present it. */
function decisionAt(game: AnyGame, state: unknown): Decision {
  const legal = new Int32Array(game.maxActions);
  const count = game.legalActions(state, legal);
  const player = game.currentPlayer(state);
  return { game, player, legal, count, observation: game.observe(state, player), describe: (a) => game.view.actionText(state, a) };
}

function choose(factory: BotFactory, game: AnyGame, state: unknown, given: Record<string, unknown>, seed = 'choose'): number {
  const d = decisionAt(game, state);
  const bot = factory.create({ game, seat: d.player, players: 3, rng: new Rng(seed), params: params(factory, given) });
  return bot.choose(d);
}

function ismctsSearch(game: AnyGame, players: number, given: Record<string, unknown> = {}, seed = 's'): IsmctsSearch {
  const p = params(ismcts, given);
  return new IsmctsSearch(game, players, new Rng(seed), new Rng(`${seed}/search`), readParams(p), p.exploration as number);
}

describe('ismcts finds known best moves', () => {
  it('Nim: takes heap mod 4 from every winning heap (opponent nodes maximise the opponent)', () => {
    for (let heap = 5; heap <= 11; heap++) {
      if (heap % 4 === 0) continue;
      const game = nim(heap) as AnyGame;
      const a = choose(ismcts, game, game.setup({}, 2, new Rng('x')), { iterations: 3000 }, `nim${heap}`);
      expect(a, `heap ${heap}`).toBe(heap % 4);
    }
  });

  it('Kingmaker: each player is scored by its own result, not "me against everyone"', () => {
    const game = kingmaker as AnyGame;
    const search = ismctsSearch(game, 3, { iterations: 2000 });
    const s = game.setup({}, 3, new Rng('x'));
    const d = decisionAt(game, s);
    expect(search.search(d.observation, 0, d.legal, d.count)).toBe(1);
    const stats = search.rootStats();
    const trust = stats.find((c) => c.action === 1)!;
    const share = stats.find((c) => c.action === 0)!;
    expect(share.mean).toBeCloseTo(1 / 3, 6);
    expect(trust.mean).toBeGreaterThan(0.45);
  });

  it('Bet: decides from its own card only (bet with 3 or 4, fold with 1 or 2), whatever the opponent really holds', () => {
    for (const factory of [ismcts, pimc]) {
      for (let card = 1; card <= 4; card++) {
        const game = bet(card) as AnyGame;
        for (let deal = 0; deal < 6; deal++) {
          const s = game.setup({}, 2, new Rng(`deal${deal}`));
          const a = choose(factory, game, s, { iterations: 2000 }, `bet${card}`);
          expect(a, `${factory.name} holding ${card}`).toBe(card >= 3 ? 1 : 0);
        }
      }
    }
  });

  it('Bet: the values of the root actions are the expected win shares', () => {
    const game = bet(3) as AnyGame;
    const search = ismctsSearch(game, 2, { iterations: 20000 });
    const d = decisionAt(game, game.setup({}, 2, new Rng('x')));
    search.search(d.observation, 0, d.legal, d.count);
    const stats = search.rootStats();
    expect(stats.find((c) => c.action === 0)!.mean).toBeCloseTo(0.5, 6);
    expect(stats.find((c) => c.action === 1)!.mean).toBeGreaterThan(2 / 3 - 0.03);
    expect(stats.find((c) => c.action === 1)!.mean).toBeLessThan(2 / 3 + 0.03);
    expect(search.checkTree()).toBe('');
  });

  it('pimc: the mean of each action is its expected win share', () => {
    const game = bet(3) as AnyGame;
    const p = readParams(params(pimc, { iterations: 8000 }));
    const search = new PimcSearch(game, 2, new Rng('a'), new Rng('b'), p);
    const d = decisionAt(game, game.setup({}, 2, new Rng('x')));
    expect(search.search(d.observation, 0, d.legal, d.count)).toBe(1);
    expect(search.lastWorlds).toBe(4000);
    const [fold, betMean] = search.means(2);
    expect(fold).toBeCloseTo(0.5, 6);
    expect(Math.abs(betMean - 2 / 3)).toBeLessThan(0.03);
  });

  it('pimc with an exploration constant (UCB1 allocation of playouts): the right action, the right means', () => {
    const game = bet(3) as AnyGame;
    const p = readParams(params(pimc, { iterations: 4000 }));
    const search = new PimcSearch(game, 2, new Rng('a'), new Rng('b'), p, 0.3);
    const d = decisionAt(game, game.setup({}, 2, new Rng('x')));
    expect(search.search(d.observation, 0, d.legal, d.count)).toBe(1);
    expect(search.lastWorlds).toBe(4000);
    const [fold, betMean] = search.means(2);
    expect(fold).toBeCloseTo(0.5, 6);
    expect(Math.abs(betMean - 2 / 3)).toBeLessThan(0.05);
    // Holding a 1, folding is better.
    const holding1 = new PimcSearch(bet(1), 2, new Rng('a'), new Rng('b'), p, 0.3);
    const d1 = decisionAt(bet(1), bet(1).setup({}, 2, new Rng('x')));
    expect(holding1.search(d1.observation, 0, d1.legal, d1.count)).toBe(0);
  });
});

describe('ismcts tree bookkeeping on Stramat', () => {
  const opts = resolveOptions(stramat.options, {});

  function decisionPoints(players: number, matches: number): unknown[] {
    const out: unknown[] = [];
    const buf = new Int32Array(stramat.maxActions);
    for (let m = 0; m < matches; m++) {
      const rng = new Rng(`pts${players}/${m}`);
      const s = stramat.setup(opts, players, rng);
      while (stramat.currentPlayer(s) >= 0) {
        const k = stramat.legalActions(s, buf);
        if (k > 1 && rng.int(5) === 0) out.push(stramat.clone(s));
        stramat.apply(s, buf[rng.int(k)], rng);
      }
    }
    return out;
  }

  it('visits, availability and rewards add up; the root holds every iteration; the answer is legal', () => {
    for (const players of [2, 4, 6]) {
      const search = ismctsSearch(stramat, players, { iterations: 400 });
      let otherPlayersInTree = 0;
      for (const s of decisionPoints(players, 6)) {
        const d = decisionAt(stramat, s);
        const a = search.search(d.observation, d.player, d.legal, d.count);
        expect(Array.from(d.legal.subarray(0, d.count))).toContain(a);
        expect(search.checkTree()).toBe('');
        expect(search.rootVisits).toBe(400);
        expect(search.nodes).toBeLessThanOrEqual(401);
        const stats = search.rootStats();
        for (const c of stats) {
          expect(c.player).toBe(d.player);
          expect(Array.from(d.legal.subarray(0, d.count))).toContain(c.action);
          // Root children are available in every iteration after they are created.
          expect(c.avail).toBeLessThanOrEqual(400);
        }
        // Every legal action at the root is tried.
        expect(stats.length).toBe(d.count);
        if (search.nodes > stats.length + 1) otherPlayersInTree++;
      }
      expect(otherPlayersInTree).toBeGreaterThan(0);
    }
  });

  it('the tree grows past its initial capacity with a time budget', () => {
    const search = ismctsSearch(stramat, 4, { timeMs: 150 });
    const s = decisionPoints(4, 1)[0];
    const d = decisionAt(stramat, s);
    search.search(d.observation, d.player, d.legal, d.count);
    expect(search.lastIterations).toBeGreaterThan(100);
    expect(search.rootVisits).toBe(search.lastIterations);
    expect(search.checkTree()).toBe('');
  });
});

describe('playout rewards', () => {
  function scored(result: Partial<MatchResult>, players: number, rankWeight: number): number[] {
    const fake = { ...stramat, result: () => ({ scores: [], ranks: [], winners: [], annulled: false, endReason: '', firstPlayer: 0, turns: 0, ...result }) };
    return Array.from(new Playout(fake, players, new Rng('r'), 'random', 0, rankWeight).score(null));
  }

  it('win share: 1/k to each of k tied winners, 0 to the others', () => {
    expect(scored({ winners: [2], ranks: [2, 2, 1, 2] }, 4, 0)).toEqual([0, 0, 1, 0]);
    expect(scored({ winners: [0, 3], ranks: [1, 3, 3, 1] }, 4, 0)).toEqual([0.5, 0, 0, 0.5]);
  });

  it('an annulled match is worth 0 to everyone, with or without the rank mix', () => {
    expect(scored({ annulled: true, winners: [], ranks: [1, 1, 1] }, 3, 0)).toEqual([0, 0, 0]);
    expect(scored({ annulled: true, winners: [], ranks: [1, 1, 1] }, 3, 0.5)).toEqual([0, 0, 0]);
  });

  it('rankWeight mixes in (players - rank) / (players - 1)', () => {
    const r = scored({ winners: [1], ranks: [3, 1, 2] }, 3, 0.5);
    expect(r[0]).toBeCloseTo(0, 12);
    expect(r[1]).toBeCloseTo(0.5 + 0.5, 12);
    expect(r[2]).toBeCloseTo(0.25, 12);
  });
});

describe('matches with Monte Carlo bots', () => {
  const opts = resolveOptions(stramat.options, {});
  const seat = (factory: BotFactory, given: Record<string, unknown> = {}): SeatBot => ({ factory, params: params(factory, given) });

  function logged(seats: SeatBot[], seed: string, gameOpts: Options = opts) {
    const log: string[] = [];
    const out = playMatch(stramat, gameOpts, seats, seed, { onAction: (_s, p, a) => log.push(`${p}:${a}`) });
    return { out, log: log.join(' ') };
  }

  it('replay exactly from the seed (and differ with another seed)', () => {
    const seats = [seat(ismcts, { iterations: 150 }), seat(pimc, { iterations: 100 }), seat(greedy), seat(random)];
    for (const seed of ['m1', 'm2', 'm3']) {
      const a = logged(seats, seed);
      const b = logged(seats, seed);
      expect(a.out.fault).toBeUndefined();
      expect(b.log).toBe(a.log);
      expect(b.out.result).toEqual(a.out.result);
      expect(b.out.metrics).toEqual(a.out.metrics);
    }
    expect(logged(seats, 'm1').log).not.toBe(logged(seats, 'm2').log);
  });

  it('play complete matches with greedy playouts, a depth cap, a rank mix, an evening of games and Birichino', () => {
    const variants: Array<[Record<string, unknown>, Record<string, unknown>, number]> = [
      [{ rollout: 'greedy', iterations: 60 }, {}, 3],
      [{ maxDepth: 4, iterations: 100 }, {}, 4],
      [{ rankWeight: 0.3, iterations: 100 }, { evening: 2 }, 2],
      [{ iterations: 100 }, { birichino: true }, 4],
    ];
    for (const [botParams, gameParams, players] of variants) {
      const gameOpts = resolveOptions(stramat.options, gameParams);
      const seats: SeatBot[] = [];
      for (let i = 0; i < players; i++) seats.push(i % 2 ? seat(pimc, botParams) : seat(ismcts, botParams));
      const { out } = logged(seats, `v${JSON.stringify(botParams)}`, gameOpts);
      expect(out.fault).toBeUndefined();
      expect(out.decisions).toBeGreaterThan(0);
    }
  });

  it('refuse a game without determinize, with a clear message', () => {
    const game: AnyGame = { ...stramat, search: { ...stramat.search, determinize: undefined } };
    for (const factory of [ismcts, pimc]) {
      expect(() => factory.create({ game, seat: 0, players: 2, rng: new Rng('x'), params: params(factory) })).toThrow(
        /needs search\.determinize/,
      );
    }
  });

  it('declare their parameters with sensible defaults', () => {
    expect(params(ismcts)).toEqual({
      iterations: 1000,
      exploration: 0.7,
      widening: 0,
      bias: 0,
      mast: false,
      mastEpsilon: 0.2,
      solver: false,
      reuse: false,
      rollout: 'random',
      timeMs: 0,
      maxDepth: 0,
      rankWeight: 0,
      horizon: 'auto',
    });
    expect(params(pimc)).toEqual({ iterations: 1000, exploration: 0, rollout: 'random', timeMs: 0, maxDepth: 0, rankWeight: 0, horizon: 'auto' });
    expect(() => params(ismcts, { rollout: 'smart' })).toThrow(/rollout/);
  });

  it('beat random play at heads-up Stramat with a small budget', () => {
    // Random players annul many matches with the Stramat card (no winner), so compare the decided ones.
    let mcWins = 0;
    let randomWins = 0;
    const matches = 40;
    for (let i = 0; i < matches; i++) {
      // Alternate seats so neither bot always sits in the same position.
      const mc = i % 2;
      const seats = mc === 0 ? [seat(ismcts, { iterations: 200 }), seat(random)] : [seat(random), seat(ismcts, { iterations: 200 })];
      const r = playMatch(stramat, opts, seats, `strength${i}`).result;
      for (const w of r.winners) {
        if (w === mc) mcWins += 1 / r.winners.length;
        else randomWins += 1 / r.winners.length;
      }
    }
    expect(mcWins + randomWins).toBeGreaterThan(15);
    expect(mcWins / (mcWins + randomWins)).toBeGreaterThan(0.75);
  });
});

// The alpha-beta bot: it finds a win exactly as deep as its search reaches, keeps within its node budget,
// samples worlds only where something is hidden, and replays its matches from the seed.
import { describe, expect, it } from 'vitest';
import { AlphaBetaChooser, alphabeta, readAlphaBetaParams } from '../../bots/alphabeta.js';
import { greedy } from '../../bots/greedy.js';
import type { BotFactory, Decision } from '../../src/engine/bot.js';
import { type AnyGame, OptionError, type Options } from '../../src/engine/game.js';
import { type SeatBot, playMatch } from '../../src/engine/match.js';
import { resolveOptions } from '../../src/engine/options.js';
import { Rng } from '../../src/engine/rng.js';
import { scala } from '../../src/games/scala/index.js';
import { stramat } from '../../src/games/stramat/index.js';
import { zatre } from '../../src/games/zatre/index.js';
import { gamble, kingmaker, nim } from '../fixtures/mc-toys.js';
import { trap } from '../fixtures/trap-game.js';

function params(given: Record<string, unknown>): Options {
  return resolveOptions(alphabeta.params, given, 'bot parameter');
}

function chooser(game: AnyGame, players: number, given: Record<string, unknown>, seed = 'ab'): AlphaBetaChooser {
  const rng = new Rng(seed);
  return new AlphaBetaChooser(game, players, rng, rng.fork('search'), readAlphaBetaParams(params(given)));
}

/** The decision at `state`, as the match loop would present it. */
function decisionAt(game: AnyGame, state: unknown): Decision {
  const legal = new Int32Array(game.maxActions);
  const count = game.legalActions(state, legal);
  const player = game.currentPlayer(state);
  return { game, player, legal, count, observation: game.observe(state, player), describe: (a) => game.view.actionText(state, a) };
}

/** A state `plies` random actions into a match of `game` (options by default). */
function midMatch(game: AnyGame, players: number, plies: number, seed: string): unknown {
  const rng = new Rng(seed);
  const s = game.setup(resolveOptions(game.options, {}), players, rng);
  const buf = new Int32Array(game.maxActions);
  for (let i = 0; i < plies && game.currentPlayer(s) >= 0; i++) game.apply(s, buf[rng.int(game.legalActions(s, buf))], rng);
  return s;
}

/** The game with every `apply` counted: the bot's nodes, seen from outside the bot. */
function counting(game: AnyGame): { game: AnyGame; applies: () => number } {
  let n = 0;
  const wrapped: AnyGame = { ...game, apply: (s, a, r, e) => (n++, game.apply(s, a, r, e)) };
  return { game: wrapped, applies: () => n };
}

describe('alphabeta finds what its depth reaches', () => {
  it('Trap: the sacrifice that wins d plies ahead at depth d, the bait at depth d - 1', () => {
    for (let d = 2; d <= 6; d++) {
      const game = trap(d) as AnyGame;
      const s = game.setup({}, 2, new Rng('t'));
      const dec = decisionAt(game, s);
      const at = (depth: number) => chooser(game, 2, { depth, nodes: 100_000 }).choose(dec.observation, 0, dec.legal, dec.count);
      expect(at(d), `depth ${d}`).toBe(1);
      expect(at(d - 1), `depth ${d - 1}`).toBe(0);
    }
  });

  it('Trap: a budget too small for depth d stops at a shallower depth and takes the bait', () => {
    const game = trap(6) as AnyGame;
    const dec = decisionAt(game, game.setup({}, 2, new Rng('t')));
    const small = chooser(game, 2, { depth: 6, nodes: 20 });
    expect(small.choose(dec.observation, 0, dec.legal, dec.count)).toBe(0);
    expect(small.last!.depths[0]).toBeLessThan(6);
    const big = chooser(game, 2, { depth: 6, nodes: 10_000 });
    expect(big.choose(dec.observation, 0, dec.legal, dec.count)).toBe(1);
    expect(big.last!.depths[0]).toBe(6);
  });

  it('Nim: takes heap mod 4 from every winning heap, once the search reaches the end', () => {
    for (let heap = 5; heap <= 11; heap++) {
      if (heap % 4 === 0) continue;
      const game = nim(heap) as AnyGame;
      const dec = decisionAt(game, game.setup({}, 2, new Rng('x')));
      expect(chooser(game, 2, { nodes: 200_000 }).choose(dec.observation, 0, dec.legal, dec.count), `heap ${heap}`).toBe(heap % 4);
    }
  });

  it('Kingmaker: paranoid, it expects the others to play against it and shares (1/3) rather than trust', () => {
    const game = kingmaker as AnyGame;
    const dec = decisionAt(game, game.setup({}, 3, new Rng('x')));
    const c = chooser(game, 3, {});
    expect(c.choose(dec.observation, 0, dec.legal, dec.count)).toBe(0);
    const trust = c.last!.moves.find((m) => m.action === 1)!;
    expect(trust.mean).toBeLessThan(1e-3);
  });
});

describe("alphabeta's trust: an opponent model from the others' heuristic", () => {
  // Kingmaker's heuristic rates both of player 1's actions 0, so its favourite is the first, 0: share with
  // player 0. Trusting it, "trust" is worth t x 1/2 + (1 - t) x 0 against "share" at 1/3.
  it('Kingmaker: mixes the favourite reply with the paranoid minimum by trust, and chooses by the mix', () => {
    const game = kingmaker as AnyGame;
    const dec = decisionAt(game, game.setup({}, 3, new Rng('x')));
    for (const [trust, choice] of [
      [0, 0],
      [0.5, 0],
      [0.8, 1],
      [1, 1],
    ] as const) {
      const c = chooser(game, 3, { trust });
      expect(c.choose(dec.observation, 0, dec.legal, dec.count), `trust ${trust}`).toBe(choice);
      const trusted = c.last!.moves.find((m) => m.action === 1)!;
      expect(trusted.mean, `trust ${trust}`).toBeCloseTo(trust / 2, 4);
      // Trusting fully, only the favourite reply is searched: depth 1 (2 root moves), then depth 2 (2 root
      // moves + 1 reply); else both replies at depth 2.
      expect(c.last!.nodes, `trust ${trust}`).toBe(trust === 1 ? 5 : 6);
    }
  });

  it('is the paranoid search at trust 0 (same choice, same root values)', () => {
    const s = midMatch(scala, 2, 20, 'trust');
    const dec = decisionAt(scala, s);
    const paranoid = chooser(scala, 2, { nodes: 3000 });
    const none = chooser(scala, 2, { nodes: 3000, trust: 0 });
    expect(none.choose(dec.observation, dec.player, dec.legal, dec.count)).toBe(paranoid.choose(dec.observation, dec.player, dec.legal, dec.count));
    expect(none.last!.moves).toEqual(paranoid.last!.moves);
  });

  it('refuses a trust outside 0 to 1, naming it', () => {
    for (const trust of [-0.1, 1.5]) {
      try {
        params({ trust });
        expect.unreachable(`trust ${trust} was accepted`);
      } catch (err) {
        expect((err as OptionError).field).toBe('trust');
      }
    }
  });
});

describe('alphabeta budget and worlds', () => {
  const cases: Array<[string, AnyGame, number]> = [
    ['scala', scala, 2],
    ['stramat', stramat, 4],
    ['zatre', zatre, 2],
  ];
  for (const [name, game, players] of cases) {
    it(`${name}: never applies more actions than its node budget`, () => {
      for (const nodes of [8, 64, 700]) {
        for (let k = 0; k < 3; k++) {
          const { game: g, applies } = counting(game);
          const s = midMatch(game, players, 3 + 5 * k, `${name}/${k}`);
          const dec = decisionAt(game, s);
          if (dec.count < 2) continue;
          const c = chooser(g, players, { nodes, determinizations: 4 });
          const a = c.choose(dec.observation, dec.player, dec.legal, dec.count);
          expect(Array.from(dec.legal.subarray(0, dec.count))).toContain(a);
          expect(applies(), `${nodes} nodes`).toBeLessThanOrEqual(nodes);
          expect(c.last!.nodes).toBe(applies());
          // The budget is spent, not left over (each world gets its share; a tree small enough to finish is the exception).
          if (nodes === 700) expect(applies()).toBeGreaterThan(nodes / 2);
        }
      }
    });
  }

  it('samples one world where nothing is hidden (Scala) and every world asked for where something is (Stramat)', () => {
    const sc = decisionAt(scala, midMatch(scala, 2, 4, 'w'));
    const cs = chooser(scala, 2, { nodes: 300, determinizations: 6 });
    cs.choose(sc.observation, sc.player, sc.legal, sc.count);
    expect(cs.last!.worlds).toBe(1);
    expect(cs.last!.nodes).toBe(300);
    const st = decisionAt(stramat, midMatch(stramat, 4, 2, 'w'));
    const ct = chooser(stramat, 4, { nodes: 300, determinizations: 6 });
    ct.choose(st.observation, st.player, st.legal, st.count);
    expect(ct.last!.worlds).toBe(6);
    expect(ct.last!.nodes).toBeLessThanOrEqual(300);
  });

  it("aggregate 'average': every root move valued in every world, and the best mean chosen", () => {
    const st = decisionAt(stramat, midMatch(stramat, 2, 2, 'avg'));
    expect(st.count).toBeGreaterThan(2);
    const c = chooser(stramat, 2, { nodes: 4000, determinizations: 4, aggregate: 'average' });
    const a = c.choose(st.observation, st.player, st.legal, st.count);
    const moves = c.last!.moves;
    expect(moves.length).toBe(st.count);
    for (const m of moves) expect(Number.isNaN(m.mean), `action ${m.action}`).toBe(false);
    const best = Math.max(...moves.map((m) => m.mean));
    expect(moves.find((m) => m.action === a)!.mean).toBe(best);
  });

  it('refuses fewer nodes than determinizations, naming nodes', () => {
    expect(() => alphabeta.checkParams!(params({ nodes: 3, determinizations: 4 }), scala as AnyGame, 2)).toThrow(OptionError);
    try {
      alphabeta.checkParams!(params({ nodes: 3, determinizations: 4 }), scala, 2);
    } catch (err) {
      expect((err as OptionError).field).toBe('nodes');
    }
    expect(() => alphabeta.checkParams!(params({ nodes: 4, determinizations: 4 }), scala as AnyGame, 2)).not.toThrow();
  });
});

describe("alphabeta's chance: a draw averaged over sampled outcomes", () => {
  /** How many of 60 seeds gamble (worth 1/3) rather than take the safe half, and the gamble's root values. */
  function gambles(chance: number): { count: number; values: number[] } {
    let count = 0;
    const values: number[] = [];
    for (let k = 0; k < 60; k++) {
      const s = gamble.setup({}, 2, new Rng('g'));
      const dec = decisionAt(gamble, s);
      const c = chooser(gamble, 2, { nodes: 200, chance }, `gamble/${k}`);
      if (c.choose(dec.observation, dec.player, dec.legal, dec.count) === 1) count++;
      values.push(c.last!.moves.find((m) => m.action === 1)!.mean);
    }
    return { count, values };
  }

  it('Gamble: one sampled roll gambles whenever it saw a win (about a third of seeds); 32 rolls see it is worth a third', () => {
    const one = gambles(1);
    // Binomial(60, 1/3): 20 expected; 10 to 30 is about 2.7 standard deviations either side.
    expect(one.count).toBeGreaterThanOrEqual(10);
    expect(one.count).toBeLessThanOrEqual(30);
    for (const v of one.values) expect(v < 0.01 || v > 0.99, `one roll: a sure win or a sure loss, found ${v}`).toBe(true);
    const many = gambles(32);
    // The mean of 32 rolls passes 1/2 with probability about 0.01: at most a few seeds of 60.
    expect(many.count).toBeLessThanOrEqual(4);
    const mean = many.values.reduce((a, b) => a + b, 0) / many.values.length;
    expect(mean).toBeGreaterThan(0.25);
    expect(mean).toBeLessThan(0.42);
  });

  it('Zatre: keeps within its node budget with chance 4, and values the root moves otherwise than with one outcome', () => {
    let differ = 0;
    for (let k = 0; k < 6; k++) {
      const s = midMatch(zatre, 2, 4 + 3 * k, `zatre-chance/${k}`);
      const dec = decisionAt(zatre, s);
      if (dec.count < 2) continue;
      const { game: g, applies } = counting(zatre);
      const four = chooser(g, 2, { nodes: 3000, determinizations: 1, chance: 4 }, `zc/${k}`);
      four.choose(dec.observation, dec.player, dec.legal, dec.count);
      expect(applies()).toBeLessThanOrEqual(3000);
      expect(four.last!.nodes).toBe(applies());
      const one = chooser(zatre, 2, { nodes: 3000, determinizations: 1, chance: 1 }, `zc/${k}`);
      one.choose(dec.observation, dec.player, dec.legal, dec.count);
      const means = (c: AlphaBetaChooser) => c.last!.moves.map((m) => m.mean.toFixed(9)).join(' ');
      if (means(four) !== means(one)) differ++;
    }
    // A turn's end draws the next tiles: a search 3,000 nodes deep meets that draw in most positions.
    expect(differ).toBeGreaterThanOrEqual(3);
  });

  it('refuses a chance of 0 or above 64, naming it', () => {
    for (const chance of [0, 65]) {
      try {
        params({ chance });
        expect.unreachable(`chance ${chance} was accepted`);
      } catch (err) {
        expect((err as OptionError).field).toContain('chance');
      }
    }
  });
});

describe("alphabeta's taper: more nodes as the choice narrows", () => {
  /** A Scala decision with many legal actions (early) and one with fewer (late), for one bot instance. */
  function twoDecisions(): [Decision, Decision] {
    const early = decisionAt(scala, midMatch(scala, 2, 2, 'taper'));
    const late = decisionAt(scala, midMatch(scala, 2, 50, 'taper'));
    expect(late.count).toBeLessThan(early.count);
    expect(late.count).toBeGreaterThan(1);
    return [early, late];
  }

  it('spends nodes x (first legal count / legal count now) ^ taper, and only nodes without it', () => {
    const [early, late] = twoDecisions();
    for (const taper of [0, 1, 2]) {
      const c = chooser(scala, 2, { nodes: 400, taper });
      c.choose(early.observation, early.player, early.legal, early.count);
      expect(c.last!.nodes, `taper ${taper}, first decision`).toBe(400);
      c.choose(late.observation, late.player, late.legal, late.count);
      const expected = Math.floor(400 * (early.count / late.count) ** taper);
      expect(c.last!.nodes, `taper ${taper}, later decision`).toBe(expected);
    }
  });

  it('grows the budget by at most 100 times', () => {
    const [early, late] = twoDecisions();
    const c = chooser(scala, 2, { nodes: 10, taper: 4 });
    c.choose(early.observation, early.player, early.legal, early.count);
    c.choose(late.observation, late.player, late.legal, late.count);
    expect((early.count / late.count) ** 4).toBeGreaterThan(100);
    expect(c.last!.nodes).toBeLessThanOrEqual(1000);
    expect(c.last!.nodes).toBeGreaterThan(500);
  });

  it('refuses a negative or too large taper, naming it', () => {
    for (const taper of [-1, 5, 'steep']) {
      try {
        params({ taper });
        expect.unreachable(`taper ${taper} was accepted`);
      } catch (err) {
        expect(err).toBeInstanceOf(OptionError);
        expect((err as OptionError).field).toBe('taper');
      }
    }
  });
});

describe('alphabeta replays from its seed', () => {
  function actions(game: AnyGame, players: number, given: Record<string, unknown>, seed: string): number[] {
    const seen: number[] = [];
    const logged: BotFactory = {
      ...alphabeta,
      create(ctx) {
        const bot = alphabeta.create(ctx);
        return { choose: (d) => (seen.push(bot.choose(d)), seen[seen.length - 1]) };
      },
    };
    const me: SeatBot = { factory: logged, params: params(given) };
    const other: SeatBot = { factory: greedy, params: resolveOptions(greedy.params, {}, 'bot parameter') };
    const seats = Array.from({ length: players }, (_, i) => (i === 0 ? me : other));
    playMatch(game, resolveOptions(game.options, {}), seats, seed);
    return seen;
  }

  it('Stramat (hidden cards, sampled worlds): the same seed gives the same decisions; another seed other decisions', () => {
    const given = { nodes: 400, determinizations: 4 };
    const a = actions(stramat, 2, given, 'replay/1');
    expect(a.length).toBeGreaterThan(5);
    expect(actions(stramat as AnyGame, 2, given, 'replay/1')).toEqual(a);
    expect(actions(stramat as AnyGame, 2, given, 'replay/2')).not.toEqual(a);
  });

  it('Scala (perfect information): the same seed gives the same decisions', () => {
    const given = { nodes: 150 };
    const a = actions(scala, 2, given, 'replay/1');
    expect(a.length).toBeGreaterThan(10);
    expect(actions(scala as AnyGame, 2, given, 'replay/1')).toEqual(a);
  });
});

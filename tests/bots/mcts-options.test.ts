// ismcts's optional parts (docs/bots-search.md, "MCTS options"): progressive bias, MAST playouts, the MCTS-Solver
// and tree reuse. Each must change what it claims to change, stay out of the way where it does not apply
// (hidden information, more than two players), and keep a match replayable from its seed.
import { describe, expect, it } from 'vitest';
import { IsmctsSearch, ismcts, ismctsOptions } from '../../bots/ismcts.js';
import { readParams } from '../../bots/mc-common.js';
import type { AnyGame, Options } from '../../src/engine/game.js';
import { type SeatBot, playMatch } from '../../src/engine/match.js';
import { resolveOptions } from '../../src/engine/options.js';
import { Rng } from '../../src/engine/rng.js';
import { scala } from '../../src/games/scala/index.js';
import { stramat } from '../../src/games/stramat/index.js';
import { ambush, kingmaker, nim } from '../fixtures/mc-toys.js';

/** The game with its search facet's heuristic replaced. */
function withHeuristic(game: AnyGame, heuristic: (obs: unknown, a: number) => number): AnyGame {
  return { ...game, search: { ...game.search, heuristic } };
}
import { trap } from '../fixtures/trap-game.js';

function params(given: Record<string, unknown>): Options {
  return resolveOptions(ismcts.params, given, 'bot parameter');
}

function search(game: AnyGame, players: number, given: Record<string, unknown>, seed = 's'): IsmctsSearch {
  const p = params(given);
  return new IsmctsSearch(game, players, new Rng(seed), new Rng(`${seed}/search`), readParams(p), p.exploration as number, p.widening as number, ismctsOptions(p));
}

/** The decision at `state`: its player, observation and legal actions. */
function decisionAt(game: AnyGame, state: unknown) {
  const legal = new Int32Array(game.maxActions);
  const count = game.legalActions(state, legal);
  const player = game.currentPlayer(state);
  return { player, obs: game.observe(state, player), legal, count };
}

function run(s: IsmctsSearch, game: AnyGame, state: unknown): number {
  const d = decisionAt(game, state);
  return s.search(d.obs, d.player, d.legal, d.count);
}

describe('ismcts option parameters', () => {
  it('are declared off by default and validated', () => {
    const p = params({});
    expect([p.bias, p.mast, p.mastEpsilon, p.solver, p.reuse]).toEqual([0, false, 0.2, false, false]);
    expect(() => params({ bias: -1 })).toThrow(/bias/);
    expect(() => params({ mastEpsilon: 1.5 })).toThrow(/mastEpsilon/);
    expect(() => params({ solver: 'yes' })).toThrow(/solver/);
    expect(() => params({ reuse: 1 })).toThrow(/reuse/);
    expect(ismctsOptions(params({}))).toEqual({ bias: 0, mastEpsilon: undefined, solver: false, reuse: false });
  });
});

describe('ismcts solver', () => {
  it('Ambush: proves the gamble lost once it has seen the refutation and plays safe, where plain ismcts gambles', () => {
    const game = ambush(12) as AnyGame;
    const s0 = game.setup({}, 2, new Rng('x'));
    let plainGambles = 0;
    for (let seed = 0; seed < 20; seed++) {
      const solved = search(game, 2, { iterations: 40, solver: true }, `a${seed}`);
      expect(run(solved, game, s0), `seed ${seed}`).toBe(0);
      expect(solved.rootStats().find((c) => c.action === 1)!.proven).toBe(-1);
      expect(solved.checkTree()).toBe('');
      if (run(search(game, 2, { iterations: 40 }, `a${seed}`), game, s0) === 1) plainGambles++;
    }
    expect(plainGambles).toBeGreaterThan(10);
  });

  it('Nim: proves and plays the winning move from small winning heaps', () => {
    for (const heap of [5, 6, 7, 9, 10]) {
      const game = nim(heap) as AnyGame;
      const s0 = game.setup({}, 2, new Rng('x'));
      for (let seed = 0; seed < 5; seed++) {
        const s = search(game, 2, { iterations: 200, solver: true }, `n${seed}`);
        expect(run(s, game, s0), `heap ${heap}, seed ${seed}`).toBe(heap % 4);
        expect(s.rootStats().find((c) => c.action === heap % 4)!.proven).toBe(1);
        expect(s.checkTree()).toBe('');
      }
    }
  });

  it('Nim: never plays a move it proved lost while another is not proven lost', () => {
    let proofs = 0;
    for (let heap = 5; heap <= 14; heap++) {
      const game = nim(heap) as AnyGame;
      const s0 = game.setup({}, 2, new Rng('x'));
      for (let seed = 0; seed < 6; seed++) {
        const s = search(game, 2, { iterations: 60, solver: true, exploration: 2 }, `l${seed}`);
        const a = run(s, game, s0);
        const stats = s.rootStats();
        const lost = stats.filter((c) => c.proven === -1);
        proofs += lost.length;
        if (lost.length < 3) expect(lost.map((c) => c.action), `heap ${heap}, seed ${seed}`).not.toContain(a);
      }
    }
    expect(proofs).toBeGreaterThan(10);
  });

  it('is ignored where something is hidden and with more than two players: the same search as without it', () => {
    const st = stramat.setup(resolveOptions(stramat.options, {}), 2, new Rng('h'));
    const k = kingmaker;
    const cases: Array<[AnyGame, number, unknown]> = [
      [stramat, 2, st],
      [k, 3, k.setup({}, 3, new Rng('k'))],
    ];
    for (const [game, players, state] of cases) {
      const on = search(game, players, { iterations: 200, solver: true, maxDepth: 20 });
      const off = search(game, players, { iterations: 200, maxDepth: 20 });
      expect(run(on, game, state)).toBe(run(off, game, state));
      expect(on.rootStats()).toEqual(off.rootStats());
      expect(on.rootStats().every((c) => c.proven === 0)).toBe(true);
    }
  });
});

describe('ismcts progressive bias', () => {
  it("moves the visits toward the heuristic's favourite in a small search", () => {
    // Nim cut 2 actions after the decision: every leaf is worth 0 to both, so only exploration and the bias
    // decide where the visits go; the heuristic rates taking more stones higher.
    const game: AnyGame = withHeuristic(nim(400), (_o: unknown, a: number) => a);
    const s0 = game.setup({}, 2, new Rng('x'));
    const visitsOf3 = (bias: number) => {
      const s = search(game, 2, { iterations: 60, maxDepth: 2, bias });
      run(s, game, s0);
      expect(s.checkTree()).toBe('');
      return s.rootStats().find((c) => c.action === 3)!.visits;
    };
    // Off, the three actions share the 60 visits about equally; the favourite's share grows with the weight.
    const seen = [0, 1, 3, 10].map(visitsOf3);
    expect(seen[0]).toBeLessThanOrEqual(21);
    for (let i = 1; i < seen.length; i++) expect(seen[i], `${seen.join(', ')}`).toBeGreaterThan(seen[i - 1]);
    expect(seen[3]).toBeGreaterThanOrEqual(seen[0] + 10);
  });

  it('uses the ratings widening already computed, and still returns a legal action', () => {
    const game: AnyGame = withHeuristic(nim(400), (_o: unknown, a: number) => a);
    const s0 = game.setup({}, 2, new Rng('x'));
    const s = search(game, 2, { iterations: 100, maxDepth: 3, bias: 2, widening: 1 });
    expect([1, 2, 3]).toContain(run(s, game, s0));
    expect(s.checkTree()).toBe('');
  });
});

describe('ismcts MAST', () => {
  it('keeps a table of average rewards per (player, action), refilled at every decision, and only when on', () => {
    const game = nim(9) as AnyGame;
    const s0 = game.setup({}, 2, new Rng('x'));
    const on = search(game, 2, { iterations: 300, mast: true });
    run(on, game, s0);
    for (const p of [0, 1]) {
      for (const a of [1, 2, 3]) {
        const m = on.mastMean(p, a);
        expect(m, `player ${p}, action ${a}`).toBeGreaterThanOrEqual(0);
        expect(m).toBeLessThanOrEqual(1);
      }
    }
    // A new decision, two stones left for player 0: taking both wins, taking one loses (the reply is forced
    // and not recorded: a single legal action is no choice); the old decision's entries are gone.
    const two = nim(2) as AnyGame;
    const d = decisionAt(two, two.setup({}, 2, new Rng('x')));
    on.search(d.obs, 0, d.legal, d.count);
    expect(on.mastMean(0, 2)).toBe(1);
    expect(on.mastMean(0, 1)).toBe(0);
    expect(on.mastMean(0, 3)).toBeNaN();
    expect(on.mastMean(1, 1)).toBeNaN();
    const off = search(game, 2, { iterations: 300 });
    run(off, game, s0);
    expect(off.mastMean(0, 1)).toBeNaN();
  });

  it('changes the playouts: the same seed gives another search', () => {
    const game = nim(30) as AnyGame;
    const s0 = game.setup({}, 2, new Rng('x'));
    const on = search(game, 2, { iterations: 300, mast: true });
    const off = search(game, 2, { iterations: 300 });
    run(on, game, s0);
    run(off, game, s0);
    expect(on.rootStats()).not.toEqual(off.rootStats());
  });
});

describe('ismcts tree reuse', () => {
  /** Two decisions of player 0 in Nim from `heap`, the opponent's reply in between; the second search's tree. */
  function twoDecisions(reuse: boolean, iterations = 400) {
    const game = nim(21) as AnyGame;
    const rng = new Rng('r');
    const st = game.setup({}, 2, rng);
    const s = search(game, 2, { iterations, reuse });
    game.apply(st, run(s, game, st), rng);
    game.apply(st, 1, rng);
    const before = s.nodes;
    const a = run(s, game, st);
    return { s, a, before };
  }

  it('keeps the visits of the position reached since the last decision', () => {
    const on = twoDecisions(true);
    expect(on.s.reusedVisits).toBeGreaterThan(0);
    expect(on.s.rootVisits).toBe(on.s.reusedVisits + 400);
    expect(on.s.checkTree()).toBe('');
    const off = twoDecisions(false);
    expect(off.s.reusedVisits).toBe(0);
    expect(off.s.rootVisits).toBe(400);
  });

  it('finds the position in another game (Trap), by its observation', () => {
    const game = trap(8) as AnyGame;
    const rng = new Rng('t');
    const st = game.setup({}, 2, rng);
    const s = search(game, 2, { iterations: 300, reuse: true });
    game.apply(st, run(s, game, st), rng);
    game.apply(st, 1, rng);
    run(s, game, st);
    expect(s.reusedVisits).toBeGreaterThan(0);
    expect(s.checkTree()).toBe('');
  });

  it('starts afresh where something is hidden', () => {
    const game = stramat as AnyGame;
    const rng = new Rng('h');
    const st = game.setup(resolveOptions(stramat.options, {}), 2, rng);
    const s = search(game, 2, { iterations: 50, maxDepth: 20, reuse: true });
    const buf = new Int32Array(game.maxActions);
    let searched = 0;
    while (game.currentPlayer(st) >= 0 && searched < 6) {
      const k = game.legalActions(st, buf);
      const a = k > 1 && game.currentPlayer(st) === 0 ? (searched++, run(s, game, st)) : buf[rng.int(k)];
      expect(s.reusedVisits).toBe(0);
      game.apply(st, a, rng);
    }
    expect(searched).toBe(6);
  });
});

describe('ismcts options replay from the seed', () => {
  const variants: Array<Record<string, unknown>> = [{ bias: 1 }, { mast: true }, { solver: true }, { reuse: true }, { bias: 1, mast: true, solver: true, reuse: true }];

  function logged(game: AnyGame, given: Record<string, unknown>, seed: string): string {
    const seat: SeatBot = { factory: ismcts, params: params(given) };
    const log: string[] = [];
    const out = playMatch(game, resolveOptions(game.options, {}), [seat, seat], seed, { onAction: (_s, p, a) => log.push(`${p}:${a}`) });
    expect(out.fault).toBeUndefined();
    return log.join(' ');
  }

  it('Scala (nothing hidden) and Stramat (hidden cards): the same seed gives the same match', () => {
    for (const v of variants) {
      for (const [game, base] of [
        [scala as AnyGame, { iterations: 25, maxDepth: 6 }],
        [stramat as AnyGame, { iterations: 40, maxDepth: 30 }],
      ] as const) {
        const given = { ...base, ...v };
        const a = logged(game, given, 'rep');
        expect(logged(game, given, 'rep'), `${game.name} ${JSON.stringify(v)}`).toBe(a);
      }
    }
  });
});

// ismcts: maxDepth counted from the decision (tree steps included), and progressive widening.
import { describe, expect, it } from 'vitest';
import { IsmctsSearch, ismcts } from '../../bots/ismcts.js';
import { readParams } from '../../bots/mc-common.js';
import type { AnyGame, Options } from '../../src/engine/game.js';
import { resolveOptions } from '../../src/engine/options.js';
import { Rng } from '../../src/engine/rng.js';
import { zatre } from '../../src/games/zatre/index.js';
import { nim } from '../fixtures/mc-toys.js';

function search(game: AnyGame, players: number, given: Record<string, unknown>, seed = 's'): IsmctsSearch {
  const p: Options = resolveOptions(ismcts.params, given, 'bot parameter');
  return new IsmctsSearch(game, players, new Rng(seed), new Rng(`${seed}/search`), readParams(p), p.exploration as number, p.widening as number);
}

/** Nim with a long heap, counting the actions applied in each iteration (one determinize per iteration). */
function countingNim() {
  const base = nim(400) as AnyGame;
  const perIteration: number[] = [];
  const game: AnyGame = {
    ...base,
    search: {
      ...base.search,
      determinize(obs: unknown, me: number, rng: Rng) {
        perIteration.push(0);
        return base.search.determinize!(obs, me, rng);
      },
      // Take more stones = better, so widening has an order to follow.
      heuristic: (_obs: unknown, a: number) => a,
    },
    apply(s: unknown, a: number, rng: Rng) {
      perIteration[perIteration.length - 1]++;
      base.apply(s, a, rng);
    },
  };
  return { game, perIteration };
}

function rootDecision(game: AnyGame) {
  const s = game.setup({}, 2, new Rng('x'));
  const legal = new Int32Array(game.maxActions);
  const count = game.legalActions(s, legal);
  return { obs: game.observe(s, 0), legal, count };
}

describe('ismcts maxDepth', () => {
  it('cuts every iteration maxDepth actions after the decision\'s own, however deep the tree grew', () => {
    for (const maxDepth of [1, 4, 9]) {
      const { game, perIteration } = countingNim();
      const s = search(game, 2, { iterations: 600, maxDepth });
      const d = rootDecision(game);
      s.search(d.obs, 0, d.legal, d.count);
      expect(perIteration.length).toBe(600);
      // The tree is deeper than one step (more nodes than the root and its 3 children), yet no
      // iteration plays longer: the tree stops at the horizon too.
      expect(s.nodes).toBeGreaterThan(4);
      expect(Math.max(...perIteration), `maxDepth ${maxDepth}`).toBe(maxDepth + 1);
      expect(Math.min(...perIteration)).toBeGreaterThanOrEqual(Math.min(maxDepth + 1, 2));
    }
  });
});

describe('ismcts progressive widening', () => {
  it('expands the best-rated actions first and admits ceil(w * sqrt(visits + 1)) of them', () => {
    const { game } = countingNim();
    const d = rootDecision(game);
    const root = (iterations: number, widening: number) => {
      const s = search(game, 2, { iterations, widening, maxDepth: 2 });
      s.search(d.obs, 0, d.legal, d.count);
      return s.rootStats().map((c) => c.action).sort();
    };
    expect(root(1, 1)).toEqual([3]);
    expect(root(3, 1)).toEqual([2, 3]); // visits 1 and 2 admit ceil(sqrt 2) = ceil(sqrt 3) = 2
    expect(root(4, 1)).toEqual([2, 3]); // visits 3 admit ceil(sqrt 4) = 2
    expect(root(5, 1)).toEqual([1, 2, 3]); // visits 4 admit ceil(sqrt 5) = 3
    expect(root(2, 3)).toEqual([2, 3]);
    // Off: every action is expanded once in the first three iterations, in random order.
    expect(root(3, 0)).toEqual([1, 2, 3]);
  });

  it('keeps the tree\'s bookkeeping on Zatre and answers with a legal action', () => {
    const opts = resolveOptions(zatre.options, {});
    const rng = new Rng('widen');
    const st = zatre.setup(opts, 3, rng);
    const buf = new Int32Array(zatre.maxActions);
    const s = search(zatre, 3, { iterations: 150, widening: 1, maxDepth: 4, rollout: 'greedy', exploration: 0.1 });
    let checked = 0;
    while (zatre.currentPlayer(st) >= 0 && checked < 12) {
      const k = zatre.legalActions(st, buf);
      if (k > 3) {
        const legal = Array.from(buf.subarray(0, k));
        const a = s.search(zatre.observe(st, st.cur), st.cur, buf, k);
        expect(legal).toContain(a);
        expect(s.checkTree()).toBe('');
        expect(s.rootVisits).toBe(150);
        // Widening: fewer root children than legal actions once there are many of them.
        if (k > 20) expect(s.rootStats().length).toBeLessThan(k);
        checked++;
      }
      zatre.apply(st, buf[rng.int(k)], rng);
    }
    expect(checked).toBe(12);
  });
});

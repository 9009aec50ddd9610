// Greedy's casual mistakes (bots/greedy.ts, src/engine/heuristic.ts): the softmax over the heuristic draws each
// action with the probability the formula gives, its limits are greedy and uniform play, and the defaults
// leave greedy exactly as it was (the golden playthroughs, tests/contract/golden.test.ts, check the bytes).
import { describe, expect, it } from 'vitest';
import { greedy } from '../../bots/greedy.js';
import type { Decision } from '../../src/engine/bot.js';
import type { AnyGame } from '../../src/engine/game.js';
import { softmaxChoice } from '../../src/engine/heuristic.js';
import { resolveOptions } from '../../src/engine/options.js';
import { Rng } from '../../src/engine/rng.js';
import { chiSquareCdf } from '../../src/analysis/distributions.js';

/** A game of one decision between actions 0..n-1 whose heuristic rates action a at values[a]. */
function ratedGame(values: readonly number[]): AnyGame {
  return { maxActions: values.length, search: { heuristic: (_obs: unknown, a: number) => values[a] } } as unknown as AnyGame;
}

function decision(game: AnyGame, count: number): Decision {
  return { game, player: 0, legal: Int32Array.from({ length: count }, (_, i) => i), count, observation: {}, describe: String };
}

/** How often a greedy bot with `params` takes each action, over `n` decisions (one bot, one generator). */
function frequencies(values: readonly number[], params: Record<string, unknown>, n: number, seed: string): number[] {
  const game = ratedGame(values);
  const bot = greedy.create({ game, seat: 0, players: 2, rng: new Rng(seed), params: resolveOptions(greedy.params, params, 'bot parameter') });
  const counts = values.map(() => 0);
  const d = decision(game, values.length);
  for (let i = 0; i < n; i++) counts[bot.choose(d)]++;
  return counts;
}

/** Pearson's chi-square p-value of observed counts against expected probabilities. */
function chiSquareP(counts: readonly number[], probs: readonly number[]): number {
  const n = counts.reduce((a, b) => a + b, 0);
  const x2 = counts.reduce((t, c, i) => t + (c - n * probs[i]) ** 2 / (n * probs[i]), 0);
  return 1 - chiSquareCdf(x2, counts.length - 1);
}

describe('greedy with a temperature: a softmax over the heuristic', () => {
  const values = [0, 1, 2, 2.5];

  it('draws action a with probability exp(h(a)/T) / sum exp(h/T) (chi-square, 20,000 draws, T = 1 and T = 2)', () => {
    for (const temperature of [1, 2]) {
      const weights = values.map((v) => Math.exp(v / temperature));
      const total = weights.reduce((a, b) => a + b, 0);
      const counts = frequencies(values, { temperature }, 20_000, `softmax/${temperature}`);
      expect(chiSquareP(counts, weights.map((w) => w / total)), `T ${temperature}: ${counts.join(', ')}`).toBeGreaterThan(0.001);
    }
  });

  it('the check can fail: the counts at T = 1 do not fit the probabilities of T = 2', () => {
    const weights = values.map((v) => Math.exp(v / 2));
    const total = weights.reduce((a, b) => a + b, 0);
    expect(chiSquareP(frequencies(values, { temperature: 1 }, 20_000, 'softmax/1'), weights.map((w) => w / total))).toBeLessThan(1e-6);
  });

  it('a tiny temperature takes the best action; a huge one plays about uniformly', () => {
    expect(frequencies(values, { temperature: 1e-3 }, 2000, 'cold')).toEqual([0, 0, 0, 2000]);
    expect(chiSquareP(frequencies(values, { temperature: 1e6 }, 20_000, 'hot'), [0.25, 0.25, 0.25, 0.25])).toBeGreaterThan(0.001);
  });

  it('an action rated +Infinity is always taken, and -Infinity never, whatever the temperature', () => {
    expect(frequencies([0, Infinity, 1], { temperature: 5 }, 500, 'inf')).toEqual([0, 500, 0]);
    expect(frequencies([-Infinity, 0, 0], { temperature: 5 }, 500, 'minus')[0]).toBe(0);
  });

  it('softmaxChoice draws once from the generator: the same seed gives the same actions, another seed others', () => {
    const game = ratedGame(values);
    const buf = new Float64Array(values.length);
    const legal = Int32Array.from([0, 1, 2, 3]);
    const run = (seed: string) => {
      const rng = new Rng(seed);
      return Array.from({ length: 200 }, () => softmaxChoice(game, {}, legal, 4, 2, rng, buf));
    };
    expect(run('a')).toEqual(run('a'));
    expect(run('a')).not.toEqual(run('b'));
  });
});

describe('greedy with an error rate (epsilon): a uniformly random legal action with that probability', () => {
  it('epsilon 0.3, temperature 0: the best action 0.7 + 0.3/4 of the time, each other 0.3/4', () => {
    const counts = frequencies([0, 1, 2, 3], { epsilon: 0.3 }, 20_000, 'eps');
    expect(chiSquareP(counts, [0.075, 0.075, 0.075, 0.775])).toBeGreaterThan(0.001);
  });
});

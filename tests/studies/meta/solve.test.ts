// The solutions of the meta-game against reference values: the Nash mix of generalised rock-paper-
// scissors (known in closed form), the equilibrium conditions on random constant-sum games, and
// alpha-rank's fixation probability and two-strategy stationary distribution in closed form.
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/engine/rng.js';
import { ALPHA_RANK, alphaRank, fixation, nashMix, stationary } from '../../../src/studies/meta/solve.js';

/** Win shares 1/2 + A/2 for an antisymmetric A with entries in [-1, 1]. */
const shares = (a: number[][]) => a.map((row) => row.map((x) => 0.5 + x / 2));

describe('nashMix', () => {
  it('gives rock-paper-scissors the uniform mix and the value one half', () => {
    const { mix, value } = nashMix(shares([[0, -1, 1], [1, 0, -1], [-1, 1, 0]]));
    for (const x of mix) expect(x).toBeCloseTo(1 / 3, 7);
    expect(value).toBeCloseTo(0.5, 7);
  });

  it('gives the weighted cycle [[0,-a,b],[a,0,-c],[-b,c,0]] the mix proportional to (c, b, a)', () => {
    const [a, b, c] = [0.2, 0.6, 0.4];
    const { mix } = nashMix(shares([[0, -a, b], [a, 0, -c], [-b, c, 0]]));
    const total = a + b + c;
    // The solver's precision is 1e-8 (YALPS's default): values within it of each other are taken as equal.
    expect(mix[0]).toBeCloseTo(c / total, 7);
    expect(mix[1]).toBeCloseTo(b / total, 7);
    expect(mix[2]).toBeCloseTo(a / total, 7);
  });

  it('puts all weight on a strategy that beats every other', () => {
    const { mix } = nashMix(shares([[0, 0.4, 0.2, 0.1], [-0.4, 0, 0.3, -0.2], [-0.2, -0.3, 0, 0.5], [-0.1, 0.2, -0.5, 0]]));
    expect(mix).toEqual([1, 0, 0, 0]);
  });

  it('meets the equilibrium conditions on random constant-sum games (no column does better than one half against the mix)', () => {
    const rng = new Rng('nash-random');
    for (let g = 0; g < 50; g++) {
      const n = 2 + rng.int(6);
      const a = Array.from({ length: n }, () => new Array<number>(n).fill(0));
      for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) [a[i][j], a[j][i]] = ((x) => [x, -x])(2 * rng.float() - 1);
      const m = shares(a);
      const { mix } = nashMix(m);
      expect(mix.reduce((s, x) => s + x, 0)).toBeCloseTo(1, 9);
      for (let j = 0; j < n; j++) expect(mix.reduce((s, x, i) => s + x * m[i][j], 0)).toBeGreaterThanOrEqual(0.5 - 1e-7);
    }
  });
});

describe('alpha-rank', () => {
  const p = ALPHA_RANK;
  /** Heads-up win shares: the fitness gap is the constant M[r][s] - 1/2 at every count of mutants. */
  const headsUp = (m: number[][]) => (focal: number, r: number, s: number, mutants: number) => {
    const other = mutants - (focal === r ? 1 : 0) > 0 ? r : s;
    return focal === other ? 0.5 : m[focal][other];
  };

  // Heads-up, with k mutants among m a mutant meets another mutant with chance (k-1)/(m-1) and a resident
  // meets a mutant with chance k/(m-1); the fitness gap is then m/(m-1) (M[r][s] - 1/2) at every k, and the
  // Moran process's fixation probability has the closed form of a constant gap.
  it('fixes a mutant with a constant fitness gap d at (1 - e^(-alpha d)) / (1 - e^(-m alpha d)), and at 1/m when neutral', () => {
    for (const share of [0.55, 0.7, 0.4, 0.5]) {
      const m = [[0.5, 1 - share], [share, 0.5]];
      const d = ((share - 0.5) * p.populationSize) / (p.populationSize - 1);
      const expected = d === 0 ? 1 / p.populationSize : (1 - Math.exp(-p.alpha * d)) / (1 - Math.exp(-p.populationSize * p.alpha * d));
      expect(fixation(1, 0, 2, headsUp(m), p)).toBeCloseTo(expected, 12);
    }
  });

  it('gives two strategies the stationary weights in the ratio of their fixation probabilities', () => {
    const m = [[0.5, 0.46], [0.54, 0.5]];
    const u = headsUp(m);
    const { mix } = alphaRank(2, 2, u, p);
    const up = fixation(1, 0, 2, u, p);
    const down = fixation(0, 1, 2, u, p);
    expect(mix[1]).toBeCloseTo(up / (up + down), 12);
  });

  it('ranks rock-paper-scissors uniformly, and a dominant strategy of a three-player table first', () => {
    const rps = [[0.5, 0, 1], [1, 0.5, 0], [0, 1, 0.5]];
    for (const x of alphaRank(3, 2, headsUp(rps), p).mix) expect(x).toBeCloseTo(1 / 3, 9);
    // Three players: strategy 2 wins 0.6 of a table alone among others, 0.45 each when two of it sit with one other.
    const u = (focal: number, r: number, s: number, mutants: number) => {
      const count = focal === r ? mutants : 3 - mutants;
      const strong = focal === 2 ? 1 : (r === 2 ? mutants : s === 2 ? 3 - mutants : 0) > 0 ? -1 : 0;
      if (count === 3 || strong === 0) return 1 / 3;
      if (strong > 0) return count === 1 ? 0.6 : 0.45;
      return count === 1 ? 0.1 : 0.2;
    };
    const { mix } = alphaRank(3, 3, u, p);
    expect(mix[2]).toBeGreaterThan(0.99);
  });

  it('finds the stationary distribution of a chain (power iteration as the reference)', () => {
    const rng = new Rng('chain');
    const t = Array.from({ length: 5 }, () => {
      const row = Array.from({ length: 5 }, () => rng.float());
      const s = row.reduce((a, b) => a + b, 0);
      return row.map((x) => x / s);
    });
    let pi = new Array<number>(5).fill(0.2);
    for (let k = 0; k < 2000; k++) pi = pi.map((_, j) => pi.reduce((a, x, i) => a + x * t[i][j], 0));
    stationary(t).forEach((x, i) => expect(x).toBeCloseTo(pi[i], 10));
  });
});

import { describe, expect, it } from 'vitest';
import { binomCdf } from '../../src/analysis/distributions.js';
import { fixedSampleBlocks, runSequential, ThreeWaySprt, type Verdict } from '../../src/analysis/sequential.js';
import { Rng } from '../../src/engine/rng.js';

/**
 * Calibration of the three-outcome test (Sobel and Wald's two SPRTs, ThreeWaySprt) by simulation, on a
 * synthetic stream of paired outcomes rather than full matches: heads-up matches where A wins with
 * probability pA, B with pB, else it is annulled (10%); per match x = 1, -1 or 0; a block is two matches
 * (one rotation of two seats), its value their mean; the true difference E[x] = pA - pB.
 *
 * Each error count is checked against an exact binomial bound: the count a test erring at exactly its
 * nominal rate exceeds with probability under 0.5%. For 1,000 runs at 5% that bound is 69 (SciPy:
 * binom.ppf(0.995, 1000, 0.05) = 69, binom.sf(69, 1000, 0.05) = 0.0035).
 */
function blockSource(rng: Rng, effect: number, tie = 0.1): () => number {
  const pA = (1 - tie + effect) / 2;
  const pB = (1 - tie - effect) / 2;
  const match = () => {
    const u = rng.float();
    return u < pA ? 1 : u < pA + pB ? -1 : 0;
  };
  return () => (match() + match()) / 2;
}

const D = 0.1;
const RUNS = 1000;
const CHECK_EVERY = 10;
const MAX_BLOCKS = 20_000;

type Counts = Record<Verdict, number> & { meanBlocks: number };

function simulate(effect: number, label: string, alpha = 0.05, beta = 0.05): Counts {
  const rng = new Rng(`three-way-calibration/${label}`);
  const counts = { 'H1 accepted': 0, 'H0 accepted': 0, higher: 0, lower: 0, equal: 0, conflicting: 0, 'undecided at the maximum': 0, meanBlocks: 0 };
  for (let r = 0; r < RUNS; r++) {
    const out = runSequential({ alpha, beta, d0: 0, d1: D, within: D }, blockSource(rng, effect), CHECK_EVERY, MAX_BLOCKS);
    counts[out.verdict]++;
    counts.meanBlocks += out.blocks / RUNS;
  }
  return counts;
}

/** The largest count a test erring at exactly rate p exceeds with probability under 0.5% over n runs. */
function binomialBound(n: number, p: number): number {
  let k = 0;
  while (1 - binomCdf(k, n, p) >= 0.005) k++;
  return k;
}

/** sd of one block value at the given effect (two matches, ties 0.1). */
function blockSd(effect: number, tie = 0.1): number {
  const pA = (1 - tie + effect) / 2;
  const pB = (1 - tie - effect) / 2;
  return Math.sqrt((pA + pB - (pA - pB) ** 2) / 2);
}

describe('three-outcome sequential test: calibration by simulation (1,000 runs each, d = 0.1, alpha = beta = 0.05)', () => {
  const bound = binomialBound(RUNS, 0.05);

  it('the exact binomial bound is the reference value', () => {
    expect(bound).toBe(69);
  });

  it('at a true difference of 0 it says "higher" or "lower" at most alpha of the time each, and mostly "equal"', () => {
    const r = simulate(0, 'zero');
    expect(r.higher).toBeLessThanOrEqual(bound);
    expect(r.lower).toBeLessThanOrEqual(bound);
    expect(r.equal).toBeGreaterThan(RUNS * 0.85);
    expect(r.conflicting + r['undecided at the maximum']).toBe(0);
  });

  it('at a true difference of +d it says "equal" at most beta of the time, and "lower" at most alpha', () => {
    const r = simulate(D, 'plus-d');
    expect(r.equal).toBeLessThanOrEqual(bound);
    expect(r.lower).toBeLessThanOrEqual(bound);
    expect(r.higher).toBeGreaterThan(RUNS * 0.9);
  });

  it('at a true difference of -d it says "equal" at most beta of the time, and "higher" at most alpha', () => {
    const r = simulate(-D, 'minus-d');
    expect(r.equal).toBeLessThanOrEqual(bound);
    expect(r.higher).toBeLessThanOrEqual(bound);
    expect(r.lower).toBeGreaterThan(RUNS * 0.9);
  });

  it('beyond ±d "equal" is rarer still, and the test needs far fewer blocks than a fixed sample', () => {
    const r = simulate(-2 * D, 'minus-2d');
    expect(r.equal).toBeLessThanOrEqual(binomialBound(RUNS, 0.01));
    expect(r.lower).toBeGreaterThan(RUNS * 0.98);
    expect(r.meanBlocks).toBeLessThan(0.5 * fixedSampleBlocks({ alpha: 0.05, beta: 0.05, d0: 0, d1: D }, blockSd(-2 * D)));
  });

  it('the bound is tight enough to catch a test erring at twice its rate (alpha 0.1 checked against 5%)', () => {
    const r = simulate(0, 'zero-alpha-0.1', 0.1, 0.05);
    expect(r.higher + r.lower).toBeGreaterThan(2 * bound);
  });
});

describe('ThreeWaySprt', () => {
  it('takes no decision before 10 blocks, and keeps a half decision once taken', () => {
    const t = new ThreeWaySprt({ alpha: 0.05, beta: 0.05, within: 0.1 });
    for (let i = 0; i < 9; i++) t.add(i % 2 ? 0.9 : 1);
    expect(t.state().decision).toBeNull();
    t.add(1);
    const s = t.state();
    expect(s.halves!.above).toBe('H1');
    expect(s.halves!.below).toBe('H0');
    expect(s.decision).toBe('higher');
  });

  it('a half that decided early keeps its decision while the other goes on', () => {
    // Block values around +0.05: the "below" half (0 against -0.1) soon accepts 0; "above" (0 against +0.1) sits midway.
    const rng = new Rng('three-way-halves');
    const t = new ThreeWaySprt({ alpha: 0.05, beta: 0.05, within: 0.1 });
    let firstBelow: string | null = null;
    for (let b = 1; b <= 2000; b++) {
      t.add(0.05 + (rng.float() - 0.5));
      if (b % 10) continue;
      const s = t.state();
      firstBelow ??= s.halves!.below;
      if (firstBelow) expect(s.halves!.below).toBe(firstBelow);
      if (s.decision) break;
    }
    expect(firstBelow).toBe('H0');
  });
});

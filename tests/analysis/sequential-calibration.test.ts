import { describe, expect, it } from 'vitest';
import { fixedSampleBlocks, runSequential, type SprtDesign } from '../../src/analysis/sequential.js';
import { Rng } from '../../src/engine/rng.js';

/**
 * Synthetic heads-up matches with a known effect: A wins with probability pA, B with pB, else the match
 * is annulled (a tie). Per match x = 1, -1 or 0; a block is two matches (one rotation of two seats), its
 * value the mean of the two; E[x] = pA - pB.
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

const design: SprtDesign = { alpha: 0.05, beta: 0.05, d0: 0, d1: 0.1 };
const RUNS = 1000;

function simulate(effect: number, label: string) {
  const rng = new Rng(`sprt-calibration/${label}`);
  let h1 = 0;
  let h0 = 0;
  let blocks = 0;
  for (let r = 0; r < RUNS; r++) {
    const out = runSequential(design, blockSource(rng, effect), 10, 20_000);
    if (out.verdict === 'H1 accepted') h1++;
    if (out.verdict === 'H0 accepted') h0++;
    blocks += out.blocks;
  }
  return { h1: h1 / RUNS, h0: h0 / RUNS, meanBlocks: blocks / RUNS };
}

/** sd of one block value at the given effect (two matches, ties 0.1). */
function blockSd(effect: number, tie = 0.1): number {
  const pA = (1 - tie + effect) / 2;
  const pB = (1 - tie - effect) / 2;
  const v = pA + pB - (pA - pB) ** 2;
  return Math.sqrt(v / 2);
}

// Sampling error of a 5% rate over 1000 runs: 0.69 points; the bounds allow three of them.
const SLACK = 3 * Math.sqrt((0.05 * 0.95) / RUNS);

describe('SPRT calibration by simulation (paired normal approximation, checkpoints every 10 blocks)', () => {
  it('under H0 (no effect) it accepts H1 at most alpha of the time, and needs well under the fixed sample', () => {
    const r = simulate(0, 'h0');
    expect(r.h1).toBeLessThan(design.alpha + SLACK);
    expect(r.h0).toBeGreaterThan(1 - design.alpha - SLACK);
    expect(r.meanBlocks).toBeLessThan(0.7 * fixedSampleBlocks(design, blockSd(0.05)));
  });

  it('under H1 (the effect d1) it accepts H0 at most beta of the time, and needs well under the fixed sample', () => {
    const r = simulate(design.d1, 'h1');
    expect(r.h0).toBeLessThan(design.beta + SLACK);
    expect(r.h1).toBeGreaterThan(1 - design.beta - SLACK);
    expect(r.meanBlocks).toBeLessThan(0.7 * fixedSampleBlocks(design, blockSd(0.05)));
  });

  it('a large effect is decided for H1 very quickly', () => {
    const r = simulate(0.4, 'large');
    expect(r.h1).toBe(1);
    expect(r.meanBlocks).toBeLessThan(0.2 * fixedSampleBlocks(design, blockSd(0.05)));
  });

  it('a wrong-signed effect is never taken for H1', () => {
    const r = simulate(-0.1, 'negative');
    expect(r.h1).toBe(0);
  });
});

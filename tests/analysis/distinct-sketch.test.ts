// The distinct-count sketch (src/analysis/distinct-sketch.ts) against exact counts on seeded hashes, and
// PlayRepeats' distinct plays beyond the exact limit (src/analysis/repeats.ts).
import { describe, expect, it } from 'vitest';
import { DistinctSketch } from '../../src/analysis/distinct-sketch.js';
import { MAX_TRACKED_PLAYS, PlayRepeats } from '../../src/analysis/repeats.js';
import { PlayHash } from '../../src/engine/play-hash.js';
import { Rng } from '../../src/engine/rng.js';

/** Play hashes (16 hexadecimal digits) of the integers 0 .. n-1 under a seeded starting point. */
function hashes(n: number, seed: number): string[] {
  const h = new PlayHash();
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    h.start([seed, ~seed]);
    h.value(i);
    out.push(h.hex());
  }
  return out;
}

/** The sketch's estimate over `draws` hashes drawn with repetition (seeded) from `distinct` values, with the exact count. */
function estimateOf(distinct: number, draws: number, seed: number): { exact: number; estimate: number } {
  const pool = hashes(distinct, seed);
  const rng = new Rng(`sketch/${seed}`);
  const sketch = new DistinctSketch();
  const seen = new Set<string>();
  for (let i = 0; i < draws; i++) {
    const x = pool[rng.int(distinct)];
    seen.add(x);
    sketch.add(parseInt(x.slice(0, 8), 16), parseInt(x.slice(8), 16));
  }
  return { exact: seen.size, estimate: sketch.estimate() };
}

/** The stated relative standard error: 1.04 / sqrt(2^14). */
const SE = 1.04 / Math.sqrt(1 << 14);

describe('the distinct-count sketch', () => {
  it('is exact-looking for none and a few, and within 3 standard errors of exact counts from 10 to 200,000', () => {
    expect(new DistinctSketch().estimate()).toBe(0);
    for (const [distinct, draws] of [
      [10, 40],
      [1_000, 3_000],
      [20_000, 40_000],
      [60_000, 100_000],
      [200_000, 250_000],
    ] as const) {
      const { exact, estimate } = estimateOf(distinct, draws, distinct);
      expect(Math.abs(estimate / exact - 1), `${exact} distinct, estimated ${estimate}`).toBeLessThan(3 * SE);
    }
  });

  it('has about its stated error and no bias over 24 seeded sets of 20,000', () => {
    const errors: number[] = [];
    for (let seed = 1; seed <= 24; seed++) {
      const { exact, estimate } = estimateOf(20_000, 20_000, seed);
      errors.push(estimate / exact - 1);
    }
    const mean = errors.reduce((a, b) => a + b, 0) / errors.length;
    const sd = Math.sqrt(errors.reduce((a, e) => a + (e - mean) ** 2, 0) / (errors.length - 1));
    expect(Math.abs(mean)).toBeLessThan((3 * SE) / Math.sqrt(errors.length)); // bias: within 3 standard errors of the mean
    expect(sd).toBeGreaterThan(0.5 * SE); // a sketch, not an exact count in disguise
    expect(sd).toBeLessThan(1.5 * SE);
  });

  it('gives the same estimate whatever the order of the hashes', () => {
    const xs = hashes(50_000, 7);
    const forward = new DistinctSketch();
    const backward = new DistinctSketch();
    for (const x of xs) forward.add(parseInt(x.slice(0, 8), 16), parseInt(x.slice(8), 16));
    for (const x of xs.reverse()) backward.add(parseInt(x.slice(0, 8), 16), parseInt(x.slice(8), 16));
    expect(backward.estimate()).toBe(forward.estimate());
  });
});

describe('distinct plays beyond the exact limit', () => {
  it('does not count a repeat of an untracked play as a new play', () => {
    const plays = MAX_TRACKED_PLAYS + 20_000;
    const xs = hashes(plays, 11);
    const repeats = new PlayRepeats();
    const v = new Float64Array(1);
    // Every play twice: once each, then again (the second time, the last 20,000 are not tracked).
    for (const x of [...xs, ...xs]) repeats.add(x, v);
    expect(repeats.matches).toBe(2 * plays);
    expect(repeats.distinctEstimated).toBe(true);
    // Exact on the tracked plays; the sketch's error (3 standard errors) on the 20,000 others.
    expect(Math.abs(repeats.distinct - plays)).toBeLessThan(3 * SE * 20_000);
    expect(repeats.repeated).toBeGreaterThan(plays - 3 * SE * 20_000);
  });

  it('stays exact below the limit', () => {
    const repeats = new PlayRepeats();
    const v = new Float64Array(1);
    for (const x of hashes(5_000, 3)) repeats.add(x, v);
    expect(repeats.distinct).toBe(5_000);
    expect(repeats.distinctEstimated).toBe(false);
  });
});

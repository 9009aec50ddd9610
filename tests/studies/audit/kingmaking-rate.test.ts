import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/engine/rng.js';
import { kingmakingRate, type KingmakingMatch } from '../../../src/studies/audit/kingmaking.js';

const Z = 1.959963984540054;

/** Wilson's score interval written out apart from the code under test: (p + z²/2n ± z √(p(1-p)/n + z²/4n²)) / (1 + z²/n). */
function wilsonApart(x: number, n: number): [number, number] {
  const p = x / n;
  const centre = p + (Z * Z) / (2 * n);
  const half = Z * Math.sqrt((p * (1 - p)) / n + (Z * Z) / (4 * n * n));
  return [(centre - half) / (1 + (Z * Z) / n), (centre + half) / (1 + (Z * Z) / n)];
}

/** A decided match with its play hash, a kingmaker in it or not (only what kingmakingRate reads). */
function examined(hash: string, kingmade: boolean): KingmakingMatch {
  const result = { scores: [0, 0, 0], ranks: [1, 2, 2], winners: [0], annulled: false, endReason: 'end', firstPlayer: 0, turns: 1 };
  const match = { match: 0, seed: hash, bots: [], hash, outcome: { result, decisions: 1, metrics: [] } };
  const kingmaker = kingmade ? { seat: 2, decision: 0, branches: [], couldNotWin: true, kingmaker: true } : null;
  return { match, kingmaker };
}

describe('the kingmaking rate and its interval', () => {
  it('is Wilson on the decided matches when no play repeats (R: prop.test(29, 30, correct = FALSE) gives 0.8333 to 0.9941)', () => {
    const sample = Array.from({ length: 30 }, (_v, i) => examined(`h${i}`, i !== 7));
    const r = kingmakingRate(sample);
    expect(r.decided).toBe(30);
    expect(r.kingmade).toBe(29);
    expect(r.interval[0]).toBeCloseTo(0.8333, 4);
    expect(r.interval[1]).toBeCloseTo(0.9941, 4);
    const apart = wilsonApart(29, 30);
    expect(r.interval[0]).toBeCloseTo(apart[0], 12);
    expect(r.interval[1]).toBeCloseTo(apart[1], 12);
  });

  it('counts each distinct play once: 4 plays of 5 matches, 3 with a kingmaker, is Wilson of 3 in 4 (R: 0.3006 to 0.9544)', () => {
    const sample = Array.from({ length: 20 }, (_v, i) => examined(`p${i % 4}`, i % 4 !== 0));
    const r = kingmakingRate(sample);
    expect(r.effective).toBeCloseTo(4, 12);
    expect(r.rate).toBe(0.75);
    expect(r.interval[0]).toBeCloseTo(0.3006418, 6);
    expect(r.interval[1]).toBeCloseTo(0.9544127, 6);
  });

  it('leaves undecided matches out of the rate', () => {
    const undecided = examined('u', false);
    (undecided.match.outcome!.result as { winners: number[] }).winners = [];
    const r = kingmakingRate([undecided, examined('a', true), examined('b', false)]);
    expect([r.decided, r.kingmade]).toEqual([2, 1]);
  });

  // Seeded simulation: samples of 30 matches whose kingmaking is drawn with a known rate, either each match
  // a play of its own, or matches drawn from 11 plays with frequencies 1/(g + 1) whose kingmaking is drawn
  // per play (the expected rate is then the same p). The interval must cover p about 95% of the time.
  it.each([
    [0.05, false],
    [0.2, false],
    [0.5, false],
    [0.2, true],
    [0.5, true],
  ])('covers a true rate of %s (plays repeat: %s) near 95% of the time', (p, repeats) => {
    const rng = new Rng(`kingmaking-calibration/${p}/${repeats}`);
    const weights = Array.from({ length: 11 }, (_v, g) => 1 / (g + 1));
    const total = weights.reduce((a, b) => a + b, 0);
    const REPS = 2000;
    let covered = 0;
    for (let rep = 0; rep < REPS; rep++) {
      const playKing = weights.map(() => rng.float() < p);
      const sample: KingmakingMatch[] = [];
      for (let i = 0; i < 30; i++) {
        if (!repeats) sample.push(examined(`${rep}/${i}`, rng.float() < p));
        else {
          let u = rng.float() * total;
          let g = 0;
          while (u >= weights[g] && g < weights.length - 1) u -= weights[g++];
          sample.push(examined(`${rep}/play${g}`, playKing[g]));
        }
      }
      const [low, high] = kingmakingRate(sample).interval;
      if (low <= p && p <= high) covered++;
    }
    if (process.env.TAVOLO_SHOW_CALIBRATION) console.log(`kingmaking rate ${p}, repeats ${repeats}: coverage ${(covered / REPS).toFixed(3)}`);
    expect(covered / REPS).toBeGreaterThan(0.92);
    expect(covered / REPS).toBeLessThan(0.99);
  });
});

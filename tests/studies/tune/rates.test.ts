import { describe, expect, it } from 'vitest';
import { clopperPearson } from '../../../src/analysis/intervals.js';
import { Rng } from '../../../src/engine/rng.js';
import { decideRound, shareInterval, targetConfidence, type RaceSize, type Target } from '../../../src/studies/tune/race.js';
import { Race } from '../../../src/studies/tune/race-state.js';

/**
 * Shares of the matches (rates, win shares, the first-player advantage) get rate intervals in a race:
 * Clopper-Pearson for 0/1 indicators, never zero width and never past the quantity's range. The error
 * the race states (a candidate off its target declared to meet it, or one on its target dropped, at most
 * errorRate) is re-checked by seeded simulation near the bounds, for a rate and for a skewed mean.
 */

/** The search of docs/tune.md: 32 candidates x 4 targets x 10 rounds, each interval at 99.9961%. */
const SIZE: RaceSize = { errorRate: 0.05, candidates: 32, targets: 4, rounds: 10 };
const LEVEL = targetConfidence(SIZE);
const BLOCK = 400;
const RATE: Target = { quantity: 'annulled_rate', min: -Infinity, max: 0.005, share: [0, 1] };

const indicators = (ones: number, n: number) => Float64Array.from({ length: n }, (_, i) => (i < ones ? 1 : 0));

describe('clopperPearson', () => {
  it('matches the closed forms at 0 and n successes and R binom.test in between', () => {
    // x = 0: the upper bound solves (1 - p)^n = alpha / 2; x = n: the lower bound solves p^n = alpha / 2.
    const [lo0, hi0] = clopperPearson(0, 400, 0.95);
    expect(lo0).toBe(0);
    expect(hi0).toBeCloseTo(1 - 0.025 ** (1 / 400), 12);
    const [loN, hiN] = clopperPearson(30, 30, 0.99);
    expect(loN).toBeCloseTo(0.005 ** (1 / 30), 12);
    expect(hiN).toBe(1);
    // R 4.3: binom.test(5, 20)$conf.int = 0.08657147 0.49104587.
    const [lo, hi] = clopperPearson(5, 20, 0.95);
    expect(lo).toBeCloseTo(0.08657147, 7);
    expect(hi).toBeCloseTo(0.49104587, 7);
  });
});

describe('rate intervals in a race', () => {
  it('"0 of 400" is not [0, 0]: the interval reaches the Clopper-Pearson bound at the race level', () => {
    const e = shareInterval(indicators(0, 400), [0, 1], LEVEL);
    expect(e.estimate).toBe(0);
    expect(e.low).toBe(0);
    expect(e.high).toBeCloseTo(1 - ((1 - LEVEL) / 2) ** (1 / 400), 10);
    expect(e.high).toBeGreaterThan(0.02);
  });

  it('does not declare "0 of 400" inside "at most 0.5%"', () => {
    const d = decideRound([{ name: 'x', values: [indicators(0, 400)] }], [RATE], SIZE);
    expect(d.checks[0][0].status).toBe('undecided');
  });

  it('keeps a win share near 100% within 100%, and a first-player advantage within its range', () => {
    const win = shareInterval(indicators(499, 500), [0, 1], LEVEL);
    expect(win.high).toBeLessThanOrEqual(1);
    expect(win.low).toBeGreaterThan(0.9);
    // Four players: position 0's share minus 1/4, from -0.25 to 0.75.
    const fpa = shareInterval(indicators(400, 400).map((v) => v - 0.25), [-0.25, 0.75], LEVEL);
    expect(fpa.high).toBe(0.75);
    expect(fpa.low).toBeLessThan(0.75);
  });

  it('gives a share of fractional values (a bot in three seats) a Wilson interval within [0, 1], never zero width', () => {
    const thirds = Float64Array.from({ length: 300 }, () => 1 / 3);
    const e = shareInterval(thirds, [0, 1], LEVEL);
    expect(e.high).toBeGreaterThan(e.low);
    expect(e.low).toBeGreaterThanOrEqual(0);
    expect(e.high).toBeLessThanOrEqual(1);
    expect(e.low).toBeLessThan(1 / 3);
    expect(e.high).toBeGreaterThan(1 / 3);
  });
});

/**
 * One candidate and one target in 10 rounds of 400: each interval at 1 - 0.05 / 10 = 99.5%, the least
 * conservative race of that length (Bonferroni over more candidates and targets only widens it), so a
 * miscalibrated interval shows here first. How its race ends.
 */
const ALONE: RaceSize = { errorRate: 0.05, candidates: 1, targets: 1, rounds: 10 };
function raceOnce(rng: Rng, target: Target, draw: (rng: Rng) => number): 'meets' | 'not-ruled-out' | 'dropped' {
  const race = new Race(['c'], [target], ALONE);
  for (let r = 0; r < ALONE.rounds && !race.decided(); r++) {
    race.addRound([[Float64Array.from({ length: BLOCK }, () => draw(rng))]]);
  }
  return race.outcomes()[0].status;
}

function shareOf(races: number, seed: string, target: Target, draw: (rng: Rng) => number, status: string): number {
  const rng = new Rng(seed);
  let hits = 0;
  for (let i = 0; i < races; i++) if (raceOnce(rng, target, draw) === status) hits++;
  // TUNE_RATES_PRINT=1 prints the counts docs/statistics.md quotes.
  if (process.env.TUNE_RATES_PRINT) console.log(`${seed}: ${status} in ${hits} of ${races} races`);
  return hits / races;
}

describe("the race's error control near a bound, by simulation", () => {
  const RACES = 600;
  // The stated rate, with three standard errors of the simulation's own noise.
  const bound = SIZE.errorRate + 3 * Math.sqrt((SIZE.errorRate * (1 - SIZE.errorRate)) / RACES);

  it('a rate of 0.6% against "at most 0.5%" is declared to meet it in at most 5% of races', () => {
    const met = shareOf(RACES, 'rate-just-above', RATE, (rng) => (rng.float() < 0.006 ? 1 : 0), 'meets');
    expect(met).toBeLessThanOrEqual(bound);
  });

  it('a rate of exactly 0.5% against "at most 0.5%" is dropped in at most 5% of races', () => {
    const dropped = shareOf(RACES, 'rate-on-bound', RATE, (rng) => (rng.float() < 0.005 ? 1 : 0), 'dropped');
    expect(dropped).toBeLessThanOrEqual(bound);
  });

  // A skewed length (an exponential tail, sd 6 around the mean) just beyond and exactly on "at most 30".
  const LENGTH: Target = { quantity: 'turns_mean', min: -Infinity, max: 30 };
  const length = (mean: number) => (rng: Rng) => mean - 6 + 6 * -Math.log(1 - rng.float());

  it('a mean of 30.3 against "at most 30" is declared to meet it in at most 5% of races', () => {
    expect(shareOf(RACES, 'mean-just-above', LENGTH, length(30.3), 'meets')).toBeLessThanOrEqual(bound);
  });

  it('a mean of exactly 30 against "at most 30" is dropped in at most 5% of races', () => {
    expect(shareOf(RACES, 'mean-on-bound', LENGTH, length(30), 'dropped')).toBeLessThanOrEqual(bound);
  });
});

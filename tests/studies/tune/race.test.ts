import { describe, expect, it } from 'vitest';
import { normQuantile } from '../../../src/analysis/distributions.js';
import { Moments } from '../../../src/analysis/moments.js';
import { matchesToSettle, meanInterval, overreach, preferenceConfidence, shortfall, statusOf, targetConfidence, type RaceSize, type Target } from '../../../src/studies/tune/race.js';
import { Race } from '../../../src/studies/tune/race-state.js';
import { Rng } from '../../../src/engine/rng.js';

/**
 * The racing procedure, calibrated by simulation. Synthetic candidates play rounds of matches whose
 * values are a shared part (the deal, common to every candidate in a match) plus each candidate's own
 * noise: an annulled flag (0/1) and a skewed length (an exponential tail). Candidates that meet the
 * targets sit exactly on a bound (the hardest case: half their intervals lean outside); the others are
 * off by a margin. A candidate that meets every target must be kept at the stated rate, and the others
 * must be dropped.
 */
const REPS = 600;
const ALPHA = 0.05;
const BLOCK = 100;
const ROUNDS = 6;
const normal = (rng: Rng) => normQuantile(Math.min(Math.max(rng.float(), 1e-12), 1 - 1e-12));
const exponential = (rng: Rng) => -Math.log(1 - rng.float());

const TARGETS: Target[] = [
  { quantity: 'annulled_rate', min: -Infinity, max: 0.2 },
  { quantity: 'turns_mean', min: 25, max: 30 },
];

/** A candidate's true annulled rate and mean length; `meets` when both are within the targets. */
interface Truth {
  annulled: number;
  turns: number;
  meets: boolean;
}

const TRUTHS: Truth[] = [
  { annulled: 0.2, turns: 25, meets: true },
  { annulled: 0.2, turns: 30, meets: true },
  { annulled: 0.1, turns: 27.5, meets: true },
  { annulled: 0.4, turns: 27, meets: false },
  { annulled: 0.1, turns: 35, meets: false },
  { annulled: 0.1, turns: 20, meets: false },
  { annulled: 0.5, turns: 40, meets: false },
  { annulled: 0.3, turns: 32, meets: false },
];

/** One round: values[k][q][i] for the survivors. Length = 15 + shared + own exponential part, mean `turns`. */
function round(rng: Rng, survivors: readonly number[]): Float64Array[][] {
  const out = survivors.map(() => [new Float64Array(BLOCK), new Float64Array(BLOCK)]);
  for (let i = 0; i < BLOCK; i++) {
    const shared = 4 * normal(rng);
    const u = rng.float();
    survivors.forEach((c, k) => {
      const t = TRUTHS[c];
      // The deal is shared: the same uniform decides most of the annulled flags, a little own noise on top.
      const own = rng.float() < 0.2 ? rng.float() : u;
      out[k][0][i] = own < t.annulled ? 1 : 0;
      out[k][1][i] = t.turns - 6 + shared + 6 * exponential(rng);
    });
  }
  return out;
}

function race(rng: Rng, size: RaceSize): Race {
  const r = new Race(TRUTHS.map((_, i) => `c${i}`), TARGETS, size);
  while (r.rounds < ROUNDS && !r.decided() && r.survivors().length > 0) r.addRound(round(rng, r.survivors()));
  return r;
}

const SIZE: RaceSize = { errorRate: ALPHA, candidates: TRUTHS.length, targets: TARGETS.length, rounds: ROUNDS };

describe('racing toward targets', () => {
  it('computes the t interval of the mean and its place against a target', () => {
    const m = Moments.of([1, 2, 3, 4]);
    const e = meanInterval(m, 0.95);
    // mean 2.5, sd 1.2910, se 0.6455, t(3) 0.975 quantile 3.182446 (SciPy t.ppf(0.975, 3)).
    expect(e.estimate).toBe(2.5);
    expect(e.high - e.estimate).toBeCloseTo(3.182446 * 0.6454972, 5);
    expect(statusOf(e, { quantity: 'q', min: 5, max: Infinity })).toBe('outside');
    expect(statusOf(e, { quantity: 'q', min: -Infinity, max: 0 })).toBe('outside');
    expect(statusOf(e, { quantity: 'q', min: 0, max: 10 })).toBe('inside');
    expect(statusOf(e, { quantity: 'q', min: 2, max: 10 })).toBe('undecided');
    expect(statusOf(meanInterval(Moments.of([0, 0, 0]), 0.99), { quantity: 'q', min: -Infinity, max: 0.2 })).toBe('inside');
    expect(targetConfidence(SIZE)).toBeCloseTo(1 - 0.05 / 96, 12);
    expect(preferenceConfidence(SIZE)).toBeCloseTo(1 - 0.05 / 42, 12);
  });

  it('says how far an interval reaches past its target and about how many matches would settle it', () => {
    const target: Target = { quantity: 'first_player_advantage', min: -0.01, max: 0.01 };
    const estimate = { estimate: 0.005, low: -0.015, high: 0.025, n: 100, p: NaN, se: NaN, df: 99, sd: NaN, test: 'mean-t' };
    const check = { target, estimate, status: statusOf(estimate, target) };
    expect(check.status).toBe('undecided');
    // Beyond: 0.005 below min and 0.015 above max, in units of the width 0.02.
    expect(overreach(check)).toBeCloseTo(1, 12);
    // Half-width 0.02, distance to the nearer bound 0.005: 100 x (0.02 / 0.005)^2.
    expect(matchesToSettle(check)).toBe(1600);
    expect(matchesToSettle({ ...check, estimate: { ...estimate, estimate: 0.01 } })).toBe(Infinity);
    expect(shortfall({ ...check, estimate: { ...estimate, estimate: 0.03 } })).toBeCloseTo(1, 12);
  });

  it('keeps every candidate that meets the targets at the stated rate, and drops the others', () => {
    const rng = new Rng('race-calibration');
    let lost = 0;
    let wrongKept = 0;
    let rounds = 0;
    for (let rep = 0; rep < REPS; rep++) {
      const r = race(rng, SIZE);
      rounds += r.rounds;
      const out = r.outcomes();
      if (TRUTHS.some((t, c) => t.meets && out[c].status === 'dropped')) lost++;
      wrongKept += TRUTHS.filter((t, c) => !t.meets && out[c].status !== 'dropped').length;
    }
    const se = Math.sqrt((ALPHA * (1 - ALPHA)) / REPS);
    expect(lost / REPS, `a meeting candidate was dropped in ${lost} of ${REPS} races`).toBeLessThan(ALPHA + 3 * se);
    // The off-target candidates are far enough out to be dropped within the rounds nearly always.
    expect(wrongKept / (REPS * 5)).toBeLessThan(0.02);
    // Candidates on a bound are never confirmed inside, so the race runs every round.
    expect(rounds / REPS).toBe(ROUNDS);
  });

  it('would drop meeting candidates far more often without the correction', () => {
    const rng = new Rng('race-uncorrected');
    const naive: RaceSize = { errorRate: ALPHA, candidates: 1, targets: 1, rounds: 1 };
    let lost = 0;
    for (let rep = 0; rep < 200; rep++) {
      const r = race(rng, naive);
      if (TRUTHS.some((t, c) => t.meets && r.outcomes()[c].status === 'dropped')) lost++;
    }
    expect(lost / 200).toBeGreaterThan(3 * ALPHA);
  });

  it('keeps the best candidate of a preference at the stated rate when all are equally good', () => {
    const rng = new Rng('race-preference');
    const k = 6;
    const size: RaceSize = { errorRate: ALPHA, candidates: k, targets: 1, rounds: ROUNDS };
    const target: Target = { quantity: 'turns_mean', min: 0, max: 100 };
    let lost = 0;
    for (let rep = 0; rep < REPS; rep++) {
      const r = new Race(Array.from({ length: k }, (_, i) => `c${i}`), [target], size, { quantity: 'turns_mean', goal: 'lowest' });
      while (r.rounds < ROUNDS && !r.decided()) {
        const block = r.survivors().map(() => [new Float64Array(BLOCK), new Float64Array(BLOCK)]);
        for (let i = 0; i < BLOCK; i++) {
          const shared = 5 * normal(rng);
          block.forEach((b) => (b[0][i] = b[1][i] = 30 + shared + 3 * exponential(rng)));
        }
        r.addRound(block);
      }
      if (r.outcomes()[0].status === 'dropped') lost++;
    }
    const se = Math.sqrt((ALPHA * (1 - ALPHA)) / REPS);
    expect(lost / REPS).toBeLessThan(ALPHA + 3 * se);
  });

  it('drops by preference a candidate that is clearly worse on the paired comparison', () => {
    const rng = new Rng('race-preference-power');
    const size: RaceSize = { errorRate: ALPHA, candidates: 3, targets: 1, rounds: 4 };
    const r = new Race(['a', 'b', 'c'], [{ quantity: 'q', min: 0, max: 100 }], size, { quantity: 'q', goal: 'highest' });
    const block = [0, 1, 2].map(() => [new Float64Array(BLOCK), new Float64Array(BLOCK)]);
    for (let i = 0; i < BLOCK; i++) {
      const shared = 10 * normal(rng);
      [50, 50, 48].forEach((mu, k) => (block[k][0][i] = block[k][1][i] = mu + shared + normal(rng)));
    }
    const dropped = r.addRound(block);
    expect(dropped.map((e) => [e.candidate, e.reason])).toEqual([[2, 'preference']]);
    // The two left, equal in truth: the better mean is the reference, the other's paired gap straddles 0.
    const standing = r.standing()!;
    const means = [0, 1].map((k) => block[k][1].reduce((a, x) => a + x, 0) / BLOCK);
    expect(standing.best).toBe(means[0] >= means[1] ? 0 : 1);
    expect(standing.others).toHaveLength(1);
    const gap = standing.others[0].estimate;
    expect(gap.estimate).toBeCloseTo(means[1 - standing.best] - means[standing.best], 12);
    expect(gap.low).toBeLessThan(0);
    expect(gap.high).toBeGreaterThan(0);
  });
});

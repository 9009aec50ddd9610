import { critical, type Estimate } from '../../analysis/estimate.js';
import { clopperPearson, clusteredWilson, wilson } from '../../analysis/intervals.js';
import { Moments } from '../../analysis/moments.js';
import { pairedMeanTest } from '../../analysis/paired-tests.js';

/**
 * Racing candidates toward targets (`tavolo tune`, docs/tune.md; the statistics in docs/statistics.md,
 * "Racing toward targets"). Each round every surviving candidate plays the same block of seeds; after
 * the round a candidate is dropped when the interval of one of its quantities (all its matches so far)
 * lies entirely outside that quantity's target, or, with a preference, when a paired test shows it
 * worse than the best survivor.
 *
 * Error control: a candidate whose true values meet every target is dropped only if one of its
 * intervals misses its true value. Each interval is at the level 1 - errorRate / (candidates x targets x
 * rounds) (Bonferroni over every interval the race may look at), so the chance that any candidate meeting
 * the targets is dropped, at any round, is at most errorRate. The same holds for the preference at
 * 1 - errorRate / ((candidates - 1) x rounds): the truly best candidate is dropped only if one of its
 * paired intervals against another candidate misses, and there are at most that many of them.
 * Nothing here plays a match: the rounds' values come in as numbers, so the calibration test feeds it
 * synthetic matches (tests/studies/tune/race.test.ts).
 */

/** A target: the quantity's mean must lie in [min, max] (an open side is -Infinity or Infinity). */
export interface Target {
  quantity: string;
  min: number;
  max: number;
  /**
   * For a share of the matches (a win share, a rate, the first-player advantage): the values it can take,
   * one wide. Its interval is then a rate interval within them (shareInterval), not a t interval.
   */
  share?: [number, number];
}

/** Optionally, which candidate is better among those meeting the targets: a paired comparison. */
export interface Preference {
  quantity: string;
  goal: 'lowest' | 'highest';
}

/** Where a quantity's interval lies against its target. */
export type TargetStatus = 'inside' | 'outside' | 'undecided';

export interface TargetCheck {
  target: Target;
  /** The mean of the quantity with its interval at the race's per-interval level. */
  estimate: Estimate;
  status: TargetStatus;
}

/** The race's size: what the Bonferroni correction divides the error rate by. */
export interface RaceSize {
  errorRate: number;
  candidates: number;
  targets: number;
  rounds: number;
}

/** The level of each target interval: 1 - errorRate / (candidates x targets x rounds). */
export function targetConfidence(s: RaceSize): number {
  return 1 - s.errorRate / (s.candidates * s.targets * s.rounds);
}

/** The level of each paired interval of the preference: 1 - errorRate / ((candidates - 1) x rounds). */
export function preferenceConfidence(s: RaceSize): number {
  return 1 - s.errorRate / (Math.max(s.candidates - 1, 1) * s.rounds);
}

/**
 * The mean with Student's t interval. With no spread among the values the interval is the mean itself
 * (an annulled rate of exactly 0 over every match so far); with fewer than two values it is unknown.
 */
export function meanInterval(m: Moments, confidence: number): Estimate {
  const n = m.n;
  const base = { estimate: n > 0 ? m.mean : NaN, test: 'mean-t', n, df: Math.max(n - 1, 1), p: NaN };
  if (n < 2) return { ...base, low: NaN, high: NaN, se: NaN, sd: NaN };
  const se = m.se;
  const half = se > 0 ? critical(confidence, n - 1) * se : 0;
  return { ...base, low: m.mean - half, high: m.mean + half, se, sd: m.sd };
}

/** Outside: the whole interval is beyond one side; inside: the whole interval is within both sides. */
export function statusOf(e: Estimate, t: Target): TargetStatus {
  if (!(e.n >= 2) || Number.isNaN(e.low)) return 'undecided';
  if (e.high < t.min || e.low > t.max) return 'outside';
  if (e.low >= t.min && e.high <= t.max) return 'inside';
  return 'undecided';
}

/**
 * A share's mean with a rate interval inside its range [lo, lo + 1]: Clopper-Pearson when every value is
 * at an end (a 0/1 indicator: its level is guaranteed, even at the race's 99.99%), else Wilson with the
 * matches' own spread (clusteredWilson: a bot in several seats, shared wins). Never zero width and never
 * past the range, where a t interval gives [0, 0] for "0 of 400" and 100.7% for a win share near 100%.
 */
export function shareInterval(values: Float64Array, range: [number, number], confidence: number): Estimate {
  const lo = range[0];
  let n = 0;
  let total = 0;
  let squares = 0;
  let ends = true;
  for (const v of values) {
    if (Number.isNaN(v)) continue;
    const u = v - lo;
    n++;
    total += u;
    squares += u * u;
    if (Math.abs(u) > 1e-9 && Math.abs(u - 1) > 1e-9) ends = false;
  }
  const p = n > 0 ? total / n : NaN;
  const sd = n > 1 ? Math.sqrt(Math.max(squares - n * p * p, 0) / (n - 1)) : NaN;
  const base = { estimate: lo + p, n, df: Infinity, p: NaN, se: sd / Math.sqrt(n), sd };
  if (n < 2) return { ...base, low: NaN, high: NaN, test: 'rate' };
  const successes = ends ? Math.round(total) : total;
  let [low, high] = ends ? clopperPearson(successes, n, confidence) : clusteredWilson(total, squares, n, critical(confidence, Infinity));
  // No spread among fractional values (a bot in three seats with a third of every win): Wilson on the matches.
  if (!(high > low)) [low, high] = wilson(total, n, critical(confidence, Infinity));
  return { ...base, low: lo + low, high: lo + high, test: ends ? 'clopper-pearson' : 'wilson-clustered' };
}

export function checkTarget(values: Moments, target: Target, confidence: number): TargetCheck {
  const estimate = meanInterval(values, confidence);
  return { target, estimate, status: statusOf(estimate, target) };
}

/** A target's check from its per-match values: a rate interval for a share, a t interval otherwise. */
export function checkValues(values: Float64Array, target: Target, confidence: number): TargetCheck {
  const estimate = target.share ? shareInterval(values, target.share, confidence) : meanInterval(momentsOf(values), confidence);
  return { target, estimate, status: statusOf(estimate, target) };
}

/** The scale distances to a target are measured in: its width, or its bound when one-sided (1 when that is 0). */
function targetScale(t: Target): number {
  const width = Number.isFinite(t.min) && Number.isFinite(t.max) ? t.max - t.min : Math.abs(Number.isFinite(t.min) ? t.min : t.max);
  return width > 0 ? width : 1;
}

/** How far the estimate is from the target, in units of the target's scale. */
export function shortfall(c: TargetCheck): number {
  const { min, max } = c.target;
  const x = c.estimate.estimate;
  if (!Number.isFinite(x)) return Infinity;
  const gap = x < min ? min - x : x > max ? x - max : 0;
  return gap / targetScale(c.target);
}

/** How far the interval reaches beyond the target on either side, in units of the target's scale (0 inside). */
export function overreach(c: TargetCheck): number {
  const { low, high } = c.estimate;
  if (Number.isNaN(low) || Number.isNaN(high)) return Infinity;
  return (Math.max(0, c.target.min - low) + Math.max(0, high - c.target.max)) / targetScale(c.target);
}

/**
 * About how many matches an undecided target needs before its interval (at the same level) clears the
 * nearest bound, if the estimate and the spread stay as they are: n x (half-width / distance)^2.
 * Infinity when the estimate sits on a bound.
 */
export function matchesToSettle(c: TargetCheck): number {
  const { estimate: x, low, high, n } = c.estimate;
  const distance = Math.min(Math.abs(x - c.target.min), Math.abs(c.target.max - x));
  if (!(distance > 0) || !Number.isFinite(high - low)) return Infinity;
  return Math.ceil(n * ((high - low) / 2 / distance) ** 2);
}

/** One candidate's values so far: per target quantity (and the preference's, last) one value per match. */
export interface CandidateValues {
  name: string;
  /** values[q][i]: quantity q in the candidate's match i (the race's matches in order; NaN where undefined). */
  values: Float64Array[];
}

export interface Elimination {
  /** Candidate index (into the list given to the round). */
  candidate: number;
  /** Which test dropped it: a target's quantity, or the preference. */
  reason: 'target' | 'preference';
  /** The target missed (for a target), or the preference's quantity. */
  quantity: string;
  /** The interval that decided: the quantity's mean, or the paired difference against `against`. */
  estimate: Estimate;
  /** For the preference: the best candidate it was compared with. */
  against?: number;
}

export interface RoundDecision {
  /** checks[c][t]: candidate c's target t. */
  checks: TargetCheck[][];
  eliminated: Elimination[];
}

function momentsOf(values: Float64Array): Moments {
  const m = new Moments();
  for (const v of values) if (!Number.isNaN(v)) m.add(v);
  return m;
}

/**
 * The decisions after a round, for the candidates still in the race (all with the same matches, in
 * the same order). The targets are checked first; the preference compares the survivors of that check
 * with the best of them (the best mean), pair by pair on their common matches.
 */
export function decideRound(cands: readonly CandidateValues[], targets: readonly Target[], size: RaceSize, prefer?: Preference): RoundDecision {
  const level = targetConfidence(size);
  const checks = cands.map((c) => targets.map((t, q) => checkValues(c.values[q], t, level)));
  const eliminated: Elimination[] = [];
  const left: number[] = [];
  checks.forEach((row, c) => {
    const miss = row.find((k) => k.status === 'outside');
    if (miss) eliminated.push({ candidate: c, reason: 'target', quantity: miss.target.quantity, estimate: miss.estimate });
    else left.push(c);
  });
  if (prefer && left.length > 1) eliminated.push(...preferenceEliminations(cands, left, targets.length, prefer, preferenceConfidence(size)));
  return { checks, eliminated };
}

/** The best of some candidates on the preference's quantity, and each other's paired difference from it. */
export interface PreferenceStanding {
  /** Index (into the candidates given) of the best mean. */
  best: number;
  /** The others, each with (its value - the best's) over their common matches, at the level asked. */
  others: Array<{ candidate: number; estimate: Estimate }>;
}

/** The paired comparison of `left` (indices into `cands`) with the best of them; `at` is the preference's place in `values`. */
export function preferenceStanding(cands: readonly CandidateValues[], left: readonly number[], at: number, prefer: Preference, level: number): PreferenceStanding {
  const sign = prefer.goal === 'lowest' ? 1 : -1;
  const means = left.map((c) => momentsOf(cands[c].values[at]).mean);
  let best = 0;
  for (let k = 1; k < left.length; k++) if (sign * means[k] < sign * means[best]) best = k;
  const bestValues = cands[left[best]].values[at];
  const others = left
    .filter((_, k) => k !== best)
    .map((c) => {
      const mine = cands[c].values[at];
      const diff = new Moments();
      for (let i = 0; i < mine.length; i++) {
        const d = mine[i] - bestValues[i];
        if (!Number.isNaN(d)) diff.add(d);
      }
      return { candidate: c, estimate: pairedMeanTest(diff, level) };
    });
  return { best: left[best], others };
}

/** Candidates a paired test shows worse than the best on the preference's quantity. */
function preferenceEliminations(
  cands: readonly CandidateValues[],
  left: readonly number[],
  at: number,
  prefer: Preference,
  level: number,
): Elimination[] {
  const { best, others } = preferenceStanding(cands, left, at, prefer, level);
  // Worse: for "lowest", the whole interval of (this - best) is above 0; for "highest", below.
  const worse = others.filter(({ estimate: e }) => (prefer.goal === 'lowest' ? e.low > 0 : e.high < 0));
  return worse.map(({ candidate, estimate }) => ({ candidate, reason: 'preference', quantity: prefer.quantity, estimate, against: best }));
}

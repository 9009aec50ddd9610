import betaQuantile from '@stdlib/stats-base-dists-beta-quantile';

/** z for a two-sided 95% interval: the 0.975 quantile of the standard normal distribution. */
export const Z95 = 1.959963984540054;

/**
 * Wilson score interval for a proportion: `successes` out of `trials` (successes may be fractional, as
 * with wins split between tied seats). Returns [low, high]; [0, 1] when there are no trials.
 */
export function wilson(successes: number, trials: number, z = Z95): [number, number] {
  if (!(trials > 0)) return [0, 1];
  const p = successes / trials;
  const z2 = z * z;
  const denom = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denom;
  const half = (z / denom) * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/** Fixed-decimal formatting used by every report, so that output is byte-identical across runs. */
export function fixed(v: number, decimals: number): string {
  if (!Number.isFinite(v)) return '';
  const s = v.toFixed(decimals);
  // Avoid "-0.000" for tiny negative values.
  return /^-0\.?0*$/.test(s) ? s.slice(1) : s;
}

/**
 * A Wilson interval for a mean of per-match values in [0, 1] whose matches are the independent units
 * (a bot's seats in one match, or a shared win, move together): Wilson's formula with the effective
 * number of matches n_eff = p (1 - p) / (s^2 / matches), s^2 the per-match values' sample variance (the
 * design effect of survey statistics; Korn and Graubard 1998). With one seat per match and no shared
 * wins it is Wilson on the matches; when the seats of a match share its outcome, as in team games, the
 * interval narrows or widens to the per-match spread. `total` is the sum of the per-match values,
 * `squares` the sum of their squares. A rate of 0 or 1 (no spread to estimate) uses the matches as n.
 * Reference: the cluster-robust variance of a mean with clusters of equal size (Stata `mean, vce(cluster)`).
 * `designEffect` (at least 1): Kish's design effect of repeated plays (play-tally.ts), which divides the
 * effective number of matches; 1 leaves the interval as it was.
 */
export function clusteredWilson(total: number, squares: number, matches: number, z = Z95, designEffect = 1): [number, number] {
  if (!(matches > 0)) return [0, 1];
  const p = total / matches;
  const variance = matches > 1 ? Math.max(squares - matches * p * p, 0) / (matches - 1) : NaN;
  const bernoulli = p * (1 - p);
  if (!(bernoulli > 1e-15) || Number.isNaN(variance)) return designEffect > 1 ? wilson((p * matches) / designEffect, matches / designEffect, z) : wilson(total, matches, z);
  if (!(variance > 0)) return [p, p];
  const effective = (matches * bernoulli) / variance / designEffect;
  return wilson(p * effective, effective, z);
}

/**
 * The Clopper-Pearson ("exact") interval for `successes` out of `trials` 0/1 outcomes at `confidence`:
 * the beta quantiles that make each one-sided miss at most (1 - confidence) / 2 whatever the true rate,
 * so its level is guaranteed, which matters where an error rate is spent over many intervals at a
 * level such as 99.996% (tune's races). [0, 1] without trials; never zero width. Reference: R
 * `binom.test(x, n, conf.level = ...)$conf.int`. The quantiles come from stdlib like every other
 * distribution of the analysis layer (distributions.ts).
 */
export function clopperPearson(successes: number, trials: number, confidence: number): [number, number] {
  if (!(trials > 0)) return [0, 1];
  const tail = (1 - confidence) / 2;
  const low = successes <= 0 ? 0 : betaQuantile(tail, successes, trials - successes + 1);
  const high = successes >= trials ? 1 : betaQuantile(1 - tail, successes + 1, trials - successes);
  return [low, high];
}

/**
 * The 95% interval of a share: a mean of per-match values in [lowest, lowest + 1] (a 0/1 outcome, a win
 * split between tied seats, the first-player advantage with lowest = -1/players), from its moments. 0/1
 * values (their squares sum to their sum) get Wilson's interval; fractional ones Wilson with the matches'
 * own spread (clusteredWilson), or Wilson's when every match has the same value. Never outside the range,
 * never zero width.
 */
export function shareInterval(m: { mean: number; n: number; m2: number }, lowest = 0): [number, number] {
  if (!(m.n > 0)) return [lowest, lowest + 1];
  const p = m.mean - lowest;
  const total = p * m.n;
  const squares = m.m2 + m.n * p * p;
  const binary = Math.abs(squares - total) <= 1e-9 * m.n;
  const [low, high] = binary || !(m.m2 > 1e-12) ? wilson(total, m.n) : clusteredWilson(total, squares, m.n);
  return [low + lowest, high + lowest];
}

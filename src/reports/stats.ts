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

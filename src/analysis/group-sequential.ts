/**
 * Group sequential looks for a study's comparisons (docs/statistics.md, "Looks inside a study"): a
 * comparison is played in batches whose sizes are fixed before any match, and after each batch (a look)
 * it stops when its answer is clear.
 *
 * The boundary is O'Brien and Fleming's (1979): with K looks at information fractions t_1 < ... < t_K = 1,
 * the comparison is called separated at look k when |z_k| >= C / sqrt(t_k), C chosen so that under no
 * difference the chance of crossing at any look is exactly alpha (two-sided). z_k = B(t_k) / sqrt(t_k) for
 * a standard Brownian motion B, so the continuation region is |B(t_k)| < C at every look; the crossing
 * chance is computed by propagating B's density over a grid from look to look (Armitage, McPherson and
 * Rowe 1969) and C found by bisection. Early looks need a large z (4.05 at the first of four), so the
 * last look's bar is close to the fixed test's (2.02 instead of 1.96 for four looks at alpha 0.05).
 *
 * A comparison is called equal when its interval at the look's boundary, estimate ± (C / sqrt(t_k)) se,
 * lies within the stated margin of the centre. Stopping for equality can only take away chances to cross,
 * so it never raises the false "separated" rate.
 */
import { normQuantile } from './distributions.js';

/** Points of the grid over the continuation region: enough for C to 4 decimals. */
const GRID = 401;

const density = (x: number, variance: number) => Math.exp((-x * x) / (2 * variance)) / Math.sqrt(2 * Math.PI * variance);

/** Under no difference, the chance that |B(t_k)| < c at every look (Simpson's rule over the grid). */
function stayProbability(fractions: readonly number[], c: number): number {
  const h = (2 * c) / (GRID - 1);
  const xs = Array.from({ length: GRID }, (_, i) => -c + i * h);
  const weights = xs.map((_, i) => (h / 3) * (i === 0 || i === GRID - 1 ? 1 : i % 2 === 1 ? 4 : 2));
  let f = xs.map((x) => density(x, fractions[0]));
  for (let k = 1; k < fractions.length; k++) {
    const dt = fractions[k] - fractions[k - 1];
    const prev = f.map((v, j) => v * weights[j]);
    const kernel = Array.from({ length: 2 * GRID - 1 }, (_, d) => density((d - GRID + 1) * h, dt));
    f = xs.map((_, i) => {
      let sum = 0;
      for (let j = 0; j < GRID; j++) sum += prev[j] * kernel[i - j + GRID - 1];
      return sum;
    });
  }
  return f.reduce((sum, v, j) => sum + v * weights[j], 0);
}

/** O'Brien-Fleming's constant C for looks at `fractions` (increasing, the last 1) and two-sided `alpha`. */
export function obrienFlemingConstant(fractions: readonly number[], alpha: number): number {
  if (fractions.length === 1) return normQuantile(1 - alpha / 2);
  let lo = 1;
  let hi = 8;
  for (let i = 0; i < 32; i++) {
    const mid = (lo + hi) / 2;
    if (1 - stayProbability(fractions, mid) > alpha) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

export interface LookPlan {
  /** Cumulative units (deals, matches) at each look; the last is the cap. */
  looks: number[];
  /** Two-sided level of one comparison. */
  alpha: number;
  /** O'Brien-Fleming's constant for these looks and alpha. */
  constant: number;
  /** Half-width of the equality region around the centre, in the estimate's units. */
  margin: number;
}

/**
 * Up to `maxLooks` looks at equal steps of `cap` units (rounded down, the last at the cap), each of at
 * least `minUnits`: fewer looks when the cap is small, one (the fixed plan) below 2 * minUnits.
 */
export function lookPlan(cap: number, alpha: number, margin: number, maxLooks = 4, minUnits = 10): LookPlan {
  const count = Math.max(1, Math.min(maxLooks, Math.floor(cap / minUnits)));
  const looks = Array.from({ length: count }, (_, k) => Math.floor((cap * (k + 1)) / count));
  return { looks, alpha, constant: obrienFlemingConstant(looks.map((n) => n / cap), alpha), margin };
}

/** The bar |z| must reach at look k (0-based). */
export function boundaryAt(plan: LookPlan, k: number): number {
  return plan.constant / Math.sqrt(plan.looks[k] / plan.looks[plan.looks.length - 1]);
}

/** What a look decided: `above`/`below` the centre (separated), `equal` within the margin, else go on or stop at the cap. */
export type LookDecision = 'above' | 'below' | 'equal' | 'continue' | 'cap';

export interface LookFigures {
  estimate: number;
  /** The test statistic of "estimate = centre", signed. */
  z: number;
  /** Standard error of the estimate. */
  se: number;
}

export interface Look extends LookFigures {
  /** 1-based. */
  look: number;
  units: number;
  boundary: number;
  low: number;
  high: number;
  decision: LookDecision;
}

/** The decision at look k (0-based) from the figures of everything played up to it. */
export function decideLook(plan: LookPlan, k: number, f: LookFigures, centre: number): Look {
  const boundary = boundaryAt(plan, k);
  const low = f.estimate - boundary * f.se;
  const high = f.estimate + boundary * f.se;
  const last = k === plan.looks.length - 1;
  let decision: LookDecision = last ? 'cap' : 'continue';
  if (f.z >= boundary) decision = 'above';
  else if (f.z <= -boundary) decision = 'below';
  else if (low > centre - plan.margin && high < centre + plan.margin) decision = 'equal';
  return { look: k + 1, units: plan.looks[k], ...f, boundary, low, high, decision };
}

/** Whether a comparison goes on after this look. */
export const goesOn = (l: Look) => l.decision === 'continue';

/** Units a set of comparisons saved by stopping: the caps they did not play. */
export function unitsSaved(plan: LookPlan, stopped: ReadonlyArray<readonly Look[]>): { saved: number; total: number; early: number } {
  const cap = plan.looks[plan.looks.length - 1];
  const played = stopped.map((looks) => looks[looks.length - 1]?.units ?? 0);
  return { saved: played.reduce((a, u) => a + cap - u, 0), total: cap * stopped.length, early: played.filter((u) => u < cap).length };
}

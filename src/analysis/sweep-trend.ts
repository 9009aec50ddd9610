import type { Estimate } from './estimate.js';
import { Moments } from './moments.js';
import { pairedMeanTest } from './paired-tests.js';
import { shareInterval } from './intervals.js';
import { quantityUnit } from './quantities.js';

/**
 * A quantity against a swept option's value, paired across the values: match i is played from the same
 * seed at every value, so each match gives one value of the quantity per option value. From those:
 * - the quantity at each value (mean and t interval over the matches; a share's Wilson interval, which
 *   stays inside its range, when the player count is known);
 * - the paired difference between neighbouring values (paired t: mean of y(i, k+1) - y(i, k));
 * - the trend: each match's least-squares slope of its K values against the option's values,
 *   b_i = sum_k (x_k - mean x) y(i, k) / sum_k (x_k - mean x)^2, and a one-sample t-test and interval on
 *   the mean of the b_i. The mean slope equals the least-squares slope of the K means against x, and the
 *   matches are independent, so its standard error comes from the spread of the per-match slopes: the
 *   common deal's variation cancels inside each b_i, as in a paired test (docs/statistics.md, "Trend").
 * A match where the quantity is undefined at some value (NaN: the first-player advantage of an annulled
 * match) is left out of that quantity's slope and of the neighbouring differences it touches.
 */

/** The quantity at one option value. */
export interface SweepPointFigure {
  x: number;
  estimate: Estimate;
  /** The paired difference to the previous value (undefined at the first). */
  step?: Estimate;
}

export interface SweepTrend {
  quantity: string;
  points: SweepPointFigure[];
  /** Change of the quantity per unit of the option (least-squares slope), with its t interval and p. */
  slope: Estimate;
}

/** Streams the per-match values of every quantity at every option value into moments. */
export class SweepTrendAccumulator {
  private readonly values: Moments[][];
  private readonly steps: Moments[][];
  private readonly slopes: Moments[];
  private readonly weights: number[];

  constructor(
    readonly xs: readonly number[],
    readonly quantities: readonly string[],
    /** The player count: with it, a share (a win share, a rate, the first-player advantage) gets a share's interval. */
    readonly players?: number,
  ) {
    const grid = () => quantities.map(() => xs.map(() => new Moments()));
    this.values = grid();
    this.steps = grid();
    this.slopes = quantities.map(() => new Moments());
    const meanX = xs.reduce((a, b) => a + b, 0) / xs.length;
    const sxx = xs.reduce((a, x) => a + (x - meanX) ** 2, 0);
    this.weights = xs.map((x) => (x - meanX) / sxx);
  }

  /** One match: `perValue[k][q]` is quantity q at option value k. */
  add(perValue: ArrayLike<number>[]): void {
    for (let q = 0; q < this.quantities.length; q++) {
      let slope = 0;
      for (let k = 0; k < this.xs.length; k++) {
        const y = perValue[k][q];
        if (!Number.isNaN(y)) this.values[q][k].add(y);
        if (k > 0) {
          const d = y - perValue[k - 1][q];
          if (!Number.isNaN(d)) this.steps[q][k].add(d);
        }
        slope += this.weights[k] * y;
      }
      if (!Number.isNaN(slope)) this.slopes[q].add(slope);
    }
  }

  trends(confidence = 0.95): SweepTrend[] {
    return this.quantities.map((quantity, q) => ({
      quantity,
      points: this.xs.map((x, k) => ({
        x,
        estimate: this.pointEstimate(q, k, confidence),
        ...(k > 0 ? { step: pairedMeanTest(this.steps[q][k], confidence) } : {}),
      })),
      slope: { ...pairedMeanTest(this.slopes[q], confidence), test: 'paired-slope-t' },
    }));
  }

  /** Quantity q at value k: its mean, with a share's interval for a share at 95%, else the t interval. */
  private pointEstimate(q: number, k: number, confidence: number): Estimate {
    const m = this.values[q][k];
    const t: Estimate = { ...pairedMeanTest(m, confidence), test: 'mean-t' };
    const unit = this.players !== undefined ? quantityUnit(this.quantities[q], this.players) : undefined;
    if (!unit?.share || confidence !== 0.95 || !(m.n > 0) || Math.abs(unit.range[1] - unit.range[0] - 1) > 1e-12) return t;
    const [low, high] = shareInterval(m, unit.range[0]);
    return { ...t, low, high, test: 'mean-wilson' };
  }
}

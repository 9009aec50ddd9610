import type { Estimate } from './estimate.js';
import { Moments } from './moments.js';
import { pairedMeanTest } from './paired-tests.js';

/**
 * A quantity against a swept option's value, paired across the values: match i is played from the same
 * seed at every value, so each match gives one value of the quantity per option value. From those:
 * - the quantity at each value (mean and t interval over the matches);
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
        estimate: { ...pairedMeanTest(this.values[q][k], confidence), test: 'mean-t' },
        ...(k > 0 ? { step: pairedMeanTest(this.steps[q][k], confidence) } : {}),
      })),
      slope: { ...pairedMeanTest(this.slopes[q], confidence), test: 'paired-slope-t' },
    }));
  }
}

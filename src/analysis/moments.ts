/**
 * Streaming mean and variance (Welford's update): one pass, constant memory, numerically stable over
 * millions of values where a running sum of squares would cancel. The unit every mean comparison,
 * paired or not, is built on.
 */
export class Moments {
  n = 0;
  mean = 0;
  /** Sum of squared deviations from the mean. */
  m2 = 0;

  add(x: number): void {
    this.n++;
    const delta = x - this.mean;
    this.mean += delta / this.n;
    this.m2 += delta * (x - this.mean);
  }

  /** Sample variance (n - 1 in the denominator); NaN below two values. */
  get variance(): number {
    return this.n > 1 ? this.m2 / (this.n - 1) : NaN;
  }

  get sd(): number {
    return Math.sqrt(this.variance);
  }

  /** Standard error of the mean. */
  get se(): number {
    return Math.sqrt(this.variance / this.n);
  }

  static of(values: Iterable<number>): Moments {
    const m = new Moments();
    for (const v of values) m.add(v);
    return m;
  }
}

/**
 * Counts of integer values (game lengths, their paired differences): the whole distribution in a few
 * hundred entries, from which medians and rank tests are exact without keeping every value.
 */
export class IntHistogram {
  readonly counts = new Map<number, number>();
  n = 0;

  add(v: number, times = 1): void {
    this.counts.set(v, (this.counts.get(v) ?? 0) + times);
    this.n += times;
  }

  /** Distinct values, ascending, with their counts. */
  sorted(): Array<[number, number]> {
    return [...this.counts.entries()].sort((a, b) => a[0] - b[0]);
  }

  /** The median (the mean of the two middle values when n is even); NaN when empty. */
  median(): number {
    if (this.n === 0) return NaN;
    const lo = this.quantileIndex(Math.floor((this.n - 1) / 2));
    const hi = this.quantileIndex(Math.floor(this.n / 2));
    return (lo + hi) / 2;
  }

  /** The value at 0-based position k of the sorted values. */
  private quantileIndex(k: number): number {
    let seen = 0;
    for (const [v, c] of this.sorted()) {
      seen += c;
      if (k < seen) return v;
    }
    return NaN;
  }
}

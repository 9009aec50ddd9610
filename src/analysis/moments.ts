/**
 * Streaming mean and variance in one pass and constant memory: sums of the values and of their squares,
 * both taken after subtracting the first value (the "shifted data" method), which keeps the sums small
 * and the variance free of the cancellation a raw sum of squares suffers when the mean is large against
 * the spread. The unit every mean comparison, paired or not, is built on.
 */
export class Moments {
  n = 0;
  private shift = 0;
  private sum = 0;
  private sumSq = 0;

  add(x: number): void {
    if (this.n === 0) this.shift = x;
    const d = x - this.shift;
    this.n++;
    this.sum += d;
    this.sumSq += d * d;
  }

  get mean(): number {
    return this.n > 0 ? this.shift + this.sum / this.n : NaN;
  }

  /** Sum of squared deviations from the mean. */
  get m2(): number {
    return this.n > 0 ? Math.max(this.sumSq - (this.sum * this.sum) / this.n, 0) : 0;
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

  /** The moments of values whose sums (after subtracting `shift`, the first value) were kept elsewhere, as `add` keeps them (see MomentsVector). */
  static fromSums(n: number, shift: number, sum: number, sumSq: number): Moments {
    const m = new Moments();
    m.n = n;
    m.shift = shift;
    m.sum = sum;
    m.sumSq = sumSq;
    return m;
  }

  static of(values: Iterable<number>): Moments {
    const m = new Moments();
    for (const v of values) m.add(v);
    return m;
  }
}

/**
 * Many Moments side by side in typed arrays (one per quantity of a comparison), added to with exactly the
 * arithmetic of `Moments.add`, so the same values give the same bits. A million pairs of forty
 * quantities are a hundred million additions: in flat arrays they cost about half as much as through
 * an object each.
 */
export class MomentsVector {
  private readonly n: Float64Array;
  private readonly shift: Float64Array;
  private readonly sum: Float64Array;
  private readonly sumSq: Float64Array;

  constructor(readonly length: number) {
    this.n = new Float64Array(length);
    this.shift = new Float64Array(length);
    this.sum = new Float64Array(length);
    this.sumSq = new Float64Array(length);
  }

  add(q: number, x: number): void {
    if (this.n[q] === 0) this.shift[q] = x;
    const d = x - this.shift[q];
    this.n[q]++;
    this.sum[q] += d;
    this.sumSq[q] += d * d;
  }

  /** Quantity `q`'s moments so far (a copy: later additions do not change it). */
  get(q: number): Moments {
    return Moments.fromSums(this.n[q], this.shift[q], this.sum[q], this.sumSq[q]);
  }

  /** Every quantity's moments so far. */
  all(): Moments[] {
    return Array.from({ length: this.length }, (_, q) => this.get(q));
  }
}

/** Values from -NEAR to NEAR - 1 are counted in IntHistogram's flat array. */
const NEAR = 1024;

/**
 * Counts of integer values (game lengths, their paired differences): the whole distribution in a few
 * hundred entries, from which medians and rank tests are exact without keeping every value.
 */
export class IntHistogram {
  n = 0;
  // Values near zero (game lengths and their differences, added once per match) are counted in a flat
  // array, which costs a fraction of a map's update; any other value goes to the map.
  private readonly near = new Float64Array(2 * NEAR);
  private readonly far = new Map<number, number>();
  private map: Map<number, number> | undefined;

  add(v: number, times = 1): void {
    const i = v + NEAR;
    if ((i | 0) === i && i >= 0 && i < 2 * NEAR) this.near[i] += times;
    else this.far.set(v, (this.far.get(v) ?? 0) + times);
    this.n += times;
    this.map = undefined;
  }

  /** Each value seen with its count (in no particular order). */
  get counts(): ReadonlyMap<number, number> {
    if (this.map === undefined) {
      const map = new Map(this.far);
      for (let i = 0; i < this.near.length; i++) if (this.near[i] !== 0) map.set(i - NEAR, this.near[i]);
      this.map = map;
    }
    return this.map;
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

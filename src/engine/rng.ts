import seedrandom from 'seedrandom';

/**
 * The one source of randomness in tavolo. Every generator is seeded; nothing that decides a match may
 * use Math.random or the clock. Backed by seedrandom's Alea generator (fast, 2^116 period, identical
 * output on every platform).
 */
export class Rng {
  private readonly next: () => number;

  /**
   * A generator from a text seed (seedrandom hashes the text). Hashing costs microseconds, so a match
   * hashes its seed once and derives its other generators with `child()`.
   */
  constructor(seed: string | AleaState) {
    this.next = typeof seed === 'string' ? seedrandom.alea(seed) : seedrandom.alea('', { state: seed });
  }

  /**
   * A new, independent generator whose Alea state is drawn from this one's stream: as reproducible as
   * a text seed, without the cost of hashing one.
   */
  child(): Rng {
    return new Rng({ c: 1, s0: this.next(), s1: this.next(), s2: this.next() });
  }

  /** A float in [0, 1). */
  float(): number {
    return this.next();
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return (this.next() * n) | 0;
  }

  /** A die roll, 1..sides. */
  die(sides = 6): number {
    return ((this.next() * sides) | 0) + 1;
  }

  /** Fisher-Yates shuffle of a[from..to) in place. */
  shuffle<T>(a: { [i: number]: T; length: number }, from = 0, to = a.length): void {
    for (let i = to - 1; i > from; i--) {
      const j = from + ((this.next() * (i - from + 1)) | 0);
      const t = a[i];
      a[i] = a[j];
      a[j] = t;
    }
  }

  /** A fresh generator derived from this one (for handing to a search, say); the label is for readers. */
  fork(_label: string): Rng {
    return this.child();
  }
}

/** The internal state of seedrandom's Alea generator (three 32-bit fractions and a carry). */
export interface AleaState {
  c: number;
  s0: number;
  s1: number;
  s2: number;
}

/**
 * Derives a seed string from parts. Stable across machines and versions: it is only string joining,
 * and the generator built from it is seedrandom's Alea, which hashes the string itself.
 */
export function deriveSeed(...parts: Array<string | number>): string {
  return parts.join('/');
}

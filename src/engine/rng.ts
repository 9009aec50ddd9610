import seedrandom from 'seedrandom';

/**
 * The one source of randomness in tavolo. Every generator is seeded; nothing that decides a match may
 * use Math.random or the clock. Backed by seedrandom's Alea generator (fast, 2^116 period, identical
 * output on every platform).
 */
export class Rng {
  private readonly next: () => number;

  constructor(seed: string) {
    this.next = seedrandom.alea(seed);
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

  /** A fresh generator whose seed is derived from this one (for handing to a search, say). */
  fork(label: string): Rng {
    return new Rng(`${label}:${this.next()}`);
  }
}

/**
 * Derives a seed string from parts. Stable across machines and versions: it is only string joining,
 * and the generator built from it is seedrandom's Alea, which hashes the string itself.
 */
export function deriveSeed(...parts: Array<string | number>): string {
  return parts.join('/');
}

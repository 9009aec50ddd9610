import seedrandom from 'seedrandom';

/** The internal state of the Alea generator (three 32-bit fractions and a carry). */
export interface AleaState {
  c: number;
  s0: number;
  s1: number;
  s2: number;
}

/** 2^-32. */
const NORM = 2.3283064365386963e-10;

/**
 * The one source of randomness in tavolo. Every generator is seeded; nothing that decides a match may
 * use Math.random or the clock.
 *
 * The generator is Baagoe's Alea (fast, 2^116 period, identical output on every platform). A text seed
 * is hashed by seedrandom (`seedrandom.alea`), which defines what a seed means; the steps after that
 * are taken here, on plain fields of this object, because a match draws a few hundred numbers and
 * creates half a dozen generators: through seedrandom's closures, creating the generators alone cost a
 * tenth of a 4-player Stramat match. tests/rng.test.ts checks that every sequence equals seedrandom's.
 */
export class Rng {
  // Initialised with fractions, not left to the constructor: a field first set to `undefined` (what an
  // ES2022 field declaration does) holds any value, boxed, and each step then allocated three numbers
  // (a draw cost 50 ns instead of 9). Set to a fraction first, the field holds doubles in place.
  private s0 = 0.5;
  private s1 = 0.5;
  private s2 = 0.5;
  private c = 1;

  /**
   * A generator from a text seed (hashed by seedrandom, about a microsecond) or from an Alea state.
   * A match hashes its seed once and derives its other generators with `child()`.
   */
  constructor(seed: string | AleaState) {
    const st: AleaState = typeof seed === 'string' ? (seedrandom.alea(seed, { state: true }).state() as AleaState) : seed;
    this.s0 = st.s0;
    this.s1 = st.s1;
    this.s2 = st.s2;
    this.c = st.c;
  }

  /** One step of Alea: a float in [0, 1), exactly seedrandom's `alea()` sequence. */
  private next(): number {
    const t = 2091639 * this.s0 + this.c * NORM;
    this.s0 = this.s1;
    this.s1 = this.s2;
    this.c = t | 0;
    return (this.s2 = t - this.c);
  }

  /**
   * A new, independent generator whose Alea state is drawn from this one's stream: as reproducible as
   * a text seed, without the cost of hashing one.
   */
  child(): Rng {
    return new Rng({ c: 1, s0: this.next(), s1: this.next(), s2: this.next() });
  }

  /** The current state (a copy), for a generator that continues from here. */
  state(): AleaState {
    return { c: this.c, s0: this.s0, s1: this.s1, s2: this.s2 };
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

/**
 * Derives a seed string from parts. Stable across machines and versions: it is only string joining,
 * and the generator built from it hashes the string itself.
 */
export function deriveSeed(...parts: Array<string | number>): string {
  return parts.join('/');
}

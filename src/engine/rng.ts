/** The internal state of the Alea generator (three 32-bit fractions and a carry). */
export interface AleaState {
  c: number;
  s0: number;
  s1: number;
  s2: number;
}

/** 2^-32. */
const NORM = 2.3283064365386963e-10;

/** Baagoe's Mash: feeds `data` into the running hash `n`, returns the new `n`. */
function mash(n: number, data: string): number {
  for (let i = 0; i < data.length; i++) {
    n += data.charCodeAt(i);
    let h = 0.02519603282416938 * n;
    n = h >>> 0;
    h -= n;
    h *= n;
    n = h >>> 0;
    h -= n;
    n += h * 0x100000000; // 2^32
  }
  return n;
}

/**
 * Alea's seeding: one running Mash hash fed three spaces, then the seed text three times. The state
 * for the text: exactly what `seedrandom.alea(text)` starts from.
 */
function aleaStateOf(text: string): AleaState {
  let n = mash(0xefc8249d, ' ');
  let s0 = (n >>> 0) * NORM;
  n = mash(n, ' ');
  let s1 = (n >>> 0) * NORM;
  n = mash(n, ' ');
  let s2 = (n >>> 0) * NORM;
  n = mash(n, text);
  s0 -= (n >>> 0) * NORM;
  if (s0 < 0) s0 += 1;
  n = mash(n, text);
  s1 -= (n >>> 0) * NORM;
  if (s1 < 0) s1 += 1;
  n = mash(n, text);
  s2 -= (n >>> 0) * NORM;
  if (s2 < 0) s2 += 1;
  return { c: 1, s0, s1, s2 };
}

/**
 * The one source of randomness in tavolo. Every generator is seeded; nothing that decides a match may
 * use Math.random or the clock.
 *
 * The generator is Baagoe's Alea (fast, 2^116 period, identical output on every platform), bit for bit
 * the generator of the seedrandom library (`seedrandom.alea`): a text seed gives exactly seedrandom's
 * sequence, and tests/engine/rng.test.ts checks that on thousands of seeds against seedrandom itself. Seeding
 * and stepping are written out here rather than called through seedrandom because a match creates half a
 * dozen generators, and seedrandom builds fresh closures for each one, which V8 runs unoptimised: seeding
 * one took about 8,000 instructions, a tenth of a whole 4-player Stramat match.
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
   * A generator from a text seed (hashed, as seedrandom hashes it) or from an Alea state. A match
   * hashes its seed once and derives its other generators with `child()`.
   */
  constructor(seed: string | AleaState) {
    const st = typeof seed === 'string' ? aleaStateOf(seed) : seed;
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
/** Whether two generator states are the same: a step that drew nothing leaves its generator's state unchanged. */
export function sameRngState(a: AleaState, b: AleaState): boolean {
  return a.c === b.c && a.s0 === b.s0 && a.s1 === b.s1 && a.s2 === b.s2;
}

export function deriveSeed(...parts: Array<string | number>): string {
  return parts.join('/');
}

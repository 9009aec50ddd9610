import { Rng, type AleaState } from './rng.js';

/**
 * The play hash of a match: 64 bits that sum up everything that decides how a match unfolds, so that two
 * matches with the same hash played the same game. It takes in, in order, the seating (the lineup names
 * at each seat), every chance outcome the game drew (each value its generator returned: a die, an index,
 * a shuffle's swaps) and every action with its seat (the random opening's and the bots'), then how the
 * match ended if a bot faulted. The game's rules are deterministic given these, so equal inputs mean the
 * same states from the set-up to the end; a hash cannot tell apart what it never saw (two different
 * draws that happen to leave the same position count as different plays, which only undercounts
 * repeats).
 *
 * Two independent 32-bit lanes (MurmurHash3's and xxHash32's rounds), so that among ten million distinct
 * plays the chance that any two share a hash is about 3 in a million. Integer arithmetic only: the same
 * bits on every platform, and a few instructions per value, against the hundreds a decision costs.
 */
export class PlayHash {
  private a = 0;
  private b = 0;
  private count = 0;

  /** Starts a match's hash from a seating (see `seatingLanes`). */
  start(seating: readonly [number, number]): void {
    this.a = seating[0];
    this.b = seating[1];
    this.count = 0;
  }

  /** Takes in one 32-bit integer. */
  value(v: number): void {
    let k = Math.imul(v | 0, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, 0x1b873593);
    let a = this.a ^ k;
    a = (a << 13) | (a >>> 19);
    this.a = (Math.imul(a, 5) + 0xe6546b64) | 0;
    let b = (this.b + Math.imul(v | 0, 0x85ebca77)) | 0;
    b = (b << 13) | (b >>> 19);
    this.b = Math.imul(b, 0x9e3779b1);
    this.count++;
  }

  /** An action taken by `player` (a bot's, or a random opening move). */
  action(player: number, action: number): void {
    this.value(0x41000000 | player);
    this.value(action);
  }

  /** A chance outcome of kind `kind` (which generator call gave it). */
  chance(kind: number, v: number): void {
    this.value(0x43000000 | kind);
    this.value(v);
  }

  /** The hash's first 32 bits (an unsigned integer). */
  high(): number {
    return finish(this.a, this.count);
  }

  /** The hash's last 32 bits (an unsigned integer). */
  low(): number {
    return finish(this.b ^ 0x5bd1e995, this.count);
  }

  /** The hash as 16 lowercase hexadecimal digits (the matches.csv cell). */
  hex(): string {
    return hex8(this.high()) + hex8(this.low());
  }
}

/** MurmurHash3's finaliser: every input bit reaches every output bit. */
function finish(h: number, count: number): number {
  h ^= count;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function hex8(v: number): string {
  return v.toString(16).padStart(8, '0');
}

/** The starting lanes of a seating: its seat names (joined by commas, as matches.csv writes them), hashed. */
export function seatingLanes(names: string): [number, number] {
  const h = new PlayHash();
  h.start([0x9747b28c, 0x165667b1]);
  for (let i = 0; i < names.length; i++) h.value(names.charCodeAt(i));
  const text = h.hex();
  return [parseInt(text.slice(0, 8), 16) | 0, parseInt(text.slice(8), 16) | 0];
}

/** The kinds of chance outcome (PlayHash.chance). */
const FLOAT = 1;
const INT = 2;
const DIE = 3;
const SWAP = 4;
const CHILD = 5;

/**
 * The game's generator of a match whose play is hashed: the same stream as the generator it continues
 * (the same values, in the same order), each value the game draws also taken into the hash. Only the
 * game's generator is one: a bot's draws reach the game only through its actions, which are hashed.
 */
export class ChanceRng extends Rng {
  constructor(
    state: AleaState,
    private readonly hash: PlayHash,
  ) {
    super(state);
  }

  override float(): number {
    const v = super.float();
    // Alea's values are multiples of 2^-32: the 32 bits are the value exactly.
    this.hash.chance(FLOAT, (v * 4294967296) >>> 0);
    return v;
  }

  override int(n: number): number {
    const v = super.int(n);
    this.hash.chance(INT, v);
    return v;
  }

  override die(sides = 6): number {
    const v = super.die(sides);
    this.hash.chance(DIE, v);
    return v;
  }

  /** Rng's Fisher-Yates, step for step (each swap index is `int` of the same range), with the swaps hashed. */
  override shuffle<T>(a: { [i: number]: T; length: number }, from = 0, to = a.length): void {
    for (let i = to - 1; i > from; i--) {
      const j = from + super.int(i - from + 1);
      this.hash.chance(SWAP, j);
      const t = a[i];
      a[i] = a[j];
      a[j] = t;
    }
  }

  /** A child generator's draws are not seen, so its seed is hashed: a game that forks never looks repeated by mistake. */
  override child(): Rng {
    const c = super.child();
    const s = c.state();
    this.hash.chance(CHILD, (s.s0 * 4294967296) >>> 0);
    this.hash.chance(CHILD, (s.s1 * 4294967296) >>> 0);
    return c;
  }
}

import type { Rng } from '../src/engine/rng.js';

/**
 * Move-Average Sampling Technique (MAST; Finnsson & Björnsson, "Simulation-based approach to general game
 * playing", AAAI 2008): a table of the average reward each (player, action) pair earned, over every
 * iteration of the current decision in which that player took that action (tree steps and playout steps
 * alike). The playouts then play, with probability 1 - epsilon, the legal action with the best average
 * for the acting player, and fall back to the bot's ordinary playout policy otherwise (epsilon-greedy).
 *
 * An action is only an integer: MAST assumes the same integer means much the same move wherever it is
 * played (a card, a cell), which is what makes it game-independent, and also why it can mislead in a game
 * whose action codes mean different things in different phases. The table is cleared at every decision,
 * and every draw comes from the search's generator, so a match still replays from its seed.
 */
export class Mast {
  /** Reward sums and counts per key = action * players + player. */
  private sum = new Float64Array(256);
  private count = new Float64Array(256);
  /** sum / count, kept up to date by `update` (1 where count is 0), so that a playout step only reads it. */
  private value = new Float64Array(256).fill(1);
  /** Keys of the choices made in the current iteration, credited at its end. */
  private trace = new Int32Array(256);
  private traceLen = 0;
  /** Highest key written since the last reset: clearing stops there. */
  private used = 0;

  constructor(
    private readonly players: number,
    /** Probability of playing the base policy instead of MAST's best action. */
    readonly epsilon: number,
  ) {}

  /** Clears the table (a new decision). */
  reset(): void {
    this.sum.fill(0, 0, this.used + 1);
    this.count.fill(0, 0, this.used + 1);
    this.value.fill(1, 0, this.used + 1);
    this.used = 0;
    this.traceLen = 0;
  }

  /** Notes that player p chose action a in this iteration. */
  record(p: number, a: number): void {
    const key = a * this.players + p;
    if (key >= this.sum.length) this.growTable(key);
    if (key > this.used) this.used = key;
    if (this.traceLen === this.trace.length) {
      const t = new Int32Array(this.trace.length * 2);
      t.set(this.trace);
      this.trace = t;
    }
    this.trace[this.traceLen++] = key;
  }

  /** Credits every choice of the iteration with the reward of the player who made it. */
  update(rewards: Float64Array): void {
    const n = this.players;
    for (let i = 0; i < this.traceLen; i++) {
      const key = this.trace[i];
      this.sum[key] += rewards[key % n];
      this.count[key] += 1;
      this.value[key] = this.sum[key] / this.count[key];
    }
    this.traceLen = 0;
  }

  /** Average reward of (p, a) so far, or NaN if never played. */
  mean(p: number, a: number): number {
    const key = a * this.players + p;
    if (key >= this.count.length || this.count[key] === 0) return NaN;
    return this.sum[key] / this.count[key];
  }

  /**
   * The slot in buf[0..k) of the action to play, or -1 to let the base policy choose (with probability
   * epsilon). An action never played counts as worth 1, the best reward, so each gets tried; ties go to
   * the first from a random starting slot, so that ties are not always settled in the legal order.
   */
  pick(p: number, buf: Int32Array, k: number, rng: Rng): number {
    if (this.epsilon > 0 && rng.float() < this.epsilon) return -1;
    const start = rng.int(k);
    const value = this.value;
    const n = this.players;
    let best = start;
    let bestValue = -Infinity;
    for (let j = 0; j < k; j++) {
      const i = start + j < k ? start + j : start + j - k;
      const key = buf[i] * n + p;
      const v = key < value.length ? value[key] : 1;
      if (v > bestValue) {
        bestValue = v;
        best = i;
      }
    }
    return best;
  }

  private growTable(key: number): void {
    if (!(key >= 0) || !Number.isInteger(key)) throw new Error(`mast: actions must be non-negative integers, found key ${key}`);
    let cap = this.sum.length;
    while (cap <= key) cap *= 2;
    const s = new Float64Array(cap);
    s.set(this.sum);
    const c = new Float64Array(cap);
    c.set(this.count);
    const v = new Float64Array(cap).fill(1);
    v.set(this.value);
    this.sum = s;
    this.count = c;
    this.value = v;
  }
}

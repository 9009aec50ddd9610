/**
 * Head-to-head: for each ordered pair of lineup names that sat at the same table, how often the first
 * finished ahead of the second (ties counting half), over the matches they shared.
 *
 * A match gives one number per pair: the mean, over the seats of A and the seats of B, of 1 (A's seat
 * ranked ahead), 1/2 (tied) or 0. The share is the mean of those numbers over the shared matches. The
 * interval is Wilson's score interval at the effective sample size n * p(1 - p) / s^2 (s^2 the variance
 * of the per-match numbers): exactly Wilson's interval when every match is a plain win or loss, and
 * narrower when ties (or several seats of one name) make the per-match numbers less variable than a coin.
 */
import { wilson } from './intervals.js';

export interface HeadToHead {
  bot: string;
  opponent: string;
  sharedMatches: number;
  ahead: number;
  low95: number;
  high95: number;
}

/** Running sums per ordered pair of names, fed one match at a time. */
export class HeadToHeadTally {
  private readonly n: Float64Array;
  private readonly sum: Float64Array;
  private readonly sumSq: Float64Array;
  private readonly k: number;

  constructor(readonly names: readonly string[]) {
    this.k = names.length;
    this.n = new Float64Array(this.k * this.k);
    this.sum = new Float64Array(this.k * this.k);
    this.sumSq = new Float64Array(this.k * this.k);
  }

  /** One match (or `count` identical ones): the name index of each seat and each seat's rank. */
  add(seatNames: ArrayLike<number>, ranks: ArrayLike<number>, count = 1): void {
    const k = this.k;
    const seats = seatNames.length;
    const score = new Float64Array(k * k);
    const pairs = new Float64Array(k * k);
    for (let a = 0; a < seats; a++) {
      for (let b = 0; b < seats; b++) {
        const i = seatNames[a];
        const j = seatNames[b];
        if (i === j) continue;
        pairs[i * k + j]++;
        score[i * k + j] += ranks[a] < ranks[b] ? 1 : ranks[a] === ranks[b] ? 0.5 : 0;
      }
    }
    for (let x = 0; x < k * k; x++) {
      if (pairs[x] === 0) continue;
      const v = score[x] / pairs[x];
      this.n[x] += count;
      this.sum[x] += count * v;
      this.sumSq[x] += count * v * v;
    }
  }

  /** Every ordered pair that shared a table, by name order of the bot, then of the opponent. */
  rows(): HeadToHead[] {
    const k = this.k;
    const byName = this.names.map((_, i) => i).sort((a, b) => (this.names[a] < this.names[b] ? -1 : this.names[a] > this.names[b] ? 1 : a - b));
    const out: HeadToHead[] = [];
    for (const i of byName) {
      for (const j of byName) {
        const x = i * k + j;
        const n = this.n[x];
        if (i === j || n === 0) continue;
        const p = this.sum[x] / n;
        const variance = Math.max(this.sumSq[x] / n - p * p, 0);
        const effective = variance > 0 ? (n * p * (1 - p)) / variance : n;
        const [low95, high95] = wilson(p * effective, effective);
        out.push({ bot: this.names[i], opponent: this.names[j], sharedMatches: n, ahead: p, low95, high95 });
      }
    }
    return out;
  }
}

import { DistinctSketch } from './distinct-sketch.js';
import { critical } from './estimate.js';
import { wilson } from './intervals.js';
import type { Moments } from './moments.js';

/**
 * Repeated plays: matches whose play hash (matches.csv's `play_hash`) equals an earlier match's played the
 * same game, seat for seat and move for move, and add no evidence about the bots or the rules. A side's
 * matches are counted by play, and its figures' intervals treat each distinct play as one observation (a
 * cluster: docs/statistics.md, "Repeated plays").
 */

/**
 * Distinct plays tracked per side: a hash first seen after this many distinct ones is not looked for
 * again (a few dozen bytes each, per variant and per side of a comparison); such hashes are counted by a
 * fixed-memory sketch (distinct-sketch.ts), so the memory stays the same however many matches a run has.
 */
export const MAX_TRACKED_PLAYS = 100_000;

/** A play's key among the clusters: its hash's first 52 bits (two plays share them with a chance of about one in a million among 100,000). */
function clusterKey(high: number, low: number): number {
  return high * 0x100000 + (low >>> 12);
}

/** The 32-bit word of 8 hexadecimal digits at text[at] (read in place: no substring per match); a digit that is not one counts as 0. */
function hexWord(text: string, at: number): number {
  let v = 0;
  for (let i = at; i < at + 8; i++) {
    const c = text.charCodeAt(i) | 0x20; // lower case
    const d = c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : 0;
    v = (v << 4) | d;
  }
  return v >>> 0;
}

/**
 * Distinct 64-bit hashes, each with a count, in open addressing over typed arrays: no boxed number per
 * key, no garbage per match, and about 12 bytes a slot (a Map keyed by numbers this large takes several
 * times that and costs a lookup of a boxed number per match).
 */
class HashCounts {
  size = 0;
  private high = new Uint32Array(1024);
  private low = new Uint32Array(1024);
  /** 0: an empty slot. */
  private counts = new Int32Array(1024);

  /** The hash's count after adding one to it, or 0 when the hash is not here (nothing changes then). */
  increment(high: number, low: number): number {
    const mask = this.counts.length - 1;
    for (let i = low & mask; ; i = (i + 1) & mask) {
      if (this.counts[i] === 0) return 0;
      if (this.low[i] === low && this.high[i] === high) return ++this.counts[i];
    }
  }

  /** Adds a hash that is not here, with a count of 1. */
  insert(high: number, low: number): void {
    if (2 * (this.size + 1) > this.counts.length) this.grow();
    this.place(high, low, 1);
    this.size++;
  }

  private place(high: number, low: number, count: number): void {
    const mask = this.counts.length - 1;
    let i = low & mask;
    while (this.counts[i] !== 0) i = (i + 1) & mask;
    this.high[i] = high;
    this.low[i] = low;
    this.counts[i] = count;
  }

  /** Doubles the slots (at most half of them are ever used, so a probe stays short). */
  private grow(): void {
    const [high, low, counts] = [this.high, this.low, this.counts];
    this.high = new Uint32Array(2 * counts.length);
    this.low = new Uint32Array(2 * counts.length);
    this.counts = new Int32Array(2 * counts.length);
    for (let i = 0; i < counts.length; i++) if (counts[i] !== 0) this.place(high[i], low[i], counts[i]);
  }
}

/** A play seen at least twice: how many matches played it, and its quantities' values (the same in each). */
interface Cluster {
  count: number;
  values: Float64Array;
}

export class PlayRepeats {
  /** Matches with a play hash (a folder written before the column has none: nothing is counted). */
  matches = 0;
  private readonly seen = new HashCounts();
  private readonly clusters = new Map<number, Cluster>();
  /** The hashes first seen once MAX_TRACKED_PLAYS were tracked: counted by a sketch (none tracked twice). */
  private readonly untracked = new DistinctSketch();
  private anyUntracked = false;

  /** A match's play hash and its quantities' values (NaN: no value). */
  add(hash: string, values: Float64Array): void {
    if (hash === '') return;
    const high = hexWord(hash, 0);
    const low = hexWord(hash, 8);
    this.matches++;
    const count = this.seen.increment(high, low);
    if (count === 0) {
      if (this.seen.size < MAX_TRACKED_PLAYS) this.seen.insert(high, low);
      else this.addUntracked(high, low);
      return;
    }
    // A play seen a second time: its values are the first time's (the same play gives the same row).
    const key = clusterKey(high, low);
    const cluster = this.clusters.get(key);
    if (cluster === undefined) this.clusters.set(key, { count: 2, values: Float64Array.from(values) });
    else cluster.count++;
  }

  /** Whether the matches carried play hashes at all. */
  get known(): boolean {
    return this.matches > 0;
  }

  /**
   * Distinct plays among the matches: exact up to MAX_TRACKED_PLAYS; beyond, the tracked ones plus the
   * sketch's estimate of the others (rounded, and never more than the matches that could hold them).
   */
  get distinct(): number {
    if (!this.anyUntracked) return this.seen.size;
    const others = Math.max(1, Math.round(this.untracked.estimate()));
    return Math.min(this.seen.size + others, this.matches - this.inTrackedRepeats());
  }

  /** Whether `distinct` is the sketch's estimate rather than an exact count. */
  get distinctEstimated(): boolean {
    return this.anyUntracked;
  }

  private addUntracked(high: number, low: number): void {
    this.untracked.add(high, low);
    this.anyUntracked = true;
  }

  /** Matches that repeat a tracked play (counted exactly). */
  private inTrackedRepeats(): number {
    let n = 0;
    for (const c of this.clusters.values()) n += c.count - 1;
    return n;
  }

  /** Matches that repeat an earlier match's play. */
  get repeated(): number {
    return this.matches - this.distinct;
  }

  /** The most matches any one play took (1 when none repeats). */
  get largest(): number {
    let most = this.matches > 0 ? 1 : 0;
    for (const c of this.clusters.values()) if (c.count > most) most = c.count;
    return most;
  }

  /** Kish's effective number of plays over every match with a hash (see `interval`); undefined when no play repeats. */
  get effective(): number | undefined {
    if (this.clusters.size === 0) return undefined;
    let inClusters = 0;
    let squaredCounts = 0;
    for (const c of this.clusters.values()) {
      inClusters += c.count;
      squaredCounts += c.count * c.count;
    }
    return (this.matches * this.matches) / (squaredCounts + this.matches - inClusters);
  }

  /**
   * The 95% interval of quantity q's mean with each distinct play one observation, weighted by its
   * matches: Kish's effective number of plays n_eff = N^2 / sum of (matches per play)^2 (N when no play
   * repeats, the number of plays when each took as many matches) stands for the matches. A 0/1 quantity
   * gets Wilson's interval on n_eff; another the mean ± t(n_eff - 1) x s / sqrt(n_eff), s the spread
   * between distinct plays (each counted once). `m`: the quantity's moments over every match (NaN values
   * left out); `shift`: for a rate kept shifted (the first-player advantage is a share minus 1/players),
   * what brings it back to [0, 1]. Undefined when no play repeats (the usual interval holds).
   */
  interval(q: number, m: Moments, binary: boolean, shift = 0): [number, number] | undefined {
    if (this.clusters.size === 0 || !(m.n > 0)) return undefined;
    const mean = m.mean;
    // Over the plays seen more than once; the plays seen once are the rest of the matches, whose sums
    // follow from the totals (the deviations from the mean of every match sum to 0, their squares to m2).
    let inClusters = 0;
    let squaredCounts = 0;
    let clusterPlays = 0;
    let dSum = 0;
    let dSquares = 0;
    let dWeighted = 0;
    let dWeightedSquares = 0;
    for (const c of this.clusters.values()) {
      const v = c.values[q];
      if (v !== v) continue;
      const d = v - mean;
      inClusters += c.count;
      squaredCounts += c.count * c.count;
      clusterPlays++;
      dSum += d;
      dSquares += d * d;
      dWeighted += c.count * d;
      dWeightedSquares += c.count * d * d;
    }
    const singles = m.n - inClusters;
    const plays = clusterPlays + singles;
    const effective = (m.n * m.n) / (squaredCounts + singles);
    if (binary) {
      const rate = mean + shift;
      const [low, high] = wilson(rate * effective, effective);
      return [low - shift, high - shift];
    }
    if (plays < 2) return [NaN, NaN];
    const sum = dSum - dWeighted;
    const squares = dSquares + Math.max(m.m2 - dWeightedSquares, 0);
    const spread = Math.max(squares - (sum * sum) / plays, 0) / (plays - 1);
    const half = critical(0.95, Math.max(effective - 1, 1)) * Math.sqrt(spread / effective);
    return [mean - half, mean + half];
  }
}

/** A play hash's first 52 bits as a number, a lean key for a Map of plays (play-tally.ts). */
export function playKey(hash: string): number {
  return parseInt(hash.slice(0, 13), 16);
}

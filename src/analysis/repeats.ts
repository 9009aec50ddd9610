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
 * Distinct plays tracked per side: a hash first seen after this many distinct ones is counted as a new
 * play and not looked for again (a few dozen bytes each, per variant and per side of a comparison).
 */
export const MAX_TRACKED_PLAYS = 100_000;

/**
 * A play hash's first 52 bits as a number: a Map keyed by numbers is far leaner than one keyed by strings,
 * and among 100,000 distinct plays two share 52 bits with a chance of about one in a million.
 */
export function playKey(hash: string): number {
  return parseInt(hash.slice(0, 13), 16);
}

/** A play seen at least twice: how many matches played it, and its quantities' values (the same in each). */
interface Cluster {
  count: number;
  values: Float64Array;
}

export class PlayRepeats {
  /** Matches with a play hash (a folder written before the column has none: nothing is counted). */
  matches = 0;
  private readonly seen = new Map<number, number>();
  private readonly clusters = new Map<number, Cluster>();
  private untracked = 0;

  /** A match's play hash and its quantities' values (NaN: no value). */
  add(hash: string, values: Float64Array): void {
    if (hash === '') return;
    const key = playKey(hash);
    this.matches++;
    const count = this.seen.get(key);
    if (count === undefined) {
      if (this.seen.size < MAX_TRACKED_PLAYS) this.seen.set(key, 1);
      else this.untracked++;
      return;
    }
    this.seen.set(key, count + 1);
    // A play seen a second time: its values are the first time's (the same play gives the same row).
    const cluster = this.clusters.get(key);
    if (cluster === undefined) this.clusters.set(key, { count: 2, values: Float64Array.from(values) });
    else cluster.count++;
  }

  /** Whether the matches carried play hashes at all. */
  get known(): boolean {
    return this.matches > 0;
  }

  /** Distinct plays among the matches. */
  get distinct(): number {
    return this.seen.size + this.untracked;
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

import type { SeatBot } from './match.js';

/**
 * Seeds and seat rotation: the one place that decides who plays which match with which seed.
 *
 * - Match i (0-based) of every variant uses the seed `<masterSeed>/match/<i>` (deriveSeed(masterSeed, 'match', i)): variants are
 *   paired (common random numbers), so a difference between variants is not noise from different deals.
 * - In match i, seat s is played by lineup entry (s + i) mod players: over any multiple of `players`
 *   matches every lineup entry sits in every seat equally often.
 *
 * `tavolo play` uses the same two functions, so it replays exactly a tournament's match.
 */
export function matchSeed(masterSeed: string, match: number): string {
  // deriveSeed(masterSeed, 'match', match), spelled out: this runs once per match.
  return `${masterSeed}/match/${match}`;
}

/** The lineup entry that plays `seat` in match `match`. */
export function lineupIndex(seat: number, match: number, players: number): number {
  return (seat + match) % players;
}

/** The seat where lineup entry `entry` sits in match `match`: the inverse of lineupIndex. */
export function seatOfEntry(entry: number, match: number, players: number): number {
  return (((entry - match) % players) + players) % players;
}

/** For each rotation r = match mod players, the seat order: rotations[r][seat] = lineup[(seat + r) % n]. */
export function rotations<T>(lineup: readonly T[]): T[][] {
  const n = lineup.length;
  const out: T[][] = [];
  for (let r = 0; r < n; r++) {
    const seats: T[] = [];
    for (let s = 0; s < n; s++) seats.push(lineup[lineupIndex(s, r, n)]);
    out.push(seats);
  }
  return out;
}

export type { SeatBot };

/**
 * Shards: `--shard i/n` plays, in every variant, the contiguous match range
 * [floor(i * matches / n), floor((i + 1) * matches / n)). The ranges of shards 0..n-1 cover every match
 * exactly once, whatever the batch size; `tavolo merge` puts them back together.
 */
export function shardRange(matches: number, shard: { index: number; count: number } | null): [number, number] {
  if (!shard) return [0, matches];
  return [Math.floor((shard.index * matches) / shard.count), Math.floor(((shard.index + 1) * matches) / shard.count)];
}

/**
 * The lineups of a meta-game: every multiset of `players` strategies drawn from the population (a
 * strategy may fill several seats), and of each every distinct seating, one run each, all on one seed.
 * Match i of every run is dealt from the same seed, and a run's seat rotation (src/engine/plan.ts: in
 * match i seat s is played by lineup entry (s + i) mod players) maps the seatings of a multiset onto
 * themselves, so deal i is played once in every seating of its multiset: heads-up, a against b and b
 * against a on the same deal. The deal, not the match, is then the unit of the analysis (tally.ts).
 */

/** Every multiset of size `size` over `n` strategies, as nondecreasing index lists, in lexicographic order. */
export function multisets(n: number, size: number): number[][] {
  const out: number[][] = [];
  const walk = (prefix: number[], from: number) => {
    if (prefix.length === size) {
      out.push(prefix);
      return;
    }
    for (let i = from; i < n; i++) walk([...prefix, i], i);
  };
  walk([], 0);
  return out;
}

function compare(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

/** The distinct orderings of a multiset, in lexicographic order (the multiset given sorted). */
export function seatings(multiset: readonly number[]): number[][] {
  if (multiset.length <= 1) return [[...multiset]];
  const out: number[][] = [];
  const seen = new Set<number>();
  multiset.forEach((x, i) => {
    if (seen.has(x)) return;
    seen.add(x);
    for (const rest of seatings([...multiset.slice(0, i), ...multiset.slice(i + 1)])) out.push([x, ...rest]);
  });
  return out.sort(compare);
}

/** One lineup of the meta-game: a seating of a multiset. */
export interface Lineup {
  /** The strategies by seat of the run's lineup (entry order). */
  seats: number[];
  /** The multiset, sorted: lineups with the same one are seatings of the same table. */
  multiset: number[];
}

/** Every lineup of the meta-game, multiset by multiset. */
export function metaLineups(strategies: number, players: number): { lineups: Lineup[]; multisets: number } {
  const sets = multisets(strategies, players);
  const lineups = sets.flatMap((m) => seatings(m).map((seats) => ({ seats, multiset: m })));
  return { lineups, multisets: sets.length };
}

/** The key of a multiset given as counts per strategy or as a sorted index list. */
export function multisetKey(multiset: readonly number[]): string {
  return multiset.join(',');
}

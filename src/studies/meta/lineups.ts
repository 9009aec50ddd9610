/**
 * The lineups of a meta-game: every multiset of `players` strategies drawn from the population
 * (a strategy may fill several seats), and of each every seating up to rotation. A run's seat rotation
 * (src/engine/plan.ts: in match i seat s is played by lineup entry (s + i) mod players) plays each
 * seating in all its rotations, so one run per seating class plays every seating of the multiset. At two
 * players a multiset has one class (a against b plays both seatings in one run).
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

/** The smallest rotation of a sequence (lexicographic): the class's representative. */
function leastRotation(seq: readonly number[]): number[] {
  let best = [...seq];
  for (let r = 1; r < seq.length; r++) {
    const rot = [...seq.slice(r), ...seq.slice(0, r)];
    if (compare(rot, best) < 0) best = rot;
  }
  return best;
}

function compare(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

/** The distinct orderings of a multiset. */
function permutations(multiset: readonly number[]): number[][] {
  if (multiset.length <= 1) return [[...multiset]];
  const out: number[][] = [];
  const seen = new Set<number>();
  multiset.forEach((x, i) => {
    if (seen.has(x)) return;
    seen.add(x);
    for (const rest of permutations([...multiset.slice(0, i), ...multiset.slice(i + 1)])) out.push([x, ...rest]);
  });
  return out;
}

/** The seatings of a multiset up to rotation, each as its least rotation, in lexicographic order. */
export function seatingClasses(multiset: readonly number[]): number[][] {
  const classes = new Map<string, number[]>();
  for (const p of permutations(multiset)) {
    const least = leastRotation(p);
    classes.set(least.join(','), least);
  }
  return [...classes.values()].sort(compare);
}

/** One lineup of the meta-game: a seating class of a multiset. */
export interface Lineup {
  /** The strategies by seat of the run's lineup (entry order). */
  seats: number[];
  /** The multiset, sorted: lineups with the same one are seatings of the same table. */
  multiset: number[];
}

/** Every lineup of the meta-game, multiset by multiset. */
export function metaLineups(strategies: number, players: number): { lineups: Lineup[]; multisets: number } {
  const sets = multisets(strategies, players);
  const lineups = sets.flatMap((m) => seatingClasses(m).map((seats) => ({ seats, multiset: m })));
  return { lineups, multisets: sets.length };
}

/** The key of a multiset given as counts per strategy or as a sorted index list. */
export function multisetKey(multiset: readonly number[]): string {
  return multiset.join(',');
}

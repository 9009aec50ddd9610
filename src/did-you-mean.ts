/**
 * "Did you mean" for misspelt names (games, bots, options, variants, commands, fields): the closest
 * known name by edit distance, when it is close enough to be a likely typo. A few lines of dynamic
 * programming; no library is needed for lists of a few dozen names.
 */

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array<number>(rows * cols).fill(0);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[(i - 1) * cols + j] + 1, d[i * cols + j - 1] + 1, d[(i - 1) * cols + j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[(i - 2) * cols + j - 2] + 1);
      d[i * cols + j] = best;
    }
  }
  return d[rows * cols - 1];
}

/**
 * The known name closest to `word` (case is ignored), if it is within a third of the word's length
 * (at least 1, at most 3 edits); ties go to the first listed. Undefined when nothing is close.
 */
export function closestName(word: string, known: readonly string[]): string | undefined {
  const w = word.toLowerCase();
  const limit = Math.min(3, Math.max(1, Math.floor(w.length / 3)));
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const name of known) {
    const dist = editDistance(w, name.toLowerCase());
    if (dist < bestDistance && dist > 0) {
      best = name;
      bestDistance = dist;
    } else if (dist === 0 && name !== word) {
      return name;
    }
  }
  return best;
}

/** ` (did you mean "greedy"?)`, or the empty string when no known name is close. */
export function didYouMean(word: string, known: readonly string[]): string {
  const name = closestName(word, known);
  return name === undefined ? '' : ` (did you mean "${name}"?)`;
}

import { MEASURE_NAMES } from '../engine/measures.js';

/**
 * The match measures (docs/measures.md) grouped by the question each answers, for the verdict's first
 * sentence about them: which of these questions a variant changes. In the order of the measures' columns.
 */
export const MEASURE_THEMES: readonly { readonly words: string; readonly measures: readonly string[] }[] = [
  { words: 'the lead changes', measures: ['leader_changes', 'leader_changes_per_turn'] },
  { words: 'the drama (how long and how far the eventual winner was behind)', measures: ['winner_behind_share', 'winner_max_deficit'] },
  { words: 'the decisiveness (when the winner took the lead for good)', measures: ['decided_at'] },
  { words: 'the choice at each decision', measures: ['choice_share', 'distinct_choice_share', 'branching_mean', 'branching_max'] },
  { words: 'the turns a player could not act in', measures: ['forced_turns', 'forced_turn_share'] },
];

/** Whether a quantity is one of the match measures' columns (`metric:<measure>`). */
export function isMeasureQuantity(q: string): boolean {
  return q.startsWith('metric:') && MEASURE_NAMES.includes(q.slice(7));
}

/** The measure's place in the columns' order, for sorting quantities `metric:<measure>`. */
export function measureOrder(q: string): number {
  return MEASURE_NAMES.indexOf(q.slice(7));
}

/** "a", "a and b", "a, b and c" (or "or"). */
function listWords(items: readonly string[], joint: 'and' | 'or'): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${joint} ${items[items.length - 1]}`;
}

/**
 * The themes a variant changed and those it did not detectably, in one sentence (after the variant's name):
 * "changes the lead changes and the choice at each decision; no detectable change in the drama (...) or the
 * decisiveness (...)". A measure that is not significant may still have changed by less than the run could
 * see, so it is never said not to have changed. `moved` names the measures whose change is significant;
 * `present` those the comparison has (a theme with none is left out).
 */
export function themeSentence(present: ReadonlySet<string>, moved: ReadonlySet<string>): string {
  const themes = MEASURE_THEMES.filter((t) => t.measures.some((m) => present.has(m)));
  const changed = themes.filter((t) => t.measures.some((m) => moved.has(m))).map((t) => t.words);
  const still = themes.filter((t) => !t.measures.some((m) => moved.has(m))).map((t) => t.words);
  if (changed.length === 0) return `shows no detectable change in ${listWords(still, 'or')}.`;
  const not = still.length > 0 ? `; no detectable change in ${listWords(still, 'or')}` : '';
  return `changes ${listWords(changed, 'and')}${not}.`;
}

import type { Finding } from './finding.js';

/**
 * The audit's verdict: a few words a designer reads first, from the findings alone. A game is called
 * *unbalanced* when a seat-balance line is red, *luck* when greedy cannot beat random play by the margin
 * every built-in game shows (casual skill red), and otherwise *sound* or *worth a look* by its worst line.
 */
export interface Verdict {
  /** The labels, worst first: 'unbalanced', 'luck', 'worth a look', 'sound'. */
  labels: string[];
  sentence: string;
}

export function verdictOf(findings: readonly Finding[]): Verdict {
  const red = findings.filter((f) => f.severity === 'red');
  const amber = findings.filter((f) => f.severity === 'amber');
  const labels: string[] = [];
  if (red.some((f) => f.area === 'balance')) labels.push('unbalanced');
  if (red.some((f) => f.id === 'skill_casual')) labels.push('luck');
  const others = red.filter((f) => f.area !== 'balance' && f.id !== 'skill_casual');
  if (labels.length === 0) labels.push(others.length > 0 || amber.length > 0 ? 'worth a look' : 'sound');
  const counts = `${red.length} red and ${amber.length} amber of ${findings.length} lines`;
  const why = labels
    .map((l) =>
      l === 'unbalanced'
        ? 'a seat wins far more often than its fair share'
        : l === 'luck'
          ? 'greedy play does not beat random play as it does in every built-in game'
          : l === 'sound'
            ? 'every line is within what the built-in games show'
            : 'some lines lie outside what the built-in games show',
    )
    .join('; ');
  return { labels, sentence: `Verdict: ${labels.join(', ')} (${counts}): ${why}.` };
}

import { compareAfterRunParts, readOnce, type OnePass } from '../analysis/after-run.js';
import { openResult } from '../analysis/results.js';
import { Standings, standingsAfterRun, standingsOrWarning, writeStandingsFiles } from '../analysis/standings.js';
import { MatchTally } from '../html/data.js';
import { reportAfterRun } from './report.js';

/**
 * The answer block with a sweep's trend in words (empty without a sweep) right after the question: the
 * trend answers a sweep's question, and each value's comparison with the baseline (nine blocks for nine
 * values) follows it, as report.html lays them out.
 */
export function sweepFirst(verdict: string, sweepAnswer: string): string {
  if (sweepAnswer === '') return verdict;
  const lines = verdict.split('\n');
  const asked = lines[0]?.startsWith('Question: ') ? 1 : 0;
  return [...lines.slice(0, asked), sweepAnswer, '', ...lines.slice(asked)].join('\n');
}

/** What `tavolo run` and `tavolo merge` print and write once their result folder is in place. */
export interface AfterRun {
  /** The leaderboard and the line naming ratings.csv and head-to-head.csv ('' after a warning). */
  standings: string;
  /**
   * The comparison of the variants ('' for one variant, or after a warning): `answer`, a sweep's trend in
   * sentences (printed with the verdict), and `tables`, the comparison block.
   */
  comparison(): Promise<{ answer: string; tables: string }>;
  /** Writes report.html and prints its line (a warning when it cannot). */
  report(): Promise<void>;
}

/**
 * Everything after the last match, from one read of matches.csv: the standings and the report's tallies
 * are gathered in that read, which also finds where each variant's rows lie, so that the comparison's
 * pairs read only their own rows. Each part fails on its own with its own warning, as when each read the
 * file itself; the results on disk are the same bytes.
 */
export async function analyseAfterRun(outDir: string, baseline?: string): Promise<AfterRun> {
  let pass: OnePass;
  let tally: MatchTally;
  let standings: Standings;
  try {
    const info = openResult(outDir);
    standings = new Standings(info.lineup);
    tally = new MatchTally(info.metricNames);
    pass = await readOnce(info, [standings, tally]);
  } catch {
    // The folder cannot be read: each part tries on its own and says why it cannot, as before the one pass.
    return {
      standings: await standingsAfterRun(outDir),
      comparison: () => compareAfterRunParts(outDir, baseline),
      report: () => reportAfterRun(outDir),
    };
  }
  return {
    standings: await standingsOrWarning(outDir, () => {
      if (pass.failed.has(standings)) throw pass.failed.get(standings);
      return writeStandingsFiles(pass.info, standings);
    }),
    comparison: () => compareAfterRunParts(outDir, baseline, { info: pass.info, spans: pass.summary.spans }),
    // A tally that failed leaves the report to read matches.csv itself.
    report: () => reportAfterRun(outDir, pass.failed.has(tally) ? undefined : tally.summary()),
  };
}

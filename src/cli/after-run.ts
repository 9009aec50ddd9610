import { compareAfterRunParts, readOnce, type OnePass, type RowSink } from '../analysis/after-run.js';
import { MatchesFeed, type FeedPlan } from '../analysis/matches-feed.js';
import type { FedPairs } from '../analysis/paired-feed.js';
import { openResult, type ResultInfo } from '../analysis/results.js';
import { Standings, standingsAfterRun, standingsOrWarning, writeStandingsFiles } from '../analysis/standings.js';
import { OwnFiguresSink, verdictAfterRun } from '../analysis/verdict-input.js';
import { MatchTally } from '../report/data.js';
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
  /** The verdict block (after the comparison, whose files it reads; '' after a warning). */
  verdict(): Promise<string>;
  /** Writes report.html and prints its line (a warning when it cannot). */
  report(): Promise<void>;
}

/**
 * What the one pass over the matches gathers: the standings, the report's tallies and, for a single
 * variant, the verdict's figures (with several, the verdict reads the comparison's files).
 */
export class AfterRunSinks {
  readonly standings: Standings;
  readonly tally: MatchTally;
  readonly own: OwnFiguresSink | undefined;
  readonly list: RowSink[];

  constructor(info: Pick<ResultInfo, 'lineup' | 'players' | 'metricNames' | 'variants'>) {
    this.standings = new Standings(info.lineup);
    this.tally = new MatchTally(info.metricNames);
    this.own = info.variants.length < 2 ? new OwnFiguresSink(info) : undefined;
    this.list = this.own ? [this.standings, this.tally, this.own] : [this.standings, this.tally];
  }
}

/**
 * For `tavolo run`: gathers the one pass's sinks from matches.csv as the runner writes it, during the
 * play (RunOptions.matchesCsv), so that `analyseAfterRun` need not read the file again.
 */
export function afterRunFeed(plan: FeedPlan): MatchesFeed<AfterRunSinks> {
  return new MatchesFeed(plan, (metricNames) => {
    const sinks = new AfterRunSinks({ ...plan, variants: [...plan.variants], lineup: [...plan.lineup], metricNames });
    return { sinks, list: sinks.list };
  });
}

/**
 * Everything after the last match, from one read of matches.csv (or none, when `feed` saw the whole file
 * as the runner wrote it): the standings, the report's tallies and a single variant's verdict figures
 * are gathered in that read, which also finds where each variant's rows lie, so that the comparison's
 * pairs read only their own rows. Each part fails on its own with its own warning, as when each read the
 * file itself; the results on disk are the same bytes.
 */
export async function analyseAfterRun(outDir: string, baseline?: string, feed?: MatchesFeed<AfterRunSinks>): Promise<AfterRun> {
  let pass: OnePass;
  let sinks: AfterRunSinks;
  let pairs: ReadonlyMap<number, FedPairs> | undefined;
  try {
    const info = openResult(outDir);
    const fed = feed?.result(info);
    if (fed) [pass, sinks, pairs] = [{ info, summary: fed.summary, failed: fed.failed }, fed.sinks, fed.pairs];
    else {
      sinks = new AfterRunSinks(info);
      pass = await readOnce(info, sinks.list);
    }
  } catch {
    // The folder cannot be read: each part tries on its own and says why it cannot, as before the one pass.
    return {
      standings: await standingsAfterRun(outDir),
      comparison: () => compareAfterRunParts(outDir, baseline),
      verdict: () => verdictAfterRun(outDir),
      report: () => reportAfterRun(outDir),
    };
  }
  const { standings, tally, own } = sinks;
  // A sink that failed leaves its part to read matches.csv itself.
  const ownFigures = own && !pass.failed.has(own) ? own.figures() : undefined;
  return {
    standings: await standingsOrWarning(outDir, () => {
      if (pass.failed.has(standings)) throw pass.failed.get(standings);
      return writeStandingsFiles(pass.info, standings);
    }),
    comparison: () => compareAfterRunParts(outDir, baseline, { info: pass.info, spans: pass.summary.spans, pairs }),
    verdict: () => verdictAfterRun(outDir, ownFigures),
    report: () => reportAfterRun(outDir, pass.failed.has(tally) ? undefined : tally.summary(), ownFigures),
  };
}

import { Interrupted } from '../errors.js';
import { progressBar, type Progress } from '../terminal/progress.js';
import type { StudyClock } from './cost.js';
import { withStudyPool } from './pool.js';
import { runTournament, type RunOptions, type RunOutcome } from './run.js';
import { determinismWarning } from './self-check.js';
import type { ResolvedSpec } from './spec.js';

/**
 * What the studies that play a list of ordinary runs share (`importance`, `meta`): playing them in order
 * on one worker pool, each resumed when journaled and reused when complete, and the faults and
 * determinism warnings over all of them.
 */

export type StudyRunOptions<R> = Omit<RunOptions, 'outDir' | 'resume'> & { onRun?: (k: number, total: number, run: R) => void };

/** Plays `runs` in order on one pool (pool.ts: StudyPool); `force` plays finished ones again. */
export async function playStudyRuns<R extends { dir: string; spec: ResolvedSpec }>(runs: readonly R[], o: StudyRunOptions<R>): Promise<RunOutcome[]> {
  return withStudyPool(o.threads, async (pool) => {
    const outcomes: RunOutcome[] = [];
    for (const [k, run] of runs.entries()) {
      o.onRun?.(k, runs.length, run);
      outcomes.push(await runTournament(run.spec, { ...o, outDir: run.dir, resume: o.force !== true, pool }));
    }
    return outcomes;
  });
}

/** The matches a bot's fault ended over all the runs, and a line for each run whose self-check found it not deterministic. */
export function studyFaults(outcomes: readonly RunOutcome[], shown: (dir: string) => string): { faults: number; undetermined: string[] } {
  return {
    faults: outcomes.reduce((n, o) => n + Object.values(o.faults).reduce((a, x) => a + x, 0), 0),
    undetermined: outcomes.flatMap((o) => (o.determinism && o.determinism.differing.length > 0 ? [`${shown(o.outDir)}: ${determinismWarning(o.determinism)}`] : [])),
  };
}

/** How a study's command shows its runs on stderr while they play. */
export interface StudyShow<R> {
  /** The run in words (`without jolly`, `greedy vs random`). */
  label: (run: R) => string;
  clock: StudyClock;
  shown: (path: string) => string;
  /** The study's folder, and what its runs are called (`runs`, `lineups`), for the line said when interrupted. */
  root: string;
  what: string;
}

/**
 * Plays the runs with a line and a progress bar for each on stderr (the bar on a terminal only). Returns
 * the faults and determinism warnings, or the exit code when interrupted (130, or 143 for SIGTERM),
 * having said that the same command again finishes the runs.
 */
export async function playStudyShown<R extends { dir: string; spec: ResolvedSpec }>(
  runs: readonly R[],
  o: Omit<StudyRunOptions<R>, 'onRun' | 'onStart' | 'onProgress'>,
  show: StudyShow<R>,
): Promise<{ faults: number; undetermined: string[] } | { exit: number }> {
  let bar: Progress | undefined;
  try {
    const outcomes = await playStudyRuns(runs, {
      ...o,
      onRun: (k, total, run) => {
        bar?.stop();
        const left = k > 0 ? show.clock.leftBefore(k) : undefined;
        process.stderr.write(`[${k + 1}/${total}] ${show.label(run)}: ${show.shown(run.dir)}${left ? ` (${left})` : ''}\n`);
        bar = progressBar();
      },
      onStart: ({ done, total }) => bar?.start(total, done),
      onProgress: (done) => bar?.update(done),
    });
    return studyFaults(outcomes, show.shown);
  } catch (err) {
    if (!(err instanceof Interrupted)) throw err;
    bar?.stop();
    process.stderr.write(`tavolo: interrupted (${err.signal}); the ${show.what} are journaled in ${show.shown(show.root)}: the same command again finishes them.\n`);
    return { exit: err.signal === 'SIGTERM' ? 143 : 130 };
  } finally {
    bar?.stop();
  }
}

import { availableParallelism } from 'node:os';
import { durationText } from '../terminal/duration.js';
import { pilotRun, type PilotMeasure } from './pilot.js';
import type { ResolvedSpec } from './spec.js';

/**
 * What a command will cost, said before it plays (the guide's "say what it will cost"): a short pilot of
 * each run it will play, scaled to the matches still to play and to the threads that will play them.
 * Commands say it when the estimate passes LONG_SECONDS, with what a smaller setting would cost.
 */

/** Past this, a command says how long it will take before it starts. */
export const LONG_SECONDS = 30;
/** The pilot's whole time, shared by a command's runs. */
export const PILOT_SECONDS = 2;
/** Each run's share of the pilot stays within these. */
const RUN_PILOT_MIN = 0.05;
const RUN_PILOT_MAX = 0.5;

export interface PlannedRun {
  spec: ResolvedSpec;
  /** Matches still to play, over all variants (the whole run, unless part of it is journaled already). */
  matches: number;
  /** Runs with the same key cost the same a match (a study's two seatings): one pilot serves them all. */
  key?: string;
}

export interface CostEstimate {
  /** Wall seconds for every run, on the threads given. */
  seconds: number;
  /** Each run's share of `seconds`, in the order given. */
  perRun: number[];
  threads: number;
  pilot: { seconds: number; matches: number; decisions: number; lengthFromRandomPlay: boolean };
}

/** Threads that really play at once: no more than the machine's cores. */
function parallel(threads: number): number {
  return Math.max(1, Math.min(threads, availableParallelism()));
}

/**
 * Pilots each run (its first matches, in this thread) and scales: a run of m matches at s seconds a match
 * on t threads takes m x s / t. The pilot ends early once the whole plan is plainly short.
 */
export function estimateCost(runs: readonly PlannedRun[], threads: number, pilotSeconds = PILOT_SECONDS): CostEstimate {
  const t = parallel(threads);
  const share = Math.min(RUN_PILOT_MAX, Math.max(RUN_PILOT_MIN, pilotSeconds / Math.max(1, runs.length)));
  const measures: PilotMeasure[] = [];
  const byKey = new Map<string, PilotMeasure>();
  const perRun: number[] = [];
  for (const run of runs) {
    if (run.matches <= 0) {
      perRun.push(0);
      continue;
    }
    const others = runs.length - perRun.length - 1;
    let m = run.key === undefined ? undefined : byKey.get(run.key);
    if (m === undefined) {
      // Short if this run, and as many more like it, would end well inside LONG_SECONDS.
      m = pilotRun(run.spec, share, (spm) => ((1 + others) * run.matches * spm) / t < LONG_SECONDS / 3);
      measures.push(m);
      if (run.key !== undefined) byKey.set(run.key, m);
    }
    perRun.push((run.matches * m.secondsPerMatch) / t);
  }
  const sum = (f: (m: PilotMeasure) => number) => measures.reduce((a, m) => a + f(m), 0);
  return {
    seconds: perRun.reduce((a, b) => a + b, 0),
    perRun,
    threads: t,
    pilot: { seconds: sum((m) => m.seconds), matches: sum((m) => m.finished), decisions: sum((m) => m.decisions), lengthFromRandomPlay: measures.some((m) => m.lengthFrom === 'random-play') },
  };
}

/** A setting the command could be given instead, and what it would cost. */
export interface Cheaper {
  /** As typed on the command line: `--matches 2000`. */
  flag: string;
  seconds: number;
}

/**
 * The sentence said before a long command: "This will take about 4 min on 2 threads (from a 0.4 s pilot
 * of its first 31 matches); --matches 2000 would take about 50 s." Undefined when it is not long.
 */
export function costSentence(what: string, e: CostEstimate, cheaper: readonly Cheaper[] = [], bound = false): string | undefined {
  if (!(e.seconds > LONG_SECONDS)) return undefined;
  const p = e.pilot;
  const from = p.lengthFromRandomPlay
    ? `from a pilot of ${p.decisions.toLocaleString('en-US')} decisions in ${p.seconds.toFixed(1)} s, a match's length taken from random play: it may be off by half or more`
    : `from a pilot of ${p.matches.toLocaleString('en-US')} matches in ${p.seconds.toFixed(1)} s`;
  const how = bound ? 'at most about' : 'about';
  const alternatives = cheaper.filter((c) => c.seconds < e.seconds).map((c) => `${c.flag} would take about ${durationText(c.seconds)}`);
  const rest = alternatives.length > 0 ? ` A smaller setting: ${alternatives.join('; ')}.` : '';
  return `${what} will take ${how} ${durationText(e.seconds)} on ${e.threads} thread${e.threads > 1 ? 's' : ''} (${from}).${rest}`;
}

/**
 * A round match count that would take about `target` seconds, when the estimate took `seconds` for
 * `matches`; undefined when the estimate is under three times the target, or the count would not be
 * fewer matches, or would be fewer than `least`.
 */
export function matchesFor(target: number, seconds: number, matches: number, least = 100, step = 2): number | undefined {
  // Only worth saying when the smaller setting saves most of the wait.
  if (!(seconds >= 3 * target)) return undefined;
  const raw = (matches * target) / seconds;
  const magnitude = 10 ** Math.floor(Math.log10(Math.max(raw, 1)));
  const nice = Math.floor(raw / magnitude) * magnitude;
  const even = Math.floor(nice / step) * step;
  return even >= least && even < matches ? even : undefined;
}

/**
 * The time left of a study that plays its runs one after the other: the estimate of the runs still to
 * play, scaled by how the runs played so far compared with their estimate (a machine busier or quieter
 * than during the pilot shows there first).
 */
export class StudyClock {
  private readonly t0 = performance.now(); // clock-ok: the study's time left, shown only
  constructor(private readonly estimate: CostEstimate) {}

  /** Before run k (0-based): `about 4 min left`, or undefined when it is short or nothing is known. */
  leftBefore(k: number): string | undefined {
    const per = this.estimate.perRun;
    const elapsed = (performance.now() - this.t0) / 1000; // clock-ok: as above
    const before = per.slice(0, k).reduce((a, b) => a + b, 0);
    // Cheap runs say little about dear ones: their pace corrects the estimate only once they are a tenth of it.
    const scale = before >= 1 && elapsed >= 1 && before >= this.estimate.seconds / 10 ? elapsed / before : 1;
    const left = per.slice(k).reduce((a, b) => a + b, 0) * scale;
    return left >= 10 ? `about ${durationText(left)} left` : undefined;
  }
}

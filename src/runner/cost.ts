import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { durationText } from '../terminal/duration.js';
import { games } from '../games/index.js';
import { builtInBots } from '../plugins/builtins.js';
import { prepare } from './batch.js';
import { pilotRuns, type PilotMeasure, type PilotPlan } from './pilot.js';
import type { PilotMessage, PilotTask } from './pilot-worker.js';
import { toWorkerSpec, type ResolvedSpec } from './spec.js';

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
  /** What it was measured from: a pilot, or (`ownStart`) the run's own first matches. */
  pilot: { seconds: number; matches: number; decisions: number; lengthFromRandomPlay: boolean; ownStart?: boolean };
}

/** Threads that really play at once: no more than the machine's cores. */
function parallel(threads: number): number {
  return Math.max(1, Math.min(threads, availableParallelism()));
}

/** The compiled pilot thread (under vitest this module runs from src/, the thread from dist/, as pool.ts's). */
function pilotWorkerUrl(): URL {
  const here = import.meta.url;
  return here.endsWith('.ts') ? new URL('../../dist/src/runner/pilot-worker.js', here) : new URL('./pilot-worker.js', here);
}

/**
 * A run of the registered games and built-in bots only: tavolo's own code, already loaded here, which
 * returns from every decision. Its pilot plays in this thread and costs no thread's start (most runs).
 */
function builtIn(spec: ResolvedSpec): boolean {
  return Object.hasOwn(games, spec.gameRef) && spec.lineup.every((e) => !e.isolate && Object.hasOwn(builtInBots, e.ref) && builtInBots[e.ref] === e.factory);
}

async function pilotHere(runs: readonly PlannedRun[], plan: PilotPlan): Promise<Array<PilotMeasure | undefined>> {
  const measures: Array<PilotMeasure | undefined> = runs.map(() => undefined);
  const wanted = runs.map((r, k) => ({ r, k })).filter(({ r }) => r.matches > 0);
  const prepared = (s: ResolvedSpec) => prepare(s.game, s.players, s.seed, s.variants, s.lineup, [], s.opening);
  await pilotRuns(
    wanted.map(({ r }) => ({ prepared: () => prepared(r.spec), matchesPerVariant: r.spec.matches, matches: r.matches })),
    plan,
    (k, m) => (measures[wanted[k].k] = m),
  );
  return measures;
}

/** Past the pilot's own time, how long its thread may take to load the game and bots and finish. */
const PILOT_SLACK_MS = 5_000;

/**
 * Measures each distinct run in a thread of its own, ended at a time limit: a run it could not measure
 * (its thread ended first, or failed) gets no measure, and the estimate then says nothing.
 */
function pilotInThread(runs: readonly PlannedRun[], task: PilotPlan): Promise<Array<PilotMeasure | undefined>> {
  const measures: Array<PilotMeasure | undefined> = runs.map(() => undefined);
  const wanted = runs.map((r, k) => ({ r, k })).filter(({ r }) => r.matches > 0);
  if (wanted.length === 0) return Promise.resolve(measures);
  const data: PilotTask = { ...task, runs: wanted.map(({ r }) => ({ spec: toWorkerSpec(r.spec), matchesPerVariant: r.spec.matches, matches: r.matches })) };
  return new Promise((resolve) => {
    // What a bot prints while piloted is not shown: the run prints it again when it plays.
    const worker = new Worker(pilotWorkerUrl(), { workerData: data, stdout: true, stderr: true });
    worker.stdout.resume();
    worker.stderr.resume();
    // The limit: every run's share, the first match's longer allowance, and loading.
    const limit = wanted.length * Math.max(task.share, 1) * 1000 + 2_000 + PILOT_SLACK_MS;
    const timer = setTimeout(() => void worker.terminate(), limit);
    timer.unref();
    worker.on('message', (m: PilotMessage) => (measures[wanted[m.run].k] = m.measure));
    const done = () => {
      clearTimeout(timer);
      resolve(measures);
    };
    worker.on('error', () => undefined);
    worker.on('exit', done);
  });
}

/**
 * Pilots each run (its first matches) and scales: a run of m matches at s seconds a match on t threads
 * takes m x s / t. Runs sharing a key are piloted once. Undefined when some run could not be measured.
 */
export async function estimateCost(runs: readonly PlannedRun[], threads: number, pilotSeconds = PILOT_SECONDS): Promise<CostEstimate | undefined> {
  const t = parallel(threads);
  const share = Math.min(RUN_PILOT_MAX, Math.max(RUN_PILOT_MIN, pilotSeconds / Math.max(1, runs.length)));
  // One pilot per key: the runs measured are the first of each key.
  const firstOfKey = new Map<string, number>();
  const piloted = runs.map((r, k) => {
    if (r.key === undefined) return r;
    const first = firstOfKey.get(r.key);
    if (first === undefined) firstOfKey.set(r.key, k);
    return first === undefined ? r : { ...r, matches: 0 };
  });
  const plan: PilotPlan = { share, threads: t, short: LONG_SECONDS / 3 };
  const measured = runs.every((r) => builtIn(r.spec)) ? await pilotHere(piloted, plan) : await pilotInThread(piloted, plan);
  const perRun: number[] = [];
  for (const [k, run] of runs.entries()) {
    const m = measured[run.key === undefined ? k : firstOfKey.get(run.key)!];
    if (run.matches <= 0) perRun.push(0);
    else if (m === undefined) return undefined;
    else perRun.push((run.matches * m.secondsPerMatch) / t);
  }
  const ms = measured.filter((m): m is PilotMeasure => m !== undefined);
  const sum = (f: (m: PilotMeasure) => number) => ms.reduce((a, m) => a + f(m), 0);
  return {
    seconds: perRun.reduce((a, b) => a + b, 0),
    perRun,
    threads: t,
    pilot: { seconds: sum((m) => m.seconds), matches: sum((m) => m.finished), decisions: sum((m) => m.decisions), lengthFromRandomPlay: ms.some((m) => m.lengthFrom === 'random-play') },
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
export function costSentence(what: string, e: CostEstimate | undefined, cheaper: readonly Cheaper[] = [], bound = false): string | undefined {
  if (e === undefined || !(e.seconds > LONG_SECONDS)) return undefined;
  const p = e.pilot;
  const from = p.ownStart
    ? `from its first ${p.matches.toLocaleString('en-US')} matches in ${p.seconds.toFixed(1)} s`
    : p.lengthFromRandomPlay
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
  constructor(private readonly estimate: CostEstimate | undefined) {}

  /** Before run k (0-based): `about 4 min left`, or undefined when it is short or nothing is known. */
  leftBefore(k: number): string | undefined {
    if (this.estimate === undefined) return undefined;
    const per = this.estimate.perRun;
    const elapsed = (performance.now() - this.t0) / 1000; // clock-ok: as above
    const before = per.slice(0, k).reduce((a, b) => a + b, 0);
    // Cheap runs say little about dear ones: their pace corrects the estimate only once they are a tenth of it.
    const scale = before >= 1 && elapsed >= 1 && before >= this.estimate.seconds / 10 ? elapsed / before : 1;
    const left = per.slice(k).reduce((a, b) => a + b, 0) * scale;
    return left >= 10 ? `about ${durationText(left)} left` : undefined;
  }
}

/** How long a run plays before its own pace is first read, and how long at most it waits for it to settle. */
export const PACE_SECONDS = 2;
export const PACE_MAX_SECONDS = 10;
/** The pace is read over the latest second, and has settled when it agrees with the second before within a quarter. */
const PACE_WINDOW_MS = 1_000;
const PACE_SETTLED = 0.25;
/** Samples kept: enough for two windows of small batches. */
const PACE_SAMPLES = 400;

/**
 * A run's own pace, from the matches journaled so far: `run` reads its estimate from it once it has
 * settled (the workers start, their code warms up and the batches grow over the first seconds), which
 * costs the run nothing; only a run none of whose batches has finished by PACE_MAX_SECONDS (matches of
 * search bots) is piloted.
 */
export class RunPace {
  private readonly samples: Array<{ t: number; done: number }> = [];
  private readonly t0: number;
  /** `clock` in milliseconds: the run's, shown only (a test gives its own). */
  constructor(
    private readonly total: number,
    private readonly first: number,
    private readonly clock: () => number = () => performance.now(), // clock-ok: the run's pace, shown only
  ) {
    this.t0 = clock();
    this.samples.push({ t: this.t0, done: first });
  }
  note(done: number): void {
    this.samples.push({ t: this.clock(), done });
    if (this.samples.length > PACE_SAMPLES) this.samples.splice(1, this.samples.length - PACE_SAMPLES);
  }
  /** Matches still to play. */
  left(): number {
    return this.total - this.samples[this.samples.length - 1].done;
  }
  /** Seconds a match over the window ending at `end` (ms), or undefined when no batch ended in it. */
  private perMatch(end: number): number | undefined {
    const inside = this.samples.filter((x) => x.t <= end && x.t > end - PACE_WINDOW_MS);
    const before = [...this.samples].reverse().find((x) => x.t <= end - PACE_WINDOW_MS);
    if (inside.length === 0 || before === undefined) return undefined;
    const last = inside[inside.length - 1];
    return last.done > before.done ? (last.t - before.t) / 1000 / (last.done - before.done) : undefined;
  }
  /** Played since the start, in seconds. */
  played(): number {
    return (this.clock() - this.t0) / 1000;
  }
  /**
   * The estimate of the rest of the run from its latest second, once that agrees with the second before
   * (or, with `anyway`, from whatever it has); undefined before then, or before its first batch.
   */
  estimate(threads: number, anyway = false): CostEstimate | undefined {
    const now = this.samples[this.samples.length - 1].t;
    const latest = this.perMatch(now);
    const before = this.perMatch(now - PACE_WINDOW_MS);
    const settled = latest !== undefined && before !== undefined && Math.abs(latest - before) <= PACE_SETTLED * before;
    const spm = settled || anyway ? latest ?? before : undefined;
    if (spm === undefined) return undefined;
    const seconds = this.left() * spm;
    const matches = this.samples[this.samples.length - 1].done - this.first;
    return { seconds, perRun: [seconds], threads: parallel(threads), pilot: { seconds: this.played(), matches, decisions: 0, lengthFromRandomPlay: false, ownStart: true } };
  }
  /** Whether any batch has finished since the start. */
  started(): boolean {
    return this.samples[this.samples.length - 1].done > this.first;
  }
}

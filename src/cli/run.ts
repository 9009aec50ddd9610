import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { summaryText, rotationNote } from '../runner/summary-text.js';
import type { VariantStats } from '../runner/aggregate.js';
import type { FaultNote } from '../runner/batch.js';
import { Interrupted } from '../errors.js';
import { gameRegistry } from '../plugins/loader.js';
import { mergeShards } from '../runner/merge.js';
import { shardRange } from '../engine/plan.js';
import type { Incident } from '../runner/pool.js';
import { TARGET_MS } from '../runner/batching.js';
import { costSentence, estimateCost, matchesFor, PACE_MAX_SECONDS, PACE_SECONDS, RunPace, type CostEstimate } from '../runner/cost.js';
import { defaultThreads, effectiveThreads, runTournament, type RunOptions, type RunOutcome } from '../runner/run.js';
import { MAX_BATCH, MAX_DECISION_TIMEOUT_MS, MAX_THREADS, MAX_VERIFY_MATCHES, checkVariantCount } from '../runner/limits.js';
import { loadSpec, readSpecJson, type ResolvedSpec } from '../runner/spec.js';
import { hasPopulations } from '../runner/populations-spec.js';
import { intFlag, shardFlag, textFlag } from '../terminal/args.js';
import { progressBar, rateText, type Progress } from '../terminal/progress.js';
import { checkpointText, verdictText } from '../runner/sequential-run.js';
import { reachLine } from '../analysis/sequential-reach.js';
import { determinismPassed, determinismWarning } from '../runner/self-check.js';
import { afterRunFeed, analyseAfterRun, sweepFirst } from './after-run.js';
import { repairFinished } from './report.js';
import { EXIT } from './exit.js';
import { withSignals } from './signals.js';

/** `tavolo run` and `tavolo merge`: play (or combine) a tournament, then print the answer and the tables. */

function shownPath(p: string): string {
  const rel = relative(process.cwd(), p);
  return rel === '' ? '.' : rel.startsWith('..') ? p : rel;
}

function faultLines(faults: Record<string, number>): string {
  const total = Object.values(faults).reduce((a, b) => a + b, 0);
  if (total === 0) return '';
  const parts = Object.entries(faults).map(([k, v]) => `${k} ${v}`);
  return `${total} match${total > 1 ? 'es' : ''} ended because a bot faulted (${parts.join(', ')}): see end_reason and fault_seat in matches.csv.\n`;
}

function incidentText(i: Incident, variants: string[]): string {
  const where = `variant ${variants[i.batch.variant]}, matches ${i.batch.start}-${i.batch.end - 1}`;
  const at = i.at ? `match ${i.at.match}, seat ${i.at.seat}${i.at.decision < 0 ? ' (creating its bot)' : `, decision ${i.at.decision}`}` : '';
  switch (i.kind) {
    case 'timeout':
      return `the bot in ${at} (${where}) hung past the decision time limit: its worker was ended, the match is recorded as bot_timeout and the batch played again`;
    case 'crash':
      return `a worker died twice in ${at} (${where}): the match is recorded as bot_crash (${i.error})`;
    case 'retry':
      return `a worker failed in ${where}${at ? ` at ${at}` : ''}: ${i.error}; playing the batch again (failure ${i.failures} of 3)`;
    case 'failed':
      return `giving up ${where} after ${i.failures} failures in a row: ${i.error}`;
  }
}

/** A shard of a run (`--shard i/n`). */
type Shard = { index: number; count: number };

/** The first lines of a run: what is played, how, and the lineup. */
function runHeader(spec: ResolvedSpec, threads: number, batch: number | 'auto', shard: Shard | null): string {
  return (
    `${spec.name}: ${spec.game.title}, ${spec.players} players, ${spec.matches} matches x ${spec.variants.length} ` +
    `variant${spec.variants.length > 1 ? 's' : ''} (${spec.variants.map((v) => v.name).join(', ')}), ` +
    `seed ${JSON.stringify(spec.seed)}, ${threads} thread${threads > 1 ? 's' : ''}, ` +
    (batch === 'auto' ? `batches of about ${TARGET_MS} ms` : `batches of ${batch}`) +
    (shard ? `, shard ${shard.index}/${shard.count}` : '') +
    '\n' +
    `Lineup: ${spec.lineup.map((e, i) => `${i} ${e.name}`).join(', ')}\n` +
    // A sequential spec says first how often its maximum lets each answer be reached.
    (spec.sequential ? `${reachLine(spec)}\n` : '')
  );
}

/** What a run prints once its matches are played: nothing to do, a shard's journal complete, or the answer and the tables. */
async function printOutcome(outcome: RunOutcome, spec: ResolvedSpec, shard: Shard | null, feed: ReturnType<typeof afterRunFeed>): Promise<void> {
  const shown = shownPath(outcome.outDir);
  if (outcome.kind === 'already-complete') {
    process.stdout.write(`${shown} already holds the complete results of this ${shard ? 'shard' : 'tournament'}; nothing to do.\n`);
    process.stdout.write(faultLines(outcome.faults));
    // A failure after the main files may have left derived files missing or empty: rebuilt here.
    if (!shard) await repairFinished(outcome.outDir);
  } else if (outcome.kind === 'shard') {
    const [lo, hi] = shardRange(spec.matches, shard);
    process.stdout.write(
      `\nShard ${shard!.index}/${shard!.count} complete: matches ${lo}-${hi - 1} of every variant (${outcome.totalMatches} matches) ` +
        `are journaled in ${shown} (${outcome.playedMatches} played now in ${outcome.wallSeconds.toFixed(1)} s).\n` +
        `When every shard is complete: tavolo merge <the ${shard!.count} shard directories> --out <dir>\n`,
    );
    process.stdout.write(faultLines(outcome.faults));
  } else {
    // The answer first: the comparison is computed (and compare.csv written) before any table is printed,
    // from the one read of matches.csv that also gathers the standings and the report's tallies.
    const after = await analyseAfterRun(outcome.outDir, spec.baseline, feed);
    const { answer: sweepAnswer, tables: comparisonText } = await after.comparison();
    process.stdout.write('\n' + sweepFirst(await after.verdict(), sweepAnswer));
    process.stdout.write('\n' + summaryText(outcome.stats, { game: spec.game.name, betterScore: spec.game.betterScore }) + '\n');
    process.stdout.write(rotationNote(outcome.sequential?.stopAt ?? spec.matches, spec.players) + '\n');
    if (spec.variants.length > 1) {
      process.stdout.write(`Variants are paired: match i uses the same seed in every variant.\n`);
    }
    process.stdout.write(faultLines(outcome.faults));
    if (outcome.sequential) process.stdout.write(verdictText(spec, outcome.sequential) + '\n');
    process.stdout.write('\n' + after.standings);
    process.stdout.write(
      `Wrote ${shown}/matches.csv, ${existsSync(outcome.files.parquet) ? 'matches.parquet, ' : ''}summary.csv, seats.csv, run.json${outcome.sequential ? ', sequential.csv' : ''} ` +
        `(${outcome.playedMatches} matches in ${outcome.wallSeconds.toFixed(1)} s, ${rateText(outcome.matchesPerSecond)} matches/s` +
        (outcome.playedMatches < outcome.totalMatches ? `; ${outcome.totalMatches - outcome.playedMatches} were already journaled` : '') +
        (outcome.playedMatches > outcome.totalMatches ? '; those played past the stopping point are left out' : '') +
        ')\n',
    );
    process.stdout.write(comparisonText);
    await after.report();
  }
}

/** `tavolo run`'s flags, checked (bad input: exit 2, nothing written), and the spec they name, loaded. */
interface RunFlags {
  spec: ResolvedSpec;
  threads: number;
  batch: number | 'auto';
  shard: Shard | null;
  outDir: string;
  resume: boolean;
  force: boolean;
  parquet: boolean;
  workerMemoryMb: number | undefined;
  verifyMatches: number | undefined;
}

async function runFlags(argv: Record<string, unknown>): Promise<RunFlags> {
  const matches = intFlag('--matches', argv.matches, 1);
  const requestedThreads = intFlag('--threads', argv.threads, 1, MAX_THREADS) ?? Math.min(defaultThreads(), MAX_THREADS);
  const givenBatch = intFlag('--batch', argv.batch, 1, MAX_BATCH);
  const decisionTimeoutMs = intFlag('--decision-timeout-ms', argv['decision-timeout-ms'], 1, MAX_DECISION_TIMEOUT_MS);
  const workerMemoryMb = intFlag('--worker-memory-mb', argv['worker-memory-mb'], 16, 1 << 20);
  const verifyMatches = intFlag('--verify-matches', argv['verify-matches'], 0, MAX_VERIFY_MATCHES);
  const shard = shardFlag('--shard', argv.shard);
  const resume = argv.resume === true;
  const seed = textFlag('--seed', argv.seed);
  const out = textFlag('--out', argv.out);
  const force = argv.force === true;
  const parquet = argv.parquet === true;
  const specPath = textFlag('spec', argv.spec)!;
  const spec = await loadSpec(specPath, { matches, seed, decisionTimeoutMs });
  checkVariantCount(spec.variants.length);
  const batch = givenBatch ?? 'auto';
  const threads = effectiveThreads(spec, requestedThreads, batch, shard);
  const outDir = out ?? (shard ? join('results', spec.name, `shard-${shard.index}-of-${shard.count}`) : join('results', spec.name));
  return { spec, threads, batch, shard, outDir, resume, force, parquet, workerMemoryMb, verifyMatches };
}

/** What a run shows while it plays: the header, the progress bar, faults and worker incidents as warnings. */
interface RunProgress {
  bar: Progress | undefined;
  /** Matches done (journaled) so far. */
  done(): number;
  /** Ends what the progress still has pending (the cost estimate's timer). */
  stop(): void;
  callbacks: Pick<RunOptions, 'onStart' | 'onProgress' | 'onFault' | 'onCheckpoint' | 'onIncident'>;
}

function runProgress(f: RunFlags): RunProgress {
  const { spec, threads, batch, shard, outDir } = f;
  const bar = progressBar();
  let lastDone = 0;
  let incidents = 0;
  let stopped = false;
  const say = (line: string) => {
    if (stopped) return;
    if (bar) process.stderr.write('\r\x1b[K');
    process.stderr.write(`${line}\n`);
    bar?.update(lastDone);
  };
  const warn = (line: string) => say(`warning: ${line}`);
  const variantNames = spec.variants.map((v) => v.name);
  const cost = costWatch(spec, threads, say);
  const callbacks: RunProgress['callbacks'] = {
    onStart: ({ done, total, resumed, droppedBytes, notices }) => {
      // Printed once the checks are done: bad input leaves stdout empty.
      process.stdout.write(runHeader(spec, threads, batch, shard));
      lastDone = done;
      for (const n of notices) process.stdout.write(`${n}\n`);
      if (resumed) {
        process.stdout.write(
          `Resuming: ${done} of ${total} matches are in the journal of ${shownPath(outDir)}` +
            (droppedBytes > 0 ? ` (an incomplete last record of ${droppedBytes} bytes was dropped)` : '') +
            '\n',
        );
      }
      bar?.start(total, done);
      cost.start(total, done, resumed);
    },
    onProgress: (done) => {
      lastDone = done;
      cost.note(done);
      bar?.update(done);
    },
    onFault: (f: FaultNote, bot: string) => {
      warn(`${bot} faulted (${f.reason}) in variant ${spec.variants[f.variant].name}, match ${f.match}, seat ${f.seat}: ${f.message}`);
    },
    onCheckpoint: (c) => bar?.note(checkpointText(c)),
    onIncident: (i) => {
      incidents++;
      if (incidents <= 10 || i.kind === 'failed') warn(incidentText(i, variantNames));
      else if (incidents === 11) warn('more worker incidents follow; not shown');
    },
  };
  const stop = () => {
    stopped = true;
    cost.stop();
  };
  return { bar, done: () => lastDone, stop, callbacks };
}

/**
 * The run's own pace, checked each second from PACE_SECONDS until it has said what the run will cost
 * (readCost); it costs the run nothing.
 */
function costWatch(spec: ResolvedSpec, threads: number, say: (line: string) => void): { start(total: number, done: number, resumed: boolean): void; note(done: number): void; stop(): void } {
  let pace: RunPace | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const later = (f: () => void, ms: number) => {
    timer = setTimeout(f, ms);
    timer.unref();
  };
  return {
    start(total, done, resumed) {
      const started = new RunPace(total, done);
      pace = started;
      const check = () => {
        if (!stopped && !readCost(spec, threads, started, resumed, say)) later(check, 1000);
      };
      later(check, PACE_SECONDS * 1000);
    },
    note: (done) => pace?.note(done),
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/**
 * A long run says how long it will take, once its own pace has settled (checked each second from
 * PACE_SECONDS), or at PACE_MAX_SECONDS from whatever pace it has, or from a pilot when none of its
 * batches has finished by then (search bots); and what fewer matches would cost. On stderr, with the
 * progress: it is not part of the answer, and it differs by machine. True once said (or left unsaid).
 */
function readCost(spec: ResolvedSpec, threads: number, pace: RunPace, resumed: boolean, say: (line: string) => void): boolean {
  const late = pace.played() >= PACE_MAX_SECONDS;
  const own = pace.estimate(threads, late);
  if (own !== undefined) sayCost(spec, own, resumed, say);
  else if (late && !pace.started()) void estimateCost([{ spec, matches: pace.left() }], threads).then((e) => sayCost(spec, e, resumed, say));
  else if (!late) return false;
  return true;
}

function sayCost(spec: ResolvedSpec, e: CostEstimate | undefined, resumed: boolean, say: (line: string) => void): void {
  const fewer = resumed || e === undefined ? undefined : matchesFor(60, e.seconds, spec.matches);
  const cheaper = fewer === undefined || e === undefined ? [] : [{ flag: `--matches ${fewer}`, seconds: (e.seconds * fewer) / spec.matches }];
  const what = spec.sequential ? 'This run (a sequential test, which may stop it earlier)' : resumed ? 'The rest of this run' : 'This run';
  const line = costSentence(what, e, cheaper, Boolean(spec.sequential));
  if (line !== undefined) say(line);
}

export async function runCommand(argv: Record<string, unknown>): Promise<number> {
  // A spec with populations is played as one run per population (run-populations.ts).
  if (hasPopulations(readSpecJson(textFlag('spec', argv.spec)!).data)) return (await import('./run-populations.js')).runPopulationsCommand(argv);
  const f = await runFlags(argv);
  const { spec, shard, outDir } = f;
  const progress = runProgress(f);
  const bar = progress.bar;
  const variantNames = spec.variants.map((v) => v.name);
  // The analysis after the run gathers what it needs from matches.csv while the runner writes it.
  const feed = afterRunFeed({
    dir: outDir,
    players: spec.players,
    variants: variantNames,
    matchesPerVariant: spec.matches,
    lineup: spec.lineup.map((e) => e.name),
    game: spec.gameRef,
    // The comparison's pairs are gathered during the play too when the reference is the first variant.
    pairWithFirst: spec.baseline === undefined || spec.baseline === variantNames[0],
  });
  try {
    const { threads, batch, resume, force, parquet, workerMemoryMb, verifyMatches } = f;
    const outcome = await withSignals((signal) =>
      runTournament(spec, { threads, batch, outDir, matchesCsv: feed, resume, force, parquet, shard, workerMemoryMb, verifyMatches, signal, ...progress.callbacks }),
    );
    progress.stop();
    bar?.stop();
    await printOutcome(outcome, spec, shard, feed);
    if (outcome.determinism && outcome.determinism.differing.length > 0) {
      process.stderr.write(`tavolo: ${determinismWarning(outcome.determinism)}\n`);
      return EXIT.notDeterministic;
    }
    if (outcome.determinism && outcome.determinism.replayed.length > 0) process.stdout.write(`${determinismPassed(outcome.determinism)}\n`);
    return Object.keys(outcome.faults).length > 0 ? EXIT.faults : EXIT.ok;
  } catch (err) {
    if (err instanceof Interrupted) {
      progress.stop();
      bar?.stop();
      process.stderr.write(
        `tavolo: interrupted (${err.signal}); ${progress.done()} matches are kept in the journal of ${shownPath(outDir)}: ` +
          'run the same command with --resume to finish.\n',
      );
      return err.signal === 'SIGTERM' ? EXIT.sigterm : EXIT.sigint;
    }
    throw err;
  } finally {
    progress.stop();
    bar?.stop();
  }
}

async function printStats(stats: VariantStats[], game: string | { sha256: string }): Promise<void> {
  // A merge has no spec: a registered game is looked up by name to say which scores are better.
  const known = typeof game === 'string' ? (await gameRegistry())[game] : undefined;
  process.stdout.write('\n' + summaryText(stats, known ? { game: known.name, betterScore: known.betterScore } : undefined) + '\n');
}

export async function mergeCommand(argv: Record<string, unknown>): Promise<number> {
  const dirs = (Array.isArray(argv.dirs) ? argv.dirs : [argv.dirs]).map((d) => textFlag('merge', d)!);
  const out = textFlag('--out', argv.out);
  try {
    const r = await withSignals((signal) => mergeShards(dirs, out, signal, argv.force === true, argv.parquet === true));
    const after = await analyseAfterRun(r.outDir);
    const { answer: sweepAnswer, tables: comparisonText } = await after.comparison();
    process.stdout.write('\n' + sweepFirst(await after.verdict(), sweepAnswer));
    await printStats(r.stats, r.meta.identity.game);
    process.stdout.write(after.standings);
    process.stdout.write(faultLines(r.faults));
    process.stdout.write(
      `Merged ${dirs.length} shard${dirs.length > 1 ? 's' : ''} (${r.totalMatches} matches): wrote ${shownPath(r.outDir)}/matches.csv, ${r.parquet ? 'matches.parquet, ' : ''}summary.csv, seats.csv, run.json\n`,
    );
    process.stdout.write(comparisonText);
    await after.report();
    return Object.keys(r.faults).length > 0 ? EXIT.faults : EXIT.ok;
  } catch (err) {
    if (err instanceof Interrupted) {
      process.stderr.write(`tavolo: interrupted (${err.signal}); nothing was written.\n`);
      return err.signal === 'SIGTERM' ? EXIT.sigterm : EXIT.sigint;
    }
    throw err;
  }
}

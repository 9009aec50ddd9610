import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import yargs, { type Argv } from 'yargs';
import { hideBin } from 'yargs/helpers';
import { summaryText, rotationNote } from '../runner/summary-text.js';
import { packageRoot } from '../io/runinfo.js';
import type { VariantStats } from '../runner/aggregate.js';
import type { FaultNote } from '../runner/batch.js';
import { BatchesFailed, InputError, Interrupted } from '../errors.js';
import { gameRegistry } from '../plugins/loader.js';
import { mergeShards } from '../runner/merge.js';
import { shardRange } from '../engine/plan.js';
import type { Incident } from '../runner/pool.js';
import { TARGET_MS } from '../runner/batching.js';
import { MAX_BATCH, defaultThreads, effectiveThreads, runTournament, type RunOptions, type RunOutcome } from '../runner/run.js';
import { DEFAULT_DECISION_TIMEOUT_MS, INT_BOUNDS, MAX_DECISION_TIMEOUT_MS, loadSpec, type ResolvedSpec } from '../runner/spec.js';
import { intFlag, listFlag, parseKeyValues, rawFlagValues, shardFlag, textFlag } from '../terminal/args.js';
import { progressBar, rateText, type Progress } from '../terminal/progress.js';
import { compareCommand } from './compare.js';
import { checkpointText, verdictText } from '../runner/sequential-run.js';
import { didYouMean } from '../did-you-mean.js';
import { listText } from './list.js';
import { DEFAULT_VERIFY_MATCHES, MAX_VERIFY_MATCHES, determinismPassed, determinismWarning } from '../runner/self-check.js';
import { narrateMatch, playSpec, type PlayArgs } from '../play/narrate.js';
import { HUMAN_OPTIONS, humanPlayCommand } from './human.js';
import { afterRunFeed, analyseAfterRun, sweepFirst } from './after-run.js';
import { repairFinished, reportCommand } from './report.js';
import { showCommand } from './show.js';
import { tuneBuilder, tuneCommand } from '../studies/tune/command.js';
import { IMPORTANCE_COMMAND, IMPORTANCE_DESCRIPTION, importanceBuilder, importanceCommand } from '../studies/importance/command.js';
import { SKILL_COMMAND, SKILL_DESCRIPTION, skillBuilder, skillCommand } from '../studies/skill/command.js';
import { writeViewer } from '../report/viewer.js';
import { refuseResultFile } from '../runner/result-guard.js';
import { MAX_THREADS, checkVariantCount } from '../runner/limits.js';

type Command = { cmd: 'run' | 'play' | 'list' | 'merge' | 'compare' | 'report' | 'show' | 'tune' | 'importance' | 'skill'; argv: Record<string, unknown> };

/**
 * Exit codes (README, "Exit codes"): 0 every match played normally; 1 the results are complete but some
 * matches ended because a bot faulted (bot_error, illegal_action, bot_timeout, bot_crash); 2 bad input,
 * nothing written; 3 some batches kept failing (their worker died again and again), everything else is
 * journaled; 4 an internal error or an I/O failure; 130 / 143 interrupted by SIGINT / SIGTERM, the
 * journal keeps what was done; 6 the results are written but a bot or the game is not deterministic (the
 * determinism self-check replayed a match and got another row: runner/self-check.ts). `tavolo compare`
 * gives 0 equivalent (or no gate), 1 changed, 5 inconclusive.
 */
export const EXIT = { ok: 0, faults: 1, input: 2, batchesFailed: 3, internal: 4, inconclusive: 5, notDeterministic: 6, sigint: 130, sigterm: 143 } as const;

function version(): string {
  return (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}

/** Flags typed as numbers in the help; their values are checked from the text as typed (intFlag). */
const NUMERIC_FLAGS = ['matches', 'threads', 'batch', 'decision-timeout-ms', 'worker-memory-mb', 'verify-matches', 'players', 'match', 'as', 'port', 'bot-delay', 'search-budget'];

/** What a command needs when it is given without its arguments, with an example. */
const MISSING_ARGUMENT: Record<string, string> = {
  tune: 'spec: give the path of a spec with a "tune" field, for example `tavolo tune tournaments/stramat-tune.json` (tavolo tune --help shows the options)',
  run: 'spec: give the path of a tournament spec, for example `tavolo run tournaments/stramat-demo.json` (tavolo run --help shows the options)',
  merge:
    'merge: give the output directories of the shards, for example `tavolo merge sweep/shard-0 sweep/shard-1 --out results/x` (tavolo merge --help shows the options)',
};

const COMMANDS = ['run', 'merge', 'compare', 'play', 'show', 'report', 'list', 'tune', 'importance', 'skill'];

/**
 * yargs's "Unknown arguments: rn, x" with a "did you mean": a misspelt command (the first argument) is
 * matched against the commands, a misspelt flag against the flags yargs knows for the command given.
 */
export function unknownArgumentsText(unknown: readonly string[], args: readonly string[], flags: readonly string[]): string {
  if (args[0] !== undefined && unknown[0] === args[0] && !COMMANDS.includes(args[0])) {
    return `unknown command "${args[0]}"${didYouMean(args[0], COMMANDS)}; the commands are: ${COMMANDS.join(', ')} (tavolo --help shows them)`;
  }
  const names = flags.filter((f) => f.length > 1 && !f.includes('_') && f !== '$0');
  const parts = unknown.map((u) => {
    const typed = args.find((a) => a.replace(/^-+/, '').split('=')[0] === u);
    if (typed === undefined || !typed.startsWith('-')) return `unexpected argument "${u}"`;
    const hint = didYouMean(u, names);
    return `unknown option --${u}${hint ? hint.replace('"', '"--') : ''}`;
  });
  return `${parts.join('; ')} (tavolo ${COMMANDS.includes(args[0] ?? '') ? `${args[0]} ` : ''}--help shows the options)`;
}

/** `tavolo run <spec>`: its arguments, options and examples. */
function runBuilder(y: Argv): Argv {
  return y
    .positional('spec', { type: 'string', describe: 'Path of the tournament spec (JSON)' })
    .option('matches', { type: 'number', requiresArg: true, describe: 'Matches per variant (overrides the spec)' })
    .option('threads', { type: 'number', requiresArg: true, describe: 'Worker threads (default: all cores)' })
    .option('seed', { type: 'string', requiresArg: true, describe: 'Master seed, text or integer (overrides the spec)' })
    .option('out', { type: 'string', requiresArg: true, describe: 'Output directory (default: results/<tournament name>)' })
    .option('force', {
      type: 'boolean',
      describe: 'Replace the finished results in --out (without it, a directory holding them is refused)',
    })
    .option('batch', {
      type: 'number',
      requiresArg: true,
      describe: `Matches per worker task (default: sized to about ${TARGET_MS} ms of play at the measured speed, smaller towards the end; never changes the results)`,
    })
    .option('decision-timeout-ms', {
      type: 'number',
      requiresArg: true,
      describe: `Time limit of one bot decision; a bot past it forfeits the match as bot_timeout (default: the spec's decisionTimeoutMs, else ${DEFAULT_DECISION_TIMEOUT_MS})`,
    })
    .option('resume', {
      type: 'boolean',
      describe: 'Finish the run journaled in --out (after a crash, kill or reboot): only the missing matches are played',
    })
    .option('shard', {
      type: 'string',
      requiresArg: true,
      describe: 'Play only shard i of n (i/n, 0-based) and keep its journal for `tavolo merge`',
    })
    .option('parquet', {
      type: 'boolean',
      describe: 'Also write matches.parquet: the matches, typed, for pandas, polars, R and DuckDB (the spec\'s "parquet": true asks the same)',
    })
    .option('worker-memory-mb', { type: 'number', requiresArg: true, describe: "Heap limit of each worker thread in MB (default: V8's)" })
    .option('verify-matches', {
      type: 'number',
      requiresArg: true,
      describe: `Matches replayed in a fresh worker after the run to check the bots are deterministic; 0 turns the check off (default: ${DEFAULT_VERIFY_MATCHES} when the game or a bot is loaded from a file, else 0)`,
    })
    .example('$0 run tournaments/stramat-dado.json', 'play both variants of the spec; results in results/stramat-dado/')
    .example('$0 run tournaments/stramat-dado.json --matches 2000 --out results/dado-quick', 'a quicker look, kept apart')
    .example('$0 run tournaments/stramat-dado.json --resume', 'finish a run that was stopped');
}

/** `tavolo merge <dirs..>`: its arguments, options and examples. */
function mergeBuilder(y: Argv): Argv {
  return y
    // No default: yargs would show an array positional as `[default: []]` though it is required.
    .positional('dirs', { type: 'string', array: true, default: undefined, describe: "The shards' output directories" })
    .option('out', { type: 'string', requiresArg: true, describe: 'Output directory (default: results/<tournament name>)' })
    .option('force', { type: 'boolean', describe: 'Replace finished results of another tournament in --out' })
    .option('parquet', { type: 'boolean', describe: 'Also write matches.parquet (written anyway when the shards were run with it)' })
    .example('$0 merge sweep/shard-0 sweep/shard-1 sweep/shard-2 --out results/stramat-dado', 'combine three shards');
}

/** `tavolo compare <baseline> <candidate>`: its arguments, options and examples. */
function compareBuilder(y: Argv): Argv {
  return y
    .positional('baseline', { type: 'string', describe: 'Result folder of the baseline run' })
    .positional('candidate', { type: 'string', describe: 'Result folder of the candidate run' })
    .option('out', { type: 'string', describe: 'Output directory for compare.csv and variants.csv (default: compare/<a>-vs-<b>)' })
    .option('tolerance', {
      type: 'string',
      describe: 'Regression gate: quantity=tolerance,... (e.g. win_share=0.01,turns_mean=0.5); exit 0 equivalent, 1 changed, 5 inconclusive',
    })
    .option('fail-on-change', { type: 'boolean', describe: 'Without --tolerance: exit 1 when any row is significant after Holm' })
    .option('allow-different-lineups', {
      type: 'boolean',
      describe: 'Compare runs whose lineups or bot parameters differ (refused otherwise: their differences mix the change with the lineup)',
    })
    .example('$0 compare baseline/stramat-dado results/stramat-dado --tolerance win_share=0.01,turns_mean=0.5', 'the regression gate: exit 0 equivalent, 1 changed, 5 inconclusive');
}

/** `tavolo play`: its arguments, options and examples. */
function playBuilder(y: Argv): Argv {
  return y
    .option('game', { type: 'string', requiresArg: true, describe: 'Game name (see `tavolo list`) or path of a game module' })
    .option('players', { type: 'number', requiresArg: true, describe: 'Number of players (default: the number of --bots)' })
    .option('bots', { type: 'string', requiresArg: true, describe: 'Lineup, comma-separated, e.g. greedy,random,random,random' })
    .option('seed', { type: 'string', requiresArg: true, describe: 'Master seed, text or integer (default 0, or the spec seed with --spec)' })
    .option('option', { type: 'string', array: true, requiresArg: true, describe: 'Game option key=value (repeatable)' })
    .option('match', { type: 'number', requiresArg: true, describe: 'Match index i (default 0): seed and seat rotation of match i' })
    .option('spec', { type: 'string', requiresArg: true, describe: 'Replay a match of this tournament spec instead' })
    .option('variant', { type: 'string', requiresArg: true, describe: 'Variant name with --spec (default: the first)' })
    .option('as', { type: 'number', requiresArg: true, describe: 'Print the match as this seat saw it: its view of the table, the events it may see (a check of the honesty rules)' })
    .option('html', { type: 'string', requiresArg: true, describe: 'Also write the match viewer page (self-contained HTML) to this file' })
    .options(HUMAN_OPTIONS)
    .example('$0 play --game stop --bots greedy,greedy,greedy --human 0', 'play seat 0 yourself in the browser against two greedy bots')
    .example('$0 play --game stramat --bots greedy,random,random,random --seed 7', 'match 0 of a 4-player tournament with seed 7')
    .example('$0 play --spec tournaments/stramat-dado.json --variant one-dado-fewer --match 17', 'match 17 of that variant, exactly as the run played it')
    .example('$0 play --spec tournaments/stramat-dado.json --match 3 --as 1 --html match3.html', 'match 3 as seat 1 saw it, and a page that replays it');
}

/** `tavolo report <dir>`: its arguments, options and examples. */
function reportBuilder(y: Argv): Argv {
  return y
    .positional('dir', { type: 'string', describe: 'A result folder, e.g. results/stramat-dado, or a search folder of tavolo tune' })
    .example('$0 report results/stramat-dado', 'rebuild results/stramat-dado/report.html')
    .example('$0 report results/stramat-tune-tune', 'rebuild the tune.html of a search');
}

/** `tavolo show <dir>`: its arguments, options and examples. */
function showBuilder(y: Argv): Argv {
  return y
    .positional('dir', { type: 'string', describe: 'A result folder, e.g. results/stramat-dado' })
    .option('variant', { type: 'string', requiresArg: true, describe: 'Variant name (default: the first)' })
    .option('match', { type: 'number', requiresArg: true, describe: 'Match index i (default 0)' })
    .option('out', { type: 'string', requiresArg: true, describe: 'Page to write (default: <dir>/matches/<variant>-<i>.html)' })
    .example('$0 show results/stramat-dado --variant one-dado-fewer --match 3', 'a page that replays match 3 of that variant');
}

/** `tavolo list [game]`: its arguments, options and examples. */
function listBuilder(y: Argv): Argv {
  return y
    .positional('game', { type: 'string', describe: 'A registered game: list only its options and metrics' })
    .example('$0 list', 'every game option with its default and bounds, every bot parameter')
    .example('$0 list stramat', "Stramat's options and metrics");
}

/** A command of the command line: how it is typed, what `tavolo --help` says of it, its options. */
interface CommandEntry {
  cmd: Command['cmd'];
  usage: string;
  describe: string;
  builder: (y: Argv) => Argv;
}

/** The commands, in the order `tavolo --help` lists them. */
const COMMAND_TABLE: readonly CommandEntry[] = [
  { cmd: 'run', usage: 'run <spec>', describe: 'Run a tournament from a JSON spec (see tournaments/)', builder: runBuilder },
  { cmd: 'merge', usage: 'merge <dirs..>', describe: 'Combine the outputs of the shards of a tournament into the files a single run writes', builder: mergeBuilder },
  { cmd: 'compare', usage: 'compare <baseline> <candidate>', describe: 'Compare two result folders (the same tournament before and after a change): paired when their seeds match', builder: compareBuilder },
  { cmd: 'play', usage: 'play', describe: 'Play one match move by move (exactly match --match of a tournament with master seed --seed)', builder: playBuilder },
  { cmd: 'report', usage: 'report <dir>', describe: 'Write report.html (charts of every CSV there) for a finished result folder, or tune.html for a search', builder: reportBuilder },
  { cmd: 'show', usage: 'show <dir>', describe: 'Write a page that replays one match of a finished run step by step', builder: showBuilder },
  { cmd: 'tune', usage: 'tune <spec>', describe: 'Search toward targets: race the candidates of a spec with a "tune" field in rounds (docs/tune.md)', builder: tuneBuilder },
  { cmd: 'importance', usage: IMPORTANCE_COMMAND, describe: IMPORTANCE_DESCRIPTION, builder: importanceBuilder },
  { cmd: 'skill', usage: SKILL_COMMAND, describe: SKILL_DESCRIPTION, builder: skillBuilder },
  { cmd: 'list', usage: 'list [game]', describe: 'List the games (with options and player ranges) and the bots (with parameters), or one game', builder: listBuilder },
];

async function parse(args: string[]): Promise<Command> {
  let chosen: Command | undefined;
  const raw = rawFlagValues(args, NUMERIC_FLAGS);
  const cli = yargs(args);
  // The flags yargs knows once a command's builder has run (getOptions is public at run time, untyped).
  const knownFlags = () => Object.keys((cli as unknown as { getOptions(): { key: Record<string, unknown> } }).getOptions().key);
  cli.scriptName('tavolo').usage('$0 <command> [options]');
  for (const c of COMMAND_TABLE) {
    cli.command(c.usage, c.describe, c.builder, (argv: Record<string, unknown>) => {
      chosen = { cmd: c.cmd, argv: { ...argv, ...raw } };
    });
  }
  await cli
    .demandCommand(1, 'Give a command: run, merge, compare, play, show, report, list, tune or importance (tavolo --help shows them).')
    .strict()
    .help()
    .version(version())
    .fail((msg, err) => {
      // yargs's own complaints (a flag without its value) come as a YError: bad input like any other.
      if (err && err.name !== 'YError') throw err;
      msg = msg ?? err?.message ?? '';
      const unknown = /^Unknown arguments?: (.+)$/.exec(msg);
      if (unknown) throw new InputError(unknownArgumentsText(unknown[1].split(', '), args, knownFlags()));
      const missing = /^Not enough non-option arguments|^Missing required argument/.test(msg) ? MISSING_ARGUMENT[args[0]] : undefined;
      throw new InputError(missing ?? (msg.includes('--help') ? msg : `${msg} (tavolo --help shows the usage)`));
    })
    .parseAsync();
  if (!chosen) throw new InputError('Give a command: run, merge, compare, play, show, report, list, tune or importance (tavolo --help shows them).');
  return chosen;
}

/**
 * SIGINT and SIGTERM abort the controller (with an Interrupted naming the signal) while `body` runs.
 * A second SIGINT (Ctrl-C again) ends tavolo at once, as usual. A repeated SIGTERM is ignored until
 * tavolo has stopped cleanly: Slurm (scancel, scontrol requeue) signals every process of a job, so tavolo
 * receives SIGTERM both from Slurm and from deploy/run-shard.sh, which passes it on, often within the same
 * millisecond; the scheduler's SIGKILL after its grace period still ends a stop that hangs.
 *
 * Why the SIGTERM listener is never removed before its successor is added: when the last listener of a
 * signal goes, Node restores the default action (end the process). With `process.once`, the first SIGTERM
 * removed the listener before the handler ran, and a second SIGTERM landing in that instant killed tavolo
 * without its clean stop (journal lock left behind, no message): seen once under load on a Slurm requeue.
 * One window stays, outside tavolo's reach: once tavolo has stopped cleanly and returns, Node closes its
 * signal handles while it exits, and a SIGTERM landing then ends the process by the signal (143 to a shell,
 * as the clean stop's own exit code), after the message and with the lock already released.
 */
async function withSignals<T>(body: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let terminated = false;
  const onInt = () => controller.abort(new Interrupted('SIGINT'));
  const onTerm = () => {
    if (terminated) return;
    terminated = true;
    controller.abort(new Interrupted('SIGTERM'));
  };
  process.once('SIGINT', onInt);
  process.on('SIGTERM', onTerm);
  try {
    return await body(controller.signal);
  } finally {
    process.off('SIGINT', onInt);
    // Added before onTerm goes, so that SIGTERM never falls back to its default action (see above).
    if (terminated) process.on('SIGTERM', ignoreRepeatedTerm);
    process.off('SIGTERM', onTerm);
  }
}

/** Installed once a SIGTERM has been received and kept until tavolo exits (see withSignals). */
function ignoreRepeatedTerm(): void {}

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
    `Lineup: ${spec.lineup.map((e, i) => `${i} ${e.name}`).join(', ')}\n`
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
  callbacks: Pick<RunOptions, 'onStart' | 'onProgress' | 'onFault' | 'onCheckpoint' | 'onIncident'>;
}

function runProgress(f: RunFlags): RunProgress {
  const { spec, threads, batch, shard, outDir } = f;
  const bar = progressBar();
  let lastDone = 0;
  let incidents = 0;
  const warn = (line: string) => {
    if (bar) process.stderr.write('\r\x1b[K');
    process.stderr.write(`warning: ${line}\n`);
    bar?.update(lastDone);
  };
  const variantNames = spec.variants.map((v) => v.name);
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
    },
    onProgress: (done) => {
      lastDone = done;
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
  return { bar, done: () => lastDone, callbacks };
}

async function runCommand(argv: Record<string, unknown>): Promise<number> {
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
    // The comparison's pairs are gathered during the play too when the reference is the first variant.
    pairWithFirst: spec.baseline === undefined || spec.baseline === variantNames[0],
  });
  try {
    const { threads, batch, resume, force, parquet, workerMemoryMb, verifyMatches } = f;
    const outcome = await withSignals((signal) =>
      runTournament(spec, { threads, batch, outDir, matchesCsv: feed, resume, force, parquet, shard, workerMemoryMb, verifyMatches, signal, ...progress.callbacks }),
    );
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
      bar?.stop();
      process.stderr.write(
        `tavolo: interrupted (${err.signal}); ${progress.done()} matches are kept in the journal of ${shownPath(outDir)}: ` +
          'run the same command with --resume to finish.\n',
      );
      return err.signal === 'SIGTERM' ? EXIT.sigterm : EXIT.sigint;
    }
    throw err;
  } finally {
    bar?.stop();
  }
}

async function printStats(stats: VariantStats[], game: string | { sha256: string }): Promise<void> {
  // A merge has no spec: a registered game is looked up by name to say which scores are better.
  const known = typeof game === 'string' ? (await gameRegistry())[game] : undefined;
  process.stdout.write('\n' + summaryText(stats, known ? { game: known.name, betterScore: known.betterScore } : undefined) + '\n');
}

async function mergeCommand(argv: Record<string, unknown>): Promise<number> {
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

function playArgs(argv: Record<string, unknown>, match: number): PlayArgs {
  return {
    spec: textFlag('--spec', argv.spec),
    variant: textFlag('--variant', argv.variant),
    game: textFlag('--game', argv.game),
    players: intFlag('--players', argv.players, ...INT_BOUNDS.players),
    bots: listFlag('--bots', argv.bots),
    seed: textFlag('--seed', argv.seed),
    options: parseKeyValues('--option', argv.option),
    match,
  };
}

/** `tavolo play`: exit 1 when a bot faulted, as `run` does. */
async function playCommand(argv: Record<string, unknown>): Promise<number> {
  const match = intFlag('--match', argv.match, 0) ?? 0;
  if (argv.human !== undefined || argv.resume === true) return withSignals((stop) => humanPlayCommand(argv, playArgs(argv, match), stop));
  const as = intFlag('--as', argv.as, 0, 63);
  const html = textFlag('--html', argv.html);
  // Checked before the match is played: a result folder's files are not play's to write.
  if (html !== undefined) refuseResultFile(html, '--html');
  const { spec, variant } = await playSpec(playArgs(argv, match), process.cwd());
  const lines: string[] = [];
  const told = narrateMatch(spec, variant, match, (l) => lines.push(l), { as });
  process.stdout.write(lines.join('\n') + '\n');
  if (html !== undefined) writeViewer(spec, variant, match, html);
  return told.fault ? EXIT.faults : EXIT.ok;
}

export async function main(args: string[]): Promise<number> {
  let cmd: Command['cmd'] | undefined;
  try {
    const c = await parse(args);
    cmd = c.cmd;
    if (c.cmd === 'run') return await runCommand(c.argv);
    if (c.cmd === 'merge') return await mergeCommand(c.argv);
    if (c.cmd === 'compare') {
      const r = await compareCommand(c.argv);
      process.stdout.write(r.text);
      return r.code;
    }
    if (c.cmd === 'play') return await playCommand(c.argv);
    if (c.cmd === 'tune') return await tuneCommand(c.argv, withSignals);
    if (c.cmd === 'importance') return await withSignals((signal) => importanceCommand(c.argv, signal));
    if (c.cmd === 'skill') return await withSignals((signal) => skillCommand(c.argv, signal));
    if (c.cmd === 'report') await reportCommand(c.argv);
    else if (c.cmd === 'show') await showCommand(c.argv);
    else process.stdout.write((await listText(c.argv.game as string | undefined)) + '\n');
    return EXIT.ok;
  } catch (err) {
    if (err instanceof InputError) {
      process.stderr.write(`tavolo: ${err.message}\n`);
      return EXIT.input;
    }
    if (err instanceof BatchesFailed) {
      process.stderr.write(`tavolo: ${err.message}\n`);
      return EXIT.batchesFailed;
    }
    if (err instanceof Interrupted) {
      process.stderr.write(`tavolo: interrupted (${err.signal}).\n`);
      return err.signal === 'SIGTERM' ? EXIT.sigterm : EXIT.sigint;
    }
    const code = (err as NodeJS.ErrnoException | undefined)?.code;
    const io = typeof code === 'string' && /^E[A-Z]+$/.test(code);
    process.stderr.write(
      io
        ? `tavolo: ${(err as Error).message}\n`
        : `tavolo: internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    if (cmd === 'run' || cmd === 'tune') process.stderr.write('tavolo: completed batches are kept in the journal; run the same command with --resume to continue.\n');
    return EXIT.internal;
  }
}

// `tavolo play | head`: a closed stdout is not an error; the command still finishes (and a run still
// writes its files).
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code !== 'EPIPE') throw err;
});
process.exitCode = await main(hideBin(process.argv));

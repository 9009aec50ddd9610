import type { Argv } from 'yargs';
import { TARGET_MS } from '../runner/batching.js';
import { DEFAULT_DECISION_TIMEOUT_MS, DEFAULT_VERIFY_MATCHES } from '../runner/limits.js';
import { HUMAN_OPTIONS } from './human-flags.js';
import { TUNE_COMMAND, TUNE_DESCRIPTION, tuneBuilder } from '../studies/tune/flags.js';
import { IMPORTANCE_COMMAND, IMPORTANCE_DESCRIPTION, importanceBuilder } from '../studies/importance/flags.js';
import { META_COMMAND, META_DESCRIPTION, metaBuilder } from '../studies/meta/flags.js';
import { SKILL_COMMAND, SKILL_DESCRIPTION, skillBuilder } from '../studies/skill/flags.js';
import { AUDIT_COMMAND, AUDIT_DESCRIPTION, auditBuilder } from '../studies/audit/flags.js';

/**
 * The commands of the command line as `tavolo --help` shows them: each one's usage, description, flags and
 * examples. Nothing here runs a command, and this module imports only what the flags' texts need, so that
 * `tavolo --help` and `tavolo --version` start as fast as Node does (main.ts loads a command's code once
 * it is chosen).
 */

export type CommandName = 'run' | 'play' | 'list' | 'merge' | 'compare' | 'report' | 'show' | 'tune' | 'importance' | 'skill' | 'meta' | 'serve-env' | 'audit';

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
      describe: `Matches replayed in a fresh worker after the run to check the bots are deterministic; 0 turns the check off (default: 1% of the matches, at least ${DEFAULT_VERIFY_MATCHES}, when the game or a bot is loaded from a file, else 0)`,
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
export interface CommandEntry {
  cmd: CommandName;
  usage: string;
  describe: string;
  builder: (y: Argv) => Argv;
}

/** The commands, in the order `tavolo --help` lists them. */
export const COMMAND_TABLE: readonly CommandEntry[] = [
  { cmd: 'run', usage: 'run <spec>', describe: 'Run a tournament from a JSON spec (see tournaments/)', builder: runBuilder },
  { cmd: 'merge', usage: 'merge <dirs..>', describe: 'Combine the outputs of the shards of a tournament into the files a single run writes', builder: mergeBuilder },
  { cmd: 'compare', usage: 'compare <baseline> <candidate>', describe: 'Compare two result folders (the same tournament before and after a change): paired when their seeds match', builder: compareBuilder },
  { cmd: 'play', usage: 'play', describe: 'Play one match move by move (exactly match --match of a tournament with master seed --seed)', builder: playBuilder },
  { cmd: 'report', usage: 'report <dir>', describe: 'Write report.html (charts of every CSV there) for a finished result folder, or tune.html for a search', builder: reportBuilder },
  { cmd: 'show', usage: 'show <dir>', describe: 'Write a page that replays one match of a finished run step by step', builder: showBuilder },
  { cmd: 'tune', usage: TUNE_COMMAND, describe: TUNE_DESCRIPTION, builder: tuneBuilder },
  { cmd: 'importance', usage: IMPORTANCE_COMMAND, describe: IMPORTANCE_DESCRIPTION, builder: importanceBuilder },
  { cmd: 'skill', usage: SKILL_COMMAND, describe: SKILL_DESCRIPTION, builder: skillBuilder },
  { cmd: 'meta', usage: META_COMMAND, describe: META_DESCRIPTION, builder: metaBuilder },
  { cmd: 'serve-env', usage: 'serve-env', describe: 'Hold a match that a program drives over stdin/stdout in JSON lines, as a learning agent\'s environment (docs/protocol.md)', builder: (y) => y },
  { cmd: 'audit', usage: AUDIT_COMMAND, describe: AUDIT_DESCRIPTION, builder: auditBuilder },
  { cmd: 'list', usage: 'list [game]', describe: 'List the games (with options and player ranges) and the bots (with parameters), or one game', builder: listBuilder },
];

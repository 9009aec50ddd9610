import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { packageRoot } from '../io/runinfo.js';
import { manifestNotice, setManifestPolicy, type ManifestCheck } from '../io/manifest.js';
import { BatchesFailed, InputError, Interrupted } from '../errors.js';
import { rawFlagValues } from '../terminal/args.js';
import { didYouMean } from '../did-you-mean.js';
import { COMMAND_TABLE, type CommandName } from './commands.js';
import { EXIT } from './exit.js';
import { withSignals } from './signals.js';

export { EXIT };

/*
 * The command line's entry. It parses the arguments against the command table (commands.ts, which loads
 * no command's code) and only then imports the chosen command's module: `tavolo --version`, `--help` and
 * a refused flag cost Node's start, yargs and the flag texts, not the runner, the games and the studies
 * (tests/cli/startup.test.ts keeps it so).
 */

type Command = { cmd: CommandName; argv: Record<string, unknown> };

function version(): string {
  return (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}

/** Flags typed as numbers in the help; their values are checked from the text as typed (intFlag). */
const NUMERIC_FLAGS = ['matches', 'threads', 'batch', 'decision-timeout-ms', 'worker-memory-mb', 'verify-matches', 'players', 'match', 'as', 'port', 'bot-delay', 'search-budget'];

/** What a command needs when it is given without its arguments, with an example. */
const MISSING_ARGUMENT: Record<string, string> = {
  tune: 'spec: give the path of a spec with a "tune" field, for example `tavolo tune tournaments/stramat-tune.json` (tavolo tune --help shows the options)',
  run: 'spec: give the path of a tournament spec, for example `tavolo run tournaments/stramat-demo.json` (tavolo run --help shows the options)',
  meta: 'spec: give the path of a meta spec with a "population", for example `tavolo meta tournaments/stramat-meta.json` (tavolo meta --help shows the options)',
  merge:
    'merge: give the output directories of the shards, for example `tavolo merge sweep/shard-0 sweep/shard-1 --out results/x` (tavolo merge --help shows the options)',
};

const COMMANDS = ['run', 'merge', 'compare', 'play', 'show', 'report', 'list', 'tune', 'importance', 'skill', 'meta', 'serve-env', 'audit'];

const GIVE_COMMAND = `Give a command: ${COMMANDS.slice(0, -1).join(', ')} or ${COMMANDS[COMMANDS.length - 1]} (tavolo --help shows them).`;

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
    .demandCommand(1, GIVE_COMMAND)
    .option('accept-edits', {
      type: 'boolean',
      global: true,
      describe: 'Read result files edited after tavolo wrote them (refused otherwise, exit 2); the output then says so first',
    })
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
  if (!chosen) throw new InputError(GIVE_COMMAND);
  return chosen;
}

/** A folder read with edited files (accepted) is said first on stdout; one without a manifest is noted on stderr. */
function sayManifest(check: ManifestCheck): void {
  if (check.state === 'accepted') process.stdout.write(`${manifestNotice(check)}\n`);
  else process.stderr.write(`tavolo: note: ${manifestNotice(check)}\n`);
}

/** Runs the chosen command, whose module is imported only now. */
async function dispatch(c: Command): Promise<number> {
  switch (c.cmd) {
    case 'run':
      return (await import('./run.js')).runCommand(c.argv);
    case 'merge':
      return (await import('./run.js')).mergeCommand(c.argv);
    case 'compare': {
      const r = await (await import('./compare.js')).compareCommand(c.argv);
      process.stdout.write(r.text);
      return r.code;
    }
    case 'play':
      return (await import('./play.js')).playCommand(c.argv);
    case 'tune':
      return (await import('../studies/tune/command.js')).tuneCommand(c.argv, withSignals);
    case 'importance': {
      const { importanceCommand } = await import('../studies/importance/command.js');
      return withSignals((signal) => importanceCommand(c.argv, signal));
    }
    case 'skill': {
      const { skillCommand } = await import('../studies/skill/command.js');
      return withSignals((signal) => skillCommand(c.argv, signal));
    }
    case 'meta': {
      const { metaCommand } = await import('../studies/meta/command.js');
      return withSignals((signal) => metaCommand(c.argv, signal));
    }
    case 'audit': {
      const { auditCommand } = await import('../studies/audit/command.js');
      return withSignals((signal) => auditCommand(c.argv, signal));
    }
    case 'report':
      await (await import('./report.js')).reportCommand(c.argv);
      return EXIT.ok;
    case 'show':
      await (await import('./show.js')).showCommand(c.argv);
      return EXIT.ok;
    case 'serve-env':
      return (await import('./serve-env.js')).serveEnvCommand();
    case 'list':
      process.stdout.write((await (await import('./list.js')).listText(c.argv.game as string | undefined)) + '\n');
      return EXIT.ok;
  }
}

export async function main(args: string[]): Promise<number> {
  let cmd: Command['cmd'] | undefined;
  try {
    const c = await parse(args);
    cmd = c.cmd;
    setManifestPolicy(c.argv['accept-edits'] === true, sayManifest);
    return await dispatch(c);
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

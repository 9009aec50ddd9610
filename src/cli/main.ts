import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import cliProgress from 'cli-progress';
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { summaryText, rotationNote } from '../reports/table.js';
import { packageRoot } from '../reports/runinfo.js';
import { InputError } from '../runner/errors.js';
import { DEFAULT_BATCH, Interrupted, defaultBatch, defaultThreads, effectiveThreads, runTournament } from '../runner/run.js';
import { loadSpec } from '../runner/spec.js';
import { intFlag, listFlag, parseKeyValues, textFlag } from './args.js';
import { listText } from './list.js';
import { narrateMatch, playSpec } from './play.js';

type Command =
  | { cmd: 'run'; argv: Record<string, unknown> }
  | { cmd: 'play'; argv: Record<string, unknown> }
  | { cmd: 'list'; argv: Record<string, unknown> };

function version(): string {
  return JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')).version as string;
}

async function parse(args: string[]): Promise<Command> {
  let chosen: Command | undefined;
  await yargs(args)
    .scriptName('tavolo')
    .usage('$0 <command> [options]')
    .command(
      'run <spec>',
      'Run a tournament from a JSON spec (see tournaments/)',
      (y) =>
        y
          .positional('spec', { type: 'string', describe: 'Path of the tournament spec (JSON)' })
          .option('matches', { type: 'string', describe: 'Matches per variant (overrides the spec)' })
          .option('threads', { type: 'string', describe: 'Worker threads (default: all cores; 1 runs in-process)' })
          .option('seed', { type: 'string', describe: 'Master seed (overrides the spec)' })
          .option('out', { type: 'string', describe: 'Output directory (default: results/<tournament name>)' })
          .option('batch', {
            type: 'string',
            describe: `Matches per worker task (default ${DEFAULT_BATCH}, fewer for short runs: about 8 batches per thread)`,
          }),
      (argv) => {
        chosen = { cmd: 'run', argv };
      },
    )
    .command(
      'play',
      'Play one match move by move (exactly match --match of a tournament with master seed --seed)',
      (y) =>
        y
          .option('game', { type: 'string', describe: 'Game name (see `tavolo list`) or path of a game module' })
          .option('players', { type: 'string', describe: 'Number of players (default: the number of --bots)' })
          .option('bots', { type: 'string', describe: 'Lineup, comma-separated, e.g. greedy,random,random,random' })
          .option('seed', { type: 'string', describe: 'Master seed (default 0, or the spec seed with --spec)' })
          .option('option', { type: 'string', array: true, describe: 'Game option key=value (repeatable)' })
          .option('match', { type: 'string', describe: 'Match index i (default 0): seed and seat rotation of match i' })
          .option('spec', { type: 'string', describe: 'Replay a match of this tournament spec instead' })
          .option('variant', { type: 'string', describe: 'Variant name with --spec (default: the first)' }),
      (argv) => {
        chosen = { cmd: 'play', argv };
      },
    )
    .command(
      'list',
      'List the games (with options and player ranges) and the bots (with parameters)',
      (y) => y,
      (argv) => {
        chosen = { cmd: 'list', argv };
      },
    )
    .demandCommand(1, 'Give a command: run, play or list (tavolo --help shows them).')
    .strict()
    .help()
    .version(version())
    .fail((msg, err) => {
      throw err ?? new InputError(msg.includes('--help') ? msg : `${msg} (tavolo --help shows the usage)`);
    })
    .parseAsync();
  if (!chosen) throw new InputError('Give a command: run, play or list (tavolo --help shows them).');
  return chosen;
}

async function runCommand(argv: Record<string, unknown>): Promise<void> {
  const matches = intFlag('--matches', argv.matches, 1);
  const requestedThreads = intFlag('--threads', argv.threads, 1, 1024) ?? defaultThreads();
  const givenBatch = intFlag('--batch', argv.batch, 1, 10_000_000);
  const seed = textFlag('--seed', argv.seed);
  const out = textFlag('--out', argv.out);
  const specPath = textFlag('spec', argv.spec)!;
  const spec = await loadSpec(specPath, { matches, seed });
  const batch = givenBatch ?? defaultBatch(spec.matches, requestedThreads);
  const threads = effectiveThreads(spec, requestedThreads, batch);
  const outDir = out ?? join('results', spec.name);
  const total = spec.matches * spec.variants.length;

  process.stdout.write(
    `${spec.name}: ${spec.game.title}, ${spec.players} players, ${spec.matches} matches x ${spec.variants.length} ` +
      `variant${spec.variants.length > 1 ? 's' : ''} (${spec.variants.map((v) => v.name).join(', ')}), ` +
      `seed ${JSON.stringify(spec.seed)}, ${threads} thread${threads > 1 ? 's' : ''}, batches of ${batch}\n`,
  );
  process.stdout.write(`Lineup: ${spec.lineup.map((e, i) => `${i} ${e.name}`).join(', ')}\n`);

  const showBar = Boolean(process.stderr.isTTY) && !process.env.CI;
  const bar = showBar
    ? new cliProgress.SingleBar(
        {
          format: '{bar} {percentage}% | {value}/{total} matches | {speed} matches/s | ETA {eta_formatted}',
          stream: process.stderr,
          hideCursor: true,
          clearOnComplete: true,
          etaBuffer: 50,
        },
        cliProgress.Presets.shades_classic,
      )
    : undefined;
  const t0 = performance.now();
  bar?.start(total, 0, { speed: 0 });

  let lastDone = 0;
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once('SIGINT', onSigint);
  try {
    const outcome = await runTournament(spec, {
      threads,
      batch,
      outDir,
      signal: controller.signal,
      onProgress: (done) => {
        lastDone = done;
        bar?.update(done, { speed: Math.round(done / Math.max((performance.now() - t0) / 1000, 1e-3)) });
      },
      onFault: (f, bot) => {
        const line = `warning: ${bot} faulted (${f.reason}) in variant ${spec.variants[f.variant].name}, match ${f.match}, seat ${f.seat}: ${f.message}\n`;
        if (bar) process.stderr.write('\r\x1b[K');
        process.stderr.write(line);
        bar?.update(lastDone);
      },
    });
    bar?.stop();
    process.stdout.write('\n' + summaryText(outcome.stats) + '\n');
    process.stdout.write(rotationNote(spec.matches, spec.players) + '\n');
    if (spec.variants.length > 1) {
      process.stdout.write(`Variants are paired: match i uses the same seed in every variant.\n`);
    }
    const rel = relative(process.cwd(), outcome.outDir);
    const shown = rel === '' ? '.' : rel.startsWith('..') ? outcome.outDir : rel;
    process.stdout.write(
      `Wrote ${shown}/matches.csv, summary.csv, seats.csv, run.json ` +
        `(${outcome.totalMatches} matches in ${outcome.wallSeconds.toFixed(1)} s, ${Math.round(outcome.matchesPerSecond)} matches/s)\n`,
    );
  } finally {
    bar?.stop();
    process.off('SIGINT', onSigint);
  }
}

async function playCommand(argv: Record<string, unknown>): Promise<void> {
  const match = intFlag('--match', argv.match, 0) ?? 0;
  const { spec, variant } = await playSpec(
    {
      spec: textFlag('--spec', argv.spec),
      variant: textFlag('--variant', argv.variant),
      game: textFlag('--game', argv.game),
      players: intFlag('--players', argv.players, 1, 64),
      bots: listFlag('--bots', argv.bots),
      seed: textFlag('--seed', argv.seed),
      options: parseKeyValues('--option', argv.option),
      match,
    },
    process.cwd(),
  );
  const lines: string[] = [];
  narrateMatch(spec, variant, match, (l) => lines.push(l));
  process.stdout.write(lines.join('\n') + '\n');
}

export async function main(args: string[]): Promise<number> {
  try {
    const c = await parse(args);
    if (c.cmd === 'run') await runCommand(c.argv);
    else if (c.cmd === 'play') await playCommand(c.argv);
    else process.stdout.write((await listText()) + '\n');
    return 0;
  } catch (err) {
    if (err instanceof InputError) {
      process.stderr.write(`tavolo: ${err.message}\n`);
      return 2;
    }
    if (err instanceof Interrupted) {
      process.stderr.write('tavolo: interrupted; no results were written.\n');
      return 130;
    }
    process.stderr.write(`tavolo: internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    return 1;
  }
}

// `tavolo play | head`: a closed stdout is not an error; the command still finishes (and a run still
// writes its files).
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code !== 'EPIPE') throw err;
});
process.exitCode = await main(hideBin(process.argv));

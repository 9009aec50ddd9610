import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { openResult, readMatches, type MatchRow } from '../analysis/results.js';
import { didYouMean } from '../did-you-mean.js';
import { InputError } from '../errors.js';
import { DERIVED_FILES, checkManifest } from '../io/manifest.js';
import { readSpecFile, resolveSpec, type RawSpec, type ResolvedSpec } from '../runner/spec.js';
import { writeViewer } from '../report/viewer.js';
import { flagText, intFlag } from '../terminal/args.js';
import { kilobytes } from '../terminal/sizes.js';
import { checkFileNamePart, refuseResultFile } from '../runner/result-guard.js';
import { SAVED } from '../play/journal.js';
import { showSaved } from '../play/show-saved.js';

/**
 * `tavolo show <result dir> --variant v --match i`: the viewer page of one match of a finished run. The
 * match is rebuilt from run.json (game, players, seed, every variant's full options, the lineup), with
 * the bot and game references taken from the spec file when it is still there (it may name files).
 */

interface RunJson {
  tournament?: string;
  spec?: string;
  game?: unknown;
  players?: number;
  seed?: string;
  matches_per_variant?: number;
  variants?: { name: string; options: Record<string, unknown> }[];
  lineup?: { name: string; bot: unknown; params: Record<string, unknown> }[];
}

function readRun(dir: string): RunJson {
  const file = join(dir, 'run.json');
  if (!existsSync(file)) throw new InputError(`${file} is missing: give the folder of a finished run`, 'show');
  checkManifest(dir, DERIVED_FILES);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as RunJson;
  } catch (err) {
    throw new InputError(`${file} is not valid JSON (${(err as Error).message})`, 'show');
  }
}

/** The spec of a finished run, as it was played. */
export async function specOfRun(dir: string): Promise<ResolvedSpec> {
  const run = readRun(dir);
  const specFile = typeof run.spec === 'string' && existsSync(run.spec) ? run.spec : undefined;
  const written = specFile ? readSpecFile(specFile) : undefined;
  const game = written?.game ?? (typeof run.game === 'string' ? run.game : undefined);
  const bots = written?.bots ?? run.lineup?.map((e) => ({ name: e.name, bot: e.bot, params: e.params }));
  if (game === undefined || bots === undefined || bots.some((b) => typeof b.bot !== 'string') || !run.variants || run.players === undefined || run.seed === undefined) {
    throw new InputError(`${join(dir, 'run.json')} does not say enough to replay a match (game, players, seed, variants, lineup) and its spec file is gone`, 'show');
  }
  const raw: RawSpec = {
    name: run.tournament ?? 'show',
    game,
    players: run.players,
    matches: run.matches_per_variant ?? 1,
    seed: run.seed,
    variants: run.variants.map((v) => ({ name: v.name, options: v.options })),
    bots: bots as RawSpec['bots'],
  };
  const spec = await resolveSpec(raw, specFile ? dirname(specFile) : process.cwd(), {}, specFile);
  const played = JSON.stringify(run.lineup?.map((e) => [e.name, e.params]));
  const now = JSON.stringify(spec.lineup.map((e) => [e.name, e.params]));
  if (run.lineup && played !== now) {
    throw new InputError(`the lineup of ${specFile} is no longer the one run.json records (${played} against ${now}): the match cannot be replayed as played`, 'show');
  }
  return spec;
}

export async function showCommand(argv: Record<string, unknown>): Promise<void> {
  const dir = flagText(argv.dir ?? '');
  // A folder of `tavolo play --human` holds the match it saved, not a run.
  if (!existsSync(join(dir, 'run.json')) && existsSync(join(dir, SAVED))) return showSaved(dir, typeof argv.out === 'string' ? argv.out : undefined);
  const spec = await specOfRun(dir);
  const variantName = typeof argv.variant === 'string' ? argv.variant : spec.variants[0].name;
  const variant = spec.variants.findIndex((v) => v.name === variantName);
  if (variant < 0) {
    const names = spec.variants.map((v) => v.name);
    throw new InputError(`unknown variant "${variantName}"${didYouMean(variantName, names)}; this run's variants are: ${names.join(', ')}`, '--variant');
  }
  const match = intFlag('--match', argv.match, 0) ?? 0;
  if (match >= spec.matches) throw new InputError(`this run has matches 0 to ${spec.matches - 1} in each variant, found ${match}`, '--match');
  // Only the viewers' sub-folder of a result is written to; a variant name must stay a file name there.
  const out = typeof argv.out === 'string' ? argv.out : join(dir, 'matches', `${checkFileNamePart(variantName, '--variant')}-${match}.html`);
  refuseResultFile(out, '--out');
  const r = writeViewer(spec, variant, match, out);
  const rel = relative(process.cwd(), r.file);
  process.stdout.write(`Wrote ${rel.startsWith('..') ? r.file : rel} (${kilobytes(r.bytes)}, ${r.steps - 1} decisions): match ${match} of variant ${variantName}\n`);
  let played: MatchRow | undefined;
  try {
    played = await playedRow(dir, variantName, match);
  } catch (err) {
    // The page is written: a matches.csv that cannot be read is said, by name, and not compared with.
    if (!(err instanceof InputError)) throw err;
    process.stderr.write(`warning: the replay is not compared with matches.csv: ${err.message}\n`);
  }
  const playedWinners = played?.winners.join(';');
  if (played && (playedWinners !== r.result.winners || played.turns !== r.result.turns || played.endReason !== r.result.endReason)) {
    process.stderr.write(
      `warning: this replay ended differently from matches.csv (winners ${r.result.winners || 'none'}, ${r.result.turns} turns, ${r.result.endReason} ` +
        `against ${playedWinners || 'none'}, ${played.turns} turns, ${played.endReason}): the game or a bot has changed since the run\n`,
    );
  }
}

/**
 * The row of matches.csv for this match, read by the one checked reader of result folders
 * (analysis/results.ts: only that variant's rows are parsed), or undefined when the folder has no matches.csv.
 */
async function playedRow(dir: string, variant: string, match: number): Promise<MatchRow | undefined> {
  if (!existsSync(join(dir, 'matches.csv'))) return undefined;
  let found: MatchRow | undefined;
  const keep = (row: MatchRow) => {
    if (row.match === match) found = row;
  };
  await readMatches(openResult(dir, { loose: true }), keep, { variant });
  return found;
}

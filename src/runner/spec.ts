import { readFileSync, existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parse as parseJsonc, type ParseError } from 'jsonc-parser';
import * as z from 'zod';
import { didYouMean } from '../did-you-mean.js';
import { loadBot, loadGame } from '../plugins/loader.js';
import { chooseBot } from '../plugins/presets.js';
import type { BotFactory } from '../engine/bot.js';
import type { AnyGame, Options } from '../engine/game.js';
import { resolveOptions } from '../engine/options.js';
import { InputError, aboveLargest, describeValue, expectedInteger, isOptionError, prefixOptionError } from '../errors.js';
import { isolatedFactory } from './isolation.js';
import { checkMeasureColumns, resolveMeasures } from './measures-spec.js';
import { DEFAULT_DECISION_TIMEOUT_MS, INT_BOUNDS, MAX_DECISION_TIMEOUT_MS, MAX_OPENING, checkNesting, processWaitMs } from './limits.js';
import { resolveProcessEntry } from '../protocol/spec-entry.js';
import { resolveSequential, sequentialSchema, type SequentialSpec } from './sequential-spec.js';
import { expandSweep, type SweepPlan } from './sweep.js';

/**
 * A tournament spec, as written in tournaments/*.json. Validated with zod (shape and types), then
 * resolved against the game and the bots (names, player range, options, bot parameters).
 */
const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

// The spec's limits live in limits.ts, which the command line's flag definitions read without loading this schema.
export { DEFAULT_DECISION_TIMEOUT_MS, INT_BOUNDS, MAX_DECISION_TIMEOUT_MS, MAX_OPENING };

const optionsRecord = z.record(z.string(), z.unknown());

const variantSchema = z.strictObject({
  name: z.string().min(1),
  description: z.string().optional(),
  options: optionsRecord.optional(),
});

export const botEntrySchema = z.strictObject({
  name: z.string().min(1).optional(),
  bot: z.string().min(1),
  params: optionsRecord.optional(),
  /** Isolation mode: the bot plays in a thread of its own and sees only data (docs/bots-trust.md). */
  isolate: z.boolean().optional(),
  /** A process bot's program and its arguments (docs/protocol.md). */
  command: z.array(z.string().min(1)).min(1).optional(),
});

const boundedInt = (field: keyof typeof INT_BOUNDS) => z.int().min(INT_BOUNDS[field][0]).max(INT_BOUNDS[field][1]);

export const specSchema = z.strictObject({
  name: z.string().regex(NAME_PATTERN),
  description: z.string().optional(),
  game: z.string().min(1),
  players: boundedInt('players'),
  matches: boundedInt('matches'),
  seed: z.union([z.string().min(1), z.int()]),
  decisionTimeoutMs: boundedInt('decisionTimeoutMs').optional(),
  /**
   * The first moves of every match drawn at random from the match seed (the same in every seating of a
   * deal), as chess testers start from an opening book: varied starts for a game with little or no chance.
   */
  opening: boundedInt('opening').optional(),
  variants: z.array(variantSchema).min(1).optional(),
  /** Options with lists of values or ranges: one generated variant per point of the grid (docs/sweeps.md). */
  sweep: z.unknown().optional(),
  /** The variant the others are compared with (compare.csv); default the first. */
  baseline: z.string().min(1).optional(),
  bots: z.array(botEntrySchema).min(1),
  sequential: sequentialSchema.optional(),
  /** Match measures (lead changes, drama, decisiveness, choice): true, false or a list of names (docs/measures.md). */
  measures: z.unknown().optional(),
  /** Targets to search toward with `tavolo tune` (studies/tune/spec.ts, docs/tune.md); `tavolo run` plays the full grid. */
  tune: z.unknown().optional(),
  /** Also write matches.parquet (the matches, typed, for pandas, polars, R and DuckDB; read by tavolo's analysis). */
  parquet: z.boolean().optional(),
});

export type RawSpec = z.infer<typeof specSchema>;

const VALID_KEYS: Record<string, string[]> = {
  // A spec may name populations in place of bots (populations-spec.ts): a field of `tavolo run`'s specs.
  '': [...Object.keys(specSchema.shape), 'populations'],
  variants: Object.keys(variantSchema.shape),
  bots: Object.keys(botEntrySchema.shape),
  sequential: Object.keys(sequentialSchema.shape),
};

/** `variants[1].options` from ['variants', 1, 'options']. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else out += out ? `.${String(p)}` : String(p);
  }
  return out;
}

export { describeValue };

const EXPECTED_TYPE: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  record: 'an object',
};

/** Fields declared with z.int(): zod reports a wrong type there as "expected number". */
const isIntField = (field: string): field is keyof typeof INT_BOUNDS => Object.hasOwn(INT_BOUNDS, field);
const intExpected = (field: keyof typeof INT_BOUNDS) => expectedInteger(INT_BOUNDS[field][0], INT_BOUNDS[field][1]);

/** The valid fields of the object at a path ('' the top, 'bots', ...), for "unknown field" messages. */
export type ValidKeys = (parent: string) => string[];

export const specKeys: ValidKeys = (parent) => VALID_KEYS[parent] ?? [];

function describeIssue(issue: z.core.$ZodIssue, validKeys: ValidKeys): { field: string; message: string } {
  const field = formatPath(issue.path);
  const found = describeValue(issue.input);
  switch (issue.code) {
    case 'invalid_type': {
      if (isIntField(field) && issue.expected === 'number') return { field, message: `expected ${intExpected(field)}, found ${found}` };
      return { field, message: `expected ${EXPECTED_TYPE[issue.expected] ?? issue.expected}, found ${found}` };
    }
    case 'too_small': {
      if (issue.origin === 'array') {
        return { field, message: `expected at least ${issue.minimum} entr${issue.minimum === 1 ? 'y' : 'ies'}, found ${found}` };
      }
      if (issue.origin === 'string') return { field, message: `expected a non-empty string, found ${found}` };
      if (isIntField(field)) return { field, message: `expected ${intExpected(field)}, found ${found}` };
      return { field, message: `expected ${issue.origin === 'int' ? 'an integer' : 'a number'} of at least ${issue.minimum}, found ${found}` };
    }
    case 'too_big':
      if (isIntField(field)) return { field, message: `expected ${intExpected(field)}, found ${found}${aboveLargest(issue.input, INT_BOUNDS[field][1])}` };
      return { field, message: `expected ${issue.origin === 'int' ? 'an integer' : 'a number'} of at most ${issue.maximum}, found ${found}` };
    case 'invalid_format':
      return {
        field,
        message: `expected a name of letters, digits, '.', '_' and '-' (starting with a letter or digit), found ${found}`,
      };
    case 'unrecognized_keys': {
      const parent = issue.path.filter((p) => typeof p === 'string').join('.');
      const valid = validKeys(parent);
      const where = formatPath(issue.path);
      const names = issue.keys.map((k) => `"${k}"`).join(', ');
      return {
        field: where ? `${where}.${issue.keys[0]}` : issue.keys[0],
        message: `unknown field${issue.keys.length > 1 ? 's' : ''} ${names}${where ? ` in ${where}` : ''}${didYouMean(issue.keys[0], valid)}; valid fields are: ${valid.join(', ')}`,
      };
    }
    case 'invalid_union':
      return { field, message: `expected a non-empty string or an integer, found ${found}` };
    default:
      return { field, message: `${issue.message} (found ${found})` };
  }
}

/** Validates the shape of a parsed spec. Throws an InputError listing every problem, each with its field. */
export function parseSpec(data: unknown, source = 'spec'): RawSpec {
  if (data !== null && typeof data === 'object' && Object.hasOwn(data, 'populations')) {
    throw new InputError('a spec with populations is played by `tavolo run` (one run per population); this command takes a spec with one lineup in "bots"', 'populations');
  }
  return parseWith(specSchema, data, source, specKeys);
}

/** Validates data against a spec schema; every problem is named by its field, the first one thrown as an InputError. */
export function parseWith<S extends z.ZodType>(schema: S, data: unknown, source: string, validKeys: ValidKeys): z.infer<S> {
  checkNesting(data);
  const parsed = schema.safeParse(data, { reportInput: true });
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => describeIssue(issue, validKeys));
  const first = problems[0];
  const more = problems.slice(1).map((p) => `\n  ${p.field}: ${p.message}`).join('');
  throw new InputError(`${first.message}${more ? `\n(in ${source}; further problems:)${more}` : ` (in ${source})`}`, first.field);
}

/** Reads and validates a spec file. */
export function readSpecFile(path: string): RawSpec {
  const { file, data } = readSpecJson(path);
  return parseSpec(data, file);
}

/** A spec file's JSON, parsed (any kind of spec: a tournament's, a meta spec); its absolute path. */
export function readSpecJson(path: string): { file: string; data: unknown } {
  const file = resolve(path);
  if (!existsSync(file)) throw new InputError(`spec file ${file} does not exist`, 'spec');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new InputError(`spec file ${file} cannot be read: ${(err as Error).message}`, 'spec');
  }
  try {
    return { file, data: JSON.parse(text) };
  } catch (err) {
    throw new InputError(`spec file ${file} is not valid JSON: ${jsonErrorText(text, (err as Error).message)}`, 'spec');
  }
}

/**
 * A JSON.parse message with the line and column of the problem and the offending line. Node 20 gives
 * a character position for some errors and none for others (an unexpected token, as in a YAML file);
 * where it gives none, jsonc-parser's strict JSON scan finds the offset.
 */
export function jsonErrorText(text: string, message: string): string {
  const comma = trailingComma(text);
  if (comma !== undefined) {
    const { line, column, shown } = lineAt(text, comma.offset);
    return `a trailing comma at line ${line}, column ${column}: ${shown} (JSON allows no comma before the closing ${comma.closing}; remove it)`;
  }
  const pos = /at position (\d+)/.exec(message);
  if (/\(line (\d+) column (\d+)\)/.test(message)) return message;
  let offset: number | undefined;
  let detail = message.replace(/ in JSON at position \d+.*$/, '').replace(/ at position \d+.*$/, '');
  if (pos) offset = Number(pos[1]);
  else if (/end of (JSON )?input/i.test(message)) offset = text.length;
  else {
    const found = firstJsonError(text);
    if (found === undefined) return message;
    offset = found.offset;
    detail = `Unexpected ${JSON.stringify(text.slice(found.offset, found.offset + Math.max(1, Math.min(found.length, 20))))}`;
  }
  const { line, column, shown } = lineAt(text, offset);
  const hint = /^\s*[{[]/.test(text) ? '' : ' (a spec is a JSON object, starting with {)';
  return `${detail} at line ${line}, column ${column}${shown ? `: ${shown}` : ''}${hint}`;
}

/** The 1-based line and column of an offset, and that line trimmed (shortened past 120 characters). */
function lineAt(text: string, offset: number): { line: number; column: number; shown: string } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - (before.lastIndexOf('\n') + 1) + 1;
  const source = (text.split('\n')[line - 1] ?? '').replace(/\r$/, '');
  const shown = source.length > 120 ? `${source.slice(0, 117)}...` : source;
  return { line, column, shown: shown.trim() };
}

/**
 * When the first syntax error is a closing } or ] right after a comma (a trailing comma, which JSON
 * forbids though most editors' JSON-with-comments allows it): the comma's offset and the bracket.
 */
export function trailingComma(text: string): { offset: number; closing: string } | undefined {
  const first = firstJsonError(text);
  if (first === undefined) return undefined;
  const closing = text[first.offset];
  if (closing !== '}' && closing !== ']') return undefined;
  let i = first.offset - 1;
  while (i >= 0 && /\s/.test(text[i])) i--;
  return text[i] === ',' ? { offset: i, closing } : undefined;
}

/** The offset of the first syntax error in strict JSON (no comments, no trailing commas), if any. */
function firstJsonError(text: string): ParseError | undefined {
  const errors: ParseError[] = [];
  parseJsonc(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  return errors[0];
}

export interface LineupEntry {
  /** Name under which results are aggregated. */
  name: string;
  /** The bot as written in the spec: a registered name or a path (made absolute). */
  ref: string;
  factory: BotFactory;
  params: Options;
  /** Plays in isolation mode (a thread of its own; `factory` is then the isolated stand-in). */
  isolate?: boolean;
}

export interface Variant {
  name: string;
  options: Options;
}

/** A spec checked against its game and bots: everything needed to play any match of it. */
export interface ResolvedSpec {
  name: string;
  /** Absolute path of the spec file, or undefined for a spec built on the command line. */
  specPath?: string;
  /** The game as written: a registered name or an absolute path. */
  gameRef: string;
  game: AnyGame;
  players: number;
  matches: number;
  seed: string;
  /** The per-decision time limit in milliseconds. */
  decisionTimeoutMs: number;
  /** Random opening moves before the bots play (spec `opening`); 0: none. */
  opening: number;
  variants: Variant[];
  /** The reference variant of the comparison (the spec's "baseline", else the first variant). */
  baseline: string;
  lineup: LineupEntry[];
  /** A test that stops the run when it has decided (then `matches` is the most played). */
  sequential?: SequentialSpec;
  /** The spec's sweep: its axes and the generated variants (after the hand-written ones). */
  sweep?: SweepPlan;
  /** The match measures written after the game's metrics (docs/measures.md); empty: none. */
  measures: string[];
  /** Also write matches.parquet. Not part of the identity: it changes no match and no other file. */
  parquet?: boolean;
}

export interface Overrides {
  matches?: number;
  seed?: string;
  decisionTimeoutMs?: number;
}

/**
 * Resolves a validated spec: loads the game and the bots, checks the player count, fills in and checks
 * every variant's options and every bot's parameters. Relative paths resolve against baseDir.
 */
export async function resolveSpec(
  raw: RawSpec,
  baseDir: string,
  overrides: Overrides = {},
  specPath?: string,
): Promise<ResolvedSpec> {
  const { game, file: gameFile } = await loadGame(raw.game, baseDir, 'game');
  const players = raw.players;
  if (players < game.minPlayers || players > game.maxPlayers) {
    throw new InputError(
      `${game.name} is played by ${game.minPlayers} to ${game.maxPlayers} players, found ${players}`,
      'players',
    );
  }
  if (raw.bots.length !== players) {
    throw new InputError(
      `expected exactly ${players} entries (one per seat, as players is ${players}), found ${raw.bots.length}; ` +
        'the same bot may be listed several times',
      'bots',
    );
  }

  const decisionTimeoutMs = overrides.decisionTimeoutMs ?? raw.decisionTimeoutMs ?? DEFAULT_DECISION_TIMEOUT_MS;
  const lineup = await resolveLineup(raw.bots, { baseDir, gameRef: gameFile ?? raw.game, game, players, processWait: processWaitMs(decisionTimeoutMs) });
  const sweep = raw.sweep !== undefined ? expandSweep(raw.sweep, game.options, raw.variants?.length ?? 0) : undefined;
  const variants = resolveVariants(game, players, raw.variants, sweep);

  if (raw.baseline !== undefined && !variants.some((v) => v.name === raw.baseline)) {
    const names = variants.map((v) => v.name);
    throw new InputError(`expected the name of one of the variants (${names.join(', ')}), found ${describeValue(raw.baseline)}${didYouMean(raw.baseline, names)}`, 'baseline');
  }

  const measures = resolveMeasures(raw.measures, game);
  checkMeasureColumns(measures, game);
  const matches = overrides.matches ?? raw.matches;
  // A variant-against-baseline test defaults to the spec's own baseline.
  const sequential = raw.sequential
    ? resolveSequential(
        raw.sequential.quantity !== undefined ? { ...raw.sequential, baseline: raw.sequential.baseline ?? raw.baseline } : raw.sequential,
        variants,
        lineup.map((e) => e.name),
        players,
        matches,
      )
    : undefined;
  return {
    name: raw.name,
    specPath,
    gameRef: gameFile ?? raw.game,
    game,
    players,
    matches: overrides.matches ?? raw.matches,
    seed: overrides.seed ?? String(raw.seed),
    decisionTimeoutMs,
    opening: raw.opening ?? 0,
    variants,
    baseline: raw.baseline ?? variants[0].name,
    lineup,
    measures,
    ...(sequential ? { sequential } : {}),
    ...(sweep ? { sweep } : {}),
    ...(raw.parquet ? { parquet: true } : {}),
  };
}

/** Loads each seat's bot and resolves and checks its parameters; one name stands for one bot with one set of parameters. */
async function resolveLineup(
  bots: RawSpec['bots'],
  { baseDir, gameRef, game, players, processWait }: { baseDir: string; gameRef: string; game: AnyGame; players: number; processWait: number },
): Promise<LineupEntry[]> {
  const lineup: LineupEntry[] = [];
  for (let i = 0; i < bots.length; i++) {
    const entry = bots[i];
    if (entry.command !== undefined || entry.bot === PROCESS_BOT) {
      lineup.push(await processLineupEntry(entry, i, baseDir, processWait, lineup));
      continue;
    }
    const choice = chooseBot(entry.bot, game, `bots[${i}].bot`);
    const { factory, file } = await loadBot(choice.bot, baseDir, `bots[${i}].bot`);
    let params: Options;
    try {
      params = resolveOptions(factory.params, { ...choice.baseParams, ...entry.params }, 'bot parameter');
      factory.checkParams?.(params, game, players);
    } catch (err) {
      prefixOptionError(err, `bots[${i}].params.`);
    }
    const name = entry.name ?? (file ? factory.name : entry.bot);
    const ref = file ?? choice.bot;
    checkNameUnique(lineup, name, ref, params, i);
    if (entry.isolate) lineup.push({ name, ref, factory: isolatedFactory(factory, ref, gameRef), params, isolate: true });
    else lineup.push({ name, ref, factory, params });
  }
  return lineup;
}

/** One name stands for one bot with one set of parameters: entries with the same name are aggregated together. */
function checkNameUnique(lineup: readonly LineupEntry[], name: string, ref: string, params: Options, i: number): void {
  const same = lineup.findIndex((e) => e.name === name);
  if (same >= 0 && (lineup[same].ref !== ref || JSON.stringify(lineup[same].params) !== JSON.stringify(params))) {
    throw new InputError(
      `"${name}" is already the name of bots[${same}], a different bot or parameters; ` +
        'give each distinct bot its own name (entries with the same name are aggregated together)',
      `bots[${i}].name`,
    );
  }
}

const PROCESS_BOT = 'process';

/** A process bot entry (docs/protocol.md): its command resolved against the spec's folder, its parameters passed on as written. */
async function processLineupEntry(entry: RawSpec['bots'][number], i: number, baseDir: string, waitMs: number, lineup: readonly LineupEntry[]): Promise<LineupEntry> {
  if (entry.bot !== PROCESS_BOT) throw new InputError(`expected no command for bot "${entry.bot}" (only "bot": "process" takes one)`, `bots[${i}].command`);
  if (entry.command === undefined) throw new InputError('expected the process bot\'s command, such as ["python3", "mybot.py"], found none', `bots[${i}].command`);
  if (entry.isolate) throw new InputError('expected no isolate for a process bot (it runs apart from the engine already)', `bots[${i}].isolate`);
  const { ref, defaultName } = resolveProcessEntry(entry.command, baseDir, waitMs, `bots[${i}].command`);
  const { factory } = await loadBot(ref, baseDir, `bots[${i}].bot`);
  // Passed on to the program as written (JSON): the program checks its own parameters.
  const params = (entry.params ?? {}) as Options;
  const name = entry.name ?? defaultName;
  checkNameUnique(lineup, name, ref, params, i);
  return { name, ref, factory, params };
}

type RawVariant = NonNullable<RawSpec['variants']>[number];

/** A variant to resolve and where its errors point: `variants[1]`, or the sweep. */
interface VariantSource {
  v: RawVariant;
  /** The field of its name (`variants[1].name`, or `sweep`). */
  nameField: string;
  /** The prefix of its options' fields (`variants[1].options.`, or `sweep.`). */
  optionsField: string;
  /** How it is named in a message (`variants[1]`, or `the sweep's variant handSize=3`). */
  label: string;
}

function variantSources(written: RawVariant[] | undefined, sweep: SweepPlan | undefined): VariantSource[] {
  const sources = (written ?? (sweep ? [] : [{ name: 'base', options: {} }])).map((v, i) => ({
    v,
    nameField: `variants[${i}].name`,
    optionsField: `variants[${i}].options.`,
    label: `variants[${i}]`,
  }));
  for (const p of sweep?.points ?? []) {
    sources.push({ v: { name: p.name, options: p.values }, nameField: 'sweep', optionsField: 'sweep.', label: `the sweep's variant ${p.name}` });
  }
  return sources;
}

/**
 * The hand-written variants, then the sweep's, each with its options filled in and checked by the
 * game. With neither, one variant named `base` with the default options.
 */
function resolveVariants(game: AnyGame, players: number, written: RawVariant[] | undefined, sweep: SweepPlan | undefined): Variant[] {
  const sources = variantSources(written, sweep);
  const variants: Variant[] = [];
  for (const source of sources) {
    const dup = variants.findIndex((w) => w.name === source.v.name);
    if (dup >= 0) {
      throw new InputError(`"${source.v.name}" is already the name of ${sources[dup].label}; variant names must be unique`, source.nameField);
    }
    if (source.nameField !== 'sweep') checkVariantName(source.v.name, source.nameField);
    variants.push({ name: source.v.name, options: resolveVariantOptions(game, players, source) });
  }
  return variants;
}

/** The longest variant name, in bytes of UTF-8: with a match number and `.html` it stays a file name (255 bytes) on any file system. */
export const MAX_VARIANT_NAME_BYTES = 100;

/** Names Windows reserves for devices, with or without an extension (`nul`, `COM1.txt`): never file names there. */
const RESERVED_NAME = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

/**
 * A variant's name becomes part of file names (its match viewers, `tavolo show`): refused here, before
 * anything runs, unless it can be one on every system: no folder separator or character Windows forbids,
 * no control character, not `.` or `..`, no trailing dot or space, not a reserved device name, not too long.
 */
export function checkVariantName(name: string, field: string): void {
  const bytes = Buffer.byteLength(name, 'utf8');
  const problems: Array<[boolean, string]> = [
    [/[/\\]/.test(name), 'holds a folder separator (/ or \\)'],
    // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
    [/[\x00-\x1f<>:"|?*]/.test(name), 'holds a control character or one of < > : " | ? *'],
    [name === '.' || name === '..', 'is . or ..'],
    [/[. ]$/.test(name), 'ends with a dot or a space'],
    [RESERVED_NAME.test(name), 'is a name Windows reserves for a device'],
    [bytes > MAX_VARIANT_NAME_BYTES, `is ${bytes} bytes long`],
  ];
  const problem = problems.find(([found]) => found)?.[1];
  if (problem === undefined) return;
  const shown = name.length > 60 ? `${JSON.stringify(name.slice(0, 40))}... (${name.length} characters)` : JSON.stringify(name);
  throw new InputError(
    `expected a name that can be part of a file name (at most ${MAX_VARIANT_NAME_BYTES} bytes, no / \\ < > : " | ? * or control characters, ` +
      `not . or .., no trailing dot or space, not a device name such as nul), found ${shown}, which ${problem}`,
    field,
  );
}

function resolveVariantOptions(game: AnyGame, players: number, source: VariantSource): Options {
  try {
    const options = resolveOptions(game.options, source.v.options, 'option');
    game.checkOptions(options, players);
    return options;
  } catch (err) {
    if (!isOptionError(err) && err instanceof Error) {
      const field = source.optionsField.slice(0, -1);
      const which = source.nameField === 'sweep' ? ` (${source.label})` : '';
      throw new InputError(`${game.name} rejected these options${which}: ${err.message}`, field);
    }
    if (isOptionError(err) && source.nameField === 'sweep') {
      const detail = err.message.slice(err.field.length + 2);
      throw new InputError(`${detail} (in ${source.label})`, `sweep.${err.field}`);
    }
    prefixOptionError(err, source.optionsField);
  }
}

/** Reads, validates and resolves a spec file; relative paths inside it resolve against its directory. */
export async function loadSpec(path: string, overrides: Overrides = {}): Promise<ResolvedSpec> {
  const raw = readSpecFile(path);
  const file = resolve(path);
  return resolveSpec(raw, dirname(file), overrides, file);
}

/** The plain-data form of a resolved spec that workers receive (they load game and bots themselves). */
export interface WorkerSpec {
  gameRef: string;
  players: number;
  seed: string;
  variants: Variant[];
  lineup: Array<{ name: string; ref: string; params: Options; isolate?: boolean }>;
  measures: string[];
  opening: number;
}

export function toWorkerSpec(spec: ResolvedSpec): WorkerSpec {
  return {
    gameRef: spec.gameRef,
    players: spec.players,
    seed: spec.seed,
    variants: spec.variants,
    lineup: spec.lineup.map((e) => ({ name: e.name, ref: e.ref, params: e.params, ...(e.isolate ? { isolate: true } : {}) })),
    measures: spec.measures,
    opening: spec.opening,
  };
}

import { didYouMean } from '../did-you-mean.js';
import type { AnyGame, Game, TableView } from './game.js';
import { SUITE_SETTING_MEMBERS, suiteSettingProblems } from './testing-check.js';

/**
 * What a value must have to be a Game, checked when a game is registered (src/games/index.ts) or loaded
 * from a file, so that a game missing a member is refused with every missing member named at once,
 * instead of failing in the middle of a tournament. docs/adding-a-game.md lists the same members
 * (tests/project/adding-a-game.test.ts keeps the two in step).
 */
export const REQUIRED_NUMBERS = ['minPlayers', 'maxPlayers', 'maxActions'] as const;
export const REQUIRED_FUNCTIONS = [
  'checkOptions',
  'setup',
  'currentPlayer',
  'legalActions',
  'apply',
  'clone',
  'observe',
  'result',
  'actionCode',
  'heuristic',
] as const;

/**
 * Members with a default when absent (withGameDefaults): `title` (the name), `metricNames` (none) and
 * `metrics` (writes nothing, when there are no metric names), `actionText` (the action's code),
 * `describe` (the table view as text) or `tableView` (the description as header lines): one of the
 * two is needed; `observedView` (the observation as data, which shows nothing the seat may not see).
 */
export const DEFAULTED_MEMBERS = ['title', 'metricNames', 'metrics', 'actionText', 'describe', 'tableView', 'observedView'] as const;

/** Optional members without a default (docs/adding-a-game.md): checked only for their type when present. */
export const OPTIONAL_FUNCTIONS = ['cloneInto', 'determinize', 'actionSeen', 'stage', 'evaluate', 'standings', 'rateActions', 'forcedPass', 'lostTurns', 'recollection', 'actionKind'] as const;

/** The names of the contract members a value lacks, none of which has a default (empty when it is a Game). */
export function missingGameMembers(v: unknown): string[] {
  if (typeof v !== 'object' || v === null) return ['(not an object)'];
  const g = v as Record<string, unknown>;
  const missing: string[] = [];
  if (typeof g.name !== 'string' || g.name === '') missing.push('name');
  for (const k of REQUIRED_NUMBERS) if (typeof g[k] !== 'number') missing.push(k);
  if (!Array.isArray(g.options)) missing.push('options');
  for (const k of REQUIRED_FUNCTIONS) if (typeof g[k] !== 'function') missing.push(k);
  const names = g.metricNames;
  if (names !== undefined && !Array.isArray(names)) missing.push('metricNames');
  if (Array.isArray(names) && names.length > 0 && typeof g.metrics !== 'function') missing.push('metrics');
  if (typeof g.describe !== 'function' && typeof g.tableView !== 'function') missing.push('describe or tableView');
  // An optional member that is there must be usable: a `standings` that is not a function would fail in
  // the middle of a measured tournament instead of here.
  for (const k of OPTIONAL_FUNCTIONS) if (g[k] !== undefined && typeof g[k] !== 'function') missing.push(`${k} (present but not a function)`);
  missing.push(...testingProblems(g));
  missing.push(...presetsProblems(g.presets));
  return missing;
}

/** How a preset is named: what a spec writes as its bot, so no path separators and no dots. */
export const PRESET_NAME = /^[a-z][a-z0-9-]*$/;

/**
 * What is wrong with a game's optional `presets` (BotPreset in game.ts), each as `presets.<name>...`;
 * empty when absent or sound. Only the shape: whether the bot exists and takes those parameters is
 * checked when a spec uses the preset (spec.ts), where the bots are known.
 */
export function presetsProblems(presets: unknown): string[] {
  if (presets === undefined) return [];
  if (typeof presets !== 'object' || presets === null || Array.isArray(presets)) return ['presets (present but not an object of named presets)'];
  const out: string[] = [];
  for (const [name, raw] of Object.entries(presets)) {
    const where = `presets.${name}`;
    if (!PRESET_NAME.test(name)) out.push(`${where} (a preset's name is lower-case letters, digits and dashes, starting with a letter)`);
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      out.push(`${where} (present but not an object with bot, params and description)`);
      continue;
    }
    const p = raw as Record<string, unknown>;
    if (typeof p.bot !== 'string' || p.bot === '') out.push(`${where}.bot (expected a built-in bot's name)`);
    if (typeof p.params !== 'object' || p.params === null || Array.isArray(p.params)) out.push(`${where}.params (expected an object of parameter values)`);
    if (typeof p.description !== 'string' || p.description === '') out.push(`${where}.description (expected a sentence)`);
  }
  return out;
}

/** The members of `testing` (GameTesting in game.ts), as the generic suites read them. */
export const TESTING_MEMBERS = ['quickOptions', 'variants', 'perfectInformation', 'roundTripMatches', 'attackMatches', 'perturbHidden', ...SUITE_SETTING_MEMBERS] as const;

/**
 * What is wrong with a game's optional `testing` member, each as `testing.<member> (...)`; empty when it
 * is absent or sound. Checked when the game is loaded, like every member, so that a misspelt member or an
 * option the game does not declare is named at once instead of quietly changing what the suites play.
 * The option values themselves are checked where they are used (resolveOptions, checkOptions).
 */
export function testingProblems(g: Record<string, unknown>): string[] {
  const t = g.testing;
  if (t === undefined) return [];
  if (typeof t !== 'object' || t === null || Array.isArray(t)) return ['testing (present but not an object)'];
  const v = t as Record<string, unknown>;
  const out: string[] = [];
  for (const k of Object.keys(v)) {
    if (!(TESTING_MEMBERS as readonly string[]).includes(k)) out.push(`testing.${k} (not a member of testing${didYouMean(k, TESTING_MEMBERS)})`);
  }
  const optionNames = Array.isArray(g.options) ? g.options.map((o) => String((o as { name?: unknown } | null)?.name)) : [];
  out.push(...optionSetProblems('testing.quickOptions', v.quickOptions, optionNames));
  out.push(...variantsProblems(v.variants, optionNames, g));
  if (v.perfectInformation !== undefined && typeof v.perfectInformation !== 'boolean') out.push('testing.perfectInformation (present but not true or false)');
  for (const k of ['roundTripMatches', 'attackMatches']) {
    if (v[k] !== undefined && !(Number.isInteger(v[k]) && (v[k] as number) > 0)) out.push(`testing.${k} (${JSON.stringify(v[k])}, expected a whole number of matches above 0)`);
  }
  if (v.perturbHidden !== undefined && typeof v.perturbHidden !== 'function') out.push('testing.perturbHidden (present but not a function)');
  if (v.perfectInformation === true && v.perturbHidden !== undefined) out.push('testing.perturbHidden (a game with perfect information has nothing hidden to perturb)');
  out.push(...suiteSettingProblems(v, optionNames, Array.isArray(g.metricNames) ? g.metricNames.map(String) : []));
  return out;
}

/** An object of option values whose names the game declares. */
function optionSetProblems(where: string, set: unknown, optionNames: readonly string[]): string[] {
  if (set === undefined) return [];
  if (typeof set !== 'object' || set === null || Array.isArray(set)) return [`${where} (present but not an object of option values)`];
  return Object.keys(set)
    .filter((k) => !optionNames.includes(k))
    .map((k) => `${where}.${k} (not an option of the game${didYouMean(k, optionNames)})`);
}

/** Each variant: a label, options the game declares, player counts the game takes. */
function variantsProblems(variants: unknown, optionNames: readonly string[], g: Record<string, unknown>): string[] {
  if (variants === undefined) return [];
  if (!Array.isArray(variants)) return ['testing.variants (present but not a list)'];
  const out: string[] = [];
  variants.forEach((raw: unknown, i) => {
    const where = `testing.variants[${i}]`;
    if (typeof raw !== 'object' || raw === null) {
      out.push(`${where} (not an object with label, options and players)`);
      return;
    }
    const v = raw as Record<string, unknown>;
    if (typeof v.label !== 'string' || v.label === '') out.push(`${where}.label (expected a non-empty text)`);
    if (v.options === undefined) out.push(`${where}.options (missing: the variant's option values)`);
    else out.push(...optionSetProblems(`${where}.options`, v.options, optionNames));
    const [lo, hi] = [g.minPlayers, g.maxPlayers].map(Number);
    const players = v.players;
    if (!Array.isArray(players) || players.length === 0) out.push(`${where}.players (expected a list of player counts)`);
    else for (const n of players) if (!Number.isInteger(n) || n < lo || n > hi) out.push(`${where}.players (${JSON.stringify(n)} is not a player count from ${lo} to ${hi})`);
  });
  return out;
}

/** Throws naming every missing member; `where` says which game (a registered name or a file). */
export function checkGame(v: unknown, where: string): asserts v is AnyGame {
  const missing = missingGameMembers(v);
  if (missing.length > 0) throw new Error(`${where} is not a complete Game: missing ${missing.join(', ')} (docs/adding-a-game.md)`);
}

/** A table view as plain text lines: the header, then one line per zone. */
export function tableViewText(view: TableView): string {
  const lines = [...view.header];
  for (const z of view.zones) {
    const owner = z.owner >= 0 ? ` (seat ${z.owner})` : '';
    if (z.kind === 'count') lines.push(`${z.label}${owner}: ${z.value}`);
    else if (z.kind === 'cards') lines.push(`${z.label}${owner}: ${[...z.cards, ...(z.hidden ? [`+${z.hidden} hidden`] : [])].join(' ')}`);
    else {
      lines.push(`${z.label}${owner}:`);
      for (let r = 0; r < z.rows; r++) lines.push('  ' + z.cells.slice(r * z.cols, (r + 1) * z.cols).map((c) => (c === null ? ' ' : c || '.')).join(' '));
    }
  }
  return lines.join('\n');
}

/**
 * The game with its derivable members filled in (DEFAULTED_MEMBERS), after checkGame. A game that has
 * them all is returned as it is (the same object), so the registered games keep their identity.
 */
export function withGameDefaults(game: AnyGame, where = `game ${String((game as { name?: unknown }).name)}`): AnyGame {
  checkGame(game, where);
  const has = (k: string) => typeof (game as unknown as Record<string, unknown>)[k] !== 'undefined';
  if (DEFAULTED_MEMBERS.every(has)) return game;
  const g: AnyGame = Object.assign(Object.create(Object.getPrototypeOf(game) as object) as AnyGame, game);
  const writable = g as { -readonly [K in keyof AnyGame]: AnyGame[K] };
  if (!has('title')) writable.title = game.name;
  if (!has('metricNames')) writable.metricNames = [];
  if (!has('metrics')) writable.metrics = () => {};
  if (!has('actionText')) writable.actionText = (_state, action) => game.actionCode(action);
  if (!has('tableView')) writable.tableView = (state) => ({ header: game.describe(state).split('\n'), zones: [] });
  if (!has('describe')) writable.describe = (state) => tableViewText(game.tableView(state));
  if (!has('observedView')) {
    writable.observedView = (obs, player) => ({ header: [`seat ${player} sees:`, ...JSON.stringify(obs, null, 1).split('\n')], zones: [] });
  }
  return g;
}

/** A game as written: the contract with the members that have defaults left optional. */
export type GameDefinition<S = unknown, O = unknown> = Omit<Game<S, O>, (typeof DEFAULTED_MEMBERS)[number]> &
  Partial<Pick<Game<S, O>, (typeof DEFAULTED_MEMBERS)[number]>>;

/** A complete Game from a definition: checked (every missing member named) and its defaults filled. */
export function defineGame<S, O>(def: GameDefinition<S, O>): Game<S, O> {
  return withGameDefaults(def as AnyGame, `game ${String(def.name)}`) as Game<S, O>;
}

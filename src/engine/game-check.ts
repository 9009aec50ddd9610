import { didYouMean } from '../did-you-mean.js';
import type { AnyGame, Game, GameImportance, GameMeasures, GameSearch, GameView, MetricInfo, MetricName, TableView } from './game.js';
import { SUITE_SETTING_MEMBERS, optionSetProblems, suiteSettingProblems } from './testing-check.js';

/**
 * What a value must have to be a Game, checked when a game is registered (src/games/index.ts) or loaded
 * from a file, so that a game missing a member is refused with every missing or mistyped member named at
 * once, instead of failing in the middle of a tournament. docs/adding-a-game.md lists the same members
 * (tests/project/adding-a-game.test.ts keeps the two in step). Written by hand rather than as a schema:
 * most members are functions, which a schema library checks no better than `typeof`, and the messages
 * name each member by its path (`search.heuristic`).
 */
export const REQUIRED_NUMBERS = ['minPlayers', 'maxPlayers', 'maxActions'] as const;
export const REQUIRED_FUNCTIONS = ['setup', 'currentPlayer', 'legalActions', 'apply', 'clone', 'observe', 'result'] as const;

/**
 * Core members with a default when absent: `title` (the name), `checkOptions` (no check beyond each
 * option's own), `actionCode` (the action's number). `betterScore` is optional too: absent, higher scores
 * are better.
 */
export const DEFAULTED_MEMBERS = ['title', 'checkOptions', 'actionCode'] as const;

/**
 * The facets and their members. Every facet is optional; within one, the members of `defaulted` are filled
 * when absent and `optional` ones stay absent. `importance` is all or nothing: both members or no facet.
 */
export const FACETS = {
  view: { defaulted: ['describe', 'tableView', 'observedView', 'actionText'], optional: ['actionSeen', 'words'] },
  search: { defaulted: [], optional: ['heuristic', 'rateActions', 'determinize', 'cloneInto', 'stage', 'evaluate', 'recollection'] },
  measures: { defaulted: ['columns', 'write'], optional: ['standings', 'forcedPass', 'lostTurns'] },
  importance: { defaulted: [], optional: [] },
} as const satisfies Record<string, { defaulted: readonly string[]; optional: readonly string[] }>;
export type FacetName = keyof typeof FACETS;

/** The required members of the importance facet (given together). */
export const IMPORTANCE_MEMBERS = ['actionKinds', 'actionKind'] as const;

/** The members every facet may hold, for naming a misspelt one; a loaded game's measures also has its derived lists. */
function facetMembers(f: FacetName): readonly string[] {
  if (f === 'importance') return IMPORTANCE_MEMBERS;
  return [...FACETS[f].defaulted, ...FACETS[f].optional, ...(f === 'measures' ? DERIVED_MEASURES : [])];
}

/** The lists loading derives from `measures.columns` (GameMeasures). */
const DERIVED_MEASURES = ['names', 'info'];
/** The members that are data, not functions. */
const DATA_MEMBERS = ['columns', 'actionKinds', 'words', ...DERIVED_MEASURES];

/**
 * Where each member of the flat shape goes: a game may give facet members at the top level (every
 * member side by side, as in a game written before the facets), and loading moves them into their facet.
 * `metricNames`, `metricInfo` and `metrics` become `measures.columns` and `measures.write`.
 */
export const FLAT_MEMBERS: Readonly<Record<string, FacetName>> = {
  describe: 'view',
  tableView: 'view',
  observedView: 'view',
  actionText: 'view',
  actionSeen: 'view',
  heuristic: 'search',
  rateActions: 'search',
  determinize: 'search',
  cloneInto: 'search',
  stage: 'search',
  evaluate: 'search',
  recollection: 'search',
  standings: 'measures',
  forcedPass: 'measures',
  lostTurns: 'measures',
  metricNames: 'measures',
  metricInfo: 'measures',
  metrics: 'measures',
  actionKinds: 'importance',
  actionKind: 'importance',
};

/**
 * A game in the flat shape with its facet members moved into their facets (a new object), and the members
 * given both flat and in their facet (the facet's is kept); a game with no flat member comes back as it is.
 */
export function fromFlatShape(v: Record<string, unknown>): { game: Record<string, unknown>; clashes: string[] } {
  const flat = Object.keys(FLAT_MEMBERS).filter((k) => v[k] !== undefined);
  if (flat.length === 0) return { game: v, clashes: [] };
  const game: Record<string, unknown> = Object.assign(Object.create(Object.getPrototypeOf(v) as object) as object, v);
  const clashes: string[] = [];
  for (const k of flat) {
    delete game[k];
    const [key, value] = flatMember(k, v);
    if (key === undefined) continue;
    const facet = FLAT_MEMBERS[k];
    const given = isObject(v[facet]) ? v[facet] : {};
    if (given[key] !== undefined) clashes.push(`${k} (given both at the top level and as ${facet}.${key})`);
    else game[facet] = { ...(game[facet] as object | undefined), [key]: value };
  }
  return { game, clashes };
}

/** The facet member a flat member becomes: the metric names and words make one list of columns. */
function flatMember(k: string, v: Record<string, unknown>): [string | undefined, unknown] {
  if (k === 'metricInfo') return [undefined, undefined];
  if (k === 'metrics') return ['write', v.metrics];
  if (k !== 'metricNames') return [k, v[k]];
  if (!Array.isArray(v.metricNames)) return ['columns', v.metricNames];
  const info = Array.isArray(v.metricInfo) ? (v.metricInfo as MetricInfo[]) : [];
  return ['columns', v.metricNames.map((name: unknown) => info.find((m) => m.name === name) ?? { name })];
}

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** The names of the contract members a value lacks or has of the wrong type (empty when it is a Game). */
export function missingGameMembers(raw: unknown): string[] {
  if (typeof raw !== 'object' || raw === null) return ['(not an object)'];
  const { game: g, clashes } = fromFlatShape(raw as Record<string, unknown>);
  const missing: string[] = [...clashes];
  if (typeof g.name !== 'string' || g.name === '') missing.push('name');
  for (const k of REQUIRED_NUMBERS) if (typeof g[k] !== 'number') missing.push(k);
  if (!Array.isArray(g.options)) missing.push('options');
  for (const k of REQUIRED_FUNCTIONS) if (typeof g[k] !== 'function') missing.push(k);
  if (g.title !== undefined && typeof g.title !== 'string') missing.push('title (present but not a text)');
  if (g.betterScore !== undefined && g.betterScore !== 'lower' && g.betterScore !== 'higher') missing.push("betterScore (present but not 'lower' or 'higher')");
  for (const k of ['checkOptions', 'actionCode']) if (g[k] !== undefined && typeof g[k] !== 'function') missing.push(`${k} (present but not a function)`);
  for (const f of Object.keys(FACETS) as FacetName[]) missing.push(...facetProblems(f, g[f]));
  missing.push(...testingProblems(g));
  missing.push(...presetsProblems(g.presets));
  missing.push(...featuresProblems(g.features));
  return missing;
}

/** What is wrong with one facet, each as `<facet>.<member> (...)`; empty when absent or sound. */
function facetProblems(f: FacetName, facet: unknown): string[] {
  if (facet === undefined) return [];
  if (!isObject(facet)) return [`${f} (present but not an object)`];
  const members = facetMembers(f);
  const out = Object.keys(facet)
    .filter((k) => !members.includes(k))
    .map((k) => `${f}.${k} (not a member of ${f}${didYouMean(k, members)})`);
  // A member that is there must be usable: a `standings` that is not a function would fail in the middle
  // of a measured tournament instead of here.
  for (const k of members) {
    if (!DATA_MEMBERS.includes(k) && facet[k] !== undefined && typeof facet[k] !== 'function') out.push(`${f}.${k} (present but not a function)`);
  }
  if (f === 'measures') out.push(...columnsProblems(facet));
  if (f === 'importance') {
    if (!Array.isArray(facet.actionKinds)) out.push('importance.actionKinds (expected a list of kinds, with actionKind)');
    if (typeof facet.actionKind !== 'function') out.push('importance.actionKind (expected a function, with actionKinds)');
  }
  return out;
}

/** The metric columns: a list of named columns, and a writer when there is any. */
function columnsProblems(m: Record<string, unknown>): string[] {
  const cols = m.columns;
  if (cols === undefined) return m.write === undefined ? [] : ['measures.columns (missing: the columns measures.write writes)'];
  if (!Array.isArray(cols)) return ['measures.columns (present but not a list of columns)'];
  const out: string[] = [];
  cols.forEach((c: unknown, i) => {
    if (!isObject(c) || typeof c.name !== 'string' || c.name === '') out.push(`measures.columns[${i}] (expected an object with a name)`);
  });
  if (cols.length > 0 && typeof m.write !== 'function') out.push('measures.write');
  return out;
}

/** How a feature is named: as a persona's rule writes it ("hand_size"). */
export const FEATURE_NAME = /^[a-z][a-z0-9_]*$/;

/**
 * What is wrong with a game's optional `features` (GameFeature in game.ts), each as `features[i]...`;
 * empty when absent or sound: a list of named numbers, each with a rule-writable name of its own, a label
 * and a value function, so that a persona's rules and `tavolo list` can rely on them.
 */
export function featuresProblems(features: unknown): string[] {
  if (features === undefined) return [];
  if (!Array.isArray(features)) return ['features (present but not a list of features)'];
  const out: string[] = [];
  const seen = new Set<string>();
  features.forEach((f: unknown, i) => {
    const where = `features[${i}]`;
    if (!isObject(f)) {
      out.push(`${where} (expected an object with name, label and value)`);
      return;
    }
    if (typeof f.name !== 'string' || !FEATURE_NAME.test(f.name)) out.push(`${where}.name (expected lower-case letters, digits and '_', starting with a letter, as a rule writes it)`);
    else if (seen.has(f.name)) out.push(`${where}.name (${JSON.stringify(f.name)} is already the name of another feature)`);
    else seen.add(f.name);
    if (typeof f.label !== 'string' || f.label === '') out.push(`${where}.label (expected a text that says what it counts)`);
    if (typeof f.value !== 'function') out.push(`${where}.value (expected a function of the observation)`);
  });
  return out;
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
  const columns = isObject(g.measures) && Array.isArray(g.measures.columns) ? (g.measures.columns as unknown[]) : [];
  const metricNames = columns.map((c) => String(isObject(c) ? c.name : c));
  out.push(...suiteSettingProblems(v, optionNames, metricNames));
  return out;
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
export function checkGame(v: unknown, where: string): void {
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

/** Plain data as indented text lines, typed arrays as lists: the view of a game that describes nothing. */
function dataLines(data: unknown): string[] {
  return JSON.stringify(data, (_k, x: unknown) => (ArrayBuffer.isView(x) ? Array.from(x as Int32Array) : x), 1).split('\n');
}

/** The view facet with its defaults: each of describe and tableView from the other, or from the state as data. */
function viewWithDefaults(game: AnyGame, v: Partial<GameView>): GameView {
  const tableView = v.tableView ?? (v.describe ? (state: unknown) => ({ header: v.describe!(state).split('\n'), zones: [] }) : (state: unknown) => ({ header: dataLines(state), zones: [] }));
  return {
    describe: v.describe ?? ((state) => tableViewText(tableView(state))),
    tableView,
    observedView: v.observedView ?? ((obs, player) => ({ header: [`seat ${player} sees:`, ...dataLines(obs)], zones: [] })),
    actionText: v.actionText ?? ((_state, action) => game.actionCode(action)),
    ...(v.actionSeen ? { actionSeen: v.actionSeen } : {}),
    ...(v.words ? { words: v.words } : {}),
  };
}

/** The measures facet with its defaults: no columns, a writer that writes nothing, the names and words derived. */
function measuresWithDefaults(m: Partial<GameMeasures>): GameMeasures {
  const columns = m.columns ?? [];
  return {
    ...m,
    columns,
    names: Object.freeze(columns.map((c) => c.name)),
    info: Object.freeze(columns.filter((c): c is MetricInfo => 'label' in c)),
    write: m.write ?? (() => {}),
  };
}

/**
 * The game checked (every missing member named) and completed: the flat shape moved into facets, the
 * core's and the facets' defaults filled, `view`, `search` and `measures` always present. A game that is
 * already complete (a loaded game loaded again) comes back as it is, the same object.
 */
export function withGameDefaults(game: AnyGame | GameDefinition, where = `game ${String((game as { name?: unknown }).name)}`): AnyGame {
  if (COMPLETE.has(game)) return game as AnyGame;
  checkGame(game, where);
  const d = fromFlatShape(game as unknown as Record<string, unknown>).game as unknown as GameDefinition;
  const g = Object.assign(Object.create(Object.getPrototypeOf(d) as object) as object, d) as { -readonly [K in keyof AnyGame]: AnyGame[K] };
  g.title = d.title ?? d.name;
  g.checkOptions = d.checkOptions ?? (() => {});
  g.actionCode = d.actionCode ?? ((action) => String(action));
  g.view = viewWithDefaults(g, d.view ?? {});
  g.search = d.search ?? {};
  g.measures = measuresWithDefaults(d.measures ?? {});
  COMPLETE.add(g);
  return g;
}

/** The games withGameDefaults made: complete, so loading one again returns it as it is. */
const COMPLETE = new WeakSet<object>();

/** How a game gives its measures: the columns in the game's words and their writer, standings and forced turns. */
export type GameMeasuresDefinition<S = unknown> = Partial<Pick<GameMeasures<S>, 'write' | 'standings' | 'forcedPass' | 'lostTurns'>> & {
  readonly columns?: readonly (MetricInfo | MetricName)[];
};

/** A game as written: the core, with the members that have defaults left optional, and the facets it has. */
export type GameDefinition<S = unknown, O = unknown> = Omit<Game<S, O>, (typeof DEFAULTED_MEMBERS)[number] | 'view' | 'search' | 'measures' | 'importance'> &
  Partial<Pick<Game<S, O>, (typeof DEFAULTED_MEMBERS)[number]>> & {
    readonly view?: Partial<GameView<S, O>>;
    readonly search?: GameSearch<S, O>;
    readonly measures?: GameMeasuresDefinition<S>;
    readonly importance?: GameImportance<O>;
  };

/** A complete Game from a definition: checked (every missing member named) and its defaults filled. */
export function defineGame<S, O>(def: GameDefinition<S, O>): Game<S, O> {
  return withGameDefaults(def, `game ${String(def.name)}`) as unknown as Game<S, O>;
}

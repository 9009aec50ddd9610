import { join } from 'node:path';
import type { AnyGame, Options } from '../../engine/game.js';
import { InputError, isOptionError, prefixOptionError } from '../../errors.js';
import type { PairingRole } from './analysis.js';
import { resolveSpec, type RawSpec, type ResolvedSpec } from '../../runner/spec.js';
import { gameWithOptions, studyBaseFromSpec, type StudyBase } from '../../runner/study-target.js';
import { chooseSearcher, defaultBudgets, searcherSeat, type Searcher } from './searcher.js';
import { DEFAULT_SKILL_MATCHES } from './flags.js';
import { lookPlan, type LookPlan } from '../../analysis/group-sequential.js';

/**
 * `tavolo skill`'s runs (docs/measures.md, "Skill and luck"): every pairing of a weaker and a stronger
 * bot, and every step of the skill trace, each played as two ordinary runs with the same master seed and
 * the bots' seats swapped (seating a and b), so that every deal is played once with each bot in each of
 * the other's seats. Everything is resolved before a match is played: a mistake is refused first.
 */

export interface SkillRequest {
  /** A game (registered name or module path) or a spec (.json: its game, players, options and seed). */
  target: string;
  baseDir: string;
  players?: number;
  /** Matches per pairing (both seatings together): an even number. */
  matches?: number;
  budgets?: number[];
  /** The search bot's budget against greedy; 0: no search bot and no trace. */
  searchBudget?: number;
  /** The search bot: a preset of the game or a built-in bot with a budget (default: searcher.ts). */
  bot?: string;
  seed?: string;
  options?: Record<string, unknown>;
  /** Only the skill trace's steps: no greedy-over-random and no search-over-greedy pairing. */
  traceOnly?: boolean;
  /** Random opening moves before the bots play (a spec's `opening`); default the spec's, else none. */
  opening?: number;
  /** The skill trace's table size (default: heads-up, or the least the game allows). */
  tracePlayers?: number;
  /** Play every trace step to its cap (--no-stop); default: each step stops at the first look where it is clear. */
  noStop?: boolean;
}

/** Looks of a trace step: up to four, each of at least this many deals (fewer could not cross the first bar even all won: 2/2^n > its p). */
export const MAX_LOOKS = 4;
export const MIN_LOOK_DEALS = 20;
/** A step is called equal when its interval lies within this much ahead share of 1/2. */
export const EQUAL_MARGIN = 0.05;
/** The chance, over all the trace's steps together, of calling a step separated that is not. */
export const TRACE_ALPHA = 0.05;

export const DEFAULT_BUDGETS = [10, 100, 1000, 10_000];
/** The table size asked for besides heads-up, when the game allows it. */
export const DEFAULT_TABLE = 4;

export interface BotSeat {
  name: string;
  bot: string;
  params?: Options;
}

export interface SkillRun {
  seating: 'a' | 'b';
  dir: string;
  spec: ResolvedSpec;
}

export interface SkillPairing {
  role: PairingRole;
  /** The folder name under the command's root, e.g. `greedy-over-random-4p`, `trace/100-over-10`. */
  key: string;
  players: number;
  stronger: BotSeat;
  weaker: BotSeat;
  /** For a trace step: the two budgets. */
  budgets?: { lower: number; upper: number };
  runs: [SkillRun, SkillRun];
  /** The runs of each look, the first being `runs`: one look but for a trace step that may stop early. */
  looks: Array<[SkillRun, SkillRun]>;
}

export interface SkillPlan {
  game: AnyGame;
  gameRef: string;
  name: string;
  root: string;
  seed: string;
  options: Options;
  /** Matches per pairing, both seatings together. */
  matches: number;
  tableSizes: number[];
  /** The skill trace's table size: the larger budget in every other seat. */
  tracePlayers: number;
  budgets: number[];
  searchBudget: number;
  /** The search bot played against greedy and traced (undefined when none plays). */
  searcher?: Searcher;
  /** Why no search bot plays (a game without determinize), or undefined. */
  noSearch?: string;
  /** Only the trace was asked for (--trace-only). */
  traceOnly: boolean;
  /** Random opening moves of every match (--opening, or the spec's); 0: none. */
  opening: number;
  pairings: SkillPairing[];
  /** The trace steps' looks, in deals (undefined: every step plays all its deals, --no-stop or too few deals for two looks). */
  stopping?: LookPlan;
}

/** What the study starts from (runner/study-target.ts); a game named on the command line has no opening. */
type Base = Omit<StudyBase, 'opening'> & { opening?: number };

function baseFromSpec(r: SkillRequest): Promise<Base> {
  return studyBaseFromSpec(r.target, r.baseDir);
}

async function baseFromGame(r: SkillRequest): Promise<Base> {
  const { game, gameRef, options } = await gameWithOptions(r.target, r.baseDir, r.options);
  return { game, gameRef, name: game.name, options };
}

/** Heads-up (or the least the game allows) and the table asked for (default 4, else the nearest allowed). */
export function tableSizes(game: AnyGame, asked: number | undefined): number[] {
  const small = Math.max(2, game.minPlayers);
  checkTable(game, asked, '--players', game.minPlayers);
  const large = asked ?? Math.min(Math.max(DEFAULT_TABLE, small), game.maxPlayers);
  return large === small ? [small] : [small, large].sort((a, b) => a - b);
}

function checkTable(game: AnyGame, asked: number | undefined, field: string, least: number): void {
  if (asked !== undefined && (asked < least || asked > game.maxPlayers)) {
    throw new InputError(`${game.name} is played by ${game.minPlayers} to ${game.maxPlayers} players, found ${asked}`, field);
  }
}

/** The trace's table: as asked (--trace-players), else the smallest of the command's. */
function traceTable(game: AnyGame, asked: number | undefined, sizes: number[]): number {
  // Two budgets need two seats at least.
  checkTable(game, asked, '--trace-players', Math.max(2, game.minPlayers));
  return asked ?? sizes[0];
}

function checkOptions(b: Base, sizes: number[], fromSpec: boolean): void {
  for (const players of sizes) {
    try {
      b.game.checkOptions(b.options, players);
    } catch (err) {
      if (isOptionError(err)) prefixOptionError(err, fromSpec ? 'options ' : '--option ');
      throw new InputError(`${b.game.name} rejected these options at ${players} players: ${(err as Error).message}`, fromSpec ? 'variants' : '--option');
    }
  }
}

/** Seats alternate stronger, weaker, stronger ... in seating a, and the other way round in b. */
function lineup(players: number, first: BotSeat, second: BotSeat): RawSpec['bots'] {
  return Array.from({ length: players }, (_, s) => {
    const e = s % 2 === 0 ? first : second;
    return { name: e.name, bot: e.bot, ...(e.params ? { params: e.params } : {}) };
  });
}

/** One look's deals of a pairing: the first look is the pairing's own folder and seed, each later one a folder and seed of its own. */
interface LookPart {
  look: number;
  deals: number;
}

/** The two seatings of a pairing (or of one look of it) as specs, resolved. */
async function pairingRuns(b: Base, plan: Pick<SkillPlan, 'root' | 'seed' | 'opening'>, key: string, players: number, stronger: BotSeat, weaker: BotSeat, baseDir: string, part: LookPart): Promise<[SkillRun, SkillRun]> {
  const runs: SkillRun[] = [];
  const later = part.look > 1 ? `look-${part.look}` : undefined;
  for (const seating of ['a', 'b'] as const) {
    const raw: RawSpec = {
      name: `${b.name}-skill-${key.replace(/\//g, '-')}${later ? `-${later}` : ''}-${seating}`,
      game: b.gameRef,
      players,
      matches: part.deals,
      seed: later ? `${plan.seed}/${later}` : plan.seed,
      ...(plan.opening > 0 ? { opening: plan.opening } : {}),
      variants: [{ name: 'base', options: b.options }],
      bots: seating === 'a' ? lineup(players, stronger, weaker) : lineup(players, weaker, stronger),
    };
    runs.push({ seating, dir: join(plan.root, ...key.split('/'), ...(later ? [later] : []), seating), spec: await resolveSpec(raw, baseDir) });
  }
  return [runs[0], runs[1]];
}

function checkBudgets(budgets: number[]): void {
  if (budgets.length < 2) throw new InputError(`expected at least two budgets, for example 10,100,1000, found ${budgets.join(',')}`, '--budgets');
  for (let k = 1; k < budgets.length; k++) {
    if (budgets[k] <= budgets[k - 1]) throw new InputError(`expected increasing budgets, found ${budgets[k]} after ${budgets[k - 1]}`, '--budgets');
  }
}

/** Why no search bot plays: a game without determinize, or --search-budget 0 (a quick look at luck alone). */
function noSearchReason(game: AnyGame, searchBudget: number | undefined): string | undefined {
  if (typeof game.search.determinize !== 'function') return `${game.name} has no search.determinize, so no search bot can play it (docs/adding-a-game.md)`;
  return searchBudget === 0 ? 'No search bot was asked for (--search-budget 0)' : undefined;
}


/** Builds and resolves every run of the command; nothing is played or written. */
export async function planSkill(r: SkillRequest, outDir: (name: string) => string): Promise<SkillPlan> {
  const fromSpec = /\.json$/i.test(r.target);
  const b = fromSpec ? await baseFromSpec(r) : await baseFromGame(r);
  const matches = r.matches ?? DEFAULT_SKILL_MATCHES;
  if (matches % 2 !== 0) throw new InputError(`expected an even number (each deal is played in both seatings), found ${matches}`, '--matches');
  const noSearch = noSearchReason(b.game, r.searchBudget);
  if (r.traceOnly && noSearch !== undefined) throw new InputError(`expected a search bot to trace, found none: ${noSearch}`, '--trace-only');
  const searcher = noSearch === undefined ? chooseSearcher(b.game, r.bot) : undefined;
  const budgets = r.budgets ?? (searcher ? defaultBudgets(searcher) : DEFAULT_BUDGETS);
  checkBudgets(budgets);
  const sizes = tableSizes(b.game, r.players ?? b.players);
  const tracePlayers = traceTable(b.game, r.tracePlayers, sizes);
  checkOptions(b, [...new Set([...sizes, tracePlayers])], fromSpec);
  const plan: SkillPlan = {
    game: b.game,
    gameRef: b.gameRef,
    name: b.name,
    root: outDir(b.name),
    seed: r.seed ?? b.seed ?? 'skill',
    options: b.options,
    matches,
    tableSizes: sizes,
    tracePlayers,
    budgets,
    searchBudget: r.searchBudget ?? searcher?.defaultBudget ?? 0,
    searcher,
    noSearch,
    traceOnly: r.traceOnly === true,
    opening: r.opening ?? b.opening ?? 0,
    pairings: [],
  };
  const steps = plan.searcher ? budgets.length - 1 : 0;
  const looks = lookPlan(matches / 2, TRACE_ALPHA / Math.max(1, steps), EQUAL_MARGIN, MAX_LOOKS, MIN_LOOK_DEALS);
  if (r.noStop !== true && looks.looks.length > 1) plan.stopping = looks;
  await addPairings(plan, b, r.baseDir);
  return plan;
}

/** greedy over random at each table size; then the searcher over greedy and the trace's steps. */
async function addPairings(plan: SkillPlan, b: Base, baseDir: string): Promise<void> {
  const random: BotSeat = { name: 'random', bot: 'random' };
  const greedy: BotSeat = { name: 'greedy', bot: 'greedy' };
  const add = async (role: PairingRole, key: string, players: number, stronger: BotSeat, weaker: BotSeat, budgetPair?: { lower: number; upper: number }) => {
    const looks: Array<[SkillRun, SkillRun]> = [];
    for (const part of lookParts(plan, role)) looks.push(await pairingRuns(b, plan, key, players, stronger, weaker, baseDir, part));
    plan.pairings.push({ role, key, players, stronger, weaker, budgets: budgetPair, runs: looks[0], looks });
  };
  const sizes = plan.tableSizes;
  const pairs = !plan.traceOnly;
  if (pairs) for (const players of sizes) await add('greedy-over-random', `greedy-over-random-${players}p`, players, greedy, random);
  const s = plan.searcher;
  if (s === undefined) return;
  if (pairs) for (const players of sizes) await add('search-over-greedy', `search-over-greedy-${players}p`, players, searcherSeat(s, plan.searchBudget), greedy);
  // A trace at another table than heads-up has folders of its own, so a heads-up trace in the same --out is never taken for it.
  const folder = plan.tracePlayers === sizes[0] ? 'trace' : `trace-${plan.tracePlayers}p`;
  for (let k = 1; k < plan.budgets.length; k++) {
    const lower = plan.budgets[k - 1];
    const upper = plan.budgets[k];
    await add('trace', `${folder}/${upper}-over-${lower}`, plan.tracePlayers, searcherSeat(s, upper), searcherSeat(s, lower), { lower, upper });
  }
}

/** Each look's new deals: the trace's steps in looks when stopping is on, anything else in one look of every deal. */
function lookParts(plan: SkillPlan, role: PairingRole): LookPart[] {
  if (role !== 'trace' || plan.stopping === undefined) return [{ look: 1, deals: plan.matches / 2 }];
  return plan.stopping.looks.map((n, k) => ({ look: k + 1, deals: n - (k > 0 ? plan.stopping!.looks[k - 1] : 0) }));
}

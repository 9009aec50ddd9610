import { join } from 'node:path';
import type { AnyGame, Options } from '../../engine/game.js';
import { InputError } from '../../errors.js';
import { botRegistry } from '../../plugins/loader.js';
import { chooseBot, presetsOf } from '../../plugins/presets.js';
import { resolveSpec, type RawSpec, type ResolvedSpec } from '../../runner/spec.js';
import { gameWithOptions, studyBaseFromSpec, type StudyBase } from '../../runner/study-target.js';
import { restrictedRuns } from './restricted-runs.js';

/**
 * `tavolo audit`'s runs, each an ordinary tournament in a folder of its own under the audit's root, all on
 * one master seed (so every figure replays): two mirror lineups (every seat casual greedy, every seat the
 * game's strongest bot), for balance, length, endings and the match measures; and three pairings played
 * in both seatings (greedy against random, strongest against greedy, the strongest bot against itself at
 * a tenth of its budget), for skill and luck. Everything is resolved before a match is played.
 */

export interface AuditRequest {
  /** A game (registered name or module path) or a spec (.json: its game, players, options, seed, opening). */
  target: string;
  baseDir: string;
  players?: number;
  /** Matches of each strong run (both seatings of a pairing together); casual runs play CASUAL_FACTOR times as many. */
  matches: number;
  seed?: string;
  options?: Record<string, unknown>;
  /** Random opening moves of every run but the first casual one (chosen when greedy's games repeat). */
  opening?: number;
}

/** Casual runs (greedy and random) cost little: they play this many times the strong runs' matches. */
export const CASUAL_FACTOR = 5;
/** The table size asked for when none is given, else the nearest the game allows. */
export const DEFAULT_TABLE = 4;
/** Random opening moves used where greedy against greedy repeats its games (docs/measures.md, "Deals that repeat"). */
export const AUTO_OPENING = 4;

export type RunRole = 'casual' | 'casual-opening' | 'strong' | 'casual-skill' | 'strong-skill' | 'thinking' | 'unrestricted' | 'restricted';

export interface AuditRun {
  role: RunRole;
  /** The folder under the root, `casual`, `strong-skill/a`. */
  key: string;
  seating?: 'a' | 'b';
  /** The action kind a restricted run's focal seat never plays. */
  kind?: string;
  dir: string;
  raw: RawSpec;
  spec: ResolvedSpec;
}

/** The strong lineup's bot: the game's `strongest` preset, else ismcts where the game can be searched. */
export interface StrongBot {
  /** What a spec's `bot` holds: the preset's name or a built-in bot's. */
  bot: string;
  /** The built-in bot it plays. */
  engine: string;
  /** The parameter that sets how long it thinks, and its value, when it has one. */
  budgetParam?: string;
  budget?: number;
}

export interface AuditPlan {
  game: AnyGame;
  gameRef: string;
  name: string;
  players: number;
  seed: string;
  options: Options;
  /** Random opening moves of the spec (played by every run). */
  baseOpening: number;
  /** Random opening moves of every run after the first casual one. */
  opening: number;
  matches: number;
  casualMatches: number;
  strong?: StrongBot;
  /** Why there is no strong lineup, or why it is greedy itself. */
  noStrong?: string;
  root: string;
  runs: AuditRun[];
}

export type Base = StudyBase;

async function baseFromSpec(r: AuditRequest): Promise<Base> {
  if (r.options !== undefined) throw new InputError('applies to a game, not a spec (the spec sets its own options); change the spec instead', '--option');
  return studyBaseFromSpec(r.target, r.baseDir);
}

async function baseFromGame(r: AuditRequest): Promise<Base> {
  const { game, gameRef, options } = await gameWithOptions(r.target, r.baseDir, r.options);
  return { game, gameRef, name: game.name, options, opening: 0 };
}

/** The table: as asked, else the spec's, else 4 or the nearest the game allows. */
export function auditTable(game: AnyGame, asked: number | undefined): number {
  if (asked !== undefined && (asked < game.minPlayers || asked > game.maxPlayers)) {
    throw new InputError(`${game.name} is played by ${game.minPlayers} to ${game.maxPlayers} players, found ${asked}`, '--players');
  }
  return asked ?? Math.min(Math.max(DEFAULT_TABLE, game.minPlayers, 2), game.maxPlayers);
}

/** The game's strongest bot (a preset named `strongest`, else ismcts when the game can be searched), or why there is none. */
export function strongBotOf(game: AnyGame): { strong?: StrongBot; why?: string } {
  const presets = presetsOf(game);
  let bot: string;
  if (Object.hasOwn(presets, 'strongest')) bot = 'strongest';
  else if (typeof game.search.determinize === 'function') bot = 'ismcts';
  else return { why: `${game.name} has neither a "strongest" preset nor search.determinize, so no search bot can play it (docs/adding-a-game.md)` };
  const choice = chooseBot(bot, game, 'strongest');
  if (choice.bot === 'greedy') return { why: `${game.name}'s strongest preset is greedy itself, so strong play is the casual lineup's greedy` };
  const budgetParam = botRegistry()[choice.bot]?.budget;
  const fallback = botRegistry()[choice.bot]?.params.find((p) => p.name === budgetParam)?.default;
  const budget = budgetParam === undefined ? undefined : Number(choice.baseParams[budgetParam] ?? fallback);
  return { strong: { bot, engine: choice.bot, budgetParam, budget } };
}

interface Seat {
  name: string;
  bot: string;
  params?: Options;
}

/** Seats alternate first, second, first ... around the table. */
function alternating(players: number, first: Seat, second: Seat): Seat[] {
  return Array.from({ length: players }, (_, s) => (s % 2 === 0 ? first : second));
}

/** What the runs are built from: the plan's settings, before its runs are. */
export type RunSettings = Omit<AuditPlan, 'runs' | 'game' | 'gameRef'>;

/** The runs' specs, unresolved: the mirrors first (the casual one decides the opening), the pairings in both seatings, then restricted play. */
function rawRuns(b: Base, p: RunSettings): Array<Omit<AuditRun, 'spec' | 'dir'>> {
  const greedy: Seat = { name: 'greedy', bot: 'greedy' };
  const random: Seat = { name: 'random', bot: 'random' };
  const out: Array<Omit<AuditRun, 'spec' | 'dir'>> = [];
  const spec = (key: string, matches: number, bots: Seat[], opening: number, measures: boolean): RawSpec => ({
    name: `${b.name}-audit-${key.replace(/\//g, '-')}`,
    game: b.gameRef,
    players: p.players,
    matches,
    seed: p.seed,
    ...(opening > 0 ? { opening } : {}),
    ...(measures ? { measures: true } : {}),
    variants: [{ name: 'base', options: b.options }],
    bots: bots.map((e) => ({ name: e.name, bot: e.bot, ...(e.params ? { params: e.params } : {}) })),
  });
  const mirror = (seat: Seat) => Array.from({ length: p.players }, () => seat);
  out.push({ role: 'casual', key: 'casual', raw: spec('casual', p.casualMatches, mirror(greedy), p.baseOpening, true) });
  if (p.opening !== p.baseOpening) out.push({ role: 'casual-opening', key: 'casual-opening', raw: spec('casual-opening', p.casualMatches, mirror(greedy), p.opening, true) });
  const s = p.strong;
  const strongSeat: Seat | undefined = s ? { name: 'strongest', bot: s.bot } : undefined;
  if (strongSeat) out.push({ role: 'strong', key: 'strong', raw: spec('strong', p.matches, mirror(strongSeat), p.opening, true) });
  const pairing = (role: RunRole, matches: number, stronger: Seat, weaker: Seat) => {
    for (const seating of ['a', 'b'] as const) {
      const key = `${role}/${seating}`;
      const bots = seating === 'a' ? alternating(p.players, stronger, weaker) : alternating(p.players, weaker, stronger);
      out.push({ role, key, seating, raw: spec(key, matches / 2, bots, p.opening, false) });
    }
  };
  pairing('casual-skill', p.casualMatches, greedy, random);
  if (s && strongSeat) {
    pairing('strong-skill', p.matches, strongSeat, greedy);
    if (s.budgetParam !== undefined && s.budget !== undefined && s.budget >= 10) {
      const lower = Math.max(1, Math.round(s.budget / 10));
      pairing('thinking', p.matches, { name: `strongest-${s.budget}`, bot: s.bot, params: { [s.budgetParam]: s.budget } }, { name: `strongest-${lower}`, bot: s.bot, params: { [s.budgetParam]: lower } });
    }
  }
  out.push(...restrictedRuns(b, p));
  return out;
}

/** Builds and resolves every run of the audit; nothing is played or written. */
export async function planAudit(r: AuditRequest, outDir: (name: string, players: number) => string): Promise<AuditPlan> {
  const b = /\.json$/i.test(r.target) ? await baseFromSpec(r) : await baseFromGame(r);
  const players = auditTable(b.game, r.players ?? b.players);
  if (!Number.isInteger(r.matches) || r.matches < 2 || r.matches % 2 !== 0) throw new InputError(`expected an even number from 2 (each pairing is played in both seatings), found ${r.matches}`, '--matches');
  try {
    b.game.checkOptions(b.options, players);
  } catch (err) {
    throw new InputError(`${b.game.name} rejected these options at ${players} players: ${(err as Error).message}`, /\.json$/i.test(r.target) ? 'variants' : '--option');
  }
  const { strong, why } = strongBotOf(b.game);
  const settings = {
    name: b.name,
    players,
    seed: r.seed ?? b.seed ?? 'audit',
    options: b.options,
    baseOpening: b.opening,
    opening: Math.max(b.opening, r.opening ?? 0),
    matches: r.matches,
    casualMatches: r.matches * CASUAL_FACTOR,
    strong,
    noStrong: why,
    root: outDir(b.name, players),
  };
  const runs: AuditRun[] = [];
  for (const x of rawRuns(b, settings)) runs.push({ ...x, dir: join(settings.root, ...x.key.split('/')), spec: await resolveSpec(x.raw, r.baseDir) });
  return { ...settings, game: b.game, gameRef: b.gameRef, runs };
}

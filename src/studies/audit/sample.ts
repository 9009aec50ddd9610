import type { BotFactory } from '../../engine/bot.js';
import type { AnyGame, Options } from '../../engine/game.js';
import { playMatch, type MatchHooks, type MatchOutcome, type SeatBot } from '../../engine/match.js';
import { resolveOptions } from '../../engine/options.js';
import { lineupIndex, matchSeed } from '../../engine/plan.js';
import { PlayHash, seatingLanes } from '../../engine/play-hash.js';
import { loadBot } from '../../plugins/loader.js';
import { chooseBot } from '../../plugins/presets.js';
import type { ReplayPointer } from './finding.js';

/**
 * What every part of an audit plays from: one game at one option set and player count, two lineups,
 * a base seed and a match count. Everything played from it is decided by the seed alone (match i is
 * dealt from `<seed>/match/<i>` and seated by the rotation of src/engine/plan.ts), so an audit's
 * findings are the same on every machine and each match can be replayed by `tavolo play`.
 */
export interface AuditSample {
  readonly game: AnyGame;
  /** The game as a user names it (`stramat`, `./my-game.mjs`), for the commands a finding prints. */
  readonly gameRef: string;
  /** The option values given (the game's defaults fill the rest when a match is played). */
  readonly options: Options;
  readonly players: number;
  /** The strong lineup (the game's strongest preset, or the strongest bots at hand), one entry per seat. */
  readonly strong: readonly LineupEntry[];
  /** The casual lineup (greedy, random), one entry per seat. */
  readonly casual: readonly LineupEntry[];
  readonly seed: string;
  /** Matches per lineup. */
  readonly matches: number;
  /** Decisions after which a match counts as a stall and is stopped (default DEFAULT_ACTION_LIMIT). */
  readonly actionLimit?: number;
  /** Matches per option value in the inert-option check (default: min(matches, 12)). */
  readonly optionMatches?: number;
  /** Matches examined for kingmaking (default: min(matches, 30)). */
  readonly kingmakingMatches?: number;
  /** The strong lineup in words, said by the kingmaking finding (default: "strong players"). */
  readonly strongWords?: string;
  /** The command that reproduces the findings (default: `tavolo audit` of the game at this table and these options). */
  readonly command?: string;
}

/** One lineup entry: the name a user types in `--bots`, and the bot it stands for with its parameters. */
export interface LineupEntry {
  readonly name: string;
  readonly factory: BotFactory;
  readonly params: Options;
}

/**
 * The decisions after which an audit stops a match as a stall. Far above any built-in game's longest
 * match (a few thousand decisions), so only a match that does not end is stopped.
 */
export const DEFAULT_ACTION_LIMIT = 20_000;

/** A match stopped by the audit's action limit (thrown from the hooks, caught by playAuditMatch). */
export class ActionLimitReached extends Error {
  constructor(readonly decisions: number) {
    super(`the match took more than ${decisions} decisions`);
  }
}

/** One match of a sample as an audit sees it: its index, seed, seating, outcome (null: a stall) and play hash. */
export interface AuditMatch {
  readonly match: number;
  readonly seed: string;
  /** Lineup names in seat order. */
  readonly bots: readonly string[];
  readonly outcome: MatchOutcome | null;
  readonly hash: string;
}

/**
 * Resolves names as `--bots` takes them (a built-in bot, a preset of the game such as `strongest`, or
 * a bot file) into a lineup of `players` entries; the names repeat in turn when fewer than the seats
 * (`greedy,random` over four seats is greedy, random, greedy, random).
 */
export async function resolveLineup(names: readonly string[], game: AnyGame, players: number, baseDir: string, field: string): Promise<LineupEntry[]> {
  const out: LineupEntry[] = [];
  for (let i = 0; i < players; i++) {
    const name = names[i % names.length];
    if (name === undefined) throw new Error(`${field}: expected at least one bot, found none`);
    const choice = chooseBot(name, game, `${field}[${i}]`);
    const { factory } = await loadBot(choice.bot, baseDir, `${field}[${i}]`);
    out.push({ name, factory, params: resolveOptions(factory.params, choice.baseParams, 'bot parameter') });
  }
  return out;
}

/** The game's complete options for `given` (defaults filled, each value checked). */
export function completeOptions(game: AnyGame, given: Options, players: number): Options {
  const opts = resolveOptions(game.options, given);
  game.checkOptions(opts, players);
  return opts;
}

/** The seats of match `match`: lineup entry (seat + match) mod players at each seat, as a tournament seats them. */
export function seatsOf(lineup: readonly LineupEntry[], match: number): LineupEntry[] {
  return lineup.map((_e, seat) => lineup[lineupIndex(seat, match, lineup.length)]);
}

/**
 * Plays match `match` of the sample with `lineup`, hashed (into `hooks.hash` when given) and stopped at
 * the action limit; `hooks` adds watchers (their onAction runs before the limit is counted). Bots are
 * given as `wrap` makes them.
 */
export function playAuditMatch(
  ctx: AuditSample,
  opts: Options,
  lineup: readonly LineupEntry[],
  match: number,
  hooks: MatchHooks = {},
  wrap: (seat: number, bot: SeatBot) => SeatBot = (_s, b) => b,
): AuditMatch {
  const seed = matchSeed(ctx.seed, match);
  const seated = seatsOf(lineup, match);
  const bots = seated.map((e) => e.name);
  const hash = hooks.hash ?? new PlayHash();
  hash.start(seatingLanes(bots.join(',')));
  const limit = ctx.actionLimit ?? DEFAULT_ACTION_LIMIT;
  let actions = 0;
  const limited: MatchHooks = {
    ...hooks,
    hash,
    onAction(state, player, action) {
      hooks.onAction?.(state, player, action);
      if (++actions > limit) throw new ActionLimitReached(limit);
    },
  };
  const seats = seated.map((e, s) => wrap(s, { factory: e.factory, params: e.params }));
  let outcome: MatchOutcome | null;
  try {
    outcome = playMatch(ctx.game, opts, seats, seed, limited);
  } catch (err) {
    if (!(err instanceof ActionLimitReached)) throw err;
    outcome = null;
  }
  return { match, seed, bots, outcome, hash: hash.hex() };
}

/** The options a user types after the game to replay: every given option that differs from its default. */
export function optionFlags(game: AnyGame, given: Options): string {
  const parts: string[] = [];
  for (const spec of game.options) {
    const v = given[spec.name];
    if (v === undefined || JSON.stringify(v) === JSON.stringify(spec.default)) continue;
    parts.push(` --option ${shellWord(`${spec.name}=${typeof v === 'string' ? v : JSON.stringify(v)}`)}`);
  }
  return parts.join('');
}

/** Where to see match `match` of `lineup` happen: its seed, its seating and the `tavolo play` command. */
export function replayOf(ctx: AuditSample, lineup: readonly LineupEntry[], match: number, given: Options = ctx.options): ReplayPointer {
  const bots = seatsOf(lineup, match).map((e) => e.name);
  const command =
    `tavolo play --game ${shellWord(ctx.gameRef)} --bots ${shellWord(lineup.map((e) => e.name).join(','))} --seed ${shellWord(ctx.seed)} --match ${match}` +
    optionFlags(ctx.game, given);
  return { seed: matchSeed(ctx.seed, match), bots, command };
}

/** A word as a POSIX shell reads it: as it is when it holds only safe characters, else in single quotes. */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

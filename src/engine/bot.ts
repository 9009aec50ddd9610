import type { AnyGame, MatchResult, OptionSpec, Options } from './game.js';
import type { Rng } from './rng.js';

/**
 * What a bot sees at a decision: its own seat, its observation, the legal actions, its own generator.
 * The state itself is held in a private field that bots cannot reach; the observation is computed on
 * first use, so bots that do not need it (random) cost nothing. Every field is read-only in fact, not
 * only in type: the engine's decision object is frozen, its fields private behind getters, so a bot
 * cannot re-point them (docs/bots-trust.md).
 */
export interface Decision<O = unknown> {
  readonly game: AnyGame;
  readonly player: number;
  /** Legal actions in legal[0..count). Return one of them. */
  readonly legal: Int32Array;
  readonly count: number;
  /** The player's observation (computed lazily, then cached for this decision). */
  readonly observation: O;
  /**
   * A readable sentence for one of the legal actions offered ("plays Colpo", "puts 5 on H8"), as the game's
   * actionText words it; anything but an offered action is refused with a TypeError. It says nothing the player could not know: the honesty tests check that every
   * offered action reads the same in every state the player cannot tell apart.
   */
  describe(action: number): string;
}

export interface Bot {
  /** Returns one of decision.legal[0..count). */
  choose(decision: Decision): number;
  /**
   * Optional: told the match's result (a frozen copy) once it is over, however it ended; what it throws is
   * ignored. The process bot passes it on to its program (docs/protocol.md).
   */
  end?(result: MatchResult): void;
}

export interface BotContext {
  /**
   * The game, as a frozen stand-in for the engine's object (same functions, frozen copies of its data):
   * a bot may call anything on it, and change nothing of the match through it.
   */
  game: AnyGame;
  /** Seat this bot plays in the match. */
  seat: number;
  players: number;
  /** The bot's own generator, derived from the match seed and its seat: never the game's. */
  rng: Rng;
  /** The bot's parameters, resolved against `params` (defaults filled in); a frozen copy. */
  params: Options;
}

/** A kind of bot, as listed by `tavolo list` and named in tournament specs. */
export interface BotFactory {
  name: string;
  description: string;
  params: readonly OptionSpec[];
  /**
   * Optional: the whole-number parameter that sets how long the bot thinks (ismcts `iterations`,
   * alphabeta `nodes`), the one `tavolo skill` multiplies by ten along its skill trace. Absent: the bot
   * has no budget (greedy).
   */
  budget?: string;
  /** A bot for one match. */
  create(ctx: BotContext): Bot;
  /**
   * Optional: checks the resolved parameters against the game, when the spec is resolved (before any
   * match), for parameters whose valid values depend on the game (the action kind a restricted bot
   * avoids). Throws an OptionError naming the parameter.
   */
  checkParams?(params: Options, game: AnyGame, players: number): void;
}

/**
 * tavolo's own bots, which never write to `decision.legal` (tests/bots/legal-untouched.test.ts checks
 * each): they are handed the game's action buffer itself. Every other bot gets a copy, so that a bot
 * that scribbles on its array cannot make an illegal action look legal; the copy costs about a twentieth
 * of a random-bot match.
 */
const trusted = new WeakSet<BotFactory>();

/** Marks a built-in bot factory as one that never writes to `decision.legal` (bots/index.ts). */
export function trustBuiltIn(factory: BotFactory): void {
  trusted.add(factory);
}

export function isTrustedBuiltIn(factory: BotFactory): boolean {
  return trusted.has(factory);
}

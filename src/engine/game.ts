import type { Rng } from './rng.js';

/**
 * The game contract. Every game implements it; the runner and every bot use only it, never a game's
 * internals. Games keep mutable state and are driven in a hot loop, so the contract is shaped for speed:
 * actions are small non-negative integers written into a reused buffer, `clone` is explicit and cheap,
 * and chance is drawn from the generator the caller passes to `setup`/`apply`.
 *
 * Determinism: given the same options, player count and generator seed, `setup` and a sequence of
 * `apply` calls must produce the same states. A game must never read the clock or Math.random.
 *
 * Hidden information: `observe(state, p)` returns everything player p can know and nothing more.
 * Bots receive observations only. `determinize(obs, p, rng)` (optional) samples a complete state that
 * is consistent with an observation; it takes the observation, not the state, so it cannot leak.
 */

/** Value of one game option. */
export type OptionValue = number | boolean | string | number[];
export type Options = Record<string, OptionValue>;

/** A declared game (or bot) option: every variant is data checked against these. */
export interface OptionSpec {
  name: string;
  type: 'int' | 'number' | 'boolean' | 'enum' | 'intList';
  default: OptionValue;
  /** Bounds for int/number and for each element of an intList. */
  min?: number;
  max?: number;
  /** Allowed values for an enum. */
  values?: readonly string[];
  /** Length of an intList, when fixed. */
  length?: number;
  description: string;
}

/** How a finished match came out. Seats are 0..players-1 in turn order (seat s+1 plays after s). */
export interface MatchResult {
  /** Per seat, the game's score (for Stramat: points in hand, lower is better). */
  scores: number[];
  /** Per seat, 1 = best; tied seats share the best rank of their group. All 1 if annulled. */
  ranks: number[];
  /** Winning seats (ties share the win); empty when the match was annulled. */
  winners: number[];
  annulled: boolean;
  /** Why it ended, a short snake_case word such as `deck_empty` or `empty_hand`. */
  endReason: string;
  /** Seat that took the first turn: the reference for seat-position statistics. */
  firstPlayer: number;
  /** Turns played (by the game's own definition of a turn). */
  turns: number;
}

/** Raised for a bad option or option combination; `field` names the option. */
export class OptionError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
    this.name = 'OptionError';
  }
}

export interface Game<S = unknown, O = unknown> {
  readonly name: string;
  readonly title: string;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  readonly options: readonly OptionSpec[];
  /** Upper bound on the number of legal actions at any decision: the size of the action buffer. */
  readonly maxActions: number;
  /** Names of the game's metric columns, in the order `metrics` writes them. */
  readonly metricNames: readonly string[];

  /**
   * Checks that go beyond one option's type and bounds (for example a deck too small to deal).
   * `opts` is complete (defaults filled in). Throws OptionError naming the field.
   */
  checkOptions(opts: Options, players: number): void;

  /**
   * A new match, with the deal and any other set-up chance drawn from rng.
   *
   * `reuse`, when given, is the state of an earlier match of this game that nobody holds any more (the
   * runner hands back the last match's state): the game may build the new match in its memory instead
   * of allocating a new state, which is most of what a fast match allocates. The match must be exactly
   * what a fresh state would give. A game is free to ignore it.
   */
  setup(opts: Options, players: number, rng: Rng, reuse?: S): S;

  /**
   * The seat whose decision it is now, or -1 when the match is over. This may be a player acting out
   * of turn (for example an opponent who may answer an Alt card at once): games ask specific players.
   */
  currentPlayer(state: S): number;

  /** Writes the legal actions of the current decision into `out`, returns how many. Never 0 unless over. */
  legalActions(state: S, out: Int32Array): number;

  /** Applies a legal action of the current player; chance is drawn from rng. Mutates state. */
  apply(state: S, action: number, rng: Rng): void;

  /** A complete, independent copy (no JSON, no structuredClone: typed-array copies). */
  clone(state: S): S;

  /** Everything `player` can know, and nothing more. Plain data (serialisable). */
  observe(state: S, player: number): O;

  /**
   * Optional: a complete state sampled from what `player` knows. observe(result, player) must equal
   * `obs`; hidden cards are drawn from rng.
   */
  determinize?(obs: O, player: number, rng: Rng): S;

  /**
   * The outcome. Also called on an unfinished state when a faulty bot stopped the match: then it
   * reports the scores as they stand (the runner overrides winners and ranks).
   */
  result(state: S): MatchResult;

  /** Writes the metric values (same order as metricNames) into out. */
  metrics(state: S, out: number[]): void;

  /** A compact, context-free code of an action, for logs and replays (for example `P12` or `T3`). */
  actionCode(action: number): string;

  /** A readable sentence for an action of the current decision. */
  actionText(state: S, action: number): string;

  /**
   * The greedy bot's heuristic: the value of taking `action`, judged from the observation only.
   * Higher is better for the observing player.
   */
  heuristic(obs: O, action: number): number;

  /** A readable multi-line view of the whole state (for `tavolo play`, which shows the table). */
  describe(state: S): string;
}

/** A game with its types erased, as the runner and the bots hold it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGame = Game<any, any>;

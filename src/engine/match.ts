import { isTrustedBuiltIn, type Bot, type BotFactory, type Decision } from './bot.js';
import { frozenCopy, gameForBots, hardenStateClass, paramsForBots, returnedText, thrownMessage } from './bot-guard.js';
import type { AnyGame, GameEvent, MatchResult, Options } from './game.js';
import type { MeasureRecorder } from './measure-recorder.js';
import { ChanceRng, type PlayHash } from './play-hash.js';
import { Rng } from './rng.js';

/** Points a view at a new decision; defined inside the class, so only this module can call it. */
let resetView: (view: DecisionView, state: unknown, player: number, count: number) => void;

/**
 * The decision a bot sees. Every field is private behind a getter, the object and its class are frozen:
 * a bot can neither re-point `player` (to read another seat's observation) nor `game` (to be handed the
 * state by `observation` or `describe`), nor replace a method on the class. `describe` takes only one of
 * the offered actions, checked against the engine's own list (a bot's copy may have been scribbled on).
 */
class DecisionView implements Decision {
  readonly #real: AnyGame;
  readonly #game: AnyGame;
  readonly #legal: Int32Array;
  readonly #offered: Int32Array;
  #state: unknown = null;
  #obs: unknown = undefined;
  #player = -1;
  #count = 0;

  static {
    resetView = (view, state, player, count) => {
      view.#state = state;
      view.#obs = undefined;
      view.#player = player;
      view.#count = count;
    };
  }

  /** `legal` is what the bot gets, `offered` the engine's list of the legal actions. */
  constructor(game: AnyGame, legal: Int32Array, offered: Int32Array) {
    this.#real = game;
    this.#game = gameForBots(game);
    this.#legal = legal;
    this.#offered = offered;
    Object.freeze(this);
  }

  get game(): AnyGame {
    return this.#game;
  }

  get player(): number {
    return this.#player;
  }

  get count(): number {
    return this.#count;
  }

  get legal(): Int32Array {
    return this.#legal;
  }

  get observation(): unknown {
    if (this.#obs === undefined) this.#obs = this.#real.observe(this.#state, this.#player);
    return this.#obs;
  }

  describe(action: number): string {
    if (typeof action !== 'number' || !isLegal(this.#offered, this.#count, action)) {
      throw new TypeError(`decision.describe takes one of the offered actions (decision.legal), not ${returnedText(action)}`);
    }
    return this.#real.view.actionText(this.#state, action);
  }
}
Object.freeze(DecisionView.prototype);
Object.freeze(DecisionView);

export interface SeatBot {
  factory: BotFactory;
  params: Options;
}

export interface MatchOutcome {
  result: MatchResult;
  /** Decisions taken by bots. */
  decisions: number;
  metrics: number[];
  /** Set when a bot failed: the match ends there, recorded with the seat at fault. */
  fault?: { reason: FaultReason; seat: number; message: string };
}

/**
 * Why a bot forfeited a match: it threw, returned an action that is not legal, ran past the decision
 * time limit, or its worker died during its decision twice in a row (process.exit, out of memory, ...).
 */
export type FaultReason = 'bot_error' | 'illegal_action' | 'bot_timeout' | 'bot_crash';

/**
 * Cells of a `MatchWatch` (an Int32Array, usually on a SharedArrayBuffer read by a watchdog thread).
 * Before every bot call (`create` or `choose`) the match writes SEQ + 1, the decision index (-1 while a
 * bot is created) and the seat; after the call it writes seat -1. The watchdog writes the SEQ of a call
 * that ran out of time into EXPIRED; the match checks it after the call returns.
 */
export const WATCH_SEQ = 0;
export const WATCH_DECISION = 1;
export const WATCH_SEAT = 2;
export const WATCH_EXPIRED = 3;
export const WATCH_CELLS = 4;

/**
 * Progress reporting and forced faults, for a runner that guards against hanging or crashing bots. The
 * clock never reaches the match: a watchdog elsewhere reads the cells and only marks a call as expired.
 */
export interface MatchWatch {
  cells: Int32Array;
  /**
   * Replaying a match whose bot call at this decision index (-1: creating the bot of `seat`) is already
   * known to have run out of time or crashed its worker: the call is not made, the match ends there.
   */
  forced?: { decision: number; seat: number; reason: 'bot_timeout' | 'bot_crash' };
}

export interface MatchHooks {
  /** Called before each action is applied (for `tavolo play`). */
  onAction?(state: unknown, player: number, action: number): void;
  /** Called after each action is applied, once its events are in `events` (for `tavolo play`). */
  afterAction?(state: unknown, player: number, action: number): void;
  /**
   * Passed to the game's setup and apply, which append what happened (GameEvent); for `tavolo play` and
   * golden playthroughs. Tournaments leave it out, and the game then writes nothing.
   */
  events?: GameEvent[];
  /** Progress cells and forced faults (the runner's watchdog). */
  watch?: MatchWatch;
  /**
   * Bots' thinking time, for run.json only: per seat, [2s] the sum of the timed decisions' durations in
   * milliseconds and [2s + 1] how many were timed; [2 * players] counts the decisions seen through this
   * array, across matches. One decision in TIMING_EVERY is timed (when that count is a multiple of it),
   * which keeps the clock out of the hot loop's cost. The clock never reaches the match.
   */
  timing?: Float64Array;
  /**
   * A holder for the finished state, handed back to `game.setup` by the next match played with the same
   * holder (see Game.setup): the runner's matches then allocate far less. Only for callers that keep no
   * reference to a match's state once it is over.
   */
  spare?: { state?: unknown };
  /**
   * The match measures a tournament asked for (docs/measures.md): told of the set-up, of every decision
   * (before the bot is asked), of every action's result and of the last state. The caller reads them with `finish`. Absent
   * in a tournament that did not ask: the loop then pays one `undefined` check per decision and action.
   */
  measure?: MeasureRecorder;
  /**
   * The opening (a spec's `opening`, docs/reference.md): the match's first `opening` moves are drawn
   * uniformly from the legal actions by a generator of the match seed, not asked of the bots, so every
   * seating of a deal starts from the same random position. Without it (or 0) the bots play every move.
   */
  opening?: number;
  /**
   * The match's play hash (play-hash.ts), started by the caller with the seating: told of every chance
   * outcome of the game's generator and of every action. Absent: nothing is hashed.
   */
  hash?: PlayHash;
}

/**
 * One bot decision in this many is timed (see MatchHooks.timing): two clock reads cost about a tenth of
 * a random bot's decision. A power of two.
 */
export const TIMING_EVERY = 64;

const TIMEOUT_MESSAGE = 'did not return within the decision time limit';
const CRASH_MESSAGE = 'its worker died during this decision twice (process.exit, out of memory, a native crash, ...)';

function forcedFault(f: NonNullable<MatchWatch['forced']>, seat: number): NonNullable<MatchOutcome['fault']> {
  return { reason: f.reason, seat, message: f.reason === 'bot_timeout' ? TIMEOUT_MESSAGE : CRASH_MESSAGE };
}

/** How narration and replays name the mover of a random opening move (MatchHooks.opening): no bot chose it. */
export const OPENING_MOVER = 'random opening';

/**
 * The generators of one match, all derived from the match seed: the seed text is hashed once, then the
 * game's generator and each seat's bot generator (in seat order) are children of that root.
 */
export function matchRngs(seed: string, players: number): { game: Rng; bots: Rng[]; root: Rng } {
  const root = new Rng(seed);
  const game = root.child();
  const bots: Rng[] = [];
  for (let s = 0; s < players; s++) bots.push(root.child());
  return { game, bots, root };
}

/**
 * A bot's fault, thrown where it is found (creating or asking a bot) and caught where the match ends: one
 * catch instead of a variable checked after every call, and thrown only when a match ends by a fault.
 * A bot cannot forge one: the class stays in this module, and whatever a bot throws is caught at its call.
 */
class BotFault extends Error {
  constructor(readonly fault: NonNullable<MatchOutcome['fault']>) {
    super(fault.message);
  }
}

/** What the moves of a match came to: the decisions taken, and the fault that ended it early, if one did. */
interface Played {
  decisions: number;
  fault: MatchOutcome['fault'];
}

/**
 * Plays one complete match. Bots get their own generators; chance in the game comes from the game's
 * generator only, so a match is reproducible from its seed whatever the bots do with theirs.
 */
export function playMatch(
  game: AnyGame,
  opts: Options,
  seats: readonly SeatBot[],
  seed: string,
  hooks?: MatchHooks,
): MatchOutcome {
  const players = seats.length;
  const rngs = matchRngs(seed, players);
  // The same stream as rngs.game, with every value the game draws also hashed.
  const hash = hooks?.hash;
  const gameRng = hash === undefined ? rngs.game : new ChanceRng(rngs.game.state(), hash);
  const state = setUpState(game, opts, players, gameRng, hooks);
  let played: Played;
  let bots: Bot[] = [];
  try {
    bots = createBots(game, seats, rngs.bots, hooks?.watch);
    // The opening's generator is the root's next child, after the bots': theirs stay what they were.
    const opening = hooks?.opening ?? 0;
    if (opening > 0) playOpening(game, state, opening, rngs.root.child(), gameRng, hooks);
    played = playMoves(game, state, seats, bots, gameRng, hooks);
  } catch (err) {
    if (!(err instanceof BotFault)) throw err;
    played = { decisions: 0, fault: err.fault };
  }
  // The match is over however it ended, also when a bot could not be created: the measures read its last state.
  const measure = hooks?.measure;
  if (measure !== undefined) measure.end(state);
  const outcome = matchOutcome(game, state, players, played, hooks?.spare);
  tellEnd(bots, outcome.result);
  return outcome;
}

/** Tells the bots that listen (Bot.end) how the match ended; nothing a bot does there changes it. */
function tellEnd(bots: readonly Bot[], result: MatchResult): void {
  for (const bot of bots) {
    try {
      if (typeof bot.end === 'function') bot.end(frozenCopy(result));
    } catch {
      // The match is over and recorded: a bot's trouble with its result is its own.
    }
  }
}

/** The game's set-up (into the spare state, if there is one), its state class hardened, measures told. */
function setUpState(game: AnyGame, opts: Options, players: number, rng: Rng, hooks: MatchHooks | undefined): unknown {
  const spare = hooks?.spare;
  const events = hooks?.events;
  const state = events === undefined ? game.setup(opts, players, rng, spare?.state) : game.setup(opts, players, rng, spare?.state, events);
  if (spare) spare.state = undefined;
  hardenStateClass(state);
  const measure = hooks?.measure;
  if (measure !== undefined) measure.begin(state);
  return state;
}

/** One bot per seat, in seat order, each under the watchdog's eye; throws the BotFault of the first that fails. */
function createBots(game: AnyGame, seats: readonly SeatBot[], rngs: readonly Rng[], watch: MatchWatch | undefined): Bot[] {
  const players = seats.length;
  const botGame = gameForBots(game);
  const cells = watch?.cells;
  const forced = watch?.forced;
  const bots: Bot[] = [];
  for (let seat = 0; seat < players; seat++) {
    if (forced !== undefined && forced.decision === -1 && forced.seat === seat) throw new BotFault(forcedFault(forced, seat));
    const seq = cells !== undefined ? enterBotCall(cells, -1, seat) : 0;
    let fault: MatchOutcome['fault'];
    try {
      const params = paramsForBots(seats[seat].params);
      bots.push(seats[seat].factory.create({ game: botGame, seat, players, rng: rngs[seat], params }));
    } catch (err) {
      fault = { reason: 'bot_error', seat, message: thrownMessage(err) };
    }
    if (cells !== undefined && leaveBotCall(cells, seq)) fault = { reason: 'bot_timeout', seat, message: TIMEOUT_MESSAGE };
    if (fault) throw new BotFault(fault);
  }
  return bots;
}

/**
 * The random opening (MatchHooks.opening): up to `moves` actions, each drawn uniformly from the legal
 * ones, before any bot is asked. Measures and narration are told of them as of any move.
 */
function playOpening(game: AnyGame, state: unknown, moves: number, pick: Rng, rng: Rng, hooks: MatchHooks | undefined): void {
  const legal = takeBuffer(game.maxActions);
  const measure = hooks?.measure;
  for (let m = 0; m < moves; m++) {
    const player = game.currentPlayer(state);
    if (player < 0) break;
    const count = game.legalActions(state, legal);
    if (measure !== undefined) measure.decision(state, player, legal, count);
    applyAction(game, state, player, legal[pick.int(count)], rng, hooks);
  }
  releaseBuffer(legal);
}

/**
 * The moves of a match, until it is over or a bot faults (the decisions taken so far and the fault). Action
 * buffers are recycled: allocating a typed array per match is a measurable cost. The game writes into
 * `legal`; a bot gets a copy (`shown`), so that a bot that scribbles on its array cannot forge legality,
 * except tavolo's own bots, which are known not to write to it (bot.ts).
 */
function playMoves(game: AnyGame, state: unknown, seats: readonly SeatBot[], bots: Bot[], rng: Rng, hooks: MatchHooks | undefined): Played {
  const players = seats.length;
  const legal = takeBuffer(game.maxActions);
  const shown = takeBuffer(game.maxActions);
  const copied = new DecisionView(game, shown, legal);
  const direct = new DecisionView(game, legal, legal);
  const trusted: boolean[] = [];
  for (let seat = 0; seat < players; seat++) trusted.push(isTrustedBuiltIn(seats[seat].factory));
  const measure = hooks?.measure;
  const watch = hooks?.watch;
  const timing = hooks?.timing;
  let decisions = 0;
  let fault: MatchOutcome['fault'];
  // The running count of decisions seen through `timing` (a small integer: `%` on the array's double
  // would be a call to fmod at every decision).
  let tick = timing !== undefined ? timing[2 * players] | 0 : 0;
  try {
    for (;;) {
      const player = game.currentPlayer(state);
      if (player < 0) break;
      const count = game.legalActions(state, legal);
      let view = direct;
      if (!trusted[player]) {
        view = copied;
        for (let i = 0; i < count; i++) shown[i] = legal[i];
      }
      resetView(view, state, player, count);
      if (measure !== undefined) measure.decision(state, player, legal, count);
      const timed = timing !== undefined && (tick++ & (TIMING_EVERY - 1)) === 0;
      const t0 = timed ? performance.now() : 0; // clock-ok: measures the bot, decides nothing
      const action = watch === undefined ? askBot(bots[player], view, player) : askWatchedBot(bots[player], view, player, decisions, watch);
      if (timed && timing !== undefined) {
        timing[2 * player] += performance.now() - t0; // clock-ok: measures the bot, decides nothing
        timing[2 * player + 1]++;
      }
      if (!isLegal(legal, count, action)) throw new BotFault({ reason: 'illegal_action', seat: player, message: `returned ${returnedText(action)}` });
      decisions++;
      applyAction(game, state, player, action, rng, hooks);
    }
  } catch (err) {
    if (!(err instanceof BotFault)) throw err;
    fault = err.fault;
  }
  if (timing !== undefined) timing[2 * players] = tick;
  releaseBuffer(legal);
  releaseBuffer(shown);
  return { decisions, fault };
}

/** Asks a bot for its action, with no watchdog: throws a BotFault when the bot throws. */
function askBot(bot: Bot, view: DecisionView, player: number): number {
  try {
    return bot.choose(view);
  } catch (err) {
    throw new BotFault({ reason: 'bot_error', seat: player, message: thrownMessage(err) });
  }
}

/**
 * Asks a bot for its action with the watchdog told (see WATCH_SEQ). Throws a BotFault when the bot throws,
 * when the call ran out of time (a timeout whatever it returned or threw), or when a replay already knows
 * this call's fault (the call is then not made).
 */
function askWatchedBot(bot: Bot, view: DecisionView, player: number, decision: number, watch: MatchWatch): number {
  const forced = watch.forced;
  if (forced !== undefined && forced.decision === decision) throw new BotFault(forcedFault(forced, player));
  const cells = watch.cells;
  const seq = enterBotCall(cells, decision, player);
  let action = NaN;
  let fault: MatchOutcome['fault'];
  try {
    action = bot.choose(view);
  } catch (err) {
    fault = { reason: 'bot_error', seat: player, message: thrownMessage(err) };
  }
  if (leaveBotCall(cells, seq)) fault = { reason: 'bot_timeout', seat: player, message: TIMEOUT_MESSAGE };
  if (fault) throw new BotFault(fault);
  return action;
}

/** Tells the watchdog that a bot call starts (decision -1: creating the bot); returns the call's number. */
function enterBotCall(cells: Int32Array, decision: number, seat: number): number {
  const seq = (cells[WATCH_SEQ] + 1) | 0;
  cells[WATCH_SEQ] = seq;
  cells[WATCH_DECISION] = decision;
  cells[WATCH_SEAT] = seat;
  return seq;
}

/** Tells the watchdog that the call `seq` is over; whether it ran out of time meanwhile. */
function leaveBotCall(cells: Int32Array, seq: number): boolean {
  cells[WATCH_SEAT] = -1;
  return cells[WATCH_EXPIRED] === seq;
}

/** Applies a legal action, telling the hooks (events, `tavolo play`'s narration, measures) around it. */
function applyAction(game: AnyGame, state: unknown, player: number, action: number, rng: Rng, hooks: MatchHooks | undefined): void {
  hooks?.onAction?.(state, player, action);
  const hash = hooks?.hash;
  if (hash !== undefined) hash.action(player, action);
  const events = hooks?.events;
  if (events === undefined) game.apply(state, action, rng);
  else {
    game.apply(state, action, rng, events);
    hooks?.afterAction?.(state, player, action);
  }
  const measure = hooks?.measure;
  if (measure !== undefined) measure.after(state);
}

/** The match's metrics and result (a fault's when a bot failed); the state goes to the spare holder. */
function matchOutcome(game: AnyGame, state: unknown, players: number, played: Played, spare: MatchHooks['spare']): MatchOutcome {
  const metrics: number[] = [];
  for (let m = 0; m < game.measures.names.length; m++) metrics.push(0);
  game.measures.write(state, metrics);
  const { decisions, fault } = played;
  const result = fault ? faultResult(game.result(state), players, fault.reason, fault.seat) : game.result(state);
  if (spare) spare.state = state;
  return { result, decisions, metrics, fault };
}

const freeBuffers: Int32Array[] = [];

function takeBuffer(size: number): Int32Array {
  const b = freeBuffers.pop();
  return b && b.length >= size ? b : new Int32Array(Math.max(size, 64));
}

function releaseBuffer(b: Int32Array): void {
  if (freeBuffers.length < 8) freeBuffers.push(b);
}

function isLegal(legal: Int32Array, count: number, action: number): boolean {
  for (let i = 0; i < count; i++) if (legal[i] === action) return true;
  return false;
}

/** A match ended by a faulty bot: no winner, the faulty seat ranked last. */
function faultResult(partial: MatchResult, players: number, reason: string, seat: number): MatchResult {
  const ranks = new Array<number>(players).fill(1);
  ranks[seat] = players;
  return { ...partial, winners: [], ranks, annulled: true, endReason: reason };
}

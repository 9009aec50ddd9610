import type { Bot, BotFactory, Decision } from './bot.js';
import type { AnyGame, MatchResult, Options } from './game.js';
import { Rng } from './rng.js';

/** The decision a bot sees. The state sits in a true private field: a bot cannot reach it. */
class DecisionView implements Decision {
  #state: unknown = null;
  #obs: unknown = undefined;
  player = -1;
  count = 0;

  constructor(
    readonly game: AnyGame,
    readonly legal: Int32Array,
  ) {}

  reset(state: unknown, player: number, count: number): void {
    this.#state = state;
    this.#obs = undefined;
    this.player = player;
    this.count = count;
  }

  get observation(): unknown {
    if (this.#obs === undefined) this.#obs = this.game.observe(this.#state, this.player);
    return this.#obs;
  }
}

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
  fault?: { reason: 'bot_error' | 'illegal_action'; seat: number; message: string };
}

export interface MatchHooks {
  /** Called before each action is applied (for `tavolo play`). */
  onAction?(state: unknown, player: number, action: number): void;
}

/**
 * The generators of one match, all derived from the match seed: the seed text is hashed once, then the
 * game's generator and each seat's bot generator (in seat order) are children of that root.
 */
export function matchRngs(seed: string, players: number): { game: Rng; bots: Rng[] } {
  const root = new Rng(seed);
  const game = root.child();
  const bots: Rng[] = [];
  for (let s = 0; s < players; s++) bots.push(root.child());
  return { game, bots };
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
  const state = game.setup(opts, players, rngs.game);
  const bots: Bot[] = seats.map((s, seat) =>
    s.factory.create({ game, seat, players, rng: rngs.bots[seat], params: s.params }),
  );
  // Action buffers are recycled: allocating a typed array per match is a measurable cost. The game
  // writes into `legal`; bots get a copy, so a bot that scribbles on its array cannot forge legality.
  const legal = takeBuffer(game.maxActions);
  const shown = takeBuffer(game.maxActions);
  const view = new DecisionView(game, shown);
  let decisions = 0;
  let fault: MatchOutcome['fault'];

  for (;;) {
    const player = game.currentPlayer(state);
    if (player < 0) break;
    const count = game.legalActions(state, legal);
    for (let i = 0; i < count; i++) shown[i] = legal[i];
    view.reset(state, player, count);
    let action: number;
    try {
      action = bots[player].choose(view);
    } catch (err) {
      fault = { reason: 'bot_error', seat: player, message: err instanceof Error ? err.message : String(err) };
      break;
    }
    if (!isLegal(legal, count, action)) {
      fault = { reason: 'illegal_action', seat: player, message: `returned ${String(action)}` };
      break;
    }
    decisions++;
    hooks?.onAction?.(state, player, action);
    game.apply(state, action, rngs.game);
  }

  releaseBuffer(legal);
  releaseBuffer(shown);
  const metrics = new Array<number>(game.metricNames.length).fill(0);
  game.metrics(state, metrics);
  const result = fault ? faultResult(game.result(state), players, fault.reason, fault.seat) : game.result(state);
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

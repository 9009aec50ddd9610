import type { AnyGame, OptionSpec, Options } from '../src/engine/game.js';
import { requireHeuristic } from '../src/engine/heuristic.js';
import type { Rng } from '../src/engine/rng.js';
import { greedyChoice } from './greedy.js';
import type { Mast } from './mast.js';

/**
 * Shared pieces of the Monte Carlo bots (pimc, ismcts): their parameters, the rollout policies and the
 * reward of a finished playout. Everything here works on determinized states the bot built itself from
 * its own observation; nothing here ever sees the real match.
 */

export type RolloutPolicy = 'random' | 'greedy';
/** Where a playout ends: the match's end, or the game's next stage (a round's end), or 'auto'. */
export type Horizon = 'auto' | 'match' | 'round';

/** Parameters shared by the Monte Carlo bots, resolved. */
export interface McParams {
  iterations: number;
  rollout: RolloutPolicy;
  timeMs: number;
  maxDepth: number;
  rankWeight: number;
  horizon: Horizon;
}

/** A playout longer than this is cut even with maxDepth = 0 (a game that never ends must not hang a bot). */
export const HARD_DEPTH_LIMIT = 1_000_000;

export function iterationsParam(defaultValue: number, description: string): OptionSpec {
  return { name: 'iterations', type: 'int', default: defaultValue, min: 1, max: 100_000_000, description };
}

/** The parameters both Monte Carlo bots take (after `iterations`). */
export const COMMON_PARAMS: readonly OptionSpec[] = [
  {
    name: 'rollout',
    type: 'enum',
    default: 'random',
    values: ['random', 'greedy'],
    description:
      "Playout policy: 'random' (uniform legal actions) or 'greedy' (each player takes the action game.search.heuristic rates " +
      'highest from its own observation of the determinized state; about 10x slower)',
  },
  {
    name: 'timeMs',
    type: 'number',
    default: 0,
    min: 0,
    max: 3_600_000,
    description:
      'Time budget per decision in milliseconds, replacing the iteration budget; 0 = off. NOT reproducible: the ' +
      'number of iterations depends on the machine and its load, so a match no longer replays from its seed',
  },
  {
    name: 'maxDepth',
    type: 'int',
    default: 0,
    min: 0,
    max: HARD_DEPTH_LIMIT,
    description:
      'Cut each playout this many actions after the decision\'s own action (ismcts counts its tree steps too, so ' +
      'every leaf is scored at the same horizon; 0 = play to the end); a cut playout is scored by game.search.evaluate ' +
      'where the game has it, else by game.result on the unfinished state (the scores as they stand)',
  },
  {
    name: 'horizon',
    type: 'enum',
    default: 'auto',
    values: ['auto', 'match', 'round'],
    description:
      "Where a playout ends: 'match' (the end of the match), 'round' (the end of the game's current stage, such as a " +
      "Stop round, scored by game.search.evaluate), 'auto' ('round' for games that provide game.search.stage and game.search.evaluate, else 'match')",
  },
  {
    name: 'rankWeight',
    type: 'number',
    default: 0,
    min: 0,
    max: 1,
    description:
      'Reward = (1 - w) * win share + w * rank score, where rank score = (players - rank) / (players - 1); ' +
      '0 = win share only (1/k to each of k tied winners, 0 otherwise, 0 to all in an annulled match)',
  },
];

export function readParams(params: Options): McParams {
  return {
    iterations: params.iterations as number,
    rollout: params.rollout as RolloutPolicy,
    timeMs: params.timeMs as number,
    maxDepth: params.maxDepth as number,
    rankWeight: params.rankWeight as number,
    horizon: (params.horizon as Horizon | undefined) ?? 'auto',
  };
}

/** Throws a clear error for games the Monte Carlo bots cannot search. */
export function requireDeterminize(game: AnyGame, bot: string): void {
  if (typeof game.search.determinize !== 'function') {
    throw new Error(`${bot} needs search.determinize, which ${game.name} does not implement`);
  }
}

/** The Monte Carlo bots' check against the game (BotFactory.checkParams): greedy playouts need its heuristic. */
export function checkMcParams(params: Options, game: AnyGame): void {
  if (params.rollout === 'greedy') requireHeuristic(game, "rollout 'greedy'");
}

/** The clock, for the optional time budget only. Never decides anything when timeMs = 0. */
export function now(): number {
  return performance.now(); // clock-ok
}

/**
 * Plays determinized states to the end with a fixed policy and scores them. One per bot: it owns the
 * action buffer and the reward array, so a playout allocates nothing of its own (the game's `apply`
 * and `result` may).
 */
export class Playout {
  /** Rewards of the last scored state, per seat. */
  readonly rewards: Float64Array;
  private readonly buf: Int32Array;
  private readonly depthLimit: number;
  private readonly greedy: boolean;
  /** Stop at the game's next stage (search.stage changes) and score with search.evaluate. */
  private readonly byStage: boolean;
  /** The game's search aids, read once (facet functions are called without `this`). */
  private readonly stage: AnyGame['search']['stage'];
  private readonly evaluate: AnyGame['search']['evaluate'];
  /** ismcts's MAST table (bots/mast.ts), or null: then the policy alone chooses. */
  mast: Mast | null = null;

  constructor(
    private readonly game: AnyGame,
    players: number,
    private readonly rng: Rng,
    policy: RolloutPolicy,
    maxDepth: number,
    private readonly rankWeight: number,
    horizon: Horizon = 'match',
  ) {
    this.rewards = new Float64Array(players);
    this.buf = new Int32Array(game.maxActions);
    this.depthLimit = maxDepth > 0 ? maxDepth : HARD_DEPTH_LIMIT;
    this.greedy = policy === 'greedy';
    this.stage = game.search.stage;
    this.evaluate = game.search.evaluate;
    const staged = typeof this.stage === 'function' && typeof this.evaluate === 'function';
    if (horizon === 'round' && !staged) {
      throw new Error(`horizon 'round' needs search.stage and search.evaluate, which ${game.name} does not implement (use 'match')`);
    }
    this.byStage = horizon === 'round' || (horizon === 'auto' && staged);
  }

  /**
   * Plays `state` (a determinized copy, mutated) to the end or the depth limit, then scores it. `used`:
   * actions already played since the decision's own (a search tree's steps), counted against maxDepth.
   */
  run(state: unknown, used = 0): Float64Array {
    const game = this.game;
    const buf = this.buf;
    const rng = this.rng;
    const limit = this.depthLimit - used;
    const stageOf = this.byStage ? this.stage! : null;
    const stage = stageOf !== null ? stageOf(state) : 0;
    for (let depth = 0; depth < limit; depth++) {
      const p = game.currentPlayer(state);
      if (p < 0) break;
      if (stageOf !== null && stageOf(state) !== stage) break;
      const k = game.legalActions(state, buf);
      const a = k === 1 ? buf[0] : this.choose(state, p, k);
      game.apply(state, a, rng);
    }
    return this.score(state);
  }

  /** The policy's choice among buf[0..k), k > 1; with MAST, its best action most of the time (recorded for its table). */
  private choose(state: unknown, p: number, k: number): number {
    const mast = this.mast;
    if (mast === null) return this.greedy ? this.greedyAction(state, p, k) : this.buf[this.rng.int(k)];
    const slot = mast.pick(p, this.buf, k, this.rng);
    const a = slot >= 0 ? this.buf[slot] : this.greedy ? this.greedyAction(state, p, k) : this.buf[this.rng.int(k)];
    mast.record(p, a);
    return a;
  }

  /** The greedy bot's choice for player p, from p's observation of this (determinized) state. */
  private greedyAction(state: unknown, p: number, k: number): number {
    const game = this.game;
    const buf = this.buf;
    return greedyChoice(game, game.observe(state, p), buf, k, this.rng);
  }

  /**
   * Each seat's own reward for the outcome: its win share (1/k for each of k tied winners), mixed with
   * its rank score when rankWeight > 0; 0 for everyone in an annulled match.
   */
  score(state: unknown): Float64Array {
    const game = this.game;
    const evaluate = this.evaluate;
    if (evaluate !== undefined && game.currentPlayer(state) >= 0) {
      // Cut before the end (a stage or maxDepth): the game's estimate of each seat's reward.
      evaluate(state, this.rewards);
      return this.rewards;
    }
    const r = game.result(state);
    const out = this.rewards;
    out.fill(0);
    if (r.annulled) return out;
    const n = out.length;
    const w = this.rankWeight;
    const k = r.winners.length;
    if (k > 0) {
      const share = (1 - w) / k;
      for (let i = 0; i < k; i++) out[r.winners[i]] += share;
    }
    if (w > 0 && n > 1) {
      for (let p = 0; p < n; p++) out[p] += (w * (n - r.ranks[p])) / (n - 1);
    }
    return out;
  }
}

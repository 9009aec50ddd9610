import type { Bot, BotContext, BotFactory, Decision } from '../src/engine/bot.js';
import { type AnyGame, OptionError, type Options } from '../src/engine/game.js';
import { heuristicOf } from '../src/engine/heuristic.js';
import { type Rng, sameRngState } from '../src/engine/rng.js';
import { AlphaBetaSearch, MAX_PLY, type WorldResult } from './alphabeta-search.js';
import { requireDeterminize } from './mc-common.js';

/**
 * Alpha-beta over determinizations: at each decision, sample `determinizations` complete states from the
 * observation (game.search.determinize with the bot's own generator), search each with depth-limited paranoid
 * alpha-beta and iterative deepening (bots/alphabeta-search.ts) on its share of the node budget, and
 * combine the worlds' answers (a vote, or the average of exact root values). A game whose determinize
 * draws nothing from the generator has nothing hidden at this decision: then one world gets the whole
 * budget. Everything is counted in nodes (applies), never in time, so a match replays from its seed.
 */

export type Aggregate = 'vote' | 'average';

export interface AlphaBetaParams {
  depth: number;
  nodes: number;
  width: number;
  determinizations: number;
  aggregate: Aggregate;
  taper: number;
  trust: number;
  chance: number;
}

/** The most a decision's budget may grow under `taper`, and the largest budget a decision can have. */
export const TAPER_CAP = 100;
const MAX_NODES = 100_000_000;

/** What the last decision's search did (for tests and diagnostics). */
export interface AlphaBetaReport {
  worlds: number;
  nodes: number;
  /** Deepest completed iteration, per world. */
  depths: number[];
  /** Root moves with their votes and mean values, in the order searched. */
  moves: { action: number; votes: number; mean: number }[];
}

export class AlphaBetaChooser {
  private readonly search: AlphaBetaSearch;
  private readonly moves: Int32Array;
  private readonly rank: Float64Array;
  last: AlphaBetaReport | null = null;
  /** Legal actions at this bot's first decision with a choice in the match (0 before it): the `taper` reference. */
  private firstCount = 0;

  constructor(
    private readonly game: AnyGame,
    players: number,
    /** Draws the determinizations: the bot's own generator. */
    private readonly rng: Rng,
    /** Draws each world's chance streams. */
    private readonly searchRng: Rng,
    private readonly params: AlphaBetaParams,
  ) {
    requireDeterminize(game, 'alphabeta');
    this.search = new AlphaBetaSearch(game, players, params.depth, params.width, params.aggregate === 'average', params.trust, params.chance);
    this.moves = new Int32Array(game.maxActions);
    this.rank = new Float64Array(game.maxActions);
  }

  choose(obs: unknown, me: number, legal: Int32Array, count: number): number {
    const moves = this.moves;
    const count2 = this.orderRoot(obs, legal, count);
    const votes = new Float64Array(count2);
    const sums = new Float64Array(count2);
    const seen = new Float64Array(count2);
    const report: AlphaBetaReport = { worlds: 0, nodes: 0, depths: [], moves: [] };
    const { determinizations } = this.params;
    const nodes = this.budgetFor(count);
    const perWorld = Math.max(1, Math.floor(nodes / determinizations));
    for (let w = 0; w < determinizations; w++) {
      const before = this.rng.state();
      const world = this.game.search.determinize!(obs, me, this.rng);
      // Nothing drawn: every world would be this one, so it gets the whole budget.
      const unique = w === 0 && sameRngState(before, this.rng.state());
      const found = this.search.search(world, me, moves, count2, unique ? nodes : perWorld, this.searchRng);
      tally(found, moves, count2, votes, sums, seen);
      report.worlds++;
      report.nodes += found.nodes;
      report.depths.push(found.depth);
      if (unique) break;
    }
    for (let i = 0; i < count2; i++) report.moves.push({ action: moves[i], votes: votes[i], mean: seen[i] ? sums[i] / seen[i] : NaN });
    this.last = report;
    return moves[this.pick(votes, sums, seen, count2)];
  }

  /**
   * The node budget of this decision: `nodes`, times (the legal actions at this bot's first decision of
   * the match / the legal actions now) ^ taper, at most TAPER_CAP times. With taper 0, always `nodes`.
   */
  private budgetFor(count: number): number {
    const { nodes, taper } = this.params;
    if (this.firstCount === 0) this.firstCount = count;
    if (taper === 0 || count >= this.firstCount) return nodes;
    const factor = Math.min(TAPER_CAP, (this.firstCount / count) ** taper);
    return Math.min(MAX_NODES, Math.floor(nodes * factor));
  }

  /** Copies the legal actions into `moves`, best first by the heuristic from the bot's own observation. */
  private orderRoot(obs: unknown, legal: Int32Array, count: number): number {
    const { moves, rank, game } = this;
    const idx = Array.from({ length: count }, (_, i) => i);
    const heuristic = heuristicOf(game);
    for (let i = 0; i < count; i++) {
      const h = heuristic(obs, legal[i]);
      rank[i] = Number.isNaN(h) ? -Infinity : h;
    }
    idx.sort((a, b) => (rank[b] > rank[a] ? 1 : rank[b] < rank[a] ? -1 : a - b));
    for (let i = 0; i < count; i++) moves[i] = legal[idx[i]];
    return count;
  }

  /** vote: most votes, ties by mean value; average: best mean value. Remaining ties: heuristic order. */
  private pick(votes: Float64Array, sums: Float64Array, seen: Float64Array, count: number): number {
    const byVote = this.params.aggregate === 'vote';
    let best = 0;
    for (let i = 1; i < count; i++) {
      const mi = seen[i] ? sums[i] / seen[i] : -Infinity;
      const mb = seen[best] ? sums[best] / seen[best] : -Infinity;
      if (byVote && votes[i] !== votes[best]) {
        if (votes[i] > votes[best]) best = i;
      } else if (mi > mb) best = i;
    }
    return best;
  }
}

/** Adds one world's answer: a vote for its choice, and every root value it found (for the mean). */
function tally(found: WorldResult, moves: Int32Array, count: number, votes: Float64Array, sums: Float64Array, seen: Float64Array): void {
  for (let i = 0; i < count; i++) {
    if (moves[i] === found.action) votes[i]++;
    const v = found.values[i];
    if (!Number.isNaN(v)) {
      sums[i] += v;
      seen[i]++;
    }
  }
}

export function readAlphaBetaParams(params: Options): AlphaBetaParams {
  return {
    depth: params.depth as number,
    nodes: params.nodes as number,
    width: params.width as number,
    determinizations: params.determinizations as number,
    aggregate: params.aggregate as Aggregate,
    taper: params.taper as number,
    trust: params.trust as number,
    chance: params.chance as number,
  };
}

class AlphaBetaBot implements Bot {
  private readonly chooser: AlphaBetaChooser;

  constructor(ctx: BotContext) {
    const searchRng = ctx.rng.fork('alphabeta-search');
    this.chooser = new AlphaBetaChooser(ctx.game, ctx.players, ctx.rng, searchRng, readAlphaBetaParams(ctx.params));
  }

  choose(d: Decision): number {
    if (d.count === 1) return d.legal[0];
    return this.chooser.choose(d.observation, d.player, d.legal, d.count);
  }
}

export const alphabeta: BotFactory = {
  name: 'alphabeta',
  budget: 'nodes',
  description:
    'Depth-limited paranoid alpha-beta with iterative deepening and heuristic move ordering, within a node budget ' +
    "(reproducible); over sampled determinizations of its observation where something is hidden. Leaves are scored " +
    "by game.search.evaluate, else game.measures.standings.",
  params: [
    { name: 'depth', type: 'int', default: 16, min: 1, max: MAX_PLY, description: 'Deepest iteration, in plies (actions of any player)' },
    {
      name: 'nodes',
      type: 'int',
      default: 2000,
      min: 1,
      max: 100_000_000,
      description: 'Node budget per decision (one node = one game.apply), shared equally among the determinizations; iterative deepening stops when it runs out',
    },
    {
      name: 'width',
      type: 'int',
      default: 0,
      min: 0,
      max: 100_000,
      description:
        "Forward pruning: below the root, search only the acting seat's best this-many actions by game.search.heuristic (0 = every action); the root tries every move",
    },
    {
      name: 'determinizations',
      type: 'int',
      default: 8,
      min: 1,
      max: 10_000,
      description: 'Sampled worlds per decision where something is hidden (one world, with the whole budget, where determinize draws nothing)',
    },
    {
      name: 'aggregate',
      type: 'enum',
      default: 'vote',
      values: ['vote', 'average'],
      description:
        "How the worlds' answers combine: 'vote' (each world's best move gets a vote; ties by mean value) or 'average' (best mean " +
        'root value; every root move is searched with a full window, which costs more nodes)',
    },
    {
      name: 'trust',
      type: 'number',
      default: 0,
      min: 0,
      max: 1,
      description:
        "Opponent model: at another seat's decision, trust x the value of the action game.search.heuristic rates best for that seat + " +
        '(1 - trust) x the paranoid minimum. 0 = paranoid; 1 = every other seat plays its heuristic\'s favourite (only that action ' +
        'is searched: much deeper, but blind to any other reply)',
    },
    {
      name: 'chance',
      type: 'int',
      default: 1,
      min: 1,
      max: 64,
      description:
        'Outcomes averaged where an action draws chance (a draw, a die): 1 = one sampled outcome per ply, the same for every ' +
        'sibling; k > 1 = the mean over k sampled outcomes, each searched to the end of the window (expectimax by sampling: a ' +
        'deeper search no longer plans for one known future draw)',
    },
    {
      name: 'taper',
      type: 'number',
      default: 0,
      min: 0,
      max: 4,
      description:
        "Budget growth as the choice narrows: each decision gets nodes x (legal actions at the bot's first decision of the match / " +
        `legal actions now) ^ taper, at most ${TAPER_CAP} x nodes (0 = always nodes). Where the end of a match has fewer moves and decides it, ` +
        'the same nodes buy more depth there',
    },
  ],
  checkParams(params: Options): void {
    const p = readAlphaBetaParams(params);
    if (p.nodes < p.determinizations) {
      throw new OptionError(
        'nodes',
        `expected at least one node per determinization (determinizations is ${p.determinizations}), found ${p.nodes}`,
      );
    }
  },
  create(ctx: BotContext): Bot {
    return new AlphaBetaBot(ctx);
  },
};

export default alphabeta;

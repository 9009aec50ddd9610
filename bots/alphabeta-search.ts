import type { AnyGame } from '../src/engine/game.js';
import { heuristicOf } from '../src/engine/heuristic.js';
import { type AleaState, Rng, sameRngState } from '../src/engine/rng.js';
import { LeafValue } from './leaf-value.js';

/**
 * Depth-limited paranoid alpha-beta with iterative deepening over one complete state (a sampled world),
 * within a node budget. The alpha-beta bot (bots/alphabeta.ts) runs it once per determinization.
 *
 * - Paranoid: `me` maximises its own value (bots/leaf-value.ts); every other seat minimises it. Who acts
 *   is `game.currentPlayer` of each state, so extra turns and decisions out of turn need nothing special.
 * - Move ordering: at every node, the acting seat's actions best first by `game.search.heuristic` from its own
 *   observation of the sampled state (`game.search.rateActions` where the game has it: the same values without
 *   building the observation; picked one at a time, so a cut-off saves the rest of the ranking);
 *   at the root, the previous iteration's best move first.
 * - Chance: the contract has no chance nodes (apply draws from the generator it is given), so chance is
 *   sampled, with common random numbers: every action applied at ply k draws from the same stream,
 *   restarted for each apply, so siblings face the same dice and every iteration the same future. With
 *   `chance` k > 1, an action whose apply drew chance is worth the mean over k outcomes, each from its own
 *   stream (sample j at ply k: the same for every sibling) and searched with a full window (a mean needs
 *   exact values): expectimax by sampling, so a deeper search no longer plans for one known future draw.
 * - Forward pruning (`width` > 0): below the root only the acting seat's best `width` actions by the
 *   heuristic are searched, trading the search's completeness for depth; the root always tries every move.
 * - Budget: one node is one `apply`. When the budget runs out mid-iteration the iteration is abandoned;
 *   a root move searched to the end in it still counts (the previous best is searched first, so a move
 *   that beats it is better at the deeper depth too).
 */

/** The most plies an iteration may search (the `depth` parameter's ceiling). */
export const MAX_PLY = 64;

/** What one world's search found. */
export interface WorldResult {
  /** The chosen root action, and its value to the searching player. */
  action: number;
  value: number;
  /** Deepest iteration completed (0 when even depth 1 ran out of budget). */
  depth: number;
  /** Per root move (same order as the root moves given), its value at the last depth searched; NaN if never searched. */
  values: Float64Array;
  nodes: number;
}

export class AlphaBetaSearch {
  private readonly leaf: LeafValue;
  private readonly legal: Int32Array[] = [];
  private readonly rank: Float64Array[] = [];
  private readonly chance: AleaState[] = [];
  /** outcomes[ply][j]: the stream of chance sample j >= 1 at that ply (sample 0 is chance[ply]). */
  private readonly outcomes: AleaState[][] = [];
  private me = 0;
  private nodes = 0;
  private budget = 0;
  private aborted = false;
  /** Set when some leaf was cut by the depth limit: a deeper iteration could change the answer. */
  private cut = false;
  private rootOrder: Int32Array;
  /**
   * spare[ply]: the state the node at `ply` writes its children into (all but the last, which may spend
   * the node's own state), with game.search.cloneInto where the game has it; from this search's clones only.
   */
  private readonly spare: unknown[] = [];
  /** The game's search aids, read once (facet functions are called without `this`). */
  private readonly heuristic: (obs: unknown, action: number) => number;
  private readonly rateActions: AnyGame['search']['rateActions'];
  private readonly cloneInto: AnyGame['search']['cloneInto'];

  constructor(
    private readonly game: AnyGame,
    players: number,
    private readonly maxDepth: number,
    /** Below the root, only the best `width` actions by the heuristic are searched; 0 = every action. */
    private readonly width: number,
    /** true: every root move searched with a full window, so each root value is exact (the `average` vote). */
    private readonly exactRoot: boolean,
    /** Weight of the opponent model at other seats' decisions (`trust`): 0 = paranoid minimum. */
    private readonly trust = 0,
    /** Outcomes averaged where an action draws chance (`chance`): 1 = the one sampled outcome. */
    private readonly samples = 1,
  ) {
    this.leaf = new LeafValue(game, players);
    this.heuristic = heuristicOf(game);
    this.rateActions = game.search.rateActions;
    this.cloneInto = game.search.cloneInto;
    for (let i = 0; i <= MAX_PLY; i++) {
      this.legal.push(new Int32Array(game.maxActions));
      this.rank.push(new Float64Array(game.maxActions));
      this.chance.push({ c: 1, s0: 0, s1: 0, s2: 0 });
      this.outcomes.push(Array.from({ length: samples }, () => ({ c: 1, s0: 0, s1: 0, s2: 0 })));
    }
    this.rootOrder = new Int32Array(game.maxActions);
  }

  /**
   * Searches `world` (not modified) for player `me`, over the root moves `moves[0..count)` in that order
   * (the first is searched first at depth 1), drawing the world's chance streams from `chanceRng`.
   */
  search(world: unknown, me: number, moves: Int32Array, count: number, budget: number, chanceRng: Rng): WorldResult {
    this.me = me;
    this.nodes = 0;
    this.budget = budget;
    this.aborted = false;
    this.spare.length = 0;
    for (const st of this.chance) {
      st.s0 = chanceRng.float();
      st.s1 = chanceRng.float();
      st.s2 = chanceRng.float();
    }
    // Drawn after the streams of sample 0, so `chance` 1 draws exactly what it always drew.
    for (const row of this.outcomes) {
      for (let j = 1; j < this.samples; j++) {
        row[j].s0 = chanceRng.float();
        row[j].s1 = chanceRng.float();
        row[j].s2 = chanceRng.float();
      }
    }
    const order = this.rootOrder;
    for (let i = 0; i < count; i++) order[i] = i;
    const values = new Float64Array(count).fill(NaN);
    const result: WorldResult = { action: moves[0], value: NaN, depth: 0, values, nodes: 0 };
    for (let depth = 1; depth <= this.maxDepth; depth++) {
      this.cut = false;
      const done = this.iterate(world, moves, count, depth, result);
      if (done) result.depth = depth;
      if (!done || !this.cut) break;
    }
    result.nodes = this.nodes;
    return result;
  }

  /** One iteration at `depth`; true if it finished within the budget. Updates `result` either way. */
  private iterate(world: unknown, moves: Int32Array, count: number, depth: number, result: WorldResult): boolean {
    const order = this.rootOrder;
    const fresh = new Float64Array(count).fill(NaN);
    let alpha = -Infinity;
    let bestIndex = -1;
    for (let j = 0; j < count; j++) {
      if (this.nodes >= this.budget) {
        this.aborted = true;
        break;
      }
      const i = order[j];
      const v = this.childValue(world, moves[i], 0, depth - 1, this.exactRoot ? -Infinity : alpha, Infinity, false);
      if (this.aborted) break;
      fresh[i] = v;
      if (v > alpha) {
        alpha = v;
        bestIndex = i;
      }
    }
    const done = !this.aborted;
    // A partial iteration counts only if it searched the previous best (searched first) to the end.
    if (bestIndex >= 0 && (done || !Number.isNaN(fresh[order[0]]))) {
      result.action = moves[bestIndex];
      result.value = alpha;
      for (let i = 0; i < count; i++) if (done || !Number.isNaN(fresh[i])) result.values[i] = fresh[i];
      moveToFront(order, count, bestIndex);
    }
    return done;
  }

  /** The paranoid value of `state` (owned by this call: it may be spent on the last child). */
  private value(state: unknown, ply: number, depthLeft: number, alpha: number, beta: number): number {
    const game = this.game;
    const p = game.currentPlayer(state);
    if (p < 0) return this.leaf.terminal(state, this.me, ply);
    if (depthLeft === 0) {
      this.cut = true;
      return this.leaf.estimate(state, this.me);
    }
    const legal = this.legal[ply];
    const rank = this.rank[ply];
    const k = game.legalActions(state, legal);
    this.rankActions(state, p, legal, rank, k);
    const maximising = p === this.me;
    let best = maximising ? -Infinity : Infinity;
    const tried = this.width > 0 && this.width < k ? this.width : k;
    if (!maximising && this.trust > 0) return this.modelled(state, ply, depthLeft, alpha, beta, k, tried);
    for (let n = 0; n < tried; n++) {
      if (this.nodes >= this.budget) {
        this.aborted = true;
        return best;
      }
      const v = this.childValue(state, legal[takeBest(rank, k)], ply, depthLeft - 1, alpha, beta, n === tried - 1);
      if (this.aborted) return best;
      if (maximising) {
        if (v > best) best = v;
        if (best > alpha) alpha = best;
      } else {
        if (v < best) best = v;
        if (best < beta) beta = best;
      }
      if (alpha >= beta) break;
    }
    return best;
  }

  /**
   * Another seat's decision under the opponent model: trust x the value of the action its heuristic rates
   * best (what a heuristic player would do; searched first, the ranking being best first) + (1 - trust) x
   * the minimum over its actions (the paranoid value). With trust 1 only that action is searched. The
   * mix is an increasing function of the minimum once the favourite's value f is known exactly, so the
   * other actions are searched for the minimum with the node's window mapped through it:
   * mix <= alpha exactly when min <= (alpha - trust f) / (1 - trust), and likewise for beta.
   */
  private modelled(state: unknown, ply: number, depthLeft: number, alpha: number, beta: number, count: number, tried: number): number {
    const t = this.trust;
    const legal = this.legal[ply];
    const rank = this.rank[ply];
    if (this.nodes >= this.budget) {
      this.aborted = true;
      return NaN;
    }
    const favourite = legal[takeBest(rank, count)];
    if (t === 1) return this.childValue(state, favourite, ply, depthLeft - 1, alpha, beta, true);
    const f = this.childValue(state, favourite, ply, depthLeft - 1, -Infinity, Infinity, tried === 1);
    if (this.aborted) return f;
    let min = f;
    const lo = (alpha - t * f) / (1 - t);
    let hi = Math.min(min, (beta - t * f) / (1 - t));
    for (let n = 1; n < tried && lo < hi; n++) {
      if (this.nodes >= this.budget) {
        this.aborted = true;
        return NaN;
      }
      const v = this.childValue(state, legal[takeBest(rank, count)], ply, depthLeft - 1, lo, hi, n === tried - 1);
      if (this.aborted) return NaN;
      if (v < min) min = v;
      if (min < hi) hi = min;
    }
    return (1 - t) * min + t * f;
  }

  /**
   * The value of `action` from the node `state` at `ply`, searched `depthLeft` deeper within the window.
   * `last`: the node's last child, which may spend the node's own state, unless chance is averaged (then
   * more outcomes start from it). Where the apply drew chance and `chance` > 1, the mean over the outcomes.
   */
  private childValue(state: unknown, action: number, ply: number, depthLeft: number, alpha: number, beta: number, last: boolean): number {
    const child = last && this.samples === 1 ? state : this.childOf(state, ply);
    const averaged = this.applyAt(child, action, ply);
    if (!averaged) return this.value(child, ply + 1, depthLeft, alpha, beta);
    const v0 = this.value(child, ply + 1, depthLeft, -Infinity, Infinity);
    return this.aborted ? v0 : this.meanOutcome(state, action, ply, depthLeft, v0);
  }

  /**
   * A copy of `state` for a child of the node at `ply`, in that ply's spare state. The one copy per ply is
   * enough: a node's children are searched one after another, and a node's own state is never a spare of
   * its ply or deeper (it is its parent's spare, or one of an ancestor's, spent).
   */
  private childOf(state: unknown, ply: number): unknown {
    const { game, cloneInto } = this;
    const spare = this.spare[ply];
    const child = spare === undefined || cloneInto === undefined ? game.clone(state) : cloneInto(state, spare);
    this.spare[ply] = child;
    return child;
  }

  /**
   * Applies `action` with ply's chance stream (sample 0); true when the apply drew from it. Only watched
   * when outcomes are averaged: with `chance` 1 the hot path copies no generator state.
   */
  private applyAt(state: unknown, action: number, ply: number): boolean {
    this.nodes++;
    const rng = new Rng(this.chance[ply]);
    if (this.samples === 1) {
      this.game.apply(state, action, rng);
      return false;
    }
    const before = rng.state();
    this.game.apply(state, action, rng);
    return !sameRngState(before, rng.state());
  }

  /**
   * The mean value of `action` from `parent` over the `chance` samples, given sample 0's exact value v0:
   * samples 1.. are applied to fresh copies of `parent` with their own streams and searched with a full
   * window. The budget running out aborts the search, as anywhere else.
   */
  private meanOutcome(parent: unknown, action: number, ply: number, depthLeft: number, v0: number): number {
    let sum = v0;
    for (let j = 1; j < this.samples; j++) {
      if (this.nodes >= this.budget) {
        this.aborted = true;
        return v0;
      }
      const child = this.childOf(parent, ply);
      this.nodes++;
      this.game.apply(child, action, new Rng(this.outcomes[ply][j]));
      sum += this.value(child, ply + 1, depthLeft, -Infinity, Infinity);
      if (this.aborted) return v0;
    }
    return sum / this.samples;
  }

  /**
   * Each action's heuristic value for the acting seat `p`, from its own observation of `state` (in one
   * call, from the state itself, where the game offers `rateActions`).
   */
  private rankActions(state: unknown, p: number, legal: Int32Array, rank: Float64Array, k: number): void {
    if (k === 1) {
      rank[0] = 0;
      return;
    }
    const { rateActions, heuristic } = this;
    if (rateActions !== undefined) rateActions(state, p, legal, k, rank);
    else {
      const obs = this.game.observe(state, p);
      for (let i = 0; i < k; i++) rank[i] = heuristic(obs, legal[i]);
    }
    for (let i = 0; i < k; i++) if (Number.isNaN(rank[i])) rank[i] = -Infinity;
  }
}

/**
 * The index of the highest rank among rank[0..k) not yet taken, marked taken (NaN) on the way out; ties
 * go to the lowest index, so the order is a pure function of the ranks.
 */
function takeBest(rank: Float64Array, k: number): number {
  let best = -1;
  let bestRank = -Infinity;
  for (let i = 0; i < k; i++) {
    const r = rank[i];
    if (r > bestRank || (best < 0 && r === -Infinity)) {
      best = i;
      bestRank = r;
    }
  }
  rank[best] = NaN;
  return best;
}

/** Moves the entry holding `index` to the front of order[0..count), keeping the others in order. */
function moveToFront(order: Int32Array, count: number, index: number): void {
  let j = 0;
  while (order[j] !== index) j++;
  for (; j > 0; j--) order[j] = order[j - 1];
  order[0] = index;
}

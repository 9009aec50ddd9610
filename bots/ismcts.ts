import type { Bot, BotContext, BotFactory, Decision } from '../src/engine/bot.js';
import type { AnyGame, MatchResult, OptionSpec } from '../src/engine/game.js';
import { heuristicOf } from '../src/engine/heuristic.js';
import { Rng, sameRngState } from '../src/engine/rng.js';
import { Mast } from './mast.js';
import { COMMON_PARAMS, type McParams, Playout, iterationsParam, now, readParams, requireDeterminize, checkMcParams } from './mc-common.js';

/**
 * Single-observer information-set MCTS (SO-ISMCTS; Cowling, Powley & Whitehouse, "Information Set Monte
 * Carlo Tree Search", IEEE TCIAIG 2012).
 *
 * The tree is over the searching player's information sets, identified by the sequence of actions
 * taken since the decision (chance outcomes are not in the key: they are folded into the determinization
 * and the playouts). Every iteration samples a new determinization of the bot's observation, then walks
 * the tree using only the children legal in that determinization. A child is an (acting player, action)
 * pair: which player decides next can itself depend on hidden cards (an opponent answering out of turn
 * only if they hold a certain card), so the same action sequence may lead to decisions of different
 * players in different determinizations, and they are kept apart.
 *
 * Selection is UCB1 with availability counts: a child's exploration term uses the number of iterations
 * in which it was available (legal, and its player to act), not its parent's visits. A node with an
 * untried legal action is expanded by one of them, chosen at random; then a playout runs to the end.
 * Every node on the path is credited with the reward of the player who acted into it (each player's own
 * result: multiplayer games are not reduced to "me against everyone").
 *
 * Options (docs/bots-search.md, "MCTS options"): progressive bias, MAST playouts, an MCTS-Solver for proven wins
 * and losses, and tree reuse between decisions; the last two only where nothing is hidden.
 *
 * The tree is stored as parallel typed arrays (struct of arrays) reused from decision to decision, so an
 * iteration allocates nothing apart from what the game's determinize/apply/result allocate.
 */

/** The optional parts of the search, each off by default (docs/bots-search.md, "MCTS options"). */
export interface IsmctsOptions {
  /** Progressive bias weight: UCB + bias * H / (visits + 1), H the action's heuristic normalised among its siblings. */
  bias?: number;
  /** MAST playouts with this epsilon (probability of the base policy); undefined = off. */
  mastEpsilon?: number;
  /** MCTS-Solver: proven wins and losses, two players, perfect information. */
  solver?: boolean;
  /** Keep the subtree of the position reached between two decisions, perfect information. */
  reuse?: boolean;
}

/** How many actions after its own the search looks for the next decision's position in its old tree. */
const REUSE_DEPTH_PER_PLAYER = 4;

export class IsmctsSearch {
  /** Nodes: the player who acted into the node, the action, the parent, the first child, the next sibling. */
  private player: Int32Array;
  private action: Int32Array;
  private parent: Int32Array;
  private firstChild: Int32Array;
  private nextSibling: Int32Array;
  /** Visits, availability counts and total reward (for `player`) of each node. */
  private visits: Float64Array;
  private avail: Float64Array;
  private total: Float64Array;
  /** Progressive bias: the node's action's heuristic, normalised to [0, 1] among the legal actions of its parent. */
  private prior: Float64Array;
  /** Solver: 1 proven win for `player`, -1 proven loss, 0 unknown. */
  private proven: Int8Array;
  /** Solver: legal actions at the node (-1 before the node is walked through). */
  private nLegal: Int32Array;
  /** 1 when every step from the root to the node drew no chance: the node stands for one state. */
  private det: Uint8Array;
  private size = 0;

  private readonly buf: Int32Array;
  /** Per legal action of the current step: 1 when a child exists for it. */
  private readonly tried: Uint8Array;
  /** The children available at the current step. */
  private readonly availKids: Int32Array;
  /** Heuristic values of the legal actions of the current step (progressive widening and bias). */
  private readonly values: Float64Array;
  /** The game's heuristic, read once (heuristicOf). */
  private readonly heuristic: (obs: unknown, action: number) => number;
  private readonly widening: number;
  /** Actions an iteration may play after the decision's own, tree and playout together (maxDepth + 1). */
  private readonly horizon: number;
  private readonly playout: Playout;
  private readonly bias: number;
  private readonly mast: Mast | null;
  private readonly solver: boolean;
  private readonly reuse: boolean;
  private readonly players: number;
  /** Rewards of an iteration that stopped at a proven node. */
  private readonly provenRewards: Float64Array;
  /** Per action value: the step at which it was last seen legal, and its slot in the action buffer then. */
  private stampOf = new Float64Array(64);
  private slotOf = new Int32Array(64);
  private stampNow = 0;
  /** Depth (actions after the decision's) reached by the current iteration's tree walk. */
  private depth = 0;
  /** This decision: the solver is on (option on, two players, nothing hidden). */
  private solving = false;
  /** Tree reuse: the state at the last decision (nothing hidden there), the player and the action chosen. */
  private lastRoot: unknown = null;
  private lastMe = -1;
  private lastChoice = -1;

  /** Iterations run at the last decision (useful with a time budget). */
  lastIterations = 0;
  /** Visits the root carried over from the previous decision's tree (0 when nothing was reused). */
  reusedVisits = 0;

  constructor(
    private readonly game: AnyGame,
    players: number,
    /** Draws the determinizations: the bot's own generator. */
    private readonly rng: Rng,
    /** Draws everything else in the search (expansion choice, chance in apply, playouts). */
    private readonly searchRng: Rng,
    private readonly params: McParams,
    private readonly exploration: number,
    /** Progressive widening constant (0 = off): a node considers its best ceil(w * sqrt(visits + 1)) actions. */
    widening = 0,
    options: IsmctsOptions = {},
  ) {
    requireDeterminize(game, 'ismcts');
    this.heuristic = heuristicOf(game);
    const cap = Math.max(64, Math.min(params.timeMs > 0 ? 1 << 16 : params.iterations + 1, 1 << 22));
    this.player = new Int32Array(cap);
    this.action = new Int32Array(cap);
    this.parent = new Int32Array(cap);
    this.firstChild = new Int32Array(cap);
    this.nextSibling = new Int32Array(cap);
    this.visits = new Float64Array(cap);
    this.avail = new Float64Array(cap);
    this.total = new Float64Array(cap);
    this.prior = new Float64Array(cap);
    this.proven = new Int8Array(cap);
    this.nLegal = new Int32Array(cap);
    this.det = new Uint8Array(cap);
    this.buf = new Int32Array(game.maxActions);
    this.tried = new Uint8Array(game.maxActions);
    this.availKids = new Int32Array(game.maxActions);
    this.values = new Float64Array(game.maxActions);
    this.widening = widening;
    this.horizon = params.maxDepth > 0 ? params.maxDepth + 1 : Infinity;
    this.playout = new Playout(game, players, searchRng, params.rollout, params.maxDepth, params.rankWeight, params.horizon);
    this.players = players;
    this.bias = options.bias ?? 0;
    this.mast = options.mastEpsilon === undefined ? null : new Mast(players, options.mastEpsilon);
    this.playout.mast = this.mast;
    this.solver = options.solver ?? false;
    this.reuse = options.reuse ?? false;
    this.provenRewards = new Float64Array(players);
  }

  /** Searches from `obs` (player `me` to act) and returns the most visited of legal[0..count). */
  search(obs: unknown, me: number, legal: Int32Array, count: number): number {
    const game = this.game;
    const { iterations, timeMs } = this.params;
    const deadline = timeMs > 0 ? now() + timeMs : 0;
    // The first world tells whether anything is hidden at this decision: a determinize that draws
    // nothing from the generator rebuilt the one state the observation allows (as alphabeta judges it).
    const before = this.rng.state();
    const first = game.search.determinize!(obs, me, this.rng);
    const oneWorld = sameRngState(before, this.rng.state());
    this.solving = this.solver && oneWorld && this.players === 2;
    this.reusedVisits = 0;
    if (!(oneWorld && this.reuse && this.reroot(obs, me))) this.reset(me);
    this.lastRoot = oneWorld && this.reuse ? game.clone(first) : null;
    this.mast?.reset();
    let it = 0;
    for (let s = first; ; s = game.search.determinize!(obs, me, this.rng)) {
      this.iterate(s);
      it++;
      if (deadline > 0) {
        // Check the clock every 16 iterations (and always run at least one).
        if ((it & 15) === 0 && now() >= deadline) break;
      } else if (it >= iterations) break;
    }
    this.lastIterations = it;
    const choice = this.bestRootAction(legal, count);
    this.lastMe = me;
    this.lastChoice = choice;
    return choice;
  }

  private reset(me: number): void {
    this.size = 1;
    this.player[0] = me;
    this.action[0] = -1;
    this.parent[0] = -1;
    this.firstChild[0] = -1;
    this.nextSibling[0] = -1;
    this.visits[0] = 0;
    this.avail[0] = 0;
    this.total[0] = 0;
    this.prior[0] = 0;
    this.proven[0] = 0;
    this.nLegal[0] = -1;
    this.det[0] = 1;
  }

  /** One iteration on a fresh determinization `s` (mutated). */
  private iterate(s: unknown): void {
    const node = this.descend(s);
    let rewards: Float64Array;
    if (this.solving && node > 0 && this.proven[node] !== 0) {
      rewards = this.rewardsOfProven(node);
    } else {
      if (this.solving && node > 0 && this.det[node] === 1 && this.game.currentPlayer(s) < 0) this.proveTerminal(node, this.game.result(s));
      // maxDepth counts from the decision, tree steps included: every leaf is scored at the same horizon,
      // whatever depth the tree reached there (a cut after the opponent's reply in one branch and before it
      // in another would compare unlike positions).
      rewards = this.playout.run(s, this.depth - 1);
    }
    this.mast?.update(rewards);
    // Every node on the path gets the reward of the player who acted into it.
    this.backUp(node, rewards);
  }

  /**
   * Selection and expansion on `s` (mutated), no deeper than the horizon (maxDepth actions after the
   * decision's own), nor past a proven node; returns the node reached and leaves its depth in `depth`.
   */
  private descend(s: unknown): number {
    const game = this.game;
    let node = 0;
    this.depth = 0;
    for (;;) {
      if (this.solving && node > 0 && this.proven[node] !== 0) break;
      const p = game.currentPlayer(s);
      if (p < 0 || this.depth >= this.horizon) break;
      const all = game.legalActions(s, this.buf);
      let k = all;
      if (this.solving) this.nLegal[node] = all;
      if (this.widening > 0 && k > 1) k = this.widen(s, p, k, this.visits[node]);
      const nk = this.availableChildren(node, p, k);
      if (nk < k) {
        // Expand one untried legal action.
        const slot = this.untriedSlot(k, nk);
        const prior = this.bias > 0 ? this.priorOf(s, p, all, slot) : 0;
        node = this.addChild(node, p, this.buf[slot], prior);
        this.step(s, node, all);
        break;
      }
      node = this.selectUcb(nk);
      this.step(s, node, all);
    }
    return node;
  }

  /** Plays the action of `node` (just chosen among `legalCount` legal ones) on `s`, for MAST and the solver too. */
  private step(s: unknown, node: number, legalCount: number): void {
    const a = this.action[node];
    if (this.mast !== null && legalCount > 1) this.mast.record(this.player[node], a);
    if (this.solving && this.det[node] === 1) {
      // Chance drawn on the way (a die, a draw) makes the node stand for several states: nothing below it can be proven.
      const before = this.searchRng.state();
      this.game.apply(s, a, this.searchRng);
      if (!sameRngState(before, this.searchRng.state())) this.det[node] = 0;
    } else {
      this.game.apply(s, a, this.searchRng);
    }
    this.depth++;
  }

  /** Solver: a finished game with a sole winner proves the node won or lost for the player who acted into it. */
  private proveTerminal(node: number, r: MatchResult): void {
    if (r.annulled || r.winners.length !== 1) return;
    this.proven[node] = r.winners[0] === this.player[node] ? 1 : -1;
  }

  /** The rewards of a proven node, two players: 1 to the winner, 0 to the loser. */
  private rewardsOfProven(node: number): Float64Array {
    const out = this.provenRewards;
    const p = this.player[node];
    out[p] = this.proven[node] === 1 ? 1 : 0;
    out[1 - p] = 1 - out[p];
    return out;
  }

  /**
   * Solver, two players: `v` is proven; its parent is proven too when the player to act there (v's player,
   * q) has a winning child, or when every legal action of q there leads to a proven loss for q. The
   * parent's value is for the player who acted into it: the same as q's when that is q, the opposite
   * otherwise (two players, sole winners: a loss for one is a win for the other).
   */
  private proveParent(v: number): void {
    const par = this.parent[v];
    if (par < 0 || this.det[par] === 0 || this.proven[par] !== 0) return;
    const q = this.player[v];
    const same = this.player[par] === q || par === 0;
    if (this.proven[v] === 1) {
      this.proven[par] = same ? 1 : -1;
      return;
    }
    const legal = this.nLegal[par];
    if (legal <= 0) return;
    let lost = 0;
    for (let ch = this.firstChild[par]; ch >= 0; ch = this.nextSibling[ch]) if (this.player[ch] === q && this.proven[ch] === -1) lost++;
    if (lost === legal) this.proven[par] = same ? -1 : 1;
  }

  /**
   * The children of `node` available at this step: those of player `p` whose action is among the k legal
   * ones in `buf`, listed in `availKids` (their count returned), with `tried` marking the legal actions
   * that have one. The legal actions are indexed by value (stamped, so nothing needs clearing): O(legal + children).
   */
  private availableChildren(node: number, p: number, k: number): number {
    const { buf, tried } = this;
    const stamp = ++this.stampNow;
    for (let i = 0; i < k; i++) {
      const a = buf[i];
      if (a >= this.stampOf.length || a < 0) this.growStamps(a);
      this.stampOf[a] = stamp;
      this.slotOf[a] = i;
      tried[i] = 0;
    }
    let nk = 0;
    for (let ch = this.firstChild[node]; ch >= 0; ch = this.nextSibling[ch]) {
      if (this.player[ch] !== p) continue;
      const a = this.action[ch];
      if (a < this.stampOf.length && this.stampOf[a] === stamp) {
        tried[this.slotOf[a]] = 1;
        this.availKids[nk++] = ch;
      }
    }
    return nk;
  }

  /** The slot in `buf` of the legal action to expand: chosen at random among the k - nk untried, or the best ranked when widening. */
  private untriedSlot(k: number, nk: number): number {
    const tried = this.tried;
    let i = 0;
    if (this.widening > 0) {
      while (tried[i] !== 0) i++;
    } else {
      let r = this.searchRng.int(k - nk);
      for (; ; i++) if (tried[i] === 0 && r-- === 0) break;
    }
    return i;
  }

  /**
   * Every legal action has a child: the one of the nk available children UCB1 picks, with availability
   * counts (each counted available), plus the progressive bias term. The solver passes over children
   * proven lost for their player, unless all of them are (possible only among a widened few).
   */
  private selectUcb(nk: number): number {
    const kids = this.availKids;
    const c = this.exploration;
    const bias = this.bias;
    const solving = this.solving;
    let best = -1;
    let bestValue = -Infinity;
    let bestLost = -1;
    let bestLostValue = -Infinity;
    for (let j = 0; j < nk; j++) {
      const ch = kids[j];
      const n = this.visits[ch];
      const av = ++this.avail[ch];
      let v = this.total[ch] / n + c * Math.sqrt(Math.log(av) / n);
      if (bias > 0) v += (bias * this.prior[ch]) / (n + 1);
      if (solving && this.proven[ch] === -1) {
        if (v > bestLostValue) {
          bestLostValue = v;
          bestLost = ch;
        }
      } else if (v > bestValue) {
        bestValue = v;
        best = ch;
      }
    }
    return best >= 0 ? best : bestLost;
  }

  /** Credits every node from `node` up to the root with the reward of the player who acted into it. */
  private backUp(node: number, rewards: Float64Array): void {
    for (let v = node; v > 0; v = this.parent[v]) {
      this.visits[v] += 1;
      this.total[v] += rewards[this.player[v]];
      if (this.solving && this.proven[v] !== 0) this.proveParent(v);
    }
    this.visits[0] += 1;
  }

  /**
   * Progressive bias: the heuristic of buf[slot] for player p, min-max normalised to [0, 1] among the
   * `all` legal actions of this world (0.5 when they are all rated alike; a NaN rating counts as the worst).
   * Widening has already rated them in `values`; otherwise they are rated here, from p's observation.
   */
  private priorOf(s: unknown, p: number, all: number, slot: number): number {
    const vals = this.values;
    if (!(this.widening > 0 && all > 1)) {
      const obs = this.game.observe(s, p);
      for (let i = 0; i < all; i++) vals[i] = this.heuristic(obs, this.buf[i]);
    }
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = 0; i < all; i++) {
      const v = vals[i];
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    const v = vals[slot];
    if (!(hi > lo)) return 0.5;
    return v === v ? (v - lo) / (hi - lo) : 0;
  }

  /**
   * Progressive widening: sorts buf[0..k) by the heuristic of player p (best first; ties keep the legal
   * order) and returns how many of them the node may consider after `visits` visits.
   */
  private widen(s: unknown, p: number, k: number, visits: number): number {
    const game = this.game;
    const buf = this.buf;
    const vals = this.values;
    const obs = game.observe(s, p);
    const heuristic = this.heuristic;
    for (let i = 0; i < k; i++) vals[i] = heuristic(obs, buf[i]);
    for (let i = 1; i < k; i++) {
      const a = buf[i];
      const v = vals[i];
      let j = i - 1;
      for (; j >= 0 && vals[j] < v; j--) {
        buf[j + 1] = buf[j];
        vals[j + 1] = vals[j];
      }
      buf[j + 1] = a;
      vals[j + 1] = v;
    }
    const m = Math.ceil(this.widening * Math.sqrt(visits + 1));
    return m < k ? m : k;
  }

  private addChild(parent: number, p: number, a: number, prior: number): number {
    if (this.size === this.player.length) this.grow();
    const v = this.size++;
    this.player[v] = p;
    this.action[v] = a;
    this.parent[v] = parent;
    this.firstChild[v] = -1;
    this.nextSibling[v] = this.firstChild[parent];
    this.firstChild[parent] = v;
    this.visits[v] = 0;
    this.avail[v] = 1;
    this.total[v] = 0;
    this.prior[v] = prior;
    this.proven[v] = 0;
    this.nLegal[v] = -1;
    this.det[v] = this.det[parent];
    return v;
  }

  private growStamps(a: number): void {
    if (!(a >= 0) || !Number.isInteger(a)) throw new Error(`ismcts: actions must be non-negative integers, found ${a}`);
    let cap = this.stampOf.length;
    while (cap <= a) cap *= 2;
    const st = new Float64Array(cap);
    st.set(this.stampOf);
    const sl = new Int32Array(cap);
    sl.set(this.slotOf);
    this.stampOf = st;
    this.slotOf = sl;
  }

  private grow(): void {
    const cap = this.player.length * 2;
    const g = <T extends Int32Array | Float64Array | Int8Array | Uint8Array>(a: T, make: (n: number) => T): T => {
      const b = make(cap);
      b.set(a);
      return b;
    };
    this.player = g(this.player, (n) => new Int32Array(n));
    this.action = g(this.action, (n) => new Int32Array(n));
    this.parent = g(this.parent, (n) => new Int32Array(n));
    this.firstChild = g(this.firstChild, (n) => new Int32Array(n));
    this.nextSibling = g(this.nextSibling, (n) => new Int32Array(n));
    this.nLegal = g(this.nLegal, (n) => new Int32Array(n));
    this.visits = g(this.visits, (n) => new Float64Array(n));
    this.avail = g(this.avail, (n) => new Float64Array(n));
    this.total = g(this.total, (n) => new Float64Array(n));
    this.prior = g(this.prior, (n) => new Float64Array(n));
    this.proven = g(this.proven, (n) => new Int8Array(n));
    this.det = g(this.det, (n) => new Uint8Array(n));
  }

  /** The root's child for legal action a (its player the root's), or -1. */
  private rootChild(a: number): number {
    for (let ch = this.firstChild[0]; ch >= 0; ch = this.nextSibling[ch]) if (this.action[ch] === a && this.player[ch] === this.player[0]) return ch;
    return -1;
  }

  /**
   * The legal action whose root child has the most visits (ties: the higher mean, then the first legal).
   * With the solver: a proven win if there is one (the most visited of them), and never a proven loss
   * while some action is not proven lost.
   */
  private bestRootAction(legal: Int32Array, count: number): number {
    let wins = false;
    let allLost = true;
    if (this.solving) {
      for (let i = 0; i < count; i++) {
        const ch = this.rootChild(legal[i]);
        if (ch >= 0 && this.proven[ch] === 1) wins = true;
        if (ch < 0 || this.proven[ch] !== -1) allLost = false;
      }
    }
    let best = legal[0];
    let bestVisits = -1;
    let bestMean = -Infinity;
    for (let i = 0; i < count; i++) {
      const a = legal[i];
      const ch = this.rootChild(a);
      if (this.solving && ch >= 0 && ((wins && this.proven[ch] !== 1) || (!allLost && this.proven[ch] === -1))) continue;
      if (wins && ch < 0) continue;
      const visits = ch >= 0 ? this.visits[ch] : 0;
      const mean = visits > 0 ? this.total[ch] / visits : -Infinity;
      if (visits > bestVisits || (visits === bestVisits && mean > bestMean)) {
        best = a;
        bestVisits = visits;
        bestMean = mean;
      }
    }
    return best;
  }

  /**
   * Tree reuse: finds, below the previous decision's root and its chosen action, the node whose state
   * `me` observes as `obs`, and makes its subtree the new tree. Returns false (nothing kept) when there
   * was no previous decision to start from or no such node within the depth bound.
   */
  private reroot(obs: unknown, me: number): boolean {
    if (this.lastRoot === null || this.lastMe !== me || this.size <= 1) return false;
    const start = this.rootChild(this.lastChoice);
    if (start < 0) return false;
    const s = this.game.clone(this.lastRoot);
    // A scratch generator, only to notice chance: the search's own streams are left as they are.
    const scratch = new Rng('ismcts-reuse');
    if (!applyNoChance(this.game, s, this.lastChoice, scratch)) return false;
    const found = this.findMatch(start, s, me, JSON.stringify(obs), REUSE_DEPTH_PER_PLAYER * this.players, scratch);
    if (found < 0) return false;
    this.compact(found, me);
    this.reusedVisits = this.visits[0];
    return true;
  }

  /**
   * Depth-first over the old tree from `node` (whose state is `s`): the first node where `me` is to act
   * and observes `key`, or -1. Only steps that draw no chance are followed (a node reached through chance
   * stands for several states), and only through other players' decisions or `me`'s forced ones (a
   * decision of `me` with a choice would have been searched: the new one is the next).
   */
  private findMatch(node: number, s: unknown, me: number, key: string, depthLeft: number, scratch: Rng): number {
    const game = this.game;
    const p = game.currentPlayer(s);
    if (p < 0) return -1;
    if (p === me) {
      if (JSON.stringify(game.observe(s, me)) === key) return node;
      if (game.legalActions(s, this.buf) > 1) return -1;
    }
    if (depthLeft === 0) return -1;
    for (let ch = this.firstChild[node]; ch >= 0; ch = this.nextSibling[ch]) {
      if (this.player[ch] !== p) continue;
      const t = game.clone(s);
      if (!applyNoChance(game, t, this.action[ch], scratch)) continue;
      const found = this.findMatch(ch, t, me, key, depthLeft - 1, scratch);
      if (found >= 0) return found;
    }
    return -1;
  }

  /**
   * Keeps only the subtree of `keep`, moved to the front of the arrays with `keep` as the root (of `me`).
   * Children always come after their parents, so the kept nodes in their old order get new indices no
   * larger than their old ones, and the copy can run in place, in that order; sibling order is kept.
   */
  private compact(keep: number, me: number): void {
    const map = new Int32Array(this.size).fill(-1);
    let n = 0;
    map[keep] = n++;
    for (let v = keep + 1; v < this.size; v++) if (map[this.parent[v]] >= 0) map[v] = n++;
    const at = (old: number): number => (old < 0 ? -1 : map[old]);
    for (let v = keep; v < this.size; v++) {
      const j = map[v];
      if (j < 0) continue;
      this.parent[j] = at(this.parent[v]);
      this.firstChild[j] = at(this.firstChild[v]);
      this.nextSibling[j] = at(this.nextSibling[v]);
      this.player[j] = this.player[v];
      this.action[j] = this.action[v];
      this.visits[j] = this.visits[v];
      this.avail[j] = this.avail[v];
      this.total[j] = this.total[v];
      this.prior[j] = this.prior[v];
      this.proven[j] = this.proven[v];
      this.nLegal[j] = this.nLegal[v];
      this.det[j] = this.det[v];
    }
    this.size = n;
    let rootVisits = 0;
    for (let ch = this.firstChild[0]; ch >= 0; ch = this.nextSibling[ch]) rootVisits += this.visits[ch];
    // The new root's own fields describe the old node (who acted into it): reset them as reset() would.
    this.player[0] = me;
    this.action[0] = -1;
    this.parent[0] = -1;
    this.nextSibling[0] = -1;
    this.visits[0] = rootVisits;
    this.avail[0] = 0;
    this.total[0] = 0;
    this.prior[0] = 0;
    this.proven[0] = 0;
  }

  /** The root's children after the last search (for tests and diagnostics); `proven` as the solver found it. */
  rootStats(): Array<{ player: number; action: number; visits: number; avail: number; mean: number; proven: number }> {
    const out: Array<{ player: number; action: number; visits: number; avail: number; mean: number; proven: number }> = [];
    for (let ch = this.firstChild[0]; ch >= 0; ch = this.nextSibling[ch]) {
      const visits = this.visits[ch];
      out.push({ player: this.player[ch], action: this.action[ch], visits, avail: this.avail[ch], mean: visits ? this.total[ch] / visits : 0, proven: this.proven[ch] });
    }
    return out.reverse();
  }

  /** MAST's average reward for (p, a) at the last decision (NaN: never played, or MAST off; for tests). */
  mastMean(p: number, a: number): number {
    return this.mast === null ? NaN : this.mast.mean(p, a);
  }

  /** Nodes in the tree after the last search, the root included. */
  get nodes(): number {
    return this.size;
  }

  /** Visits of the root after the last search (= iterations, plus what tree reuse kept). */
  get rootVisits(): number {
    return this.visits[0];
  }

  /** Checks the tree's bookkeeping; returns the first violation, or '' (for tests). */
  checkTree(): string {
    for (let v = 1; v < this.size; v++) {
      if (this.avail[v] < this.visits[v]) return `node ${v}: available ${this.avail[v]} times, visited ${this.visits[v]}`;
      if (this.visits[v] < 1) return `node ${v}: never visited`;
      let childVisits = 0;
      for (let ch = this.firstChild[v]; ch >= 0; ch = this.nextSibling[ch]) childVisits += this.visits[ch];
      // A node's visits are its children's, plus the iterations that ended in it (expansion or end of game).
      if (childVisits > this.visits[v]) return `node ${v}: children visited ${childVisits} times, node ${this.visits[v]}`;
      if (this.total[v] < -1e-9 || this.total[v] > this.visits[v] + 1e-9) return `node ${v}: total reward ${this.total[v]} out of range`;
    }
    let rootKids = 0;
    for (let ch = this.firstChild[0]; ch >= 0; ch = this.nextSibling[ch]) rootKids += this.visits[ch];
    if (rootKids !== this.visits[0]) return `root: children visited ${rootKids} times, root ${this.visits[0]}`;
    return '';
  }
}

/** The parameters of the optional parts (docs/bots-search.md, "MCTS options"), each off by default. */
const MCTS_OPTION_PARAMS: readonly OptionSpec[] = [
  {
    name: 'bias',
    type: 'number',
    default: 0,
    min: 0,
    max: 100,
    description:
      "Progressive bias (0 = off): UCB1 + bias * H / (visits + 1), H the action's game.search.heuristic from the acting player's " +
      'observation when the child was added, min-max normalised to [0, 1] among the legal actions there',
  },
  {
    name: 'mast',
    type: 'boolean',
    default: false,
    description:
      'MAST playouts: each playout step plays the legal action with the best average reward for its player over this ' +
      "decision's iterations (untried actions count as 1), or the rollout policy with probability mastEpsilon",
  },
  {
    name: 'mastEpsilon',
    type: 'number',
    default: 0.2,
    min: 0,
    max: 1,
    description: "With mast: the probability that a playout step follows the rollout policy instead of MAST's best action",
  },
  {
    name: 'solver',
    type: 'boolean',
    default: false,
    description:
      'MCTS-Solver: proves wins and losses from finished positions up the tree, never plays a proven loss while an ' +
      'unproven action remains, plays a proven win. Two players and nothing hidden at the decision only (ignored otherwise)',
  },
  {
    name: 'reuse',
    type: 'boolean',
    default: false,
    description:
      "Tree reuse: keeps the subtree of the position reached since its last decision (found by matching its observation), " +
      'where nothing is hidden at either decision (ignored otherwise)',
  },
];

/** Applies `a` to `s`; false when the step drew chance from `rng` (then `s` is one outcome among several). */
function applyNoChance(game: AnyGame, s: unknown, a: number, rng: Rng): boolean {
  const before = rng.state();
  game.apply(s, a, rng);
  return sameRngState(before, rng.state());
}

/** The search's optional parts from the bot's resolved parameters. */
export function ismctsOptions(params: Record<string, unknown>): IsmctsOptions {
  return {
    bias: (params.bias as number | undefined) ?? 0,
    mastEpsilon: params.mast === true ? ((params.mastEpsilon as number | undefined) ?? 0.2) : undefined,
    solver: params.solver === true,
    reuse: params.reuse === true,
  };
}

class IsmctsBot implements Bot {
  private readonly search: IsmctsSearch;

  constructor(ctx: BotContext) {
    const params = readParams(ctx.params);
    // Expansion choices, chance inside the search and playouts have their own stream, forked from the
    // bot's generator once per match: the determinizations keep using the bot's generator itself.
    const searchRng = ctx.rng.fork('ismcts-search');
    this.search = new IsmctsSearch(
      ctx.game,
      ctx.players,
      ctx.rng,
      searchRng,
      params,
      ctx.params.exploration as number,
      (ctx.params.widening as number | undefined) ?? 0,
      ismctsOptions(ctx.params),
    );
  }

  choose(d: Decision): number {
    if (d.count === 1) return d.legal[0];
    return this.search.search(d.observation, d.player, d.legal, d.count);
  }
}

export const ismcts: BotFactory = {
  name: 'ismcts',
  budget: 'iterations',
  description:
    'Single-observer information-set MCTS (Cowling et al. 2012): one tree over its own information sets, a new ' +
    'determinization of its observation per iteration, UCB1 with availability counts, each player scored by its own result.',
  params: [
    iterationsParam(1000, 'Iterations (determinization + tree walk + playout) per decision; reproducible'),
    {
      name: 'exploration',
      type: 'number',
      default: 0.7,
      min: 0,
      max: 100,
      description: 'UCB1 exploration constant c in mean + c * sqrt(ln(availability) / visits); rewards are in [0, 1]',
    },
    {
      name: 'widening',
      type: 'number',
      default: 0,
      min: 0,
      max: 100,
      description:
        'Progressive widening (0 = off): a node considers only its best ceil(w * sqrt(visits + 1)) legal actions, ' +
        "ranked by game.search.heuristic from the acting player's observation of the sampled state, and expands them best " +
        'first; for games with many legal actions and a good heuristic (Zatre)',
    },
    ...MCTS_OPTION_PARAMS,
    ...COMMON_PARAMS,
  ],
  checkParams: checkMcParams,
  create(ctx: BotContext): Bot {
    return new IsmctsBot(ctx);
  },
};

export default ismcts;

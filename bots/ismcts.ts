import type { Bot, BotContext, BotFactory, Decision } from '../src/engine/bot.js';
import type { AnyGame } from '../src/engine/game.js';
import type { Rng } from '../src/engine/rng.js';
import { COMMON_PARAMS, type McParams, Playout, iterationsParam, now, readParams, requireDeterminize } from './mc-common.js';

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
 * The tree is stored as parallel typed arrays (struct of arrays) reused from decision to decision, so an
 * iteration allocates nothing apart from what the game's determinize/apply/result allocate.
 */
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
  private size = 0;

  private readonly buf: Int32Array;
  /** Per legal action of the current step: 1 when a child exists for it. */
  private readonly tried: Uint8Array;
  /** The children available at the current step. */
  private readonly availKids: Int32Array;
  /** Heuristic values of the legal actions of the current step (progressive widening). */
  private readonly values: Float64Array;
  private readonly widening: number;
  /** Actions an iteration may play after the decision's own, tree and playout together (maxDepth + 1). */
  private readonly horizon: number;
  private readonly playout: Playout;
  /** Per action value: the step at which it was last seen legal, and its slot in the action buffer then. */
  private stampOf = new Float64Array(64);
  private slotOf = new Int32Array(64);
  private stampNow = 0;

  /** Iterations run at the last decision (useful with a time budget). */
  lastIterations = 0;

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
  ) {
    requireDeterminize(game, 'ismcts');
    const cap = Math.max(64, Math.min(params.timeMs > 0 ? 1 << 16 : params.iterations + 1, 1 << 22));
    this.player = new Int32Array(cap);
    this.action = new Int32Array(cap);
    this.parent = new Int32Array(cap);
    this.firstChild = new Int32Array(cap);
    this.nextSibling = new Int32Array(cap);
    this.visits = new Float64Array(cap);
    this.avail = new Float64Array(cap);
    this.total = new Float64Array(cap);
    this.buf = new Int32Array(game.maxActions);
    this.tried = new Uint8Array(game.maxActions);
    this.availKids = new Int32Array(game.maxActions);
    this.values = new Float64Array(game.maxActions);
    this.widening = widening;
    this.horizon = params.maxDepth > 0 ? params.maxDepth + 1 : Infinity;
    this.playout = new Playout(game, players, searchRng, params.rollout, params.maxDepth, params.rankWeight, params.horizon);
  }

  /** Searches from `obs` (player `me` to act) and returns the most visited of legal[0..count). */
  search(obs: unknown, me: number, legal: Int32Array, count: number): number {
    const game = this.game;
    const { iterations, timeMs } = this.params;
    const deadline = timeMs > 0 ? now() + timeMs : 0;
    this.reset(me);
    let it = 0;
    for (;;) {
      if (deadline > 0) {
        // Check the clock every 16 iterations (and always run at least one).
        if (it > 0 && (it & 15) === 0 && now() >= deadline) break;
      } else if (it >= iterations) break;
      this.iterate(game.determinize!(obs, me, this.rng));
      it++;
    }
    this.lastIterations = it;
    return this.bestRootAction(legal, count);
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
  }

  /** One iteration on a fresh determinization `s` (mutated). */
  private iterate(s: unknown): void {
    const game = this.game;
    const rng = this.searchRng;
    let node = 0;
    let depth = 0;

    // Selection and expansion, no deeper than the horizon (maxDepth actions after the decision's own).
    for (;;) {
      const p = game.currentPlayer(s);
      if (p < 0 || depth >= this.horizon) break;
      let k = game.legalActions(s, this.buf);
      if (this.widening > 0 && k > 1) k = this.widen(s, p, k, this.visits[node]);
      const nk = this.availableChildren(node, p, k);
      if (nk < k) {
        // Expand one untried legal action.
        const a = this.buf[this.untriedSlot(k, nk)];
        node = this.addChild(node, p, a);
        game.apply(s, a, rng);
        depth++;
        break;
      }
      node = this.selectUcb(nk);
      game.apply(s, this.action[node], rng);
      depth++;
    }

    // Playout, then every node on the path gets the reward of the player who acted into it.
    // maxDepth counts from the decision, tree steps included: every leaf is scored at the same horizon,
    // whatever depth the tree reached there (a cut after the opponent's reply in one branch and before it
    // in another would compare unlike positions).
    this.backUp(node, this.playout.run(s, depth - 1));
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

  /** Every legal action has a child: the one of the nk available children UCB1 picks, with availability counts (each counted available). */
  private selectUcb(nk: number): number {
    const kids = this.availKids;
    const c = this.exploration;
    let best = -1;
    let bestValue = -Infinity;
    for (let j = 0; j < nk; j++) {
      const ch = kids[j];
      const n = this.visits[ch];
      const av = ++this.avail[ch];
      const v = this.total[ch] / n + c * Math.sqrt(Math.log(av) / n);
      if (v > bestValue) {
        bestValue = v;
        best = ch;
      }
    }
    return best;
  }

  /** Credits every node from `node` up to the root with the reward of the player who acted into it. */
  private backUp(node: number, rewards: Float64Array): void {
    for (let v = node; v > 0; v = this.parent[v]) {
      this.visits[v] += 1;
      this.total[v] += rewards[this.player[v]];
    }
    this.visits[0] += 1;
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
    for (let i = 0; i < k; i++) vals[i] = game.heuristic(obs, buf[i]);
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

  private addChild(parent: number, p: number, a: number): number {
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
    const gi = (a: Int32Array) => {
      const b = new Int32Array(cap);
      b.set(a);
      return b;
    };
    const gf = (a: Float64Array) => {
      const b = new Float64Array(cap);
      b.set(a);
      return b;
    };
    this.player = gi(this.player);
    this.action = gi(this.action);
    this.parent = gi(this.parent);
    this.firstChild = gi(this.firstChild);
    this.nextSibling = gi(this.nextSibling);
    this.visits = gf(this.visits);
    this.avail = gf(this.avail);
    this.total = gf(this.total);
  }

  /** The legal action whose root child has the most visits (ties: the higher mean, then the first legal). */
  private bestRootAction(legal: Int32Array, count: number): number {
    let best = legal[0];
    let bestVisits = -1;
    let bestMean = -Infinity;
    for (let i = 0; i < count; i++) {
      const a = legal[i];
      let visits = 0;
      let mean = -Infinity;
      for (let ch = this.firstChild[0]; ch >= 0; ch = this.nextSibling[ch]) {
        if (this.action[ch] === a && this.player[ch] === this.player[0]) {
          visits = this.visits[ch];
          mean = visits > 0 ? this.total[ch] / visits : -Infinity;
          break;
        }
      }
      if (visits > bestVisits || (visits === bestVisits && mean > bestMean)) {
        best = a;
        bestVisits = visits;
        bestMean = mean;
      }
    }
    return best;
  }

  /** The root's children after the last search (for tests and diagnostics). */
  rootStats(): Array<{ player: number; action: number; visits: number; avail: number; mean: number }> {
    const out: Array<{ player: number; action: number; visits: number; avail: number; mean: number }> = [];
    for (let ch = this.firstChild[0]; ch >= 0; ch = this.nextSibling[ch]) {
      const visits = this.visits[ch];
      out.push({ player: this.player[ch], action: this.action[ch], visits, avail: this.avail[ch], mean: visits ? this.total[ch] / visits : 0 });
    }
    return out.reverse();
  }

  /** Nodes in the tree after the last search, the root included. */
  get nodes(): number {
    return this.size;
  }

  /** Visits of the root after the last search (= iterations). */
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
        "ranked by game.heuristic from the acting player's observation of the sampled state, and expands them best " +
        'first; for games with many legal actions and a good heuristic (Zatre)',
    },
    ...COMMON_PARAMS,
  ],
  create(ctx: BotContext): Bot {
    return new IsmctsBot(ctx);
  },
};

export default ismcts;

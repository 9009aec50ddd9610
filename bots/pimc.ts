import type { Bot, BotContext, BotFactory, Decision } from '../src/engine/bot.js';
import type { AnyGame } from '../src/engine/game.js';
import type { Rng } from '../src/engine/rng.js';
import { COMMON_PARAMS, type McParams, Playout, iterationsParam, now, readParams, requireDeterminize, checkMcParams } from './mc-common.js';

/**
 * Perfect-information Monte Carlo ("determinized flat Monte Carlo"): sample complete states consistent
 * with the observation, and in each of them try every legal action once with a playout to the end; take
 * the action with the best average result for the bot itself.
 *
 * Every action is tried in the same sampled worlds (common random numbers), which makes the comparison
 * between actions much less noisy than sampling a new world per action. The budget counts playouts:
 * `iterations` playouts per decision, that is floor(iterations / legal actions) worlds (at least one).
 */
export class PimcSearch {
  private readonly sums: Float64Array;
  /** Playouts of each action (all equal to the worlds sampled when exploration is 0). */
  private readonly tries: Float64Array;
  private readonly actions: Int32Array;
  private readonly playout: Playout;
  /** The game's search.cloneInto, read once (or undefined), and the state the actions are played on in a world. */
  private readonly cloneInto: AnyGame['search']['cloneInto'];
  private spare: unknown = undefined;

  /** Worlds sampled at the last decision. */
  lastWorlds = 0;

  constructor(
    private readonly game: AnyGame,
    players: number,
    /** Draws the determinizations: the bot's own generator. */
    private readonly rng: Rng,
    /** Draws chance in apply and the playouts. */
    private readonly searchRng: Rng,
    private readonly params: McParams,
    /** 0: every action in every world; > 0: UCB1 allocation of the playouts with this constant. */
    private readonly exploration = 0,
  ) {
    requireDeterminize(game, 'pimc');
    this.sums = new Float64Array(game.maxActions);
    this.tries = new Float64Array(game.maxActions);
    this.actions = new Int32Array(game.maxActions);
    this.playout = new Playout(game, players, searchRng, params.rollout, params.maxDepth, params.rankWeight, params.horizon);
    this.cloneInto = game.search.cloneInto;
  }

  /** A copy of `world` to play an action on: written into the spare state where the game has cloneInto. */
  private copyOf(world: unknown): unknown {
    const { cloneInto, spare } = this;
    const s = spare === undefined || cloneInto === undefined ? this.game.clone(world) : cloneInto(world, spare);
    this.spare = s;
    return s;
  }

  search(obs: unknown, me: number, legal: Int32Array, count: number): number {
    const game = this.game;
    const sums = this.sums;
    const actions = this.actions;
    const searchRng = this.searchRng;
    for (let i = 0; i < count; i++) actions[i] = legal[i];
    sums.fill(0, 0, count);
    this.tries.fill(0, 0, count);
    if (this.exploration > 0) return this.searchUcb(obs, me, count);
    const { timeMs } = this.params;
    const worlds = Math.max(1, Math.floor(this.params.iterations / count));
    const deadline = timeMs > 0 ? now() + timeMs : 0;
    let w = 0;
    for (;;) {
      if (deadline > 0) {
        if (w > 0 && now() >= deadline) break;
      } else if (w >= worlds) break;
      const world = game.search.determinize!(obs, me, this.rng);
      for (let i = 0; i < count; i++) {
        // The last action may use the sampled world itself; the others play on copies.
        const s = i === count - 1 ? world : this.copyOf(world);
        game.apply(s, actions[i], searchRng);
        sums[i] += this.playout.run(s)[me];
      }
      w++;
    }
    this.lastWorlds = w;
    this.tries.fill(w, 0, count);
    return this.bestMean(count);
  }

  /**
   * With an exploration constant: each playout samples a new world and goes to the action with the best
   * UCB1 value (mean + c * sqrt(ln(playouts so far) / playouts of the action)), untried actions first;
   * `iterations` playouts in all.
   */
  private searchUcb(obs: unknown, me: number, count: number): number {
    const game = this.game;
    const { sums, tries, actions } = this;
    const c = this.exploration;
    const { timeMs, iterations } = this.params;
    const deadline = timeMs > 0 ? now() + timeMs : 0;
    let n = 0;
    for (;;) {
      if (deadline > 0) {
        if (n > 0 && now() >= deadline) break;
      } else if (n >= Math.max(iterations, count)) break;
      let pick = -1;
      let bestValue = -Infinity;
      for (let i = 0; i < count; i++) {
        if (tries[i] === 0) {
          pick = i;
          break;
        }
        const v = sums[i] / tries[i] + c * Math.sqrt(Math.log(n) / tries[i]);
        if (v > bestValue) {
          bestValue = v;
          pick = i;
        }
      }
      const s = game.search.determinize!(obs, me, this.rng);
      game.apply(s, actions[pick], this.searchRng);
      sums[pick] += this.playout.run(s)[me];
      tries[pick]++;
      n++;
    }
    this.lastWorlds = n;
    return this.bestMean(count);
  }

  /** The best mean; ties go to the first legal action (deterministic, no draw needed). */
  private bestMean(count: number): number {
    const { sums, tries } = this;
    let best = -1;
    let bestMean = -Infinity;
    for (let i = 0; i < count; i++) {
      if (tries[i] === 0) continue;
      const m = sums[i] / tries[i];
      if (m > bestMean) {
        bestMean = m;
        best = i;
      }
    }
    return this.actions[best < 0 ? 0 : best];
  }

  /** Mean reward of each legal action after the last search (for tests and diagnostics). */
  means(count: number): number[] {
    const out: number[] = [];
    for (let i = 0; i < count; i++) out.push(this.tries[i] ? this.sums[i] / this.tries[i] : 0);
    return out;
  }
}

class PimcBot implements Bot {
  private readonly search: PimcSearch;

  constructor(ctx: BotContext) {
    const params = readParams(ctx.params);
    const searchRng = ctx.rng.fork('pimc-search');
    this.search = new PimcSearch(ctx.game, ctx.players, ctx.rng, searchRng, params, ctx.params.exploration as number);
  }

  choose(d: Decision): number {
    if (d.count === 1) return d.legal[0];
    return this.search.search(d.observation, d.player, d.legal, d.count);
  }
}

export const pimc: BotFactory = {
  name: 'pimc',
  budget: 'iterations',
  description:
    'Perfect-information Monte Carlo: samples determinizations of its observation and plays every legal action ' +
    'out in each of them; takes the best average result for itself.',
  params: [
    iterationsParam(
      1000,
      'Playouts per decision, shared among the legal actions: floor(iterations / legal actions) sampled worlds, ' +
        'each action played out once in each (at least one world); reproducible',
    ),
    {
      name: 'exploration',
      type: 'number',
      default: 0,
      min: 0,
      max: 100,
      description:
        '0: every legal action is played out in every sampled world (a paired comparison); above 0: each playout ' +
        'samples a new world and goes to the action with the best UCB1 value, mean + c * sqrt(ln(playouts) / ' +
        "playouts of the action), with this c; rewards are in [0, 1]",
    },
    ...COMMON_PARAMS,
  ],
  checkParams: checkMcParams,
  create(ctx: BotContext): Bot {
    return new PimcBot(ctx);
  },
};

export default pimc;

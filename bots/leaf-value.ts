import type { AnyGame } from '../src/engine/game.js';

/**
 * What a position is worth to the searching player, for the alpha-beta bot (bots/alphabeta.ts), on one
 * scale for every game: a number in [0, 1], higher better for `me`.
 *
 * - A finished match is worth its win share (1/k to each of k tied winners, 0 when annulled), nudged by
 *   the ply it was reached at so that a quicker win and a later loss are preferred.
 * - An unfinished position (the depth limit) is an estimate squeezed into [ESTIMATE_LOW, ESTIMATE_HIGH],
 *   so that a proven win always beats an estimate and a proven loss is always worse than one. The
 *   estimate is, by what the game offers: `game.search.evaluate` (each seat's chance of winning); else
 *   `game.measures.standings` (my standing against the best other seat, as a share of both); else the ranks
 *   `game.result` reports for the scores as they stand.
 *
 * Paranoid: every other seat is taken to play against `me`, so only `me`'s value is needed.
 */
export const ESTIMATE_LOW = 0.01;
export const ESTIMATE_HIGH = 0.99;
/** Per ply of delay, taken off a win and added to a loss (64 plies move a value by under 1e-4). */
const PLY_NUDGE = 1e-6;

export class LeafValue {
  private readonly out: Float64Array;
  private readonly hasEvaluate: boolean;
  private readonly hasStandings: boolean;
  private readonly sign: number;

  constructor(
    private readonly game: AnyGame,
    private readonly players: number,
  ) {
    this.out = new Float64Array(players);
    this.hasEvaluate = typeof game.search.evaluate === 'function';
    this.hasStandings = typeof game.measures.standings === 'function';
    this.sign = game.betterScore === 'lower' ? -1 : 1;
  }

  /** The value of a finished match reached `ply` actions after the decision. */
  terminal(state: unknown, me: number, ply: number): number {
    const r = this.game.result(state);
    if (r.annulled || !r.winners.includes(me)) return PLY_NUDGE * ply;
    const share = 1 / r.winners.length;
    return share === 1 ? 1 - PLY_NUDGE * ply : share;
  }

  /** The estimated value of an unfinished position, in [ESTIMATE_LOW, ESTIMATE_HIGH]. */
  estimate(state: unknown, me: number): number {
    return ESTIMATE_LOW + (ESTIMATE_HIGH - ESTIMATE_LOW) * this.raw(state, me);
  }

  /** The estimate in [0, 1] before squeezing. */
  private raw(state: unknown, me: number): number {
    const out = this.out;
    if (this.hasEvaluate) {
      this.game.search.evaluate!(state, out);
      return clamp01(out[me]);
    }
    if (this.hasStandings) {
      this.game.measures.standings!(state, out);
      return this.standingShare(me);
    }
    const r = this.game.result(state);
    const n = this.players;
    return n > 1 ? (n - r.ranks[me]) / (n - 1) : 0.5;
  }

  /**
   * 0.5 + 0.5 * (mine - best other) / (|mine| + |best other| + 1), standings turned so higher is better:
   * 0.5 when level, toward 1 as my lead grows against what both hold. The scale comes from the standings
   * themselves, so no game needs a constant of its own.
   */
  private standingShare(me: number): number {
    const out = this.out;
    const sign = this.sign;
    const mine = sign * out[me];
    let other = -Infinity;
    for (let p = 0; p < this.players; p++) if (p !== me && sign * out[p] > other) other = sign * out[p];
    if (other === -Infinity) return 0.5;
    return clamp01(0.5 + (0.5 * (mine - other)) / (Math.abs(mine) + Math.abs(other) + 1));
  }
}

function clamp01(v: number): number {
  return Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0.5;
}

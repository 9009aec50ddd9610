import type { AnyGame, MatchResult } from './game.js';
import { heuristicOf } from './heuristic.js';
import { hasForcedTurns, hasStandings, leaderChanges, MEASURE_TABLE, winnerTrail } from './measures.js';

/** Slot of each measure in MEASURE_TABLE, by name (the recorder's switch). */
const enum M {
  LEADER_CHANGES,
  LEADER_CHANGES_PER_TURN,
  WINNER_BEHIND_SHARE,
  WINNER_MAX_DEFICIT,
  DECIDED_AT,
  CHOICE_SHARE,
  DISTINCT_CHOICE_SHARE,
  BRANCHING_MEAN,
  BRANCHING_MAX,
  FORCED_TURNS,
  FORCED_TURN_SHARE,
}

/**
 * Records one match after another for the measures a tournament asked for (MatchHooks.measure): the
 * seats' standings after the set-up and after every action, and per decision the number of legal
 * options (and, when asked, whether the game's heuristic tells them apart, or whether a lone option is a
 * forced pass), and at the end the turns the rules took without a decision. `finish` turns a match's
 * record into its matches.csv cells, in the order of `names`. One recorder per thread, reused.
 */
export class MeasureRecorder {
  /** Indexes into MEASURE_TABLE of the columns written, in order. */
  private readonly slots: number[];
  private readonly wantStandings: boolean;
  private readonly wantDistinct: boolean;
  private readonly wantForced: boolean;
  /** +1 when a higher standing is better, -1 when lower is (stored so that higher is better). */
  private readonly sign: number;
  private readonly row: Float64Array;
  private series = new Float64Array(1024);
  private samples = 0;
  private decisions = 0;
  private choices = 0;
  private distinct = 0;
  private options = 0;
  private maxOptions = 0;
  /** Decisions that were a forced pass (measures.forcedPass), then the turns lost without one (measures.lostTurns). */
  private forcedPasses = 0;
  private lostTurns = 0;
  /** The game's facet members the recorder calls, read once (facet functions are called without `this`). */
  private readonly forcedPass: AnyGame['measures']['forcedPass'];
  private readonly standingsOf: (state: unknown, out: Float64Array) => void;
  private readonly heuristic: (obs: unknown, action: number) => number;

  constructor(
    private readonly game: AnyGame,
    private readonly players: number,
    readonly names: readonly string[],
  ) {
    this.slots = names.map((n) => MEASURE_TABLE.findIndex((m) => m.name === n));
    if (this.slots.some((i) => i < 0)) throw new Error(`unknown measure in ${names.join(', ')}`);
    this.wantStandings = this.slots.some((i) => MEASURE_TABLE[i].needs === 'standings');
    if (this.wantStandings && !hasStandings(game)) throw new Error(`${game.name} has neither standings nor evaluate`);
    this.wantDistinct = this.slots.includes(M.DISTINCT_CHOICE_SHARE);
    this.wantForced = this.slots.some((i) => MEASURE_TABLE[i].needs === 'forced-turns');
    if (this.wantForced && !hasForcedTurns(game)) throw new Error(`${game.name} has neither measures.forcedPass nor measures.lostTurns`);
    this.sign = typeof game.measures.standings === 'function' && game.betterScore === 'lower' ? -1 : 1;
    this.forcedPass = game.measures.forcedPass;
    // Standings where the game gives them, else its win chances (hasStandings checked one is there).
    this.standingsOf = game.measures.standings ?? game.search.evaluate ?? (() => {});
    this.heuristic = heuristicOf(game);
    this.row = new Float64Array(players);
  }

  /** A new match, at its set-up. */
  begin(state: unknown): void {
    this.samples = 0;
    this.decisions = this.choices = this.distinct = this.options = this.maxOptions = 0;
    this.forcedPasses = this.lostTurns = 0;
    if (this.wantStandings) this.sample(state);
  }

  /** A decision with `count` legal options in `legal`, before the bot is asked. */
  decision(state: unknown, player: number, legal: Int32Array, count: number): void {
    this.decisions++;
    this.options += count;
    if (count > this.maxOptions) this.maxOptions = count;
    if (count > 1) {
      this.choices++;
      if (this.wantDistinct && this.tellsApart(state, player, legal, count)) this.distinct++;
    } else if (this.wantForced && count === 1 && this.forcedPass?.(state, legal[0]) === true) this.forcedPasses++;
  }

  /** The state after an action. */
  after(state: unknown): void {
    if (this.wantStandings) this.sample(state);
  }

  /** The match is over (or was stopped by a fault): `state` is its last state. */
  end(state: unknown): void {
    if (this.wantForced && typeof this.game.measures.lostTurns === 'function') this.lostTurns = this.game.measures.lostTurns(state);
  }

  /** The match's cells, in the order of `names`, written into `out` from `at`. */
  finish(result: MatchResult, out: number[], at: number): void {
    const n = this.players;
    const changes = this.wantStandings ? leaderChanges(this.series, this.samples, n) : NaN;
    const decided = this.wantStandings && result.winners.length > 0 && !result.annulled;
    const trail = decided ? winnerTrail(this.series, this.samples, n, result.winners) : undefined;
    const d = this.decisions;
    for (let k = 0; k < this.slots.length; k++) out[at + k] = this.value(this.slots[k], changes, result.turns, trail, d);
  }

  private value(slot: number, changes: number, turns: number, trail: ReturnType<typeof winnerTrail> | undefined, d: number): number {
    switch (slot as M) {
      case M.LEADER_CHANGES:
        return changes;
      case M.LEADER_CHANGES_PER_TURN:
        return turns > 0 ? round6(changes / turns) : NaN;
      case M.WINNER_BEHIND_SHARE:
        return trail ? round6(trail.behindShare) : NaN;
      case M.WINNER_MAX_DEFICIT:
        return trail ? round6(trail.maxDeficit) : NaN;
      case M.DECIDED_AT:
        return trail ? round6(trail.decidedAt) : NaN;
      case M.CHOICE_SHARE:
        return d > 0 ? round6(this.choices / d) : NaN;
      case M.DISTINCT_CHOICE_SHARE:
        return d > 0 ? round6(this.distinct / d) : NaN;
      case M.BRANCHING_MEAN:
        return d > 0 ? round6(this.options / d) : NaN;
      case M.BRANCHING_MAX:
        return d > 0 ? this.maxOptions : NaN;
      case M.FORCED_TURNS:
        return this.forcedPasses + this.lostTurns;
      case M.FORCED_TURN_SHARE:
        return turns > 0 ? round6((this.forcedPasses + this.lostTurns) / turns) : NaN;
    }
  }

  /** Whether the heuristic gives at least two different values to the options, judged as the bot would. */
  private tellsApart(state: unknown, player: number, legal: Int32Array, count: number): boolean {
    const obs: unknown = this.game.observe(state, player);
    const heuristic = this.heuristic;
    const first = heuristic(obs, legal[0]);
    for (let i = 1; i < count; i++) if (heuristic(obs, legal[i]) !== first) return true;
    return false;
  }

  private sample(state: unknown): void {
    const n = this.players;
    const at = this.samples * n;
    if (at + n > this.series.length) {
      const grown = new Float64Array(this.series.length * 2);
      grown.set(this.series);
      this.series = grown;
    }
    this.standingsOf(state, this.row);
    for (let p = 0; p < n; p++) this.series[at + p] = this.sign * this.row[p];
    this.samples++;
  }
}

/** Shares and means are written to six decimals: readable cells, and the same bytes on every machine. */
function round6(x: number): number {
  return Number.isFinite(x) ? Math.round(x * 1e6) / 1e6 : NaN;
}

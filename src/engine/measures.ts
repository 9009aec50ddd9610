import type { AnyGame, MetricInfo } from './game.js';

/**
 * Measures of a match as a whole (docs/measures.md): how the lead moved between the seats, how far behind
 * the eventual winner was, when the match was decided, how much choice the decisions offered and how many
 * turns a player could not act in (Game.forcedPass, Game.lostTurns). Opt-in
 * per tournament (the spec's `measures`): a tournament that does not ask never builds a recorder, and the
 * match loop pays one `undefined` check per decision and per action.
 *
 * Standings are read by the engine from the full state (Game.standings, else Game.evaluate) and never
 * reach a bot. Everything here is a function of the match's states and legal actions: no clock, no rng.
 */

/**
 * What a measure needs from the game beyond the contract's required members: the seats' standings
 * (`standings` or `evaluate`), the game's word on forced turns (`forcedPass` or `lostTurns`), or nothing.
 */
export type MeasureNeed = 'standings' | 'forced-turns' | 'nothing';

/** A measure: its column's words (MetricInfo), and what it needs from the game. */
export interface MeasureInfo extends MetricInfo {
  readonly needs: MeasureNeed;
}

/** Every measure, in the order of its matches.csv column (after the game's metrics). */
export const MEASURE_TABLE: readonly MeasureInfo[] = [
  { name: 'leader_changes', label: 'lead changes', unit: 'change', per: 'match', kind: 'count', needs: 'standings' },
  { name: 'leader_changes_per_turn', label: 'lead changes per turn', unit: '', per: 'turn', kind: 'mean', needs: 'standings' },
  { name: 'winner_behind_share', label: 'share of the match the eventual winner spent behind', unit: '', per: 'match', kind: 'mean', needs: 'standings' },
  { name: 'winner_max_deficit', label: "eventual winner's largest deficit (in standing)", unit: '', per: 'match', kind: 'mean', needs: 'standings' },
  { name: 'decided_at', label: 'share of the match played before the winner led for good', unit: '', per: 'match', kind: 'mean', needs: 'standings' },
  { name: 'choice_share', label: 'share of decisions with more than one option', unit: '', per: 'match', kind: 'mean', needs: 'nothing' },
  { name: 'distinct_choice_share', label: 'share of decisions whose options the heuristic tells apart', unit: '', per: 'match', kind: 'mean', needs: 'nothing' },
  { name: 'branching_mean', label: 'legal options per decision', unit: 'option', per: 'decision', kind: 'mean', needs: 'nothing' },
  { name: 'branching_max', label: 'most legal options at one decision', unit: 'option', per: 'match', kind: 'count', needs: 'nothing' },
  { name: 'forced_turns', label: 'turns a player could not act in', unit: 'turn', per: 'match', kind: 'count', needs: 'forced-turns' },
  { name: 'forced_turn_share', label: 'share of turns a player could not act in', unit: '', per: 'match', kind: 'mean', needs: 'forced-turns' },
];

export const MEASURE_NAMES: readonly string[] = MEASURE_TABLE.map((m) => m.name);

/** Whether a game can give standings: its own `standings`, else win chances from `evaluate`. */
export function hasStandings(game: AnyGame): boolean {
  return typeof game.measures.standings === 'function' || typeof game.search.evaluate === 'function';
}

/** Whether a game says which turns a player could not act in: `forcedPass`, `lostTurns` or both. */
export function hasForcedTurns(game: AnyGame): boolean {
  return typeof game.measures.forcedPass === 'function' || typeof game.measures.lostTurns === 'function';
}

/** Whether `game` can give measure `m` (what `"measures": true` writes). */
export function gameGives(game: AnyGame, m: MeasureInfo): boolean {
  if (m.needs === 'standings') return hasStandings(game);
  if (m.needs === 'forced-turns') return hasForcedTurns(game);
  return true;
}

/**
 * How many times the lead changed hands in a series of standings (`samples` rows of `n` seats, higher is
 * better). The leader of a row is the one seat strictly ahead of all others; a row with a tie at the top
 * has no leader and changes nothing. A change is a row whose leader differs from the last row that had one.
 */
export function leaderChanges(series: Float64Array, samples: number, n: number): number {
  let last = -1;
  let changes = 0;
  for (let k = 0; k < samples; k++) {
    const o = k * n;
    let lead = 0;
    let tie = false;
    for (let p = 1; p < n; p++) {
      if (series[o + p] > series[o + lead]) {
        lead = p;
        tie = false;
      } else if (series[o + p] === series[o + lead]) tie = true;
    }
    if (tie) continue;
    if (last >= 0 && lead !== last) changes++;
    last = lead;
  }
  return changes;
}

/** The eventual winners' race through a match: see docs/measures.md (drama and decisiveness). */
export interface WinnerTrail {
  /** Share of the rows at which some other seat stood strictly ahead of every winner. */
  behindShare: number;
  /** The largest amount by which the best other seat stood ahead of the best winner (0 if never behind). */
  maxDeficit: number;
  /**
   * The first row from which on the winners stay strictly ahead of every other seat, over the rows after
   * the first (the decisions): 0 when they led from the set-up, 1 when only at the end or never.
   */
  decidedAt: number;
}

/** The trail of `winners` (a non-empty set of seats) through the series; NaN figures for an empty series. */
export function winnerTrail(series: Float64Array, samples: number, n: number, winners: readonly number[]): WinnerTrail {
  const isWinner = new Uint8Array(n);
  for (const w of winners) isWinner[w] = 1;
  let behind = 0;
  let maxDeficit = 0;
  let lastNotAhead = -1;
  for (let k = 0; k < samples; k++) {
    const o = k * n;
    let bestW = -Infinity;
    let bestOther = -Infinity;
    for (let p = 0; p < n; p++) {
      const v = series[o + p];
      if (isWinner[p]) bestW = Math.max(bestW, v);
      else bestOther = Math.max(bestOther, v);
    }
    if (bestOther > bestW) {
      behind++;
      maxDeficit = Math.max(maxDeficit, bestOther - bestW);
    }
    if (!(bestW > bestOther)) lastNotAhead = k;
  }
  if (samples === 0) return { behindShare: NaN, maxDeficit: NaN, decidedAt: NaN };
  const decisions = samples - 1;
  const from = lastNotAhead + 1;
  const decidedAt = decisions === 0 ? (from === 0 ? 0 : 1) : Math.min(from, decisions) / decisions;
  return { behindShare: behind / samples, maxDeficit, decidedAt };
}

import type { Game, MatchResult, Options } from '../../engine/game.js';
import { SCALA_OPTIONS, checkScalaOptions } from './config.js';
import { heuristic, rateActions } from './heuristic.js';
import { evaluate } from './evaluate.js';
import { SCALA_ACTION_KINDS, actionKind } from './kinds.js';
import { type ScalaObservation, determinize, observe } from './observation.js';
import { applyAction, legalActions, ranksOf, setupMatch } from './rules.js';
import { END_REASONS, MAX_ACTIONS, ScalaState } from './state.js';
import { SCALA_METRICS, SCALA_METRIC_TABLE, metrics } from './metrics.js';
import { actionCode, actionText, describe, observedView, tableView } from './text.js';
import { seatsRankedFirst } from '../../engine/ranking.js';
import { standings } from './standings.js';
import { forcedPass } from './forced-turns.js';
import { scalaPresets } from './presets.js';
import { scalaTesting } from './testing.js';

export type { ScalaObservation } from './observation.js';
export { ScalaState } from './state.js';
export { SCALA_METRICS } from './metrics.js';

function result(s: ScalaState): MatchResult {
  const ranks = ranksOf(s);
  return {
    scores: Array.from(s.total),
    ranks,
    winners: seatsRankedFirst(ranks),
    annulled: false,
    endReason: END_REASONS[s.endReason],
    firstPlayer: s.firstPlayer,
    turns: s.turns,
  };
}

/** Scala: the 1-2-3-4 board game for 2-4 players, perfect information. Rules: docs/rules/scala.md. */
export const scala: Game<ScalaState, ScalaObservation> = {
  name: 'scala',
  title: 'Scala (1-2-3-4 lines on a 6x6 board)',
  minPlayers: 2,
  maxPlayers: 4,
  options: SCALA_OPTIONS,
  maxActions: MAX_ACTIONS,
  metricNames: SCALA_METRICS,
  metricInfo: SCALA_METRIC_TABLE,
  checkOptions(opts: Options, players: number): void {
    checkScalaOptions(opts, players);
  },
  setup: setupMatch,
  currentPlayer(s: ScalaState): number {
    return s.over ? -1 : s.cur;
  },
  legalActions,
  apply: applyAction,
  clone(s: ScalaState): ScalaState {
    return s.clone();
  },
  cloneInto(s: ScalaState, into: ScalaState): ScalaState {
    if (!(into instanceof ScalaState) || !into.sameShape(s)) return s.clone();
    into.copyFrom(s);
    return into;
  },
  observe,
  determinize,
  result,
  standings,
  evaluate,
  forcedPass,
  metrics,
  actionCode,
  actionKinds: SCALA_ACTION_KINDS,
  actionKind,
  actionText,
  heuristic,
  rateActions,
  describe,
  tableView,
  observedView,
  testing: scalaTesting,
  presets: scalaPresets,
};

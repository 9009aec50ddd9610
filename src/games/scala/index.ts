import type { MatchResult } from '../../engine/game.js';
import { defineGame } from '../../engine/game-check.js';
import { resultFromRanks } from '../../engine/ranking.js';
import { SCALA_OPTIONS, checkScalaOptions } from './config.js';
import { scalaSearch } from './heuristic.js';
import { scalaImportance } from './kinds.js';
import { type ScalaObservation, observe } from './observation.js';
import { applyAction, legalActions, ranksOf, setupMatch } from './rules.js';
import { END_REASONS, MAX_ACTIONS, ScalaState } from './state.js';
import { scalaMeasures } from './metrics.js';
import { actionCode, scalaView } from './text.js';
import { scalaFeatures } from './features.js';
import { scalaPresets } from './presets.js';
import { scalaTesting } from './testing.js';

export type { ScalaObservation } from './observation.js';
export { ScalaState } from './state.js';
export { SCALA_METRICS } from './metrics.js';

function result(s: ScalaState): MatchResult {
  return resultFromRanks(Array.from(s.total), ranksOf(s), { endReason: END_REASONS[s.endReason], firstPlayer: s.firstPlayer, turns: s.turns });
}

/** Scala: the 1-2-3-4 board game for 2-4 players, perfect information. Rules: docs/rules/scala.md. */
export const scala = defineGame<ScalaState, ScalaObservation>({
  name: 'scala',
  title: 'Scala (1-2-3-4 lines on a 6x6 board)',
  minPlayers: 2,
  maxPlayers: 4,
  options: SCALA_OPTIONS,
  maxActions: MAX_ACTIONS,
  checkOptions: checkScalaOptions,
  setup: setupMatch,
  currentPlayer: (s) => (s.over ? -1 : s.cur),
  legalActions,
  apply: applyAction,
  clone: (s) => s.clone(),
  observe,
  result,
  actionCode,
  view: scalaView,
  search: scalaSearch,
  measures: scalaMeasures,
  importance: scalaImportance,
  features: scalaFeatures,
  testing: scalaTesting,
  presets: scalaPresets,
});

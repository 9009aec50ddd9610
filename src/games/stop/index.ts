import type { GameEvent, MatchResult, Options } from '../../engine/game.js';
import { defineGame } from '../../engine/game-check.js';
import { resultFromScores } from '../../engine/ranking.js';
import type { Rng } from '../../engine/rng.js';
import { STOP_OPTIONS, checkStopOptions } from './config.js';
import { stopSearch } from './heuristic.js';
import { stopImportance } from './kinds.js';
import { type StopObservation, observe } from './observation.js';
import { applyAction, legalActions, setupMatch } from './rules.js';
import { END_REASONS, MAX_ACTIONS, Phase, type StopState } from './state.js';
import { stopMeasures } from './metrics.js';
import { actionCode } from './text.js';
import { stopView } from './view.js';
import { stopFeatures } from './features.js';
import { stopPresets } from './presets.js';
import { stopTesting } from './testing.js';

export type { StopObservation } from './observation.js';
export type { StopState } from './state.js';
export { STOP_METRICS } from './metrics.js';

/** Lowest total wins; tied seats share the best rank of their group. */
function result(s: StopState): MatchResult {
  return resultFromScores(Array.from(s.totals), 'lower', { endReason: END_REASONS[s.endReason], firstPlayer: s.firstDealer, turns: s.totalTurns });
}

/** Stop (Abacusspiele, 2001): shedding game for 2-10 players, 112 cards. Rules: docs/rules/stop.md. */
export const stop = defineGame<StopState, StopObservation>({
  name: 'stop',
  title: 'Stop',
  betterScore: 'lower',
  minPlayers: 2,
  maxPlayers: 10,
  options: STOP_OPTIONS,
  maxActions: MAX_ACTIONS,
  checkOptions: checkStopOptions,
  setup: (opts: Options, players: number, rng: Rng, _reuse?: StopState, events?: GameEvent[]) => setupMatch(opts, players, rng, events),
  currentPlayer: (s) => (s.phase === Phase.OVER ? -1 : s.cur),
  legalActions,
  apply: applyAction,
  clone: (s) => s.clone(),
  observe,
  result,
  actionCode,
  view: stopView,
  search: stopSearch,
  measures: stopMeasures,
  importance: stopImportance,
  features: stopFeatures,
  testing: stopTesting,
  presets: stopPresets,
});

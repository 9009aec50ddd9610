import type { MatchResult } from '../../engine/game.js';
import { defineGame } from '../../engine/game-check.js';
import { resultFromScores } from '../../engine/ranking.js';
import { Limits, SYMBOTRIO_OPTIONS, checkSymbotrioOptions } from './config.js';
import { symbotrioSearch } from './heuristic.js';
import { symbotrioImportance } from './kinds.js';
import { type SymbotrioObservation, observe } from './observation.js';
import { applyAction, legalActions, setupMatch } from './rules.js';
import { END_REASONS, MAX_ACTIONS, Phase, type SymbotrioState } from './state.js';
import { symbotrioMeasures } from './metrics.js';
import { actionCode, symbotrioView } from './text.js';
import { symbotrioFeatures } from './features.js';
import { symbotrioPresets } from './presets.js';
import { symbotrioTesting } from './testing.js';

export type { SymbotrioObservation } from './observation.js';
export { SymbotrioState } from './state.js';
export { SYMBOTRIO_METRICS } from './metrics.js';

/** Most cards wins; tied seats share the best rank of their group (the text names no tie-break). */
function result(s: SymbotrioState): MatchResult {
  return resultFromScores(Array.from(s.pileLen), 'higher', { endReason: END_REASONS[s.endReason], firstPlayer: s.firstPlayer, turns: s.turns });
}

/** Symbotrio: the memory game of twelve face-down keypad squares. Rules: docs/rules/symbotrio.md. */
export const symbotrio = defineGame<SymbotrioState, SymbotrioObservation>({
  name: 'symbotrio',
  title: 'Symbotrio (memory game, 12 face-down keypad squares)',
  minPlayers: 2,
  maxPlayers: Limits.MAX_PLAYERS,
  options: SYMBOTRIO_OPTIONS,
  maxActions: MAX_ACTIONS,
  checkOptions: checkSymbotrioOptions,
  setup: setupMatch,
  currentPlayer: (s) => (s.phase === Phase.OVER ? -1 : s.cur),
  legalActions,
  apply: applyAction,
  clone: (s) => s.clone(),
  observe,
  result,
  actionCode,
  view: symbotrioView,
  search: symbotrioSearch,
  measures: symbotrioMeasures,
  importance: symbotrioImportance,
  features: symbotrioFeatures,
  testing: symbotrioTesting,
  presets: symbotrioPresets,
});

import type { MatchResult } from '../../engine/game.js';
import { defineGame } from '../../engine/game-check.js';
import { resultFromScores } from '../../engine/ranking.js';
import { ZATRE_OPTIONS, checkZatreOptions } from './config.js';
import { zatreSearch } from './heuristic.js';
import { zatreImportance } from './kinds.js';
import { type ZatreObservation, observe } from './observation.js';
import { applyAction, legalActions, setupMatch } from './rules.js';
import { END_REASONS, MAX_ACTIONS, Phase, Stat, ZatreState } from './state.js';
import { actionCode, zatreView } from './text.js';
import { zatreMeasures } from './metrics.js';
import { zatreFeatures } from './features.js';
import { zatrePresets } from './presets.js';
import { zatreTesting } from './testing.js';

export type { ZatreObservation } from './observation.js';
export { ZatreState } from './state.js';

/** Highest total wins; tied seats share the best rank of their group (the text names no tie-break). */
function result(s: ZatreState): MatchResult {
  const n = s.n;
  const scores: number[] = [];
  // Minus points for held tiles come off at the end only (scoring rule 10): an unfinished match (a cut
  // playout, a faulty bot) reports the sheets as they stand.
  const over = s.phase === Phase.OVER;
  for (let p = 0; p < n; p++) scores.push(over ? s.finalTotal(s.sheetOf[p]) : s.sheetTotal[s.sheetOf[p]]);
  return resultFromScores(scores, 'higher', { endReason: END_REASONS[s.endReason], firstPlayer: s.firstPlayer, turns: s.stats[Stat.TURNS] });
}

/** Zatre (Manfred Schüling): number tiles on a 193-cell board, 2-6 players. Rules: docs/rules/zatre.md. */
export const zatre = defineGame<ZatreState, ZatreObservation>({
  name: 'zatre',
  title: 'Zatre (number-tile laying game, 121 tiles)',
  minPlayers: 2,
  maxPlayers: 6,
  options: ZATRE_OPTIONS,
  maxActions: MAX_ACTIONS,
  checkOptions: checkZatreOptions,
  setup: setupMatch,
  currentPlayer: (s) => (s.phase === Phase.OVER ? -1 : s.cur),
  legalActions,
  apply: applyAction,
  clone: (s) => s.clone(),
  observe,
  result,
  actionCode,
  view: zatreView,
  search: zatreSearch,
  measures: zatreMeasures,
  importance: zatreImportance,
  features: zatreFeatures,
  testing: zatreTesting,
  presets: zatrePresets,
});

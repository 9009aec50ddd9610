import type { Game, MatchResult, Options } from '../../engine/game.js';
import { ZATRE_OPTIONS, checkZatreOptions } from './config.js';
import { evaluate } from './evaluate.js';
import { heuristic } from './heuristic.js';
import { ZATRE_ACTION_KINDS, actionKind } from './kinds.js';
import { type ZatreObservation, determinize, observe } from './observation.js';
import { applyAction, legalActions, setupMatch } from './rules.js';
import { END_REASONS, MAX_ACTIONS, Phase, Stat, ZatreState } from './state.js';
import { actionCode, actionText, describe, observedView, tableView } from './text.js';
import { metrics, ZATRE_METRICS, ZATRE_METRIC_TABLE } from './metrics.js';
import { ranksByScore, seatsRankedFirst } from '../../engine/ranking.js';
import { standings } from './standings.js';
import { lostTurns } from './forced-turns.js';
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
  const ranks = ranksByScore(scores, 'higher');
  return {
    scores,
    ranks,
    winners: seatsRankedFirst(ranks),
    annulled: false,
    endReason: END_REASONS[s.endReason],
    firstPlayer: s.firstPlayer,
    turns: s.stats[Stat.TURNS],
  };
}

/** Zatre (Manfred Schüling): number tiles on a 193-cell board, 2-6 players. Rules: docs/rules/zatre.md. */
export const zatre: Game<ZatreState, ZatreObservation> = {
  name: 'zatre',
  title: 'Zatre (number-tile laying game, 121 tiles)',
  minPlayers: 2,
  maxPlayers: 6,
  options: ZATRE_OPTIONS,
  maxActions: MAX_ACTIONS,
  metricNames: ZATRE_METRICS,
  metricInfo: ZATRE_METRIC_TABLE,
  checkOptions(opts: Options, players: number): void {
    checkZatreOptions(opts, players);
  },
  setup: setupMatch,
  currentPlayer(s: ZatreState): number {
    return s.phase === Phase.OVER ? -1 : s.cur;
  },
  legalActions,
  apply: applyAction,
  clone(s: ZatreState): ZatreState {
    return s.clone();
  },
  observe,
  determinize,
  result,
  standings,
  lostTurns,
  metrics,
  actionCode,
  actionKinds: ZATRE_ACTION_KINDS,
  actionKind,
  actionText,
  heuristic,
  evaluate,
  describe,
  tableView,
  observedView,
  testing: zatreTesting,
  presets: zatrePresets,
};

import type { Game, MatchResult, Options } from '../../engine/game.js';
import { Limits, SYMBOTRIO_OPTIONS, checkSymbotrioOptions } from './config.js';
import { heuristic } from './heuristic.js';
import { SYMBOTRIO_ACTION_KINDS, actionKind } from './kinds.js';
import { type SymbotrioObservation, determinize, observe } from './observation.js';
import { SymbotrioRecollection } from './recollection.js';
import { applyAction, legalActions, setupMatch } from './rules.js';
import { END_REASONS, MAX_ACTIONS, Phase, type SymbotrioState } from './state.js';
import { SYMBOTRIO_METRICS, SYMBOTRIO_METRIC_TABLE, metrics } from './metrics.js';
import { actionCode, actionText, describe, observedView, tableView } from './text.js';
import { ranksByScore, seatsRankedFirst } from '../../engine/ranking.js';
import { standings } from './standings.js';
import { lostTurns } from './forced-turns.js';
import { symbotrioPresets } from './presets.js';
import { symbotrioTesting } from './testing.js';

export type { SymbotrioObservation } from './observation.js';
export { SymbotrioState } from './state.js';
export { SYMBOTRIO_METRICS } from './metrics.js';

/** Most cards wins; tied seats share the best rank of their group (the text names no tie-break). */
function result(s: SymbotrioState): MatchResult {
  const scores = Array.from(s.pileLen);
  const ranks = ranksByScore(scores, 'higher');
  return {
    scores,
    ranks,
    winners: seatsRankedFirst(ranks),
    annulled: false,
    endReason: END_REASONS[s.endReason],
    firstPlayer: s.firstPlayer,
    turns: s.turns,
  };
}

/** Symbotrio: the memory game of twelve face-down keypad squares. Rules: docs/rules/symbotrio.md. */
export const symbotrio: Game<SymbotrioState, SymbotrioObservation> = {
  name: 'symbotrio',
  title: 'Symbotrio (memory game, 12 face-down keypad squares)',
  minPlayers: 2,
  maxPlayers: Limits.MAX_PLAYERS,
  options: SYMBOTRIO_OPTIONS,
  maxActions: MAX_ACTIONS,
  metricNames: SYMBOTRIO_METRICS,
  metricInfo: SYMBOTRIO_METRIC_TABLE,
  checkOptions(opts: Options, players: number): void {
    checkSymbotrioOptions(opts, players);
  },
  setup: setupMatch,
  currentPlayer(s: SymbotrioState): number {
    return s.phase === Phase.OVER ? -1 : s.cur;
  },
  legalActions,
  apply: applyAction,
  clone(s: SymbotrioState): SymbotrioState {
    return s.clone();
  },
  observe,
  determinize,
  result,
  standings,
  lostTurns,
  metrics,
  actionCode,
  actionKinds: SYMBOTRIO_ACTION_KINDS,
  actionKind,
  actionText,
  heuristic,
  describe,
  tableView,
  observedView,
  recollection: (limits, rng) => new SymbotrioRecollection(limits, rng),
  testing: symbotrioTesting,
  presets: symbotrioPresets,
};

import type { Game, GameEvent, MatchResult, Options } from '../../engine/game.js';
import type { Rng } from '../../engine/rng.js';
import { STOP_OPTIONS, checkStopOptions } from './config.js';
import { heuristic } from './heuristic.js';
import { STOP_ACTION_KINDS, actionKind } from './kinds.js';
import { evaluate, stage } from './evaluate.js';
import { type StopObservation, determinize, observe } from './observation.js';
import { applyAction, legalActions, setupMatch } from './rules.js';
import { END_REASONS, MAX_ACTIONS, Phase, type StopState } from './state.js';
import { STOP_METRICS, STOP_METRIC_TABLE, metrics } from './metrics.js';
import { actionCode, actionSeen, actionText, describe } from './text.js';
import { observedView, tableView } from './view.js';
import { ranksByScore, seatsRankedFirst } from '../../engine/ranking.js';
import { standings } from './standings.js';
import { forcedPass } from './forced-turns.js';
import { stopPresets } from './presets.js';
import { stopTesting } from './testing.js';

export type { StopObservation } from './observation.js';
export type { StopState } from './state.js';
export { STOP_METRICS } from './metrics.js';

/** Lowest total wins; tied seats share the best rank of their group. */
function result(s: StopState): MatchResult {
  const scores = Array.from(s.totals);
  const ranks = ranksByScore(scores, 'lower');
  return {
    scores,
    ranks,
    winners: seatsRankedFirst(ranks),
    annulled: false,
    endReason: END_REASONS[s.endReason],
    firstPlayer: s.firstDealer,
    turns: s.totalTurns,
  };
}

/** Stop (Abacusspiele, 2001): shedding game for 2-10 players, 112 cards. Rules: docs/rules/stop.md. */
export const stop: Game<StopState, StopObservation> = {
  name: 'stop',
  title: 'Stop',
  betterScore: 'lower',
  minPlayers: 2,
  maxPlayers: 10,
  options: STOP_OPTIONS,
  maxActions: MAX_ACTIONS,
  metricNames: STOP_METRICS,
  metricInfo: STOP_METRIC_TABLE,
  checkOptions(opts: Options, players: number): void {
    checkStopOptions(opts, players);
  },
  setup(opts: Options, players: number, rng: Rng, _reuse?: StopState, events?: GameEvent[]): StopState {
    return setupMatch(opts, players, rng, events);
  },
  currentPlayer(s: StopState): number {
    return s.phase === Phase.OVER ? -1 : s.cur;
  },
  legalActions,
  apply: applyAction,
  clone(s: StopState): StopState {
    return s.clone();
  },
  observe,
  determinize,
  result,
  standings,
  forcedPass,
  metrics,
  actionCode,
  actionKinds: STOP_ACTION_KINDS,
  actionKind,
  actionText,
  actionSeen,
  heuristic,
  describe,
  tableView,
  observedView,
  stage,
  evaluate,
  testing: stopTesting,
  presets: stopPresets,
};

import type { Game, GameEvent, MatchResult, Options } from '../../engine/game.js';
import type { Rng } from '../../engine/rng.js';
import { STOP_OPTIONS, checkStopOptions } from './config.js';
import { heuristic } from './heuristic.js';
import { evaluate, stage } from './evaluate.js';
import { type StopObservation, determinize, observe } from './observation.js';
import { applyAction, legalActions, setupMatch } from './rules.js';
import { END_REASONS, MAX_ACTIONS, Phase, Stat, type StopState } from './state.js';
import { actionCode, actionSeen, actionText, describe } from './text.js';
import { observedView, tableView } from './view.js';

export type { StopObservation } from './observation.js';
export type { StopState } from './state.js';

export const STOP_METRICS = [
  'rounds',
  'turns_per_round',
  'out_of_turn_plays',
  'stacks',
  'swaps',
  'zero_defences',
  'stuck_rounds',
  'attention_penalties',
  'reshuffles',
  'swap_cancels',
] as const;

/** Lowest total wins; tied seats share the best rank of their group. */
function ranksOf(scores: ArrayLike<number>): number[] {
  const n = scores.length;
  const ranks: number[] = [];
  for (let i = 0; i < n; i++) {
    let better = 0;
    for (let j = 0; j < n; j++) if (scores[j] < scores[i]) better++;
    ranks.push(better + 1);
  }
  return ranks;
}

function result(s: StopState): MatchResult {
  const scores = Array.from(s.totals);
  const ranks = ranksOf(scores);
  const winners: number[] = [];
  for (let i = 0; i < ranks.length; i++) if (ranks[i] === 1) winners.push(i);
  return {
    scores,
    ranks,
    winners,
    annulled: false,
    endReason: END_REASONS[s.endReason],
    firstPlayer: s.firstDealer,
    turns: s.totalTurns,
  };
}

function metrics(s: StopState, out: number[]): void {
  const st = s.stats;
  const rounds = st[Stat.ROUNDS];
  out[0] = rounds;
  out[1] = rounds > 0 ? s.totalTurns / rounds : s.totalTurns;
  out[2] = st[Stat.OUT_OF_TURN];
  out[3] = st[Stat.STACKS];
  out[4] = st[Stat.SWAPS];
  out[5] = st[Stat.ZERO_DEFENCES];
  out[6] = st[Stat.STUCK];
  out[7] = st[Stat.ATTENTION];
  out[8] = st[Stat.RESHUFFLES];
  out[9] = st[Stat.SWAP_CANCELS];
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
  metrics,
  actionCode,
  actionText,
  actionSeen,
  heuristic,
  describe,
  tableView,
  observedView,
  stage,
  evaluate,
};

import type { Game, MatchResult, Options } from '../../engine/game.js';
import { SCALA_OPTIONS, checkScalaOptions } from './config.js';
import { heuristic } from './heuristic.js';
import { type ScalaObservation, determinize, observe } from './observation.js';
import { applyAction, legalActions, ranksOf, setupMatch } from './rules.js';
import { END_REASONS, EndReason, MAX_ACTIONS, type ScalaState, Stat } from './state.js';
import { actionCode, actionText, describe, observedView, tableView } from './text.js';

export type { ScalaObservation } from './observation.js';
export { ScalaState } from './state.js';

/** Seats whose captures get a column of their own (the game's largest table). */
const SEAT_COLUMNS = 4;

export const SCALA_METRICS = [
  'lines',
  'extra_turns',
  'double_lines',
  'uncovered_lines',
  'pieces_captured',
  'stacked_placements',
  'passes',
  'eliminations',
  'capped',
  'blocked',
  'max_stack',
  'mean_stack',
  'pieces_on_board',
  'pieces_held',
  ...Array.from({ length: SEAT_COLUMNS }, (_, p) => `lines_seat${p}`),
] as const;

function result(s: ScalaState): MatchResult {
  const ranks = ranksOf(s);
  const winners: number[] = [];
  for (let p = 0; p < s.n; p++) if (ranks[p] === 1) winners.push(p);
  return {
    scores: Array.from(s.total),
    ranks,
    winners,
    annulled: false,
    endReason: END_REASONS[s.endReason],
    firstPlayer: s.firstPlayer,
    turns: s.turns,
  };
}

function metrics(s: ScalaState, out: number[]): void {
  const st = s.stats;
  let maxStack = 0;
  let onBoard = 0;
  let occupied = 0;
  for (let q = 0; q < s.cfg.cells; q++) {
    const h = s.height[q];
    if (h > maxStack) maxStack = h;
    if (h > 0) occupied++;
    onBoard += h;
  }
  let held = 0;
  for (let p = 0; p < s.n; p++) held += s.total[p];
  out[0] = st[Stat.LINES];
  out[1] = st[Stat.EXTRA_TURNS];
  out[2] = st[Stat.DOUBLE_LINES];
  out[3] = st[Stat.CASCADES];
  out[4] = st[Stat.PIECES_CAPTURED];
  out[5] = st[Stat.STACKED];
  out[6] = st[Stat.PASSES];
  out[7] = st[Stat.ELIMINATIONS];
  out[8] = s.endReason === EndReason.TURN_CAP ? 1 : 0;
  out[9] = s.endReason === EndReason.BLOCKED ? 1 : 0;
  out[10] = maxStack;
  out[11] = occupied > 0 ? onBoard / occupied : 0;
  out[12] = onBoard;
  out[13] = held;
  for (let p = 0; p < SEAT_COLUMNS; p++) out[14 + p] = p < s.n ? st[Stat.CAPTURES_0 + p] : NaN;
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
  observe,
  determinize,
  result,
  metrics,
  actionCode,
  actionText,
  heuristic,
  describe,
  tableView,
  observedView,
};

import type { GameMeasuresDefinition } from '../../engine/game-check.js';
import type { MetricInfo } from '../../engine/game.js';
import { standings } from './standings.js';
import { forcedPass } from './forced-turns.js';
import { metricNamesOf, metricSlots } from '../../engine/metrics.js';
import { EndReason, type ScalaState, Stat } from './state.js';

/** matches.csv columns of a Scala match, in the game's words (docs/rules/scala.md, Metrics). */
export const SCALA_METRIC_TABLE = [
  { name: 'lines', label: 'lines taken', unit: 'line', per: 'match', kind: 'count' },
  { name: 'extra_turns', label: 'extra turns played', unit: 'turn', per: 'match', kind: 'count' },
  { name: 'double_lines', label: 'placements that took two or more lines at once', unit: 'placement', per: 'match', kind: 'count' },
  { name: 'uncovered_lines', label: 'lines taken because a capture uncovered them', unit: 'line', per: 'match', kind: 'count' },
  { name: 'pieces_captured', label: 'pieces captured', unit: 'piece', per: 'match', kind: 'count' },
  { name: 'stacked_placements', label: 'placements on top of another piece', unit: 'placement', per: 'match', kind: 'count' },
  { name: 'passes', label: 'turns passed for want of a placement', unit: 'turn', per: 'match', kind: 'count' },
  { name: 'eliminations', label: 'players eliminated', unit: 'player', per: 'match', kind: 'count' },
  { name: 'capped', label: 'matches ended by the turn cap', unit: '', per: 'match', kind: 'rate' },
  { name: 'blocked', label: 'matches ended with every player unable to place', unit: '', per: 'match', kind: 'rate' },
  { name: 'max_stack', label: 'highest stack at the end', unit: 'piece', per: 'match', kind: 'count' },
  { name: 'mean_stack', label: 'mean height of an occupied square at the end', unit: 'piece', per: 'match', kind: 'mean' },
  { name: 'pieces_on_board', label: 'pieces on the board at the end', unit: 'piece', per: 'match', kind: 'count' },
  { name: 'pieces_held', label: 'pieces held by the players at the end', unit: 'piece', per: 'match', kind: 'count' },
  { name: 'lines_seat0', label: 'lines taken by seat 0', unit: 'line', per: 'match', kind: 'count' },
  { name: 'lines_seat1', label: 'lines taken by seat 1', unit: 'line', per: 'match', kind: 'count' },
  { name: 'lines_seat2', label: 'lines taken by seat 2', unit: 'line', per: 'match', kind: 'count' },
  { name: 'lines_seat3', label: 'lines taken by seat 3', unit: 'line', per: 'match', kind: 'count' },
] as const satisfies readonly MetricInfo[];

const M = metricSlots('scala', SCALA_METRIC_TABLE);
export const SCALA_METRICS = metricNamesOf(SCALA_METRIC_TABLE);

/** The per-seat line columns, by seat (the game's largest table has four seats). */
const SEAT_LINES = [M.lines_seat0, M.lines_seat1, M.lines_seat2, M.lines_seat3];

/** Writes every column of SCALA_METRIC_TABLE into its named slot. */
export function metrics(s: ScalaState, out: number[]): void {
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
  out[M.lines] = st[Stat.LINES];
  out[M.extra_turns] = st[Stat.EXTRA_TURNS];
  out[M.double_lines] = st[Stat.DOUBLE_LINES];
  out[M.uncovered_lines] = st[Stat.UNCOVERED_LINES];
  out[M.pieces_captured] = st[Stat.PIECES_CAPTURED];
  out[M.stacked_placements] = st[Stat.STACKED];
  out[M.passes] = st[Stat.PASSES];
  out[M.eliminations] = st[Stat.ELIMINATIONS];
  out[M.capped] = s.endReason === EndReason.TURN_CAP ? 1 : 0;
  out[M.blocked] = s.endReason === EndReason.BLOCKED ? 1 : 0;
  out[M.max_stack] = maxStack;
  out[M.mean_stack] = occupied > 0 ? onBoard / occupied : 0;
  out[M.pieces_on_board] = onBoard;
  out[M.pieces_held] = held;
  // Seats not at the table have no column value (an empty cell in matches.csv).
  for (let p = 0; p < SEAT_LINES.length; p++) out[SEAT_LINES[p]] = p < s.n ? st[Stat.SEAT_LINES_0 + p] : NaN;
}

/** The measures facet: the metric columns and their writer, each seat's standing, the turns no one chose. */
export const scalaMeasures: GameMeasuresDefinition<ScalaState> = { columns: SCALA_METRIC_TABLE, write: metrics, standings, forcedPass };

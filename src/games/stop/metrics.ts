import type { GameMeasuresDefinition } from '../../engine/game-check.js';
import type { MetricInfo } from '../../engine/game.js';
import { standings } from './standings.js';
import { forcedPass } from './forced-turns.js';
import { metricNamesOf, metricSlots } from '../../engine/metrics.js';
import { Stat, type StopState } from './state.js';

/** matches.csv columns of a Stop match, in the game's words (docs/rules/stop.md, Metrics). */
export const STOP_METRIC_TABLE = [
  { name: 'rounds', label: 'rounds played', unit: 'round', per: 'match', kind: 'count' },
  { name: 'turns_per_round', label: 'turns per round', unit: 'turn', per: 'round', kind: 'mean' },
  { name: 'out_of_turn_plays', label: 'cards played out of turn', unit: 'card', per: 'match', kind: 'count' },
  { name: 'stacks', label: 'attacks stacked on a pending one', unit: 'card', per: 'match', kind: 'count' },
  { name: 'swaps', label: 'swap cards played', unit: 'card', per: 'match', kind: 'count' },
  { name: 'zero_defences', label: '0s played in defence', unit: 'card', per: 'match', kind: 'count' },
  { name: 'stuck_rounds', label: 'rounds stopped by the turn cap', unit: 'round', per: 'match', kind: 'count' },
  { name: 'attention_penalties', label: 'penalties for a forgotten "Attenzione!"', unit: 'penalty', per: 'match', kind: 'count' },
  { name: 'reshuffles', label: 'reshuffles of the discard pile', unit: 'reshuffle', per: 'match', kind: 'count' },
  { name: 'swap_cancels', label: 'swaps cancelled by a 0', unit: 'swap', per: 'match', kind: 'count' },
] as const satisfies readonly MetricInfo[];

const M = metricSlots('stop', STOP_METRIC_TABLE);
export const STOP_METRICS = metricNamesOf(STOP_METRIC_TABLE);

/** Writes every column of STOP_METRIC_TABLE into its named slot. */
export function metrics(s: StopState, out: number[]): void {
  const st = s.stats;
  const rounds = st[Stat.ROUNDS];
  out[M.rounds] = rounds;
  out[M.turns_per_round] = rounds > 0 ? s.totalTurns / rounds : s.totalTurns;
  out[M.out_of_turn_plays] = st[Stat.OUT_OF_TURN];
  out[M.stacks] = st[Stat.STACKS];
  out[M.swaps] = st[Stat.SWAPS];
  out[M.zero_defences] = st[Stat.ZERO_DEFENCES];
  out[M.stuck_rounds] = st[Stat.STUCK];
  out[M.attention_penalties] = st[Stat.ATTENTION];
  out[M.reshuffles] = st[Stat.RESHUFFLES];
  out[M.swap_cancels] = st[Stat.SWAP_CANCELS];
}

/** The measures facet: the metric columns and their writer, each seat's standing, the turns no one chose. */
export const stopMeasures: GameMeasuresDefinition<StopState> = { columns: STOP_METRIC_TABLE, write: metrics, standings, forcedPass };

import type { GameMeasuresDefinition } from '../../engine/game-check.js';
import type { MetricInfo } from '../../engine/game.js';
import { standings } from './standings.js';
import { lostTurns } from './forced-turns.js';
import { metricNamesOf, metricSlots } from '../../engine/metrics.js';
import { Stat, type SymbotrioState } from './state.js';

/** matches.csv columns of a Symbotrio match, in the game's words (docs/rules/symbotrio.md, Metrics). */
export const SYMBOTRIO_METRIC_TABLE = [
  { name: 'cards_won_per_player', label: 'cards won per player', unit: 'card', per: 'player', kind: 'mean' },
  { name: 'winner_cards', label: "cards in the winner's pile", unit: 'card', per: 'match', kind: 'count' },
  { name: 'flips', label: 'squares flipped', unit: 'flip', per: 'match', kind: 'count' },
  { name: 'wasted_flips', label: 'wasted flips (a square everyone had seen, not of the gem sought)', unit: 'flip', per: 'match', kind: 'count' },
  { name: 'attempts', label: 'codes attempted', unit: 'attempt', per: 'match', kind: 'count' },
  { name: 'wins', label: 'codes typed right', unit: 'attempt', per: 'match', kind: 'count' },
  { name: 'prison_turns', label: 'turns lost in prison', unit: 'turn', per: 'match', kind: 'count' },
  { name: 'rotations', label: 'keypad rotations', unit: 'rotation', per: 'match', kind: 'count' },
  { name: 'cheater_uses', label: 'cheater cards played', unit: 'card', per: 'match', kind: 'count' },
  { name: 'cheater_wins', label: 'cheater plays that won', unit: 'play', per: 'match', kind: 'count' },
  { name: 'easy_loot', label: 'easy loot cards won', unit: 'card', per: 'match', kind: 'count' },
  { name: 'cheater_reshuffles', label: 'cheaters shuffled back for want of a victim', unit: 'card', per: 'match', kind: 'count' },
  { name: 'cards_unwon', label: 'cards nobody won', unit: 'card', per: 'match', kind: 'count' },
] as const satisfies readonly MetricInfo[];

const M = metricSlots('symbotrio', SYMBOTRIO_METRIC_TABLE);
export const SYMBOTRIO_METRICS = metricNamesOf(SYMBOTRIO_METRIC_TABLE);

/** Writes every column of SYMBOTRIO_METRIC_TABLE into its named slot. */
export function metrics(s: SymbotrioState, out: number[]): void {
  const st = s.stats;
  let won = 0;
  let best = 0;
  for (let p = 0; p < s.n; p++) {
    won += s.pileLen[p];
    if (s.pileLen[p] > best) best = s.pileLen[p];
  }
  out[M.cards_won_per_player] = won / s.n;
  out[M.winner_cards] = best;
  out[M.flips] = st[Stat.FLIPS];
  out[M.wasted_flips] = st[Stat.WASTED_FLIPS];
  out[M.attempts] = st[Stat.ATTEMPTS];
  out[M.wins] = st[Stat.WINS];
  out[M.prison_turns] = st[Stat.PRISON_TURNS];
  out[M.rotations] = st[Stat.ROTATIONS];
  out[M.cheater_uses] = st[Stat.CHEATER_USES];
  out[M.cheater_wins] = st[Stat.CHEATER_WINS];
  out[M.easy_loot] = st[Stat.EASY_LOOT];
  out[M.cheater_reshuffles] = st[Stat.CHEATER_RESHUFFLES];
  out[M.cards_unwon] = s.cfg.cards - won;
}

/** The measures facet: the metric columns and their writer, each seat's standing, the turns no one chose. */
export const symbotrioMeasures: GameMeasuresDefinition<SymbotrioState> = { columns: SYMBOTRIO_METRIC_TABLE, write: metrics, standings, lostTurns };

import type { Game, MatchResult, Options } from '../../engine/game.js';
import { Limits, SYMBOTRIO_OPTIONS, checkSymbotrioOptions } from './config.js';
import { heuristic } from './heuristic.js';
import { type SymbotrioObservation, determinize, observe } from './observation.js';
import { SymbotrioRecollection } from './recollection.js';
import { applyAction, legalActions, setupMatch } from './rules.js';
import { END_REASONS, MAX_ACTIONS, Phase, Stat, type SymbotrioState } from './state.js';
import { actionCode, actionText, describe, observedView, tableView } from './text.js';

export type { SymbotrioObservation } from './observation.js';
export { SymbotrioState } from './state.js';

export const SYMBOTRIO_METRICS = [
  'cards_won_per_player',
  'winner_cards',
  'flips',
  'wasted_flips',
  'attempts',
  'wins',
  'prison_turns',
  'rotations',
  'cheater_uses',
  'cheater_wins',
  'easy_loot',
  'cheater_reshuffles',
  'cards_unwon',
] as const;

/** Most cards wins; tied seats share the best rank of their group (the text names no tie-break). */
function result(s: SymbotrioState): MatchResult {
  const n = s.n;
  const scores = Array.from(s.pileLen);
  const ranks: number[] = [];
  const winners: number[] = [];
  for (let i = 0; i < n; i++) {
    let better = 0;
    for (let j = 0; j < n; j++) if (scores[j] > scores[i]) better++;
    ranks.push(better + 1);
    if (better === 0) winners.push(i);
  }
  return {
    scores,
    ranks,
    winners,
    annulled: false,
    endReason: END_REASONS[s.endReason],
    firstPlayer: s.firstPlayer,
    turns: s.turns,
  };
}

function metrics(s: SymbotrioState, out: number[]): void {
  const st = s.stats;
  let won = 0;
  let best = 0;
  for (let p = 0; p < s.n; p++) {
    won += s.pileLen[p];
    if (s.pileLen[p] > best) best = s.pileLen[p];
  }
  out[0] = won / s.n;
  out[1] = best;
  out[2] = st[Stat.FLIPS];
  out[3] = st[Stat.WASTED_FLIPS];
  out[4] = st[Stat.ATTEMPTS];
  out[5] = st[Stat.WINS];
  out[6] = st[Stat.PRISON_TURNS];
  out[7] = st[Stat.ROTATIONS];
  out[8] = st[Stat.CHEATER_USES];
  out[9] = st[Stat.CHEATER_WINS];
  out[10] = st[Stat.EASY_LOOT];
  out[11] = st[Stat.CHEATER_RESHUFFLES];
  out[12] = s.cfg.cards - won;
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
  metrics,
  actionCode,
  actionText,
  heuristic,
  describe,
  tableView,
  observedView,
  recollection: (limits, rng) => new SymbotrioRecollection(limits, rng),
};

import type { Game, MatchResult, Options } from '../../engine/game.js';
import type { Rng } from '../../engine/rng.js';
import { MAX_ACTIONS, actionCode } from './actions.js';
import { MAX_PLAYERS, TYPE_KEYS, checkStramatOptions, stramatOptions, toRules } from './cards.js';
import { heuristic } from './heuristic.js';
import { type StramatObservation, determinize, observe } from './observation.js';
import { apply, legalActions, newMatch } from './rules.js';
import { END_EMPTY_HAND, END_REASONS, END_STRAMAT, NUM_METRICS, PH_OVER, StramatState } from './state.js';
import { actionText, describe } from './text.js';

export type { StramatObservation } from './observation.js';
export { StramatState } from './state.js';

const METRIC_NAMES = [
  ...TYPE_KEYS.map((k) => `played_${k}`),
  'alt_traps',
  'jolly_uses',
  'annulled_games',
  'deck_left',
  'passes',
  'blocked_turns',
  'empty_hand_wins',
  'eliminated',
  'games',
  'dado_pips',
];
if (METRIC_NAMES.length !== NUM_METRICS) throw new Error('stramat: metric names out of step');

/** Ranks 1..n by ascending key; equal keys share the best rank of their group. */
function ranksByKey(keys: number[]): number[] {
  return keys.map((k) => 1 + keys.filter((x) => x < k).length);
}

function result(s: StramatState): MatchResult {
  const n = s.n;
  const scores = Array.from(s.phase === PH_OVER ? s.eveningPoints : s.gamePoints);
  const base = { scores, firstPlayer: s.firstPlayerOfMatch, turns: s.turns, endReason: END_REASONS[s.endReason] || 'unfinished' };
  if (s.rules.evening === 1) {
    if (s.endReason === END_STRAMAT) {
      return { ...base, ranks: new Array(n).fill(1), winners: [], annulled: true };
    }
    // Players who left (Birichino) rank below everyone still in; an empty hand wins outright.
    const keys = scores.map((v, p) => (s.active[p] ? 0 : 100000) + (p === s.lampoWinner && s.endReason === END_EMPTY_HAND ? -1 : v));
    const ranks = ranksByKey(keys);
    const winners = ranks.flatMap((r, p) => (r === 1 ? [p] : []));
    return { ...base, ranks, winners, annulled: false };
  }
  if (s.gamesAnnulled === s.rules.evening) {
    return { ...base, ranks: new Array(n).fill(1), winners: [], annulled: true };
  }
  const ranks = ranksByKey(scores);
  return { ...base, ranks, winners: ranks.flatMap((r, p) => (r === 1 ? [p] : [])), annulled: false };
}

export const stramat: Game<StramatState, StramatObservation> = {
  name: 'stramat',
  title: 'STRAMAT! (card party game, 72 cards)',
  minPlayers: 2,
  maxPlayers: MAX_PLAYERS,
  options: stramatOptions,
  maxActions: MAX_ACTIONS,
  metricNames: METRIC_NAMES,
  checkOptions: checkStramatOptions,
  setup(opts: Options, players: number, rng: Rng): StramatState {
    const s = new StramatState(players, toRules(opts));
    newMatch(s, rng);
    return s;
  },
  currentPlayer: (s) => (s.phase === PH_OVER ? -1 : s.decider),
  legalActions,
  apply,
  clone: (s) => s.clone(),
  observe,
  determinize,
  result,
  metrics(s, out) {
    for (let i = 0; i < NUM_METRICS; i++) out[i] = s.metrics[i];
  },
  actionCode,
  actionText,
  heuristic,
  describe,
};

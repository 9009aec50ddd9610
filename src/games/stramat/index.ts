import type { GameEvent, MatchResult, Options } from '../../engine/game.js';
import { defineGame } from '../../engine/game-check.js';
import type { Rng } from '../../engine/rng.js';
import { MAX_ACTIONS, actionCode } from './actions.js';
import { MAX_PLAYERS, checkStramatOptions, stramatOptions, toRules } from './cards.js';
import { stramatSearch } from './heuristic.js';
import { stramatImportance } from './kinds.js';
import { type StramatObservation, observe } from './observation.js';
import { apply, legalActions, newMatch } from './rules.js';
import { stramatMeasures } from './metrics.js';
import { EndReason, Phase, END_REASONS, StramatState } from './state.js';
import { stramatView } from './view.js';
import { ranksByScore, seatsRankedFirst } from '../../engine/ranking.js';
import { stramatFeatures } from './features.js';
import { stramatPresets } from './presets.js';
import { stramatTesting } from './testing.js';

export type { StramatObservation } from './observation.js';
export { StramatState } from './state.js';
export { STRAMAT_METRICS } from './metrics.js';

function result(s: StramatState): MatchResult {
  const n = s.n;
  const scores = (s.phase === Phase.OVER ? s.eveningPoints : s.gamePoints).slice();
  let ranks: number[];
  let annulled = false;
  if (s.rules.evening === 1 ? s.endReason === EndReason.STRAMAT : s.gamesAnnulled === s.rules.evening) {
    annulled = true;
    ranks = new Array<number>(n).fill(1);
  } else if (s.rules.evening === 1) {
    // Players who left (Birichino) rank below everyone still in; an empty hand wins outright.
    const keys = new Array<number>(n);
    for (let p = 0; p < n; p++) {
      keys[p] = (s.active[p] ? 0 : 100000) + (p === s.lampoWinner && s.endReason === EndReason.EMPTY_HAND ? -1 : scores[p]);
    }
    ranks = ranksByScore(keys, 'lower');
  } else {
    ranks = ranksByScore(scores, 'lower');
  }
  // Object literals, not spreads: spreading is slow on Node 20 and this runs once per match.
  return {
    scores,
    ranks,
    winners: annulled ? [] : seatsRankedFirst(ranks),
    annulled,
    endReason: END_REASONS[s.endReason] || 'unfinished',
    firstPlayer: s.firstPlayerOfMatch,
    turns: s.turns,
  };
}

/** STRAMAT! (card party game, 72 cards), 2-8 players. Rules: docs/rules/stramat.md. */
export const stramat = defineGame<StramatState, StramatObservation>({
  name: 'stramat',
  title: 'STRAMAT! (card party game, 72 cards)',
  betterScore: 'lower',
  minPlayers: 2,
  maxPlayers: MAX_PLAYERS,
  options: stramatOptions,
  maxActions: MAX_ACTIONS,
  checkOptions: checkStramatOptions,
  setup(opts: Options, players: number, rng: Rng, reuse?: StramatState, events?: GameEvent[]): StramatState {
    let s: StramatState;
    if (reuse instanceof StramatState && reuse.n === players) {
      s = reuse;
      s.recycle(toRules(opts));
    } else s = new StramatState(players, toRules(opts));
    s.ev = events;
    newMatch(s, rng);
    return s;
  },
  currentPlayer: (s) => (s.phase === Phase.OVER ? -1 : s.decider),
  legalActions,
  apply,
  clone: (s) => s.clone(),
  observe,
  result,
  actionCode,
  view: stramatView,
  search: stramatSearch,
  measures: stramatMeasures,
  importance: stramatImportance,
  features: stramatFeatures,
  testing: stramatTesting,
  presets: stramatPresets,
});

import type { GameMeasuresDefinition } from '../../engine/game-check.js';
import type { MetricInfo } from '../../engine/game.js';
import { standings } from './standings.js';
import { forcedPass, lostTurns } from './forced-turns.js';
import { metricNamesOf, metricSlots } from '../../engine/metrics.js';
import { Card } from './cards.js';
import { Metric, type StramatState } from './state.js';

/**
 * matches.csv columns of a Stramat match (an evening of one or more games), in the game's words
 * (docs/rules/stramat.md, Metrics). The rules count into `state.metrics` by the `Metric` slots of
 * state.ts (the hot loop); `metrics` below copies each counter into its named column.
 */
export const STRAMAT_METRIC_TABLE = [
  { name: 'played_one', label: 'number cards 1 played', unit: 'card', per: 'match', kind: 'count' },
  { name: 'played_two', label: 'number cards 2 played', unit: 'card', per: 'match', kind: 'count' },
  { name: 'played_three', label: 'number cards 3 played', unit: 'card', per: 'match', kind: 'count' },
  { name: 'played_dado', label: 'Dado cards played', unit: 'card', per: 'match', kind: 'count' },
  { name: 'played_colpo', label: 'Colpo cards played', unit: 'card', per: 'match', kind: 'count' },
  { name: 'played_aggiungo', label: 'Aggiungo cards played', unit: 'card', per: 'match', kind: 'count' },
  { name: 'played_alt', label: 'Alt cards played (counter-Alts included)', unit: 'card', per: 'match', kind: 'count' },
  { name: 'played_giro', label: 'Giro cards played', unit: 'card', per: 'match', kind: 'count' },
  { name: 'played_jolly', label: 'Jolly cards played', unit: 'card', per: 'match', kind: 'count' },
  { name: 'played_stramat', label: 'Stramat cards played', unit: 'card', per: 'match', kind: 'count' },
  { name: 'alt_traps', label: 'counter-Alts played', unit: 'card', per: 'match', kind: 'count' },
  { name: 'jolly_uses', label: 'Jolly uses', unit: 'use', per: 'match', kind: 'count' },
  { name: 'annulled_games', label: 'games annulled by the Stramat card', unit: 'game', per: 'match', kind: 'count' },
  { name: 'deck_left', label: 'cards left in the deck when the last game ended', unit: 'card', per: 'match', kind: 'count' },
  { name: 'passes', label: 'turns passed without a discard', unit: 'turn', per: 'match', kind: 'count' },
  { name: 'blocked_turns', label: 'turns lost to an Alt block', unit: 'turn', per: 'match', kind: 'count' },
  { name: 'empty_hand_wins', label: 'games won by emptying the hand', unit: 'game', per: 'match', kind: 'count' },
  { name: 'eliminated', label: 'players who left under Birichino', unit: 'player', per: 'match', kind: 'count' },
  { name: 'games', label: 'games played in the evening', unit: 'game', per: 'match', kind: 'count' },
  { name: 'dado_pips', label: 'pips rolled on the Dado', unit: 'pip', per: 'match', kind: 'count' },
] as const satisfies readonly MetricInfo[];

const M = metricSlots('stramat', STRAMAT_METRIC_TABLE);
export const STRAMAT_METRICS = metricNamesOf(STRAMAT_METRIC_TABLE);

/** Writes every column of STRAMAT_METRIC_TABLE into its named slot, from the rules' counters. */
export function metrics(s: StramatState, out: number[]): void {
  const m = s.metrics;
  out[M.played_one] = m[Metric.PLAYED + Card.ONE];
  out[M.played_two] = m[Metric.PLAYED + Card.TWO];
  out[M.played_three] = m[Metric.PLAYED + Card.THREE];
  out[M.played_dado] = m[Metric.PLAYED + Card.DADO];
  out[M.played_colpo] = m[Metric.PLAYED + Card.COLPO];
  out[M.played_aggiungo] = m[Metric.PLAYED + Card.AGGIUNGO];
  out[M.played_alt] = m[Metric.PLAYED + Card.ALT];
  out[M.played_giro] = m[Metric.PLAYED + Card.GIRO];
  out[M.played_jolly] = m[Metric.PLAYED + Card.JOLLY];
  out[M.played_stramat] = m[Metric.PLAYED + Card.STRAMAT];
  out[M.alt_traps] = m[Metric.ALT_TRAPS];
  out[M.jolly_uses] = m[Metric.JOLLY_USES];
  out[M.annulled_games] = m[Metric.ANNULLED];
  out[M.deck_left] = m[Metric.DECK_LEFT];
  out[M.passes] = m[Metric.PASSES];
  out[M.blocked_turns] = m[Metric.BLOCKED_TURNS];
  out[M.empty_hand_wins] = m[Metric.EMPTY_HAND_WINS];
  out[M.eliminated] = m[Metric.ELIMINATED];
  out[M.games] = m[Metric.GAMES];
  out[M.dado_pips] = m[Metric.DADO_ROLLED];
}

/** The measures facet: the metric columns and their writer, each seat's standing, the turns no one chose. */
export const stramatMeasures: GameMeasuresDefinition<StramatState> = { columns: STRAMAT_METRIC_TABLE, write: metrics, standings, forcedPass, lostTurns };

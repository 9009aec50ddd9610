// Independent counts of metric columns, from what a match's events (and its result) tell: the metrics
// contract test (tests/contract/metrics.test.ts) checks each column named here against them, so a value
// written under another column's name, or a counter that counts the wrong thing, shows up by name.
import type { GameEvent, MatchResult } from '../../src/engine/game.js';

export type Witness = (events: readonly GameEvent[], result: MatchResult) => number;

const count = (kind: string, where: (e: GameEvent) => boolean = () => true): Witness => (events) =>
  events.filter((e) => e.kind === kind && where(e)).length;

const sum = (kind: string, value: (e: GameEvent) => number, where: (e: GameEvent) => boolean = () => true): Witness => (events) =>
  events.filter((e) => e.kind === kind && where(e)).reduce((t, e) => t + value(e), 0);

const data = (e: GameEvent): Record<string, unknown> => e.data ?? {};
const linesOf = (e: GameEvent): number => (data(e).lines as unknown[]).length;
const endReason = (events: readonly GameEvent[]): unknown => data(events.filter((e) => e.kind === 'match_end').at(-1)!).reason;

/** Scala: a turn is a `place` or a `pass`; an extra turn is one played by the seat that played the last. */
function scalaExtraTurns(events: readonly GameEvent[]): number {
  let last = -1;
  let extra = 0;
  for (const e of events) {
    if (e.kind !== 'place' && e.kind !== 'pass') continue;
    if (e.seat === last) extra++;
    last = e.seat;
  }
  return extra;
}

const scalaSeatLines = (seat: number): Witness => (events, result) =>
  seat < result.scores.length ? sum('capture', linesOf, (e) => e.seat === seat)(events, result) : NaN;

export const EVENT_WITNESSES: Record<string, Record<string, Witness>> = {
  scala: {
    lines: sum('capture', linesOf),
    uncovered_lines: sum('capture', linesOf, (e) => data(e).uncovered === true),
    double_lines: count('capture', (e) => data(e).uncovered !== true && linesOf(e) > 1),
    pieces_captured: sum('capture', (e) => (data(e).pieces as unknown[]).length),
    stacked_placements: count('place', (e) => (data(e).height as number) > 1),
    passes: count('pass'),
    eliminations: count('eliminate'),
    extra_turns: scalaExtraTurns,
    capped: (events) => (endReason(events) === 'turn_cap' ? 1 : 0),
    blocked: (events) => (endReason(events) === 'blocked' ? 1 : 0),
    pieces_held: (events) => (data(events.filter((e) => e.kind === 'match_end').at(-1)!).pieces as number[]).reduce((a, b) => a + b, 0),
    lines_seat0: scalaSeatLines(0),
    lines_seat1: scalaSeatLines(1),
    lines_seat2: scalaSeatLines(2),
    lines_seat3: scalaSeatLines(3),
  },
  stop: {
    rounds: count('round_end'),
    stuck_rounds: count('round_end', (e) => data(e).stuck === true),
    attention_penalties: count('attention'),
    reshuffles: count('reshuffle'),
    swap_cancels: count('swap_cancelled'),
  },
  stramat: {
    games: count('game_end'),
    annulled_games: count('game_end', (e) => data(e).reason === 'stramat'),
    empty_hand_wins: count('game_end', (e) => data(e).reason === 'empty_hand'),
    eliminated: count('eliminate'),
    jolly_uses: count('jolly'),
    blocked_turns: count('blocked_turn'),
    dado_pips: sum('roll', (e) => data(e).roll as number, (e) => e.seat >= 0),
  },
  symbotrio: {
    flips: count('flip'),
    rotations: count('rotate'),
    cheater_reshuffles: count('cheat_reshuffle'),
    winner_cards: (_events, result) => Math.max(...result.scores),
    cards_won_per_player: (_events, result) => result.scores.reduce((a, b) => a + b, 0) / result.scores.length,
  },
  zatre: {
    tiles_placed: count('place'),
    crosses: sum('score', (e) => data(e).crosses as number),
    no_draw_turns: count('no_draw'),
    blocked_turns: count('blocked_turn'),
    winning_total: (_events, result) => Math.max(...result.scores),
  },
};

/**
 * Witnessed columns that random play of the shipped variants may never move (a rule a random player
 * seldom meets): the test does not ask them to be seen non-zero. Every other witnessed column must be
 * non-zero in at least one match, or its check would prove nothing.
 */
export const RARELY_SEEN: Record<string, readonly string[]> = {
  scala: ['blocked'],
  stop: [],
  stramat: [],
  symbotrio: [],
  zatre: [],
};

/** Variants the metrics test plays besides the shipped ones, so that rare columns move (named by what they force). */
export const METRIC_VARIANTS: Record<string, ReadonlyArray<{ name: string; options: Record<string, unknown> }>> = {
  scala: [
    { name: 'turn-cap-30', options: { turnCap: 30 } },
    { name: 'small-board', options: { size: 4 } },
  ],
  stop: [{ name: 'forgetful-short-rounds', options: { attentionForget: 0.3, maxTurnsPerRound: 30 } }],
};

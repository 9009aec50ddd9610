import type { GameEvent } from '../../engine/game.js';
import { countEvents, eventData, matchEndData, sumEvents, type Witness } from '../../engine/witness.js';

/*
 * Scala's metric columns counted again from the events (GameTesting.metricWitnesses): the metrics suite
 * compares each with the column of the same name.
 */

const linesOf = (e: GameEvent): number => (eventData(e).lines as unknown[]).length;

/** A turn is a `place` or a `pass`; an extra turn is one played by the seat that played the last. */
function extraTurns(events: readonly GameEvent[]): number {
  let last = -1;
  let extra = 0;
  for (const e of events) {
    if (e.kind !== 'place' && e.kind !== 'pass') continue;
    if (e.seat === last) extra++;
    last = e.seat;
  }
  return extra;
}

const seatLines = (seat: number): Witness => (events, result) =>
  seat < result.scores.length ? sumEvents('capture', linesOf, (e) => e.seat === seat)(events, result) : NaN;

export const scalaWitnesses: Record<string, Witness> = {
  lines: sumEvents('capture', linesOf),
  uncovered_lines: sumEvents('capture', linesOf, (e) => eventData(e).uncovered === true),
  double_lines: countEvents('capture', (e) => eventData(e).uncovered !== true && linesOf(e) > 1),
  pieces_captured: sumEvents('capture', (e) => (eventData(e).pieces as unknown[]).length),
  stacked_placements: countEvents('place', (e) => (eventData(e).height as number) > 1),
  passes: countEvents('pass'),
  eliminations: countEvents('eliminate'),
  extra_turns: extraTurns,
  capped: (events) => (matchEndData(events).reason === 'turn_cap' ? 1 : 0),
  blocked: (events) => (matchEndData(events).reason === 'blocked' ? 1 : 0),
  pieces_held: (events) => (matchEndData(events).pieces as number[]).reduce((a, b) => a + b, 0),
  lines_seat0: seatLines(0),
  lines_seat1: seatLines(1),
  lines_seat2: seatLines(2),
  lines_seat3: seatLines(3),
};

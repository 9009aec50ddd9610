import type { GameEvent, MatchResult } from './game.js';

/*
 * Building blocks for a game's metric witnesses (GameTesting.metricWitnesses): independent counts of a
 * metric column from what a match's events tell, which the metrics suite compares with the column.
 */

/** A count of one metric column from a finished match's events and result. */
export type Witness = (events: readonly GameEvent[], result: MatchResult) => number;

const always = (): boolean => true;

/** The events of one kind (that pass `where`), counted. */
export const countEvents = (kind: string, where: (e: GameEvent) => boolean = always): Witness => (events) =>
  events.filter((e) => e.kind === kind && where(e)).length;

/** `value` of the events of one kind (that pass `where`), summed. */
export const sumEvents = (kind: string, value: (e: GameEvent) => number, where: (e: GameEvent) => boolean = always): Witness => (events) =>
  events.filter((e) => e.kind === kind && where(e)).reduce((t, e) => t + value(e), 0);

/** An event's public data, or an empty object. */
export const eventData = (e: GameEvent): Record<string, unknown> => e.data ?? {};

/** The data of the match's last `match_end` event. */
export const matchEndData = (events: readonly GameEvent[]): Record<string, unknown> => eventData(events.filter((e) => e.kind === 'match_end').at(-1)!);

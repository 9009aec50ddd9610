import { stringify } from 'csv-stringify/sync';
import type { AnyGame } from '../engine/game.js';

/**
 * CSV output. Every file is CSV as csv-stringify writes it (comma-separated, `\n` line ends, fields
 * quoted when they contain a comma, a quote or a line break). matches.csv has one row per match and is
 * the hot path: its numeric cells and plain words are joined directly and anything else goes through
 * csv-stringify (cached), which keeps the writer at well over a million rows a second.
 */

/** Text that needs no quoting: csv-stringify writes it unchanged. */
const PLAIN = /^[A-Za-z0-9_.\-+/:;@#]*$/;

const quotedCache = new Map<string, string>();

/** One CSV cell for a string, exactly as csv-stringify would write it. */
export function csvCell(text: string): string {
  if (PLAIN.test(text)) return text;
  let q = quotedCache.get(text);
  if (q === undefined) {
    q = stringify([[text]]).replace(/\n$/, '');
    if (quotedCache.size < 10_000) quotedCache.set(text, q);
  }
  return q;
}

/** One CSV line (with its line end) from an array of cells, through csv-stringify. */
export function csvLine(cells: ReadonlyArray<string | number>): string {
  return stringify([cells.map((c) => (typeof c === 'number' ? String(c) : c))]);
}

/** Several CSV lines through csv-stringify (for the small summary files). */
export function csvLines(rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  return stringify(rows.map((r) => r.map((c) => (typeof c === 'number' ? String(c) : c))));
}

/**
 * The columns of matches.csv before the game's metrics. `annulled` and `playHash` are false only for
 * reading folders of tavolo versions that did not write those columns yet. `play_hash` (engine/play-hash.ts):
 * matches with the same hash played the same game, seat for seat.
 */
export function matchesFixedColumns(players: number, annulled = true, playHash = true): string[] {
  const seats = (suffix: string) => Array.from({ length: players }, (_, s) => `seat${s}_${suffix}`);
  return [
    'variant',
    'match',
    'seed',
    ...seats('bot'),
    'winners',
    ...(annulled ? ['annulled'] : []),
    ...seats('score'),
    ...seats('rank'),
    'first_player',
    'turns',
    'decisions',
    'end_reason',
    'fault_seat',
    ...(playHash ? ['play_hash'] : []),
  ];
}

/**
 * The header of matches.csv for a game and player count: the fixed columns, the game's metrics, then
 * the match measures the spec asked for (docs/measures.md), which every reader takes as metrics.
 */
export function matchesHeader(game: AnyGame, players: number, measures: readonly string[] = []): string[] {
  return [...matchesFixedColumns(players), ...game.measures.names, ...measures];
}

export const SUMMARY_HEADER = [
  'variant',
  'bot',
  'matches',
  'wins',
  'win_rate',
  'win_rate_low95',
  'win_rate_high95',
  'mean_score',
  'mean_turns',
  'annulled',
  'faults',
  'plays',
  'effective_plays',
] as const;

export const SEATS_HEADER = [
  'variant',
  'position',
  'matches',
  'decided',
  'wins',
  'win_rate',
  'win_rate_low95',
  'win_rate_high95',
  'mean_score',
  'plays',
  'effective_plays',
] as const;

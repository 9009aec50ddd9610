import { Stat, type ZatreState } from './state.js';

/**
 * The turns a Zatre player could not act in (the match measure `forced_turns`, docs/measures.md): the
 * turns in which no tile in hand fits anywhere after the draw. The rules play them without asking (the
 * player keeps the tiles, `blocked_turns`), and they count in `turns`. Holding back is a choice offered
 * beside placements (never alone), so a turn ended by it is not forced.
 */
export function lostTurns(s: ZatreState): number {
  return s.stats[Stat.BLOCKED_TURNS];
}

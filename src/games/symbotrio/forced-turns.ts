import { Stat, type SymbotrioState } from './state.js';

/**
 * The turns a Symbotrio player could not act in (the match measure `forced_turns`, docs/measures.md):
 * turns in prison (`prison_turns`) and turns sat out with no card left to try (the deck is empty but
 * cards remain in front of others). The rules play both without asking, and both count in `turns`. A
 * turn with no decision that wins a card (easy loot) or resolves a cheater card is not a lost turn: the
 * player gains or loses by it. No decision of Symbotrio is a pass (stopping early is a choice offered
 * beside flips), so the game declares no forcedPass.
 */
export function lostTurns(s: SymbotrioState): number {
  return s.stats[Stat.PRISON_TURNS] + s.stats[Stat.SITTING_OUT];
}

import type { GameTesting } from '../../engine/game.js';
import { scalaWitnesses } from './witnesses.js';
import type { ScalaState } from './state.js';

/**
 * How the generic test suites play Scala (Game.testing, src/engine/game.ts): nothing is hidden, so the
 * honesty suite demands that determinize rebuild the real state; and the rule variants worth a check.
 */
export const scalaTesting: GameTesting<ScalaState> = {
  perfectInformation: true,
  roundTripMatches: 30,
  variants: [
    { label: 'diagonals', options: { diagonalNeighbours: true, diagonalLines: true }, players: [3] },
    { label: 'whole stacks back to their owners', options: { capture: 'stack', capturedTo: 'owners' }, players: [2] },
    { label: 'timed, 60 turns', options: { turnCap: 60 }, players: [4] },
  ],
  metricWitnesses: scalaWitnesses,
  // A seat with no legal placement: random matches of the shipped variants may never leave one so.
  rareEventKinds: ['pass'],
  // A board full with nobody able to place: random players almost never get there.
  rarelySeenMetrics: ['blocked'],
  // So that the turn cap and the end of a small board's spaces are met (their columns move).
  metricVariants: [
    { name: 'turn-cap-30', options: { turnCap: 30 } },
    { name: 'small-board', options: { size: 4 } },
  ],
};

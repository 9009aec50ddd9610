import type { GameTesting } from '../../engine/game.js';
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
};

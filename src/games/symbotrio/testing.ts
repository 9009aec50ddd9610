import type { GameTesting } from '../../engine/game.js';
import { symbotrioWitnesses } from './witnesses.js';
import type { SymbotrioState } from './state.js';

/**
 * How the generic test suites play Symbotrio (Game.testing, src/engine/game.ts): short matches, fewer of
 * them in the round trip, and the rule variants worth a check. No perturbation of the hidden cards is
 * written yet, so the honesty suite checks Symbotrio's observations by the round trips only (and says so).
 */
export const symbotrioTesting: GameTesting<SymbotrioState> = {
  // A random-bot Symbotrio match lasts some 17,000 turns; 200 turns cover every rule many times.
  quickOptions: { maxTurns: 200 },
  roundTripMatches: 12,
  variants: [
    { label: 'ring keypad, code before every attempt', options: { keypad: 'ring', codeRotates: 'every_attempt', prisonSkip: 'next' }, players: [3] },
    { label: 'easy (no code cards), deck_empty end', options: { easy: true, end: 'deck_empty' }, players: [2, 4] },
  ],
  // Random players almost never find a gem: a whole match is some 17,000 turns. 60 turns (the safety cap
  // `maxTurns`) still show flips, wins, prison, code rotations and the cheater.
  goldenOptions: { maxTurns: 60 },
  metricWitnesses: symbotrioWitnesses,
  // A cheater robs only a seat that has won cards, and is set aside only when nobody has any and no other
  // card is left: within the 60 turns of the suite's matches, random players seldom win a card.
  rareEventKinds: ['cheat', 'cheat_void'],
};

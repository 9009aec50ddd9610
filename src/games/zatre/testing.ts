import type { GameTesting } from '../../engine/game.js';
import { zatreWitnesses } from './witnesses.js';
import type { Rng } from '../../engine/rng.js';
import type { ZatreState } from './state.js';

/*
 * How the generic test suites play Zatre (Game.testing, src/engine/game.ts): a smaller box, the pairs
 * variants, and the perturbation of what a seat cannot see. The perturbation lives with the game because
 * only the game knows which of its fields are hidden from whom.
 */

/**
 * Zatre, from `q`'s point of view: swaps tiles between the hands q cannot see (every other hand, but a
 * partner's when partners consult) and the bag. The board, the sheets and the hand sizes are public.
 */
function perturbHidden(state: ZatreState, q: number, rng: Rng): ZatreState {
  const s = state.clone();
  const n = s.n;
  const cfg = s.cfg;
  const hidden = (o: number) => o !== q && !(cfg.pairs && cfg.partnersSee && s.sheetOf[o] === s.sheetOf[q]);
  // Places: 0..n-1 hands, n the bag.
  const count = (place: number, v: number) => (place === n ? s.bag[v] : s.hands[place * 7 + v]);
  const add = (place: number, v: number, k: number) => {
    if (place === n) s.bag[v] += k;
    else s.hands[place * 7 + v] += k;
  };
  const places: number[] = [];
  for (let o = 0; o < n; o++) if (hidden(o) && s.handLen[o] > 0) places.push(o);
  places.push(n);
  /** A value present at the place, other than `not` (0 when there is none). */
  const pick = (place: number, not: number) => {
    const start = 1 + rng.int(6);
    for (let i = 0; i < 6; i++) {
      const v = 1 + ((start - 1 + i) % 6);
      if (v !== not && count(place, v) > 0) return v;
    }
    return 0;
  };
  for (let tries = 0, swaps = 0; tries < 12 && swaps < 3 && places.length > 1; tries++) {
    const a = places[rng.int(places.length)];
    const b = places[rng.int(places.length)];
    if (a === b) continue;
    const x = pick(a, 0);
    const y = x === 0 ? 0 : pick(b, x);
    if (y === 0) continue;
    add(a, x, -1);
    add(b, x, +1);
    add(b, y, -1);
    add(a, y, +1);
    swaps++;
  }
  return s;
}

export const zatreTesting: GameTesting<ZatreState> = {
  // A third of the box: a Zatre match of 121 tiles is 130 decisions, each a search for the Monte Carlo bots.
  quickOptions: { tiles: [7, 7, 7, 7, 7, 7] },
  roundTripMatches: 40,
  variants: [
    { label: 'pairs', options: { pairs: true }, players: [4, 6] },
    { label: 'pairs, partners blind', options: { pairs: true, pairSeating: 'opposite', partnersSeeTiles: false }, players: [4] },
    { label: 'no holding by choice', options: { holdByChoice: false }, players: [3] },
  ],
  perturbHidden,
  metricWitnesses: zatreWitnesses,
};

import type { GameTesting } from '../../engine/game.js';
import { stramatWitnesses } from './witnesses.js';
import type { Rng } from '../../engine/rng.js';
import { Card } from './cards.js';
import { Phase, type StramatState } from './state.js';

/*
 * How the generic test suites play Stramat (Game.testing, src/engine/game.ts): its rule variants worth an
 * honesty check of their own, and the perturbation of what a seat cannot see. The perturbation lives with
 * the game because only the game knows which of its fields are hidden from whom.
 */

/**
 * Stramat, from `q`'s point of view: swaps cards between the hidden places (the unknown part of each
 * opponent's hand, the deck, an opponent's face-down Aggiungo card), re-chooses an opponent's pending
 * Giro cards, and scrambles what the other players know. None of it is q's to see.
 */
function perturbHidden(state: StramatState, q: number, rng: Rng): StramatState {
  const s = state.clone();
  const n = s.n;
  const T = Card.COUNT;
  const giroOther = s.phase === Phase.GIRO_PICK && s.current !== q;
  const aggOther = (s.phase === Phase.AGG_TARGET || s.phase === Phase.AGG_TAKE) && s.current !== q && s.aggGive >= 0;
  // Hidden places: 0..n-1 opponents' hands (their unknown part), n the deck, n+1 the face-down card.
  const free = (place: number, c: number): number => {
    if (place === n) return s.deck[c];
    if (place === n + 1) return aggOther && s.aggGive === c ? 1 : 0;
    const known = s.known[(q * n + place) * T + c];
    const reserved = giroOther && place === s.current ? s.giroChosen[c] : 0;
    return s.hands[place * T + c] - Math.max(known, reserved);
  };
  const add = (place: number, c: number, k: number) => {
    if (place === n) s.deck[c] += k;
    else if (place === n + 1) s.aggGive = k > 0 ? c : s.aggGive;
    else s.hands[place * T + c] += k;
  };
  const places: number[] = [];
  for (let t = 0; t < n; t++) if (t !== q) places.push(t);
  places.push(n);
  if (aggOther) places.push(n + 1);
  for (let swaps = 0; swaps < 6; swaps++) {
    const a = places[rng.int(places.length)];
    const b = places[rng.int(places.length)];
    if (a === b) continue;
    const c = rng.int(T);
    const d = rng.int(T);
    if (c === d || free(a, c) <= 0 || free(b, d) <= 0) continue;
    add(a, c, -1);
    add(b, c, +1);
    add(b, d, -1);
    add(a, d, +1);
  }
  if (giroOther) {
    // The Giro player's chosen cards are some of their cards: choose others.
    s.giroChosen.fill(0);
    const hand = s.hands.slice(s.current * T, (s.current + 1) * T);
    let size = s.handSize[s.current];
    for (let i = 0; i < s.giroCount; i++) {
      let r = rng.int(size--);
      let c = 0;
      while (r >= hand[c]) r -= hand[c++];
      hand[c]--;
      s.giroChosen[c]++;
    }
  }
  // What the others know is theirs, not q's.
  for (let o = 0; o < n; o++) {
    if (o === q) continue;
    for (let i = o * n * T; i < (o + 1) * n * T; i++) s.known[i] = rng.int(3);
  }
  return s;
}

export const stramatTesting: GameTesting<StramatState> = {
  roundTripMatches: 40,
  variants: [
    { label: 'birichino', options: { birichino: true }, players: [3, 4] },
    { label: 'evening of 3', options: { evening: 3 }, players: [2, 4] },
    { label: 'short dado ends, 5 cards', options: { dadoShortDeck: 'end-without-drawing', handSize: 5 }, players: [3] },
  ],
  perturbHidden,
  // Playthroughs of rules no shipped variant reaches.
  goldenVariants: [
    { name: 'evening-2', options: { evening: 2 } },
    { name: 'birichino', options: { birichino: true } },
  ],
  metricWitnesses: stramatWitnesses,
};

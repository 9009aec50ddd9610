import type { GameTesting } from '../../engine/game.js';
import { stopWitnesses } from './witnesses.js';
import type { Rng } from '../../engine/rng.js';
import { Card } from './cards.js';
import { Phase, type StopState } from './state.js';

/*
 * How the generic test suites play Stop (Game.testing, src/engine/game.ts): short matches, fewer of them
 * where a check plays many, and the perturbation of what a seat cannot see. The perturbation lives with
 * the game because only the game knows which of its fields are hidden from whom.
 */

/**
 * Stop, from `q`'s point of view: swaps cards between the unknown part of the other hands and the draw
 * pile, reorders the draw pile, scrambles what the other players privately know (not what was shown to
 * all), and, in a window only the asked player sees (out of turn, swap cancel), asks another player.
 */
function perturbHidden(state: StopState, q: number, rng: Rng): StopState {
  const s = state.clone();
  const n = s.n;
  const T = Card.COUNT;
  // Hidden places: 0..n-1 the other hands (their unknown part), n the draw pile.
  const free = (place: number, c: number): number => {
    if (place === n) {
      let k = 0;
      for (let i = 0; i < s.pileLen; i++) if (s.pile[i] === c) k++;
      return k;
    }
    return s.hands[place * T + c] - s.known[(q * n + place) * T + c];
  };
  const move = (place: number, from: number, to: number) => {
    if (place === n) {
      for (let i = 0; i < s.pileLen; i++) {
        if (s.pile[i] === from) {
          s.pile[i] = to;
          return;
        }
      }
    } else {
      s.hands[place * T + from]--;
      s.hands[place * T + to]++;
    }
  };
  const places: number[] = [];
  for (let o = 0; o < n; o++) if (o !== q) places.push(o);
  places.push(n);
  for (let swaps = 0; swaps < 6; swaps++) {
    const a = places[rng.int(places.length)];
    const b = places[rng.int(places.length)];
    if (a === b) continue;
    const c = rng.int(T);
    const d = rng.int(T);
    if (c === d || free(a, c) <= 0 || free(b, d) <= 0) continue;
    move(a, c, d);
    move(b, d, c);
  }
  rng.shuffle(s.pile, 0, s.pileLen);
  for (let v = 0; v < n; v++) {
    if (v === q) continue;
    for (let o = 0; o < n; o++) {
      if (o === v) continue;
      for (let t = 0; t < T; t++) s.known[(v * n + o) * T + t] = s.shown[o * T + t] + rng.int(2);
    }
  }
  if ((s.phase === Phase.OUT_OF_TURN || s.phase === Phase.SWAP_CANCEL) && s.cur !== q) {
    const others: number[] = [];
    for (let o = 0; o < n; o++) if (o !== q) others.push(o);
    s.cur = others[rng.int(others.length)];
  }
  return s;
}

export const stopTesting: GameTesting<StopState> = {
  // A match to 60 points is still several rounds: the rules exercised are the same as to 500.
  quickOptions: { targetScore: 60 },
  // A Stop match has some ten times the decisions of the other games.
  roundTripMatches: 12,
  attackMatches: 2,
  perturbHidden,
  // The default match runs to 500 penalty points, several thousand lines a playthrough; to 60 it is still
  // a few rounds with every kind of card.
  goldenOptions: { targetScore: 60 },
  metricWitnesses: stopWitnesses,
  // Both need an option no shipped variant sets: a first card that attacks the dealer (firstCardEffect)
  // and a forgotten "Attenzione!" (attentionForget above 0).
  rareEventKinds: ['attack', 'attention'],
  // Forgetful players and short rounds, so that attention penalties and stuck rounds are met.
  metricVariants: [{ name: 'forgetful-short-rounds', options: { attentionForget: 0.3, maxTurnsPerRound: 30 } }],
};

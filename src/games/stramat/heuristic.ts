import { AGGIUNGO, ALT, COLPO, DADO, GIRO, JOLLY, NUM_TYPES, ONE, STRAMAT } from './cards.js';
import { A_CARD, A_COUNTER, A_DONE, A_PAIR, A_PASS, A_POWER, A_SINGLE, A_TARGET } from './actions.js';
import type { StramatObservation } from './observation.js';
import {
  PH_AGG_GIVE,
  PH_AGG_TAKE,
  PH_AGG_TARGET,
  PH_ALT_COUNTER,
  PH_ALT_TARGET,
  PH_BIRI_COUNTER,
  PH_BIRI_PICK,
  PH_COLPO_TARGET,
  PH_GIRO_PICK,
  PH_GIRO_TARGET,
  PH_MAIN,
} from './state.js';

/**
 * The greedy bot's judgement, from the observation only: roughly, how many points the action takes
 * out of my hand now, plus small tactical terms (hurt the opponent closest to going out, keep the
 * Stramat card as insurance and use it when an opponent is about to win and I am behind).
 */
export function heuristic(o: StramatObservation, a: number): number {
  const pts = o.rules.points;
  switch (o.phase) {
    case PH_MAIN:
      return mainValue(o, a);
    case PH_COLPO_TARGET:
    case PH_ALT_TARGET:
    case PH_GIRO_TARGET:
    case PH_BIRI_PICK:
      if (a === A_DONE) return 0;
      // Aim at the opponent closest to emptying their hand.
      return 10 - o.handSizes[a - A_TARGET];
    case PH_AGG_TARGET:
      return 10 - o.handSizes[a - A_TARGET];
    case PH_AGG_GIVE:
      // Give away the costliest card, but never the Stramat card while it can still save me.
      return (a - A_CARD === STRAMAT ? -5 : 0) + pts[a - A_CARD];
    case PH_AGG_TAKE: {
      const c = a - A_CARD;
      if (c === STRAMAT && !o.stramatUsed[o.player]) return 20;
      if (c === ALT || c === JOLLY) return 3;
      return -pts[c];
    }
    case PH_GIRO_PICK: {
      if (a === A_DONE) return 0;
      // Swap a card if it is worth more than an average unseen card.
      const c = a - A_CARD;
      return pts[c] - averageUnseenPoints(o) - (c === STRAMAT ? 5 : 0);
    }
    case PH_ALT_COUNTER:
    case PH_BIRI_COUNTER:
      return a === A_COUNTER ? 1 : 0;
  }
  return 0;
}

function mainValue(o: StramatObservation, a: number): number {
  const pts = o.rules.points;
  if (a === A_PASS) return 0;
  if (a < A_PAIR) return pts[a - A_SINGLE] + (a - A_SINGLE === ONE ? 0.1 : 0);
  if (a < A_POWER) {
    const code = a - A_PAIR;
    return pts[(code / 3) | 0] + pts[code % 3] + 0.5;
  }
  const t = a - A_POWER + DADO;
  const base = pts[t];
  const avg = averageUnseenPoints(o);
  const me = o.player;
  let minOpp = 99;
  for (let q = 0; q < o.players; q++) if (q !== me && o.active[q]) minOpp = Math.min(minOpp, o.handSizes[q]);
  switch (t) {
    case DADO:
      // Everyone draws: it costs me as much as the others, but speeds the end when the deck is short.
      return base - avg * 1.5;
    case COLPO:
      return base + 0.5;
    case AGGIUNGO:
      return base + Math.max(0, maxHandPoints(o) - pts[ONE]) * 0.5;
    case ALT:
      return base + 1 + (minOpp <= 2 ? 2 : 0);
    case GIRO:
      return base + Math.max(0, maxHandPoints(o) - avg);
    case JOLLY: {
      const size = o.hand.reduce((x, y) => x + y, 0);
      return base + handPoints(o) - (size - 1) * avg - 2;
    }
    case STRAMAT: {
      // Annul when an opponent is about to go out, or when I am clearly losing near the end.
      const threat = minOpp <= 1 ? 30 : 0;
      const late = o.deckSize <= o.players ? handPoints(o) - 3 * minOpp : 0;
      return threat + late - 15;
    }
  }
  return base;
}

function handPoints(o: StramatObservation): number {
  let s = 0;
  for (let c = 0; c < NUM_TYPES; c++) s += o.hand[c] * o.rules.points[c];
  return s;
}

function maxHandPoints(o: StramatObservation): number {
  let m = 0;
  for (let c = 0; c < NUM_TYPES; c++) if (o.hand[c] > 0 && c !== STRAMAT && o.rules.points[c] > m) m = o.rules.points[c];
  return m;
}

/** Mean points of the cards this player has not seen (deck and unknown opponents' cards). */
function averageUnseenPoints(o: StramatObservation): number {
  let sum = 0;
  let k = 0;
  for (let c = 0; c < NUM_TYPES; c++) {
    let left = o.rules.counts[c] - o.discard[c] - o.setAside[c] - o.hand[c];
    for (let t = 0; t < o.players; t++) left -= o.known[t][c];
    if (left > 0) {
      sum += left * o.rules.points[c];
      k += left;
    }
  }
  return k > 0 ? sum / k : 0;
}


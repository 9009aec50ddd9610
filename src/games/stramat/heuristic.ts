import { Card } from './cards.js';
import { Act } from './actions.js';
import { type StramatObservation, determinize } from './observation.js';
import { Phase } from './state.js';
import type { GameSearch } from '../../engine/game.js';
import type { StramatState } from './state.js';

/**
 * The greedy bot's judgement, from the observation only: roughly, how many points the action takes
 * out of my hand now, plus small tactical terms (hurt the opponent closest to going out, keep the
 * Stramat card as insurance and use it when an opponent is about to win and I am behind).
 */
export function heuristic(o: StramatObservation, a: number): number {
  const pts = o.rules.points;
  switch (o.phase) {
    case Phase.MAIN:
      return mainValue(o, a);
    case Phase.COLPO_TARGET:
    case Phase.ALT_TARGET:
    case Phase.GIRO_TARGET:
    case Phase.BIRI_PICK:
      if (a === Act.DONE) return 0;
      // Aim at the opponent closest to emptying their hand.
      return 10 - o.handSizes[a - Act.TARGET];
    case Phase.AGG_TARGET:
      return 10 - o.handSizes[a - Act.TARGET];
    case Phase.AGG_GIVE:
      // Give away the costliest card, but never the Stramat card while it can still save me.
      return (a - Act.CARD === Card.STRAMAT ? -5 : 0) + pts[a - Act.CARD];
    case Phase.AGG_TAKE: {
      const c = a - Act.CARD;
      if (c === Card.STRAMAT && !o.stramatUsed[o.player]) return 20;
      if (c === Card.ALT || c === Card.JOLLY) return 3;
      return -pts[c];
    }
    case Phase.GIRO_PICK: {
      if (a === Act.DONE) return 0;
      // Swap a card if it is worth more than an average unseen card.
      const c = a - Act.CARD;
      return pts[c] - averageUnseenPoints(o) - (c === Card.STRAMAT ? 5 : 0);
    }
    case Phase.ALT_COUNTER:
    case Phase.BIRI_COUNTER:
      return a === Act.COUNTER ? 1 : 0;
  }
  return 0;
}

function mainValue(o: StramatObservation, a: number): number {
  const pts = o.rules.points;
  if (a === Act.PASS) return 0;
  if (a < Act.PAIR) return pts[a - Act.SINGLE] + (a - Act.SINGLE === Card.ONE ? 0.1 : 0);
  if (a < Act.POWER) {
    const code = a - Act.PAIR;
    return pts[(code / 3) | 0] + pts[code % 3] + 0.5;
  }
  const t = a - Act.POWER + Card.DADO;
  const base = pts[t];
  const avg = averageUnseenPoints(o);
  const me = o.player;
  let minOpp = 99;
  for (let q = 0; q < o.players; q++) if (q !== me && o.active[q]) minOpp = Math.min(minOpp, o.handSizes[q]);
  switch (t) {
    case Card.DADO:
      // Everyone draws: it costs me as much as the others, but speeds the end when the deck is short.
      return base - avg * 1.5;
    case Card.COLPO:
      return base + 0.5;
    case Card.AGGIUNGO:
      return base + Math.max(0, maxHandPoints(o) - pts[Card.ONE]) * 0.5;
    case Card.ALT:
      return base + 1 + (minOpp <= 2 ? 2 : 0);
    case Card.GIRO:
      return base + Math.max(0, maxHandPoints(o) - avg);
    case Card.JOLLY: {
      const size = o.hand.reduce((x, y) => x + y, 0);
      return base + handPoints(o) - (size - 1) * avg - 2;
    }
    case Card.STRAMAT: {
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
  for (let c = 0; c < Card.COUNT; c++) s += o.hand[c] * o.rules.points[c];
  return s;
}

function maxHandPoints(o: StramatObservation): number {
  let m = 0;
  for (let c = 0; c < Card.COUNT; c++) if (o.hand[c] > 0 && c !== Card.STRAMAT && o.rules.points[c] > m) m = o.rules.points[c];
  return m;
}

/** Mean points of the cards this player has not seen (deck and unknown opponents' cards). */
function averageUnseenPoints(o: StramatObservation): number {
  let sum = 0;
  let k = 0;
  for (let c = 0; c < Card.COUNT; c++) {
    let left = o.rules.counts[c] - o.discard[c] - o.setAside[c] - o.hand[c];
    for (let t = 0; t < o.players; t++) left -= o.known[t][c];
    if (left > 0) {
      sum += left * o.rules.points[c];
      k += left;
    }
  }
  return k > 0 ? sum / k : 0;
}

/** The search facet: the aids the bots use (greedy's heuristic, the search bots' sampling and judges). */
export const stramatSearch: GameSearch<StramatState, StramatObservation> = { heuristic, determinize, cloneInto: (s, into) => s.cloneInto(into) };

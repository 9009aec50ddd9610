import { Card, KIND_OF, Kind, XPLUS_VALUE } from './cards.js';
import { configOf } from './config.js';
import { type StopObservation, determinize } from './observation.js';
import { Act, SwapMode } from './state.js';
import type { GameSearch } from '../../engine/game.js';
import type { StopState } from './state.js';
import { evaluate, stage } from './evaluate.js';

/** Value of holding one card fewer, beyond its penalty points (tempo towards going out). */
const CARD = 15;
/** Value of emptying the hand (the round ends: every opponent scores, we score nothing). */
const OUT = 1000;

/**
 * The greedy bot's heuristic, judged from the observation only: roughly the penalty points (and cards)
 * the action saves this player, plus small bonuses for attacking a next player who is close to going out.
 */
export function heuristic(obs: StopObservation, a: number): number {
  const cfg = configOf(obs.options);
  const pen = cfg.penalty;
  const avg = cfg.meanPenalty;
  const me = obs.player;
  const n = obs.players;
  const handLen = obs.hand.length;
  const nextSize = obs.handSizes[(me + 1) % n];
  const drawCost = avg + CARD;

  const shed = (t: number, cards: number): number => {
    let v = pen[t] + CARD;
    if (handLen === cards && KIND_OF[t] !== Kind.SWAP) v += OUT;
    return v;
  };
  const attackBonus = (t: number): number => {
    const k = KIND_OF[t];
    const threat = nextSize <= 2 ? 2 : 1;
    if (k === Kind.TWO_PLUS) return 0.5 * drawCost * threat;
    if (k === Kind.SKIP) return 5 * threat;
    if (k === Kind.XPLUS) return 2 * drawCost * threat;
    if (k === Kind.SWAP) return handLen === 1 ? -handValue(obs, me) - OUT : 0;
    if (k === Kind.ZERO) return -10; // worth keeping as a defence
    return 0;
  };

  switch (obs.phase) {
    case 'turn':
      if (a === Act.DRAW) return -drawCost;
      if (a === Card.JOLLY) return pen[Card.JOLLY] + CARD + (handLen === 2 ? OUT : 0);
      return shed(a, 1) + attackBonus(a) + colourFollowUps(obs, a);
    case 'jolly':
      return shed(a, 2) + attackBonus(a) + colourFollowUps(obs, a);
    case 'attack_draw':
      if (a === Act.DRAW) return -obs.attackCount * drawCost;
      if (a === Card.JOLLY) return pen[Card.JOLLY] + CARD;
      return shed(a, 1) + (KIND_OF[a] === Kind.TWO_PLUS ? 0.5 * drawCost : 0);
    case 'attack_skip':
      if (a === Act.PASS) return -CARD;
      if (a === Card.JOLLY) return pen[Card.JOLLY] + CARD;
      return shed(a, 1) + 5;
    case 'attack_xplus':
      if (a === Act.DRAW) return -3 * drawCost;
      if (KIND_OF[a] === Kind.ZERO && ((a / 12) | 0) === obs.attackColour) return shed(a, 1) + 10;
      return pen[a] + CARD - XPLUS_VALUE[KIND_OF[a]] * drawCost + (handLen === 1 && KIND_OF[a] === Kind.ZERO ? OUT : 0);
    case 'swap_choose':
      return handValue(obs, me) - handValue(obs, swapSourceOfChoice(obs, a));
    case 'swap_cancel':
      if (a === Act.PASS) return handValue(obs, me) - handValue(obs, swapSourceOfPending(obs));
      return shed(a, 1);
    case 'out_of_turn':
      if (a === Act.PASS) return 0;
      return shed(a, 1) + (KIND_OF[a] === Kind.TWO_PLUS ? 0.5 * drawCost : 0);
    default:
      return 0;
  }
}

/** The seat whose hand this player would take by choosing swap action a. */
function swapSourceOfChoice(obs: StopObservation, a: number): number {
  const me = obs.player;
  const n = obs.players;
  if (a === Act.SWAP_LEFT) return (me - 1 + n) % n;
  if (a === Act.SWAP_RIGHT) return (me + 1) % n;
  return a - Act.SWAP_SEAT;
}

/** The seat whose hand this player would take if the pending swap (obs.swapMode) goes ahead uncancelled. */
function swapSourceOfPending(obs: StopObservation): number {
  const me = obs.player;
  const n = obs.players;
  const mode = obs.swapMode;
  if (mode === SwapMode.LEFT) return (me - 1 + n) % n;
  if (mode === SwapMode.RIGHT) return (me + 1) % n;
  return mode === me ? obs.swapPlayer : mode;
}

/** The cost of holding seat o's hand, as this player sees it: known cards at face value, the rest average. */
function handValue(obs: StopObservation, o: number): number {
  const cfg = configOf(obs.options);
  const pen = cfg.penalty;
  let v = 0;
  if (o === obs.player) {
    for (const t of obs.hand) v += pen[t] + CARD;
    return v;
  }
  const known = obs.known[o];
  for (const t of known) v += pen[t] + CARD;
  v += (obs.handSizes[o] - known.length) * (cfg.meanPenalty + CARD);
  return v;
}

/** A small bonus for playing a colour we hold more of (keeps follow-up plays available). */
function colourFollowUps(obs: StopObservation, t: number): number {
  if (t >= Card.COUNT - 1) return 0;
  const c = (t / 12) | 0;
  let same = 0;
  for (const u of obs.hand) if (u !== Card.JOLLY && ((u / 12) | 0) === c) same++;
  return same;
}

/** The search facet: the aids the bots use (greedy's heuristic, the search bots' sampling and judges). */
export const stopSearch: GameSearch<StopState, StopObservation> = {
  heuristic,
  determinize,
  cloneInto: (s, into) => s.cloneInto(into),
  stage,
  evaluate,
};

import type { Rng } from '../../engine/rng.js';
import { Card, type StramatRules } from './cards.js';
import { Phase, StramatState, copyInto } from './state.js';

/**
 * What one player knows. Public: the table (deck size, the open discard pile, hand sizes, blocks,
 * who has used the Stramat card, the evening's points, the pending power card and its public
 * choices). Private: the own hand, the face-down Aggiungo card and the Giro cards being chosen when
 * they are the player's own, and `known`: what this player has seen of each opponent's hand.
 */
export interface StramatObservation {
  player: number;
  players: number;
  rules: StramatRules;
  phase: number;
  /** Whose decision it is (-1 when over) and whose turn. */
  decider: number;
  current: number;
  firstPlayer: number;
  firstPlayerOfMatch: number;
  turns: number;
  gameIndex: number;
  gamesAnnulled: number;
  endReason: number;
  lampoWinner: number;
  hand: number[];
  handSizes: number[];
  /** known[t][c]: at least this many c cards are in t's hand, as far as this player saw. Own row is zeros. */
  known: number[][];
  deckSize: number;
  discard: number[];
  top: number;
  setAside: number[];
  active: number[];
  blockedTurns: number[];
  mustPlayFree: number[];
  stramatUsed: number[];
  eveningPoints: number[];
  gamePoints: number[];
  /** Pending power card: its target and public choices. */
  target: number;
  savedMustPlayFree: number;
  /** The face-down Aggiungo card, if this player put it down; else -1. */
  aggGive: number;
  /** Giro cards chosen so far: the types only for the Giro player, the count for everyone. */
  giroChosen: number[];
  giroCount: number;
  biriChosen: number[];
  biriCount: number;
}

/**
 * The rules as an observation carries them: a fresh copy, never the state's own object (a bot that
 * changed it would change the match), and no other bot's either. Built field by field, in the shape
 * of the state's own rules object: the heuristics read it in their inner loops (a shared frozen copy
 * measured slower for greedy).
 */
function rulesCopy(r: StramatRules): StramatRules {
  return {
    counts: r.counts.slice(),
    points: r.points.slice(),
    handSize: r.handSize,
    dieSides: r.dieSides,
    evening: r.evening,
    birichino: r.birichino,
    stramatOncePerEvening: r.stramatOncePerEvening,
    dadoShortDeck: r.dadoShortDeck,
    blockedMayCounter: r.blockedMayCounter,
    birichinoCounterCancelsAll: r.birichinoCounterCancelsAll,
    stramatTakenByOthers: r.stramatTakenByOthers,
    totalCards: r.totalCards,
  };
}

export function observe(s: StramatState, p: number): StramatObservation {
  const { n } = s;
  const known: number[][] = [];
  for (let t = 0; t < n; t++) {
    const b = (p * n + t) * Card.COUNT;
    known.push(t === p ? new Array<number>(Card.COUNT).fill(0) : s.known.slice(b, b + Card.COUNT));
  }
  const ownsPending = p === s.current;
  const aggPending = s.phase === Phase.AGG_TARGET || s.phase === Phase.AGG_TAKE;
  return {
    player: p,
    players: n,
    rules: rulesCopy(s.rules),
    phase: s.phase,
    decider: s.phase === Phase.OVER ? -1 : s.decider,
    current: s.current,
    firstPlayer: s.firstPlayer,
    firstPlayerOfMatch: s.firstPlayerOfMatch,
    turns: s.turns,
    gameIndex: s.gameIndex,
    gamesAnnulled: s.gamesAnnulled,
    endReason: s.endReason,
    lampoWinner: s.lampoWinner,
    hand: s.hands.slice(p * Card.COUNT, (p + 1) * Card.COUNT),
    handSizes: s.handSize.slice(),
    known,
    deckSize: s.deckSize,
    discard: s.discard.slice(),
    top: s.top,
    setAside: s.setAside.slice(),
    active: s.active.slice(),
    blockedTurns: s.blockedTurns.slice(),
    mustPlayFree: s.mustPlayFree.slice(),
    stramatUsed: s.stramatUsed.slice(),
    eveningPoints: s.eveningPoints.slice(),
    gamePoints: s.gamePoints.slice(),
    target: s.target,
    savedMustPlayFree: s.phase === Phase.ALT_COUNTER ? s.savedMustPlayFree : 0,
    aggGive: aggPending && ownsPending ? s.aggGive : -1,
    giroChosen: s.phase === Phase.GIRO_PICK && ownsPending ? s.giroChosen.slice() : new Array<number>(Card.COUNT).fill(0),
    giroCount: s.phase === Phase.GIRO_PICK ? s.giroCount : 0,
    biriChosen: s.biriChosen.slice(),
    biriCount: s.biriCount,
  };
}

/** Draws one card type from a pool of counts (mutating it). */
function drawFrom(pool: number[], size: number, rng: Rng): number {
  let r = rng.int(size);
  let c = 0;
  while (r >= pool[c]) r -= pool[c++];
  pool[c]--;
  return c;
}

/**
 * A complete state consistent with `obs`: the player's own hand and everything public are copied;
 * each opponent's hand is what the player knows of it plus cards drawn at random from the cards the
 * player has not seen; the rest is the deck. Other players' knowledge is not observable, so it is
 * left empty (a sound lower bound).
 */
export function determinize(obs: StramatObservation, p: number, rng: Rng): StramatState {
  if (obs.player !== p) throw new Error(`determinize: observation of player ${obs.player}, asked for ${p}`);
  const s = new StramatState(obs.players, obs.rules);
  copyPublicTable(s, obs);
  const pool = placeSeenCards(s, obs, p);
  dealUnseenCards(s, obs, p, pool, rng);
  sampleGiroChoice(s, obs, p, rng);
  return s;
}

/** Everything public (phase, deciders, counters, piles, blocks, points, pending power card), copied from the observation. */
function copyPublicTable(s: StramatState, obs: StramatObservation): void {
  const n = obs.players;
  s.phase = obs.phase;
  s.decider = obs.decider < 0 ? 0 : obs.decider;
  s.current = obs.current;
  s.firstPlayer = obs.firstPlayer;
  s.firstPlayerOfMatch = obs.firstPlayerOfMatch;
  s.turns = obs.turns;
  s.gameIndex = obs.gameIndex;
  s.gamesAnnulled = obs.gamesAnnulled;
  s.endReason = obs.endReason;
  s.lampoWinner = obs.lampoWinner;
  s.deckSize = obs.deckSize;
  copyInto(s.discard, obs.discard);
  s.discardSize = obs.discard.reduce((a, b) => a + b, 0);
  s.top = obs.top;
  copyInto(s.setAside, obs.setAside);
  copyInto(s.active, obs.active);
  copyInto(s.blockedTurns, obs.blockedTurns);
  copyInto(s.mustPlayFree, obs.mustPlayFree);
  copyInto(s.stramatUsed, obs.stramatUsed);
  copyInto(s.eveningPoints, obs.eveningPoints);
  copyInto(s.gamePoints, obs.gamePoints);
  s.target = obs.target;
  s.savedMustPlayFree = obs.savedMustPlayFree;
  s.giroCount = obs.giroCount;
  copyInto(s.biriChosen, obs.biriChosen);
  s.biriCount = obs.biriCount;
  copyInto(s.handSize, obs.handSizes);
  if (obs.phase === Phase.ALT_COUNTER || obs.phase === Phase.BIRI_COUNTER) {
    s.askFrom = (obs.decider - obs.current + n) % n;
  }
}

/**
 * Puts the cards p has seen where p saw them (p's own hand, what p knows of each opponent's hand, as
 * p's knowledge too) and returns the unseen pool: every card of the game not in sight of p, as counts.
 * Throws if the observation shows more of a card than the game has.
 */
function placeSeenCards(s: StramatState, obs: StramatObservation, p: number): number[] {
  const n = obs.players;
  const pool = Array.from(obs.rules.counts);
  const take = (c: number, k: number) => {
    pool[c] -= k;
    if (pool[c] < 0) throw new Error(`determinize: inconsistent observation (too many ${c})`);
  };
  for (let c = 0; c < Card.COUNT; c++) {
    take(c, obs.discard[c] + obs.setAside[c] + obs.hand[c]);
    s.hands[p * Card.COUNT + c] = obs.hand[c];
  }
  if (isAggiungoPending(obs) && obs.current === p) take(obs.aggGive, 1);
  for (let t = 0; t < n; t++) {
    if (t === p) continue;
    const kb = (p * n + t) * Card.COUNT;
    for (let c = 0; c < Card.COUNT; c++) {
      const k = obs.known[t][c];
      take(c, k);
      s.hands[t * Card.COUNT + c] = k;
      s.known[kb + c] = k;
    }
    s.knownLive[p * n + t] = 1;
  }
  return pool;
}

function isAggiungoPending(obs: StramatObservation): boolean {
  return obs.phase === Phase.AGG_TARGET || obs.phase === Phase.AGG_TAKE;
}

/**
 * Draws the unseen cards at random from the pool: another player's face-down Aggiungo card first, then
 * each opponent's hand up to its size in seat order; what is left (as long as the observed deck) is the deck.
 */
function dealUnseenCards(s: StramatState, obs: StramatObservation, p: number, pool: number[], rng: Rng): void {
  let poolSize = pool.reduce((a, b) => a + b, 0);
  // The face-down Aggiungo card of another player is one unseen card.
  if (isAggiungoPending(obs)) {
    s.aggGive = obs.current === p ? obs.aggGive : drawFrom(pool, poolSize--, rng);
  }
  for (let t = 0; t < obs.players; t++) {
    if (t === p) continue;
    let have = 0;
    for (let c = 0; c < Card.COUNT; c++) have += s.hands[t * Card.COUNT + c];
    for (; have < obs.handSizes[t]; have++) s.hands[t * Card.COUNT + drawFrom(pool, poolSize--, rng)]++;
  }
  if (poolSize !== obs.deckSize) {
    throw new Error(`determinize: inconsistent observation (${poolSize} unseen cards for a deck of ${obs.deckSize})`);
  }
  for (let c = 0; c < Card.COUNT; c++) s.deck[c] = pool[c];
}

/** Giro cards being chosen by another player: some of that player's (sampled) cards; p's own choice as observed. */
function sampleGiroChoice(s: StramatState, obs: StramatObservation, p: number, rng: Rng): void {
  if (obs.phase !== Phase.GIRO_PICK) return;
  if (obs.current === p) copyInto(s.giroChosen, obs.giroChosen);
  else {
    const hand = s.hands.slice(obs.current * Card.COUNT, (obs.current + 1) * Card.COUNT);
    let size = obs.handSizes[obs.current];
    for (let i = 0; i < obs.giroCount; i++) s.giroChosen[drawFrom(hand, size--, rng)]++;
  }
}

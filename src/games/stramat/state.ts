import type { GameEvent } from '../../engine/game.js';
import { Card, type StramatRules } from './cards.js';

/** Decision phases. A turn's power card may need several small decisions (target, card, ...). */
export const enum Phase {
  MAIN = 0,
  COLPO_TARGET = 1,
  ALT_TARGET = 2,
  ALT_COUNTER = 3,
  AGG_GIVE = 4,
  AGG_TARGET = 5,
  AGG_TAKE = 6,
  GIRO_TARGET = 7,
  GIRO_PICK = 8,
  BIRI_PICK = 9,
  BIRI_COUNTER = 10,
  OVER = 11,
}

export const PHASE_NAMES = [
  'main',
  'colpo-target',
  'alt-target',
  'alt-counter',
  'aggiungo-give',
  'aggiungo-target',
  'aggiungo-take',
  'giro-target',
  'giro-pick',
  'birichino-pick',
  'birichino-counter',
  'over',
] as const;

/** End reasons of one game. */
export const enum EndReason {
  NONE = 0,
  DECK_EMPTY = 1,
  EMPTY_HAND = 2,
  STRAMAT = 3,
  DADO_SHORT = 4,
}
export const END_REASONS = ['', 'deck_empty', 'empty_hand', 'stramat', 'dado_short_deck'] as const;

/** The rules' counters in `state.metrics`; metrics.ts copies each into its named matches.csv column. */
export const enum Metric {
  /** Ten slots: cards of each type played (discarded). */
  PLAYED = 0,
  ALT_TRAPS = 10,
  JOLLY_USES = 11,
  ANNULLED = 12,
  DECK_LEFT = 13,
  PASSES = 14,
  BLOCKED_TURNS = 15,
  EMPTY_HAND_WINS = 16,
  ELIMINATED = 17,
  GAMES = 18,
  DADO_ROLLED = 19,
  /** How many metric slots there are. */
  COUNT = 20,
}

/**
 * The whole state of a match (an evening of one or more games). Everything is flat typed arrays so a
 * clone is a handful of `slice()` calls. Cards of one type are interchangeable, so the hands, deck and
 * discard pile are counts; a draw takes a uniformly random card of the deck, which is the same as
 * drawing the top of a shuffled deck, and means no hidden deck order exists that anyone could peek at.
 */
/** Packed arrays of zeros by length; copying one is ten times faster than building one. */
const zeroTemplates: number[][] = [];

/** A packed array of n zeros (plain arrays of small integers copy much faster than typed arrays). */
export function zeros(n: number): number[] {
  let t = zeroTemplates[n];
  if (t === undefined) {
    t = [];
    for (let i = 0; i < n; i++) t.push(0);
    zeroTemplates[n] = t;
  }
  return t.slice();
}

/**
 * Sets a[from..to) to v. A plain loop: on these short arrays of small integers, Array.prototype.fill
 * cost several times more (it was a twentieth of a random match in the profile).
 */
export function setAll(a: number[], v: number, from = 0, to = a.length): void {
  for (let i = from; i < to; i++) a[i] = v;
}

/** Copies `from` into `to`, an array of the same length (a plain loop: these arrays are short). */
export function copyInto(to: number[], from: readonly number[]): void {
  for (let i = 0; i < from.length; i++) to[i] = from[i];
}

/** Placeholder before allocation; never mutated. */
const EMPTY: number[] = [];

export class StramatState {
  n: number;
  rules: StramatRules;
  /** hands[p * Card.COUNT + t]: copies of type t in p's hand. */
  hands: number[] = EMPTY;
  handSize: number[] = EMPTY;
  deck: number[] = EMPTY;
  deckSize = 0;
  discard: number[] = EMPTY;
  discardSize = 0;
  /** Type on top of the discard pile. */
  top = 0;
  /** Cards set aside for the rest of the game (Birichino's Stramat card). */
  setAside: number[] = EMPTY;
  /**
   * known[(o * n + t) * Card.COUNT + c]: a lower bound, as far as player o knows, on the copies of c
   * in t's hand (cards o gave t, saw in t's hand through Aggiungo, ...). Sound by construction: only
   * ever raised by what o saw and lowered when cards leave t's hand unseen.
   */
  known: number[] = EMPTY;
  /**
   * knownLive[o * n + t]: 0 when o's block of `known` about t is all zeros, which lets the updates for
   * cards that leave t's hand unseen skip it (they were a twelfth of a random match). Set to 1 by every
   * write that may raise the block; only ever cleared after checking, so a stale 1 costs time, not truth.
   */
  knownLive: number[] = EMPTY;
  active: number[] = EMPTY;
  blockedTurns: number[] = EMPTY;
  /** Set when a player is blocked; cleared when they finish a free turn. Alt cannot target them meanwhile. */
  mustPlayFree: number[] = EMPTY;
  stramatUsed: number[] = EMPTY;
  /** Per-game points at the end of each finished game, summed over the evening. */
  eveningPoints: number[] = EMPTY;
  /** Points of the current game once it is over (for the result of an evening's last game). */
  gamePoints: number[] = EMPTY;

  phase = Phase.MAIN;
  /** Whose turn it is. */
  current = 0;
  /** Whose decision it is now (differs from current during a counter-Alt window). */
  decider = 0;
  firstPlayer = 0;
  firstPlayerOfMatch = -1;
  turns = 0;
  gameIndex = 0;
  gamesAnnulled = 0;
  endReason = 0;
  /** Winner of the last game by empty hand, or -1. */
  lampoWinner = -1;

  // Pending power-card data.
  target = -1;
  /** Aggiungo: the card put face down (taken out of the hand until given). */
  aggGive = -1;
  /** Alt: the block lifted by a counter restores the target's flag. */
  savedMustPlayFree = 0;
  /** Counter-Alt / Birichino counter: next seat to be asked is searched from here. */
  askFrom = 0;
  /** Giro: cards chosen so far, per type (still counted in the hand until the swap). */
  giroChosen: number[] = EMPTY;
  giroCount = 0;
  /** Birichino: chosen opponents (1 = chosen). */
  biriChosen: number[] = EMPTY;
  biriCount = 0;

  metrics: number[] = EMPTY;

  /**
   * Where `setup`/`apply` write events, set at their start from the caller's argument (undefined in a
   * tournament). Never cloned: a copy, like a bot's, writes none.
   */
  ev: GameEvent[] | undefined = undefined;

  constructor(n: number, rules: StramatRules, allocate = true) {
    this.n = n;
    this.rules = rules;
    if (!allocate) return;
    this.hands = zeros(n * Card.COUNT);
    this.handSize = zeros(n);
    this.deck = zeros(Card.COUNT);
    this.discard = zeros(Card.COUNT);
    this.setAside = zeros(Card.COUNT);
    this.known = zeros(n * n * Card.COUNT);
    this.knownLive = zeros(n * n);
    this.active = zeros(n);
    this.blockedTurns = zeros(n);
    this.mustPlayFree = zeros(n);
    this.stramatUsed = zeros(n);
    this.eveningPoints = zeros(n);
    this.gamePoints = zeros(n);
    this.giroChosen = zeros(Card.COUNT);
    this.biriChosen = zeros(n);
    this.metrics = zeros(Metric.COUNT);
  }

  /**
   * Makes this state (of an earlier match, with the same player count) what a new one is: every field
   * back to its initial value, the arrays zeroed in place with loops (Array.prototype.fill costs
   * several times more on arrays this short). tests/games/stramat/invariants.test.ts checks that a recycled
   * state plays exactly like a fresh one.
   */
  recycle(rules: StramatRules): void {
    this.rules = rules;
    setAll(this.hands, 0);
    setAll(this.handSize, 0);
    setAll(this.deck, 0);
    setAll(this.discard, 0);
    setAll(this.setAside, 0);
    setAll(this.known, 0);
    setAll(this.knownLive, 0);
    setAll(this.active, 0);
    setAll(this.blockedTurns, 0);
    setAll(this.mustPlayFree, 0);
    setAll(this.stramatUsed, 0);
    setAll(this.eveningPoints, 0);
    setAll(this.gamePoints, 0);
    setAll(this.giroChosen, 0);
    setAll(this.biriChosen, 0);
    setAll(this.metrics, 0);
    this.deckSize = 0;
    this.discardSize = 0;
    this.top = 0;
    this.phase = Phase.MAIN;
    this.current = 0;
    this.decider = 0;
    this.firstPlayer = 0;
    this.firstPlayerOfMatch = -1;
    this.turns = 0;
    this.gameIndex = 0;
    this.gamesAnnulled = 0;
    this.endReason = 0;
    this.lampoWinner = -1;
    this.target = -1;
    this.aggGive = -1;
    this.savedMustPlayFree = 0;
    this.askFrom = 0;
    this.giroCount = 0;
    this.biriCount = 0;
  }

  /** An independent copy: plain arrays of small integers, so each copy is a fast `slice()`. */
  clone(): StramatState {
    const c = new StramatState(this.n, this.rules, false);
    c.hands = this.hands.slice();
    c.handSize = this.handSize.slice();
    c.deck = this.deck.slice();
    c.discard = this.discard.slice();
    c.setAside = this.setAside.slice();
    c.known = this.known.slice();
    c.knownLive = this.knownLive.slice();
    c.active = this.active.slice();
    c.blockedTurns = this.blockedTurns.slice();
    c.mustPlayFree = this.mustPlayFree.slice();
    c.stramatUsed = this.stramatUsed.slice();
    c.eveningPoints = this.eveningPoints.slice();
    c.gamePoints = this.gamePoints.slice();
    c.giroChosen = this.giroChosen.slice();
    c.biriChosen = this.biriChosen.slice();
    c.metrics = this.metrics.slice();
    c.copyScalars(this);
    return c;
  }

  /**
   * `clone()` written into `into`, a state of the same match (same players and rules) nobody else holds:
   * the same values, without allocating (GameSearch.cloneInto).
   */
  cloneInto(into: StramatState): StramatState {
    copyInto(into.hands, this.hands);
    copyInto(into.handSize, this.handSize);
    copyInto(into.deck, this.deck);
    copyInto(into.discard, this.discard);
    copyInto(into.setAside, this.setAside);
    copyInto(into.known, this.known);
    copyInto(into.knownLive, this.knownLive);
    copyInto(into.active, this.active);
    copyInto(into.blockedTurns, this.blockedTurns);
    copyInto(into.mustPlayFree, this.mustPlayFree);
    copyInto(into.stramatUsed, this.stramatUsed);
    copyInto(into.eveningPoints, this.eveningPoints);
    copyInto(into.gamePoints, this.gamePoints);
    copyInto(into.giroChosen, this.giroChosen);
    copyInto(into.biriChosen, this.biriChosen);
    copyInto(into.metrics, this.metrics);
    into.rules = this.rules;
    into.copyScalars(this);
    return into;
  }

  /** Every field that is not an array (nor the rules), from `from`. */
  private copyScalars(from: StramatState): void {
    this.deckSize = from.deckSize;
    this.discardSize = from.discardSize;
    this.top = from.top;
    this.phase = from.phase;
    this.current = from.current;
    this.decider = from.decider;
    this.firstPlayer = from.firstPlayer;
    this.firstPlayerOfMatch = from.firstPlayerOfMatch;
    this.turns = from.turns;
    this.gameIndex = from.gameIndex;
    this.gamesAnnulled = from.gamesAnnulled;
    this.endReason = from.endReason;
    this.lampoWinner = from.lampoWinner;
    this.target = from.target;
    this.aggGive = from.aggGive;
    this.savedMustPlayFree = from.savedMustPlayFree;
    this.askFrom = from.askFrom;
    this.giroCount = from.giroCount;
    this.biriCount = from.biriCount;
  }

  count(p: number, t: number): number {
    return this.hands[p * Card.COUNT + t];
  }

  handPoints(p: number): number {
    let s = 0;
    const base = p * Card.COUNT;
    for (let t = 0; t < Card.COUNT; t++) s += this.hands[base + t] * this.rules.points[t];
    return s;
  }
}

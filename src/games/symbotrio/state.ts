import { Limits, type SymbotrioConfig } from './config.js';

/**
 * Decisions (the `phase` of a state).
 *   FLIP          the player flips a square (actions 0..squares-1) or stops (Act.STOP).
 *   CHEAT_TARGET  the player of a cheater card chooses the opponent to draw from (Act.TARGET + seat).
 *   OVER          the match is over.
 */
export const enum Phase {
  FLIP = 0,
  CHEAT_TARGET = 1,
  OVER = 2,
}
export const PHASE_NAMES = ['flip', 'cheat_target', 'over'] as const;
export type PhaseName = (typeof PHASE_NAMES)[number];

/** Actions: 0..squares-1 flip the square at that position of the keypad (as it lies now). */
export const enum Act {
  /** Stop flipping (fewer than three squares). */
  STOP = Limits.MAX_SQUARES,
  /** Act.TARGET + seat: draw from that opponent's won cards (cheater card). */
  TARGET = Limits.MAX_SQUARES + 1,
  /** How many action codes there are. */
  COUNT = Limits.MAX_SQUARES + 1 + Limits.MAX_PLAYERS,
}
export const MAX_ACTIONS = Act.COUNT;

/** Statistics counters; the metrics derive from them. */
export const enum Stat {
  FLIPS = 0,
  WASTED_FLIPS = 1,
  ATTEMPTS = 2,
  WINS = 3,
  PRISON_TURNS = 4,
  ROTATIONS = 5,
  CHEATER_USES = 6,
  CHEATER_WINS = 7,
  CHEATER_RESHUFFLES = 8,
  EASY_LOOT = 9,
  SITTING_OUT = 10,
  COUNT = 11,
}

export const enum EndReason {
  NONE = 0,
  ALL_WON = 1,
  DECK_EMPTY = 2,
  TURN_CAP = 3,
}
export const END_REASONS = ['unfinished', 'all_won', 'deck_empty', 'turn_cap'] as const;

/** The complete state of a Symbotrio match. Mutable; `clone` copies every typed array. */
export class SymbotrioState {
  /** at[pos]: the sticker on the square at keypad position pos (positions as the board lies now). */
  readonly at: Int8Array;
  /** seen[pos]: the sticker of that square if it was ever flipped (everyone saw it), else -1. Moves with rotations. */
  readonly seen: Int8Array;
  /** The turn, the flip serial number and the rotation count when the square at pos was last flipped (-1: never). */
  readonly seenTurn: Int32Array;
  readonly seenFlip: Int32Array;
  readonly seenRot: Int32Array;
  /** Positions flipped in the current attempt, in order. */
  readonly flipped: Int8Array;
  nFlipped = 0;
  /** Face-down deck, top at deck[deckLen - 1]. Card ids (config.ts). */
  readonly deck: Int16Array;
  deckLen = 0;
  /** The face-up card in front of each player (-1: none), and whether its turn-up effect is still to come. */
  readonly front: Int16Array;
  readonly fresh: Uint8Array;
  /** Won cards, face down: pile[p * cards + i] for i < pileLen[p]. */
  readonly pile: Int16Array;
  readonly pileLen: Int32Array;
  /** Cheater cards set aside (no opponent to rob and no other card to take). */
  readonly voided: Int16Array;
  voidLen = 0;
  /** Players who lose their next turn (prison, option prisonSkip 'next'). */
  readonly skip: Uint8Array;
  /** Cheater cards in play this turn (the one played, and any drawn from the victim). */
  readonly cheaters: Int16Array;
  cheatLen = 0;
  /** The card drawn from the victim, whose gem is being tried (-1: none), and the victim. */
  stolen = -1;
  victim = -1;
  readonly stats: Int32Array;
  phase = Phase.FLIP;
  cur = 0;
  firstPlayer = 0;
  turns = 0;
  rotations = 0;
  /** 0: the keypad lies as at the start (rows x cols); 1: turned an odd number of times (a grid is cols x rows). */
  shape = 0;
  endReason = EndReason.NONE;

  constructor(
    readonly cfg: SymbotrioConfig,
    readonly n: number,
    copyFrom?: SymbotrioState,
  ) {
    const q = cfg.squares;
    const c = cfg.cards;
    if (copyFrom) {
      this.at = copyFrom.at.slice();
      this.seen = copyFrom.seen.slice();
      this.seenTurn = copyFrom.seenTurn.slice();
      this.seenFlip = copyFrom.seenFlip.slice();
      this.seenRot = copyFrom.seenRot.slice();
      this.flipped = copyFrom.flipped.slice();
      this.deck = copyFrom.deck.slice();
      this.front = copyFrom.front.slice();
      this.fresh = copyFrom.fresh.slice();
      this.pile = copyFrom.pile.slice();
      this.pileLen = copyFrom.pileLen.slice();
      this.voided = copyFrom.voided.slice();
      this.skip = copyFrom.skip.slice();
      this.cheaters = copyFrom.cheaters.slice();
      this.stats = copyFrom.stats.slice();
      this.copyScalars(copyFrom);
    } else {
      this.at = new Int8Array(q);
      this.seen = new Int8Array(q);
      this.seenTurn = new Int32Array(q);
      this.seenFlip = new Int32Array(q);
      this.seenRot = new Int32Array(q);
      this.flipped = new Int8Array(3);
      this.deck = new Int16Array(c);
      this.front = new Int16Array(n);
      this.fresh = new Uint8Array(n);
      this.pile = new Int16Array(n * c);
      this.pileLen = new Int32Array(n);
      this.voided = new Int16Array(c);
      this.skip = new Uint8Array(n);
      this.cheaters = new Int16Array(c);
      this.stats = new Int32Array(Stat.COUNT);
    }
  }

  clone(): SymbotrioState {
    return new SymbotrioState(this.cfg, this.n, this);
  }

  /**
   * `clone()` written into `into`, a state of the same match (same configuration and players) nobody else
   * holds: the same values, without allocating (GameSearch.cloneInto).
   */
  cloneInto(into: SymbotrioState): SymbotrioState {
    into.at.set(this.at);
    into.seen.set(this.seen);
    into.seenTurn.set(this.seenTurn);
    into.seenFlip.set(this.seenFlip);
    into.seenRot.set(this.seenRot);
    into.flipped.set(this.flipped);
    into.deck.set(this.deck);
    into.front.set(this.front);
    into.fresh.set(this.fresh);
    into.pile.set(this.pile);
    into.pileLen.set(this.pileLen);
    into.voided.set(this.voided);
    into.skip.set(this.skip);
    into.cheaters.set(this.cheaters);
    into.stats.set(this.stats);
    into.copyScalars(this);
    return into;
  }

  /** Every field that is not an array, from `from`. */
  private copyScalars(from: SymbotrioState): void {
    this.nFlipped = from.nFlipped;
    this.deckLen = from.deckLen;
    this.voidLen = from.voidLen;
    this.cheatLen = from.cheatLen;
    this.stolen = from.stolen;
    this.victim = from.victim;
    this.phase = from.phase;
    this.cur = from.cur;
    this.firstPlayer = from.firstPlayer;
    this.turns = from.turns;
    this.rotations = from.rotations;
    this.shape = from.shape;
    this.endReason = from.endReason;
  }

  /** Empties every counter and list, for a new match in the same memory. */
  clear(): void {
    this.seen.fill(-1);
    this.seenTurn.fill(-1);
    this.seenFlip.fill(-1);
    this.seenRot.fill(-1);
    this.front.fill(-1);
    this.fresh.fill(0);
    this.pileLen.fill(0);
    this.skip.fill(0);
    this.stats.fill(0);
    this.nFlipped = 0;
    this.deckLen = 0;
    this.voidLen = 0;
    this.cheatLen = 0;
    this.stolen = -1;
    this.victim = -1;
    this.phase = Phase.FLIP;
    this.cur = 0;
    this.turns = 0;
    this.rotations = 0;
    this.shape = 0;
    this.endReason = EndReason.NONE;
  }

  /** Adds card c to p's won pile, which is kept in ascending order (the observation lists it so). */
  win(p: number, c: number): void {
    const pile = this.pile;
    const base = p * this.cfg.cards;
    let i = base + this.pileLen[p]++;
    for (; i > base && pile[i - 1] > c; i--) pile[i] = pile[i - 1];
    pile[i] = c;
  }

  /** Takes the card at index i of p's won pile out of it (the order of the rest is kept). */
  takeFromPile(p: number, i: number): number {
    const pile = this.pile;
    const base = p * this.cfg.cards;
    const c = pile[base + i];
    const end = base + --this.pileLen[p];
    for (let k = base + i; k < end; k++) pile[k] = pile[k + 1];
    return c;
  }

  /** The card being tried now: the stolen card, or the card in front of the current player. */
  target(): number {
    return this.stolen >= 0 ? this.stolen : this.front[this.cur];
  }

  /** Cards p has won. */
  score(p: number): number {
    return this.pileLen[p];
  }
}

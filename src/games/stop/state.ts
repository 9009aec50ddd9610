import type { GameEvent } from '../../engine/game.js';
import { Card } from './cards.js';
import type { StopConfig } from './config.js';

/**
 * Decisions (the `phase` of a state). `cur` is the seat deciding; `turn` the seat whose turn it is.
 *   TURN         the turn-holder plays a valid card, starts a jolly, or draws (no valid card).
 *   ATTACK_DRAW  the turn-holder faces a 2+ (attackCount cards): pass it on with a 2+, defend with a 0 of
 *                attackColour, or draw.
 *   ATTACK_SKIP  the turn-holder faces attackCount skips: add a skip, defend with a 0, or be skipped.
 *   ATTACK_X     the turn-holder faces an X+: defend with a 0 of its colour, play a number card and draw its
 *                value, or (no number card) draw one.
 *   JOLLY        the player who put down a jolly chooses the coloured card played with it.
 *   SWAP_CHOOSE  the player of a swap chooses: one opponent, all to the left, all to the right.
 *   SWAP_CANCEL  an involved player holding a 0 of the swap's colour may cancel the swap.
 *   OUT_OF_TURN  a player holding a card identical to the top card may play it out of turn.
 *   OVER         the match is over.
 */
export const enum Phase {
  TURN = 0,
  ATTACK_DRAW = 1,
  ATTACK_SKIP = 2,
  ATTACK_X = 3,
  JOLLY = 4,
  SWAP_CHOOSE = 5,
  SWAP_CANCEL = 6,
  OUT_OF_TURN = 7,
  OVER = 8,
}
export const PHASE_NAMES = [
  'turn',
  'attack_draw',
  'attack_skip',
  'attack_xplus',
  'jolly',
  'swap_choose',
  'swap_cancel',
  'out_of_turn',
  'over',
] as const;
export type PhaseName = (typeof PHASE_NAMES)[number];

/** Pending attack on the turn-holder. */
export const enum Attack {
  NONE = 0,
  DRAW = 1,
  SKIP = 2,
  X = 3,
}
export const ATTACK_NAMES = ['none', 'draw', 'skip', 'xplus'] as const;

/**
 * Actions. 0..Card.COUNT-1 play a card of that type (in whatever role the decision gives it: normal play,
 * the card accompanying a jolly, a defence, a stack, the X+ card, an out-of-turn card, a swap cancel).
 */
export const enum Act {
  /** Draw (no valid card, take the 2+ stack, X+ with no number card). */
  DRAW = Card.COUNT,
  /** Decline (out-of-turn play, swap cancel) or accept being skipped. */
  PASS = DRAW + 1,
  /** Every hand passes to the left. */
  SWAP_LEFT = DRAW + 2,
  /** Every hand passes to the right. */
  SWAP_RIGHT = DRAW + 3,
  /** Act.SWAP_SEAT + seat (0..9): swap hands with that seat. */
  SWAP_SEAT = DRAW + 4,
  /** How many action codes there are (a swap with each of up to ten seats is the last). */
  COUNT = SWAP_SEAT + 10,
}
/** The most actions any decision lists (every action code; the game's maxActions). */
export const MAX_ACTIONS = Act.COUNT;

/** Swap modes as stored in swapMode (and logged). 0..9 = with that seat. */
export const enum SwapMode {
  LEFT = 10,
  RIGHT = 11,
}

/**
 * Public events of the current round, one int each: kind | (player + 1) << 4 | arg << 8.
 */
export const enum Ev {
  /** First card turned up (arg type). */
  FLIP = 0,
  /** Card played in turn (arg type). */
  PLAY = 1,
  /** Identical card played out of turn (arg type). */
  OUT_OF_TURN = 2,
  /** 0 played in defence against the pending attack (arg type). */
  DEFEND = 3,
  /** 2+ on 2+ or skip on skip (arg type). */
  STACK = 4,
  /** Cards drawn (arg count actually drawn). */
  DRAW = 5,
  /** Player skipped. */
  SKIPPED = 6,
  /** Player shows the hand (X+): followed by one Ev.SHOWN per card. */
  SHOW = 7,
  /** A card of the shown hand, or the card drawn under X+ (arg type). */
  SHOWN = 8,
  /** Number card played under X+ (arg type). */
  XPLAY = 9,
  /** Swap chosen (arg mode: seat, SwapMode.LEFT, SwapMode.RIGHT). */
  SWAP = 10,
  /** Swap cancelled with a 0 (arg type). */
  CANCEL = 11,
  /** "Attenzione!" forgotten (arg penalty cards). */
  FORGOT = 12,
  /** The discards (but the top) became the deck. */
  RESHUFFLE = 13,
  /** Jolly played with a coloured card (arg type of that card). */
  JOLLY = 14,
  /** X+ passed on (symbol drawn). */
  XPASS = 15,
}
export const EVENT_NAMES = [
  'flip',
  'play',
  'out_of_turn',
  'defend',
  'stack',
  'draw',
  'skipped',
  'show',
  'shown',
  'xplay',
  'swap',
  'cancel',
  'forgot',
  'reshuffle',
  'jolly',
  'xpass',
] as const;

export function eventKind(ev: number): number {
  return ev & 15;
}
export function eventPlayer(ev: number): number {
  return ((ev >> 4) & 15) - 1;
}
export function eventArg(ev: number): number {
  return ev >> 8;
}

/** Indices of the statistics counters (the metrics derive from them). */
export const enum Stat {
  ROUNDS = 0,
  OUT_OF_TURN = 1,
  STACKS = 2,
  SWAPS = 3,
  ZERO_DEFENCES = 4,
  STUCK = 5,
  ATTENTION = 6,
  RESHUFFLES = 7,
  SWAP_CANCELS = 8,
  /** How many counters there are. */
  COUNT = 9,
}

/** End reasons of a match, in the order of END_REASONS. */
export const enum EndReason {
  NONE = 0,
  SCORE = 1,
  ROUND_CAP = 2,
}
export const END_REASONS = ['unfinished', 'score_limit', 'round_cap'] as const;

/** The complete state of a Stop match. Mutable; `clone` copies every typed array. */
export class StopState {
  /**
   * One block of memory for hands, shown, known and a scratch row (so that a clone is one copy and a
   * swap moves rows with native copyWithin). The three are views into it; offsets below.
   */
  readonly mem: Uint8Array;
  readonly offShown: number;
  readonly offKnown: number;
  readonly offScratch: number;
  /** Per seat, Card.COUNT counts: hands[p * Card.COUNT + t]. */
  readonly hands: Uint8Array;
  readonly sizes: Int32Array;
  /** Draw pile, top at pile[pileLen - 1]. */
  readonly pile: Uint8Array;
  pileLen = 0;
  /** Discard pile, top at disc[discLen - 1]. */
  readonly disc: Uint8Array;
  discLen = 0;
  /**
   * known[(v * n + o) * Card.COUNT + t]: cards of type t that viewer v knows to be in o's hand (a lower bound:
   * from hands shown under X+ and from hands v gave away in a swap). The diagonal is kept at 0.
   */
  readonly known: Uint8Array;
  /** shown[o * Card.COUNT + t]: the public part of known (hands shown under X+), the same for every viewer. */
  readonly shown: Uint8Array;
  /** Penalty totals of the match, and the points of the last scored round. */
  readonly totals: Int32Array;
  readonly lastRound: Int32Array;
  readonly stats: Int32Array;
  /** Candidates of the open out-of-turn or swap-cancel window, in asking order. */
  readonly ask: Int8Array;
  askLen = 0;
  askIdx = 0;
  /** Public events of the current round. */
  log: Int32Array;
  logLen = 0;

  phase = Phase.TURN;
  cur = 0;
  turn = 0;
  round = 0;
  dealer = 0;
  firstDealer = 0;
  attack = Attack.NONE;
  attackCount = 0;
  attackColour = 0;
  /** Seat that put the top card down (-1 for the card turned up). */
  lastPlacer = -1;
  /** The decision a jolly was started from (Phase.TURN, Phase.ATTACK_DRAW, Phase.ATTACK_SKIP). */
  jollyCtx = Phase.TURN;
  swapPlayer = -1;
  swapMode = -1;
  swapColour = 0;
  /** 1 once a player has emptied the hand: pending effects resolve, then the round ends. */
  ending = 0;
  roundTurns = 0;
  totalTurns = 0;
  endReason = 0;
  /**
   * Where `setup`/`apply` write events, set at their start from the caller's argument (undefined in a
   * tournament). Never cloned: a copy, like a bot's, writes none.
   */
  ev: GameEvent[] | undefined = undefined;

  constructor(
    readonly cfg: StopConfig,
    readonly n: number,
    copyFrom?: StopState,
  ) {
    if (copyFrom) {
      this.mem = copyFrom.mem.slice();
      this.sizes = copyFrom.sizes.slice();
      this.pile = copyFrom.pile.slice();
      this.disc = copyFrom.disc.slice();
      this.totals = copyFrom.totals.slice();
      this.lastRound = copyFrom.lastRound.slice();
      this.stats = copyFrom.stats.slice();
      this.ask = copyFrom.ask.slice();
      this.log = copyFrom.log.slice();
      this.copyScalars(copyFrom);
    } else {
      this.mem = new Uint8Array((2 * n + n * n + 1) * Card.COUNT);
      this.sizes = new Int32Array(n);
      this.pile = new Uint8Array(cfg.total);
      this.disc = new Uint8Array(cfg.total);
      this.totals = new Int32Array(n);
      this.lastRound = new Int32Array(n);
      this.stats = new Int32Array(Stat.COUNT);
      this.ask = new Int8Array(n);
      this.log = new Int32Array(256);
    }
    this.offShown = n * Card.COUNT;
    this.offKnown = 2 * n * Card.COUNT;
    this.offScratch = (2 * n + n * n) * Card.COUNT;
    this.hands = this.mem.subarray(0, this.offShown);
    this.shown = this.mem.subarray(this.offShown, this.offKnown);
    this.known = this.mem.subarray(this.offKnown, this.offScratch);
  }

  clone(): StopState {
    return new StopState(this.cfg, this.n, this);
  }

  /**
   * `clone()` written into `into`, a state of the same match (same configuration and players) nobody else
   * holds: the same values, without allocating (GameSearch.cloneInto) unless the log has grown since.
   */
  cloneInto(into: StopState): StopState {
    into.mem.set(this.mem);
    into.sizes.set(this.sizes);
    into.pile.set(this.pile);
    into.disc.set(this.disc);
    into.totals.set(this.totals);
    into.lastRound.set(this.lastRound);
    into.stats.set(this.stats);
    into.ask.set(this.ask);
    if (into.log.length !== this.log.length) into.log = new Int32Array(this.log.length);
    into.log.set(this.log);
    into.copyScalars(this);
    return into;
  }

  /** Every field that is not an array, from `from`. */
  private copyScalars(from: StopState): void {
    this.pileLen = from.pileLen;
    this.discLen = from.discLen;
    this.askLen = from.askLen;
    this.askIdx = from.askIdx;
    this.logLen = from.logLen;
    this.phase = from.phase;
    this.cur = from.cur;
    this.turn = from.turn;
    this.round = from.round;
    this.dealer = from.dealer;
    this.firstDealer = from.firstDealer;
    this.attack = from.attack;
    this.attackCount = from.attackCount;
    this.attackColour = from.attackColour;
    this.lastPlacer = from.lastPlacer;
    this.jollyCtx = from.jollyCtx;
    this.swapPlayer = from.swapPlayer;
    this.swapMode = from.swapMode;
    this.swapColour = from.swapColour;
    this.ending = from.ending;
    this.roundTurns = from.roundTurns;
    this.totalTurns = from.totalTurns;
    this.endReason = from.endReason;
  }

  top(): number {
    return this.disc[this.discLen - 1];
  }

  count(p: number, t: number): number {
    return this.hands[p * Card.COUNT + t];
  }

  push(kind: number, player: number, arg: number): void {
    if (this.logLen === this.log.length) {
      const bigger = new Int32Array(this.log.length * 2);
      bigger.set(this.log);
      this.log = bigger;
    }
    this.log[this.logLen++] = kind | ((player + 1) << 4) | (arg << 8);
  }
}

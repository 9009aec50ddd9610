import { NT } from './cards.js';
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
export const PH_TURN = 0;
export const PH_ATTACK_DRAW = 1;
export const PH_ATTACK_SKIP = 2;
export const PH_ATTACK_X = 3;
export const PH_JOLLY = 4;
export const PH_SWAP_CHOOSE = 5;
export const PH_SWAP_CANCEL = 6;
export const PH_OUT_OF_TURN = 7;
export const PH_OVER = 8;
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
export const AT_NONE = 0;
export const AT_DRAW = 1;
export const AT_SKIP = 2;
export const AT_X = 3;
export const ATTACK_NAMES = ['none', 'draw', 'skip', 'xplus'] as const;

/**
 * Actions. 0..NT-1 play a card of that type (in whatever role the decision gives it: normal play, the
 * card accompanying a jolly, a defence, a stack, the X+ card, an out-of-turn card, a swap cancel).
 */
export const A_DRAW = NT; // draw (no valid card, take the 2+ stack, X+ with no number card)
export const A_PASS = NT + 1; // decline (out-of-turn play, swap cancel) or accept being skipped
export const A_SWAP_LEFT = NT + 2; // every hand passes to the left
export const A_SWAP_RIGHT = NT + 3; // every hand passes to the right
export const A_SWAP_SEAT = NT + 4; // + seat (0..9): swap hands with that seat
export const MAX_SEATS = 10;
export const MAX_ACTIONS = A_SWAP_SEAT + MAX_SEATS;

/** Swap modes as stored in swapMode (and logged). 0..9 = with that seat. */
export const SWAP_MODE_LEFT = 10;
export const SWAP_MODE_RIGHT = 11;

/**
 * Public events of the current round, one int each: kind | (player + 1) << 4 | arg << 8.
 */
export const EV_FLIP = 0; // first card turned up (arg type)
export const EV_PLAY = 1; // card played in turn (arg type)
export const EV_OUT_OF_TURN = 2; // identical card played out of turn (arg type)
export const EV_DEFEND = 3; // 0 played in defence against the pending attack (arg type)
export const EV_STACK = 4; // 2+ on 2+ or skip on skip (arg type)
export const EV_DRAW = 5; // cards drawn (arg count actually drawn)
export const EV_SKIPPED = 6; // player skipped
export const EV_SHOW = 7; // player shows the hand (X+): followed by one EV_SHOWN per card
export const EV_SHOWN = 8; // a card of the shown hand, or the card drawn under X+ (arg type)
export const EV_XPLAY = 9; // number card played under X+ (arg type)
export const EV_SWAP = 10; // swap chosen (arg mode: seat, SWAP_MODE_LEFT, SWAP_MODE_RIGHT)
export const EV_CANCEL = 11; // swap cancelled with a 0 (arg type)
export const EV_FORGOT = 12; // "Attenzione!" forgotten (arg penalty cards)
export const EV_RESHUFFLE = 13; // the discards (but the top) became the deck
export const EV_JOLLY = 14; // jolly played with a coloured card (arg type of that card)
export const EV_XPASS = 15; // X+ passed on (symbol drawn)
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
export const ST_ROUNDS = 0;
export const ST_OUT_OF_TURN = 1;
export const ST_STACKS = 2;
export const ST_SWAPS = 3;
export const ST_ZERO_DEFENCES = 4;
export const ST_STUCK = 5;
export const ST_ATTENTION = 6;
export const ST_RESHUFFLES = 7;
export const ST_SWAP_CANCELS = 8;
export const N_STATS = 9;

export const END_NONE = 0;
export const END_SCORE = 1;
export const END_ROUND_CAP = 2;
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
  /** Per seat, NT counts: hands[p * NT + t]. */
  readonly hands: Uint8Array;
  readonly sizes: Int32Array;
  /** Draw pile, top at pile[pileLen - 1]. */
  readonly pile: Uint8Array;
  pileLen = 0;
  /** Discard pile, top at disc[discLen - 1]. */
  readonly disc: Uint8Array;
  discLen = 0;
  /**
   * known[(v * n + o) * NT + t]: cards of type t that viewer v knows to be in o's hand (a lower bound:
   * from hands shown under X+ and from hands v gave away in a swap). The diagonal is kept at 0.
   */
  readonly known: Uint8Array;
  /** shown[o * NT + t]: the public part of known (hands shown under X+), the same for every viewer. */
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

  phase = PH_TURN;
  cur = 0;
  turn = 0;
  round = 0;
  dealer = 0;
  firstDealer = 0;
  attack = AT_NONE;
  attackCount = 0;
  attackColour = 0;
  /** Seat that put the top card down (-1 for the card turned up). */
  lastPlacer = -1;
  /** The decision a jolly was started from (PH_TURN, PH_ATTACK_DRAW, PH_ATTACK_SKIP). */
  jollyCtx = PH_TURN;
  swapPlayer = -1;
  swapMode = -1;
  swapColour = 0;
  /** 1 once a player has emptied the hand: pending effects resolve, then the round ends. */
  ending = 0;
  roundTurns = 0;
  totalTurns = 0;
  endReason = 0;

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
      this.log = copyFrom.log.slice(0, Math.max(copyFrom.logLen, 16));
      this.pileLen = copyFrom.pileLen;
      this.discLen = copyFrom.discLen;
      this.askLen = copyFrom.askLen;
      this.askIdx = copyFrom.askIdx;
      this.logLen = copyFrom.logLen;
      this.phase = copyFrom.phase;
      this.cur = copyFrom.cur;
      this.turn = copyFrom.turn;
      this.round = copyFrom.round;
      this.dealer = copyFrom.dealer;
      this.firstDealer = copyFrom.firstDealer;
      this.attack = copyFrom.attack;
      this.attackCount = copyFrom.attackCount;
      this.attackColour = copyFrom.attackColour;
      this.lastPlacer = copyFrom.lastPlacer;
      this.jollyCtx = copyFrom.jollyCtx;
      this.swapPlayer = copyFrom.swapPlayer;
      this.swapMode = copyFrom.swapMode;
      this.swapColour = copyFrom.swapColour;
      this.ending = copyFrom.ending;
      this.roundTurns = copyFrom.roundTurns;
      this.totalTurns = copyFrom.totalTurns;
      this.endReason = copyFrom.endReason;
    } else {
      this.mem = new Uint8Array((2 * n + n * n + 1) * NT);
      this.sizes = new Int32Array(n);
      this.pile = new Uint8Array(cfg.total);
      this.disc = new Uint8Array(cfg.total);
      this.totals = new Int32Array(n);
      this.lastRound = new Int32Array(n);
      this.stats = new Int32Array(N_STATS);
      this.ask = new Int8Array(n);
      this.log = new Int32Array(256);
    }
    this.offShown = n * NT;
    this.offKnown = 2 * n * NT;
    this.offScratch = (2 * n + n * n) * NT;
    this.hands = this.mem.subarray(0, this.offShown);
    this.shown = this.mem.subarray(this.offShown, this.offKnown);
    this.known = this.mem.subarray(this.offKnown, this.offScratch);
  }

  clone(): StopState {
    return new StopState(this.cfg, this.n, this);
  }

  top(): number {
    return this.disc[this.discLen - 1];
  }

  count(p: number, t: number): number {
    return this.hands[p * NT + t];
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

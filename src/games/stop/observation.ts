import type { Options } from '../../engine/game.js';
import { publicData } from '../../engine/bot-guard.js';
import type { Rng } from '../../engine/rng.js';
import { Card, KIND_OF } from './cards.js';
import { configOf } from './config.js';
import { leftOf, swapCancelCandidates } from './rules.js';
import { ATTACK_NAMES, Attack, END_REASONS, PHASE_NAMES, Phase, type PhaseName, StopState, SwapMode } from './state.js';

/**
 * What one player knows. Plain data. Card lists hold card types (see cards.ts), sorted ascending.
 *
 * Hidden decisions: while a player is asked whether to play out of turn or to cancel a swap, only that
 * player sees the question. Everyone else sees an out-of-turn window as the turn-holder's decision
 * (the window is invisible), and a swap-cancel window as `swap_cancel` with `current` -1. The jolly's
 * second card is likewise a private sub-decision: others see the decision it was started from.
 */
export interface StopObservation {
  options: Options;
  players: number;
  player: number;
  phase: PhaseName;
  /** Seat deciding, as far as this player can see (-1: unknown, or the match is over). */
  current: number;
  /** The turn-holder. */
  turn: number;
  attack: (typeof ATTACK_NAMES)[number];
  /** Cards pending on a 2+, or the number of players a skip stack skips. */
  attackCount: number;
  attackColour: number;
  /** The decision a jolly was started from (only meaningful in phase `jolly`). */
  jollyFrom: PhaseName;
  swapPlayer: number;
  /** Swap choice: a seat, 10 = all to the left, 11 = all to the right, -1 = not chosen. */
  swapMode: number;
  swapColour: number;
  /** A player has emptied the hand: pending effects resolve, then the round ends. */
  ending: boolean;
  /** Own hand. */
  hand: number[];
  handSizes: number[];
  /** Per seat, the cards this player knows to be in that hand (own seat: empty). */
  known: number[][];
  /** Per seat, the public part: cards shown under X+ that are still in that hand. */
  shown: number[][];
  /** Discard pile, bottom to top. */
  discard: number[];
  drawPile: number;
  /** Seat that put the top card down (-1: turned up). */
  lastPlacer: number;
  totals: number[];
  lastRound: number[];
  round: number;
  dealer: number;
  firstDealer: number;
  roundTurns: number;
  turns: number;
  /** Public statistics counters (see Stat in state.ts). */
  stats: number[];
  /** Public events of the current round (see Ev in state.ts). */
  history: number[];
  over: boolean;
  endReason: string;
}

function cardList(a: Uint8Array, base: number): number[] {
  const out: number[] = [];
  for (let t = 0; t < Card.COUNT; t++) for (let c = a[base + t]; c > 0; c--) out.push(t);
  return out;
}

export function observe(s: StopState, p: number): StopObservation {
  const n = s.n;
  let phase = s.phase;
  let current = s.cur;
  if (phase === Phase.OUT_OF_TURN && s.cur !== p) {
    // The window is invisible to everyone but the asked player: they see the turn-holder's decision.
    current = s.turn;
    phase = holderPhaseOf(s.attack);
  } else if (phase === Phase.SWAP_CANCEL && s.cur !== p) {
    current = -1;
  } else if (phase === Phase.JOLLY && s.cur !== p) {
    phase = s.jollyCtx;
  }
  const known: number[][] = [];
  const shown: number[][] = [];
  for (let o = 0; o < n; o++) {
    known.push(o === p ? [] : cardList(s.known, (p * n + o) * Card.COUNT));
    shown.push(cardList(s.shown, o * Card.COUNT));
  }
  return {
    options: publicData(s.cfg.options),
    players: n,
    player: p,
    phase: PHASE_NAMES[phase],
    current,
    turn: s.turn,
    attack: ATTACK_NAMES[s.attack],
    attackCount: s.attackCount,
    attackColour: s.attackColour,
    jollyFrom: PHASE_NAMES[s.jollyCtx],
    swapPlayer: s.swapPlayer,
    swapMode: s.swapMode,
    swapColour: s.swapColour,
    ending: s.ending !== 0,
    hand: cardList(s.hands, p * Card.COUNT),
    handSizes: Array.from(s.sizes),
    known,
    shown,
    discard: Array.from(s.disc.subarray(0, s.discLen)),
    drawPile: s.pileLen,
    lastPlacer: s.lastPlacer,
    totals: Array.from(s.totals),
    lastRound: Array.from(s.lastRound),
    round: s.round,
    dealer: s.dealer,
    firstDealer: s.firstDealer,
    roundTurns: s.roundTurns,
    turns: s.totalTurns,
    stats: Array.from(s.stats),
    history: Array.from(s.log.subarray(0, s.logLen)),
    over: s.phase === Phase.OVER,
    endReason: END_REASONS[s.endReason],
  };
}

function holderPhaseOf(attack: number): number {
  return attack === Attack.NONE
    ? Phase.TURN
    : attack === Attack.DRAW
      ? Phase.ATTACK_DRAW
      : attack === Attack.SKIP
        ? Phase.ATTACK_SKIP
        : Phase.ATTACK_X;
}

/**
 * A complete state consistent with `obs`: the cards p has not seen (other hands beyond what p knows,
 * and the deck) are the deck's composition minus p's hand, the discards and the known cards, dealt at
 * random into the unknown slots. Other players' private knowledge is set to the public part (`shown`).
 * An open window is rebuilt from the sampled hands (the asked player first when p is asked).
 */
export function determinize(obs: StopObservation, p: number, rng: Rng): StopState {
  const cfg = configOf(obs.options);
  const s = new StopState(cfg, obs.players);
  const cards = unseenCards(obs, p, cfg.composition);
  rng.shuffle(cards);
  const slotsOwner: number[] = []; // owner of each hidden hand slot, in the order dealt
  const dealt = dealHands(s, obs, p, cards, slotsOwner);
  fillPiles(s, obs, cards, dealt);
  copyKnowledge(s, obs, p);
  copyPublicCounts(s, obs);
  copyPublicPosition(s, obs);
  rebuildWindow(s, obs, p, slotsOwner);
  return s;
}

/**
 * The cards p has not seen, in card order (the caller shuffles them): the deck's composition minus p's hand,
 * the discards and the cards p knows in other hands. Throws if the observation takes a card the deck lacks.
 */
function unseenCards(obs: StopObservation, p: number, composition: Uint8Array): number[] {
  const pool = composition.slice();
  const take = (t: number, what: string): void => {
    if (pool[t] === 0) throw new Error(`Stop determinize: inconsistent observation (${what} card ${t})`);
    pool[t]--;
  };
  for (const t of obs.hand) take(t, 'own');
  for (const t of obs.discard) take(t, 'discard');
  for (let o = 0; o < obs.players; o++) if (o !== p) for (const t of obs.known[o]) take(t, 'known');
  const cards: number[] = [];
  for (let t = 0; t < Card.COUNT; t++) for (let c = pool[t]; c > 0; c--) cards.push(t);
  return cards;
}

/**
 * Fills every hand: p's own and the known cards as they are, each other hand's unknown slots from the
 * shuffled unseen cards in seat order (recording each slot's owner). Returns how many unseen cards it used.
 */
function dealHands(s: StopState, obs: StopObservation, p: number, cards: readonly number[], slotsOwner: number[]): number {
  let next = 0;
  for (let o = 0; o < obs.players; o++) {
    const base = o * Card.COUNT;
    if (o === p) {
      for (const t of obs.hand) s.hands[base + t]++;
    } else {
      for (const t of obs.known[o]) s.hands[base + t]++;
      const unknown = obs.handSizes[o] - obs.known[o].length;
      for (let i = 0; i < unknown; i++) {
        s.hands[base + cards[next++]]++;
        slotsOwner.push(o);
      }
    }
    s.sizes[o] = obs.handSizes[o];
  }
  return next;
}

/** The unseen cards left after the deal become the draw pile (which must be as long as observed); the discards are copied. */
function fillPiles(s: StopState, obs: StopObservation, cards: readonly number[], dealt: number): void {
  if (cards.length - dealt !== obs.drawPile) {
    throw new Error(`Stop determinize: inconsistent observation (${cards.length - dealt} unseen cards for a deck of ${obs.drawPile})`);
  }
  for (let i = dealt; i < cards.length; i++) s.pile[s.pileLen++] = cards[i];
  for (const t of obs.discard) s.disc[s.discLen++] = t;
}

/** Knowledge of hands: p's own, and the public part (`shown`) for everyone else. */
function copyKnowledge(s: StopState, obs: StopObservation, p: number): void {
  const n = obs.players;
  for (let v = 0; v < n; v++) {
    for (let o = 0; o < n; o++) {
      if (o === v) continue;
      const list = v === p ? obs.known[o] : obs.shown[o];
      for (const t of list) s.known[(v * n + o) * Card.COUNT + t]++;
    }
  }
  for (let o = 0; o < n; o++) for (const t of obs.shown[o]) s.shown[o * Card.COUNT + t]++;
}

/** Scores, statistics counters and the round's event log, copied from the observation. */
function copyPublicCounts(s: StopState, obs: StopObservation): void {
  for (let i = 0; i < obs.players; i++) {
    s.totals[i] = obs.totals[i];
    s.lastRound[i] = obs.lastRound[i];
  }
  for (let i = 0; i < obs.stats.length; i++) s.stats[i] = obs.stats[i];
  if (s.log.length < obs.history.length) s.log = new Int32Array(obs.history.length);
  s.log.set(obs.history);
  s.logLen = obs.history.length;
}

/** The public position (turn, pending attack, swap, phase and decider as p sees them), copied from the observation. */
function copyPublicPosition(s: StopState, obs: StopObservation): void {
  s.turn = obs.turn;
  s.round = obs.round;
  s.dealer = obs.dealer;
  s.firstDealer = obs.firstDealer;
  s.attack = ATTACK_NAMES.indexOf(obs.attack);
  s.attackCount = obs.attackCount;
  s.attackColour = obs.attackColour;
  s.lastPlacer = obs.lastPlacer;
  s.jollyCtx = PHASE_NAMES.indexOf(obs.jollyFrom);
  s.swapPlayer = obs.swapPlayer;
  s.swapMode = obs.swapMode;
  s.swapColour = obs.swapColour;
  s.ending = obs.ending ? 1 : 0;
  s.roundTurns = obs.roundTurns;
  s.totalTurns = obs.turns;
  s.endReason = (END_REASONS as readonly string[]).indexOf(obs.endReason);
  s.phase = PHASE_NAMES.indexOf(obs.phase);
  s.cur = obs.current;
}

/**
 * An open window rebuilt from the sampled hands: the out-of-turn or swap-cancel asking order, or a jolly
 * sub-decision p cannot see turned back into the decision it was started from.
 */
function rebuildWindow(s: StopState, obs: StopObservation, p: number, slotsOwner: number[]): void {
  if (s.phase === Phase.OUT_OF_TURN) {
    rebuildOutOfTurnAsk(s, p);
  } else if (s.phase === Phase.SWAP_CANCEL) {
    if (obs.current === p) rebuildSwapCancelAskFromP(s, p);
    else rebuildSwapCancelAskOfOthers(s, p, slotsOwner);
    s.askIdx = 0;
    s.cur = s.askLen > 0 ? s.ask[0] : -1;
  } else if (s.phase === Phase.JOLLY && s.cur !== p) {
    s.phase = s.jollyCtx;
  }
}

/** p is the asked player; the players after p in the asking order who hold the card follow. */
function rebuildOutOfTurnAsk(s: StopState, p: number): void {
  s.ask[0] = p;
  let len = 1;
  const top = s.disc[s.discLen - 1];
  const excluded = s.cfg.outOfTurnSelf ? -1 : s.lastPlacer;
  let q = p;
  for (;;) {
    q = leftOf(s, q);
    if (q === s.turn) break;
    if (q !== excluded && s.hands[q * Card.COUNT + top] !== 0) s.ask[len++] = q;
  }
  s.askLen = len;
  s.askIdx = 0;
}

/** p is asked whether to cancel the swap: p first, then the candidates after p in the asking order. */
function rebuildSwapCancelAskFromP(s: StopState, p: number): void {
  const order: number[] = [];
  const all = swapCancelCandidates(s, order, -1);
  s.ask[0] = p;
  let len = 1;
  const at = order.indexOf(p);
  for (let i = at + 1; i < all; i++) s.ask[len++] = order[i];
  s.askLen = len;
}

/** Someone else is asked whether to cancel the swap: at least one involved player other than p holds the 0. */
function rebuildSwapCancelAskOfOthers(s: StopState, p: number, slotsOwner: number[]): void {
  let order: number[] = [];
  let len = swapCancelCandidates(s, order, p);
  if (len === 0) {
    forceSwapZero(s, p, slotsOwner);
    order = [];
    len = swapCancelCandidates(s, order, p);
  }
  for (let i = 0; i < len; i++) s.ask[i] = order[i];
  s.askLen = len;
}

/**
 * The observation says someone other than p is deciding whether to cancel a swap, but the sampled hands
 * gave nobody involved a 0 of its colour: exchange a hidden card of an involved player for such a 0 from
 * the deck or another hidden slot.
 */
function forceSwapZero(s: StopState, p: number, slotsOwner: number[]): void {
  const n = s.n;
  const z = s.swapColour * 12;
  const hidden = (o: number, t: number): number => s.hands[o * Card.COUNT + t] - s.known[(p * n + o) * Card.COUNT + t];
  for (let o = 0; o < n; o++) {
    if (o === p || !slotsOwner.includes(o)) continue;
    const involved = o === s.swapPlayer ? s.cfg.swapSelfCancel : s.swapMode < SwapMode.LEFT ? o === s.swapMode : true;
    if (!involved) continue;
    // A hidden card of o (beyond what p knows) to give away for the 0.
    let give = -1;
    for (let t = 0; t < Card.COUNT && give < 0; t++) if (t !== z && hidden(o, t) > 0) give = t;
    if (give < 0) continue;
    for (let i = 0; i < s.pileLen; i++) {
      if (s.pile[i] === z) {
        s.pile[i] = give;
        s.hands[o * Card.COUNT + give]--;
        s.hands[o * Card.COUNT + z]++;
        return;
      }
    }
    for (let q = 0; q < n; q++) {
      if (q === p || q === o || hidden(q, z) <= 0) continue;
      s.hands[q * Card.COUNT + z]--;
      s.hands[q * Card.COUNT + give]++;
      s.hands[o * Card.COUNT + give]--;
      s.hands[o * Card.COUNT + z]++;
      return;
    }
  }
}

/** The number of cards of the kind in a list (a small helper for heuristics and tests). */
export function countKind(cards: readonly number[], kind: number): number {
  let c = 0;
  for (const t of cards) if (KIND_OF[t] === kind) c++;
  return c;
}

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
  const n = obs.players;
  const s = new StopState(cfg, n);
  // Unseen pool.
  const pool = cfg.composition.slice();
  const take = (t: number, what: string): void => {
    if (pool[t] === 0) throw new Error(`Stop determinize: inconsistent observation (${what} card ${t})`);
    pool[t]--;
  };
  for (const t of obs.hand) take(t, 'own');
  for (const t of obs.discard) take(t, 'discard');
  for (let o = 0; o < n; o++) if (o !== p) for (const t of obs.known[o]) take(t, 'known');
  const cards: number[] = [];
  for (let t = 0; t < Card.COUNT; t++) for (let c = pool[t]; c > 0; c--) cards.push(t);
  rng.shuffle(cards);
  let next = 0;
  const slotsOwner: number[] = []; // owner of each hidden hand slot, in the order dealt
  for (let o = 0; o < n; o++) {
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
  if (cards.length - next !== obs.drawPile) {
    throw new Error(`Stop determinize: inconsistent observation (${cards.length - next} unseen cards for a deck of ${obs.drawPile})`);
  }
  for (let i = next; i < cards.length; i++) s.pile[s.pileLen++] = cards[i];
  for (const t of obs.discard) s.disc[s.discLen++] = t;
  // Knowledge: p's own, and the public part for everyone else.
  for (let v = 0; v < n; v++) {
    for (let o = 0; o < n; o++) {
      if (o === v) continue;
      const list = v === p ? obs.known[o] : obs.shown[o];
      for (const t of list) s.known[(v * n + o) * Card.COUNT + t]++;
    }
  }
  for (let o = 0; o < n; o++) for (const t of obs.shown[o]) s.shown[o * Card.COUNT + t]++;
  for (let i = 0; i < n; i++) {
    s.totals[i] = obs.totals[i];
    s.lastRound[i] = obs.lastRound[i];
  }
  for (let i = 0; i < obs.stats.length; i++) s.stats[i] = obs.stats[i];
  if (s.log.length < obs.history.length) s.log = new Int32Array(obs.history.length);
  s.log.set(obs.history);
  s.logLen = obs.history.length;
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

  if (s.phase === Phase.OUT_OF_TURN) {
    // p is the asked player; the players after p in the asking order who hold the card follow.
    s.ask[0] = p;
    let len = 1;
    const top = s.disc[s.discLen - 1];
    const excluded = cfg.outOfTurnSelf ? -1 : s.lastPlacer;
    let q = p;
    for (;;) {
      q = leftOf(s, q);
      if (q === s.turn) break;
      if (q !== excluded && s.hands[q * Card.COUNT + top] !== 0) s.ask[len++] = q;
    }
    s.askLen = len;
    s.askIdx = 0;
  } else if (s.phase === Phase.SWAP_CANCEL) {
    if (obs.current === p) {
      // p first, then the candidates after p in the asking order.
      const order: number[] = [];
      const all = swapCancelCandidates(s, order, -1);
      s.ask[0] = p;
      let len = 1;
      const at = order.indexOf(p);
      for (let i = at + 1; i < all; i++) s.ask[len++] = order[i];
      s.askLen = len;
    } else {
      // Someone else is asked: at least one involved player other than p holds the 0.
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
    s.askIdx = 0;
    s.cur = s.askLen > 0 ? s.ask[0] : -1;
  } else if (s.phase === Phase.JOLLY && s.cur !== p) {
    s.phase = s.jollyCtx;
  }
  return s;
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

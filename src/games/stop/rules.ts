import type { GameEvent, Options } from '../../engine/game.js';
import type { Rng } from '../../engine/rng.js';
import { COLOUR_OF, Card, KIND_OF, Kind, XPLUS_VALUE, typeOf } from './cards.js';
import { configOf } from './config.js';
import { Act, Attack, EndReason, Ev, Phase, Stat, StopState, SwapMode } from './state.js';
import {
  evDeal,
  evDefended,
  evDraw,
  evDrawShown,
  evFirstCardEffect,
  evFlip,
  evForgot,
  evMatchEnd,
  evOut,
  evReshuffle,
  evRoundEnd,
  evShowHand,
  evSkipped,
  evSwap,
  evSwapCancelled,
  evTurn,
  evXNothing,
  evXPass,
} from './events.js';

/*
 * The rules of Stop. Section names refer to the Italian rulebook (shared/rules/stop.txt);
 * docs/rules/stop.md maps each rule to the functions here.
 */

/** The player to the left of p, who plays after p (clockwise). */
export function leftOf(s: StopState, p: number): number {
  return p + 1 === s.n ? 0 : p + 1;
}

/** The player to the right of p. */
export function rightOf(s: StopState, p: number): number {
  return p === 0 ? s.n - 1 : p - 1;
}

// ---------------------------------------------------------------------------------------------------
// Set-up ("Preparazione") and rounds ("Fine del round", "Punteggio")

/** A new match: the first dealer, then the first round's deal. */
export function setupMatch(opts: Options, players: number, rng: Rng, events?: GameEvent[]): StopState {
  const cfg = configOf(opts);
  const s = new StopState(cfg, players);
  s.ev = events;
  s.firstDealer = cfg.firstDealer < 0 ? rng.int(players) : cfg.firstDealer;
  newRound(s, rng);
  return s;
}

/**
 * Preparazione: the dealer (the first dealer, then the player to the left of the previous one) shuffles,
 * deals handSize cards to everyone and turns up the top card of the deck; the dealer starts.
 * A jolly turned up goes to the bottom of the deck and the next card is turned (not in the text).
 */
export function newRound(s: StopState, rng: Rng): void {
  const cfg = s.cfg;
  const n = s.n;
  s.dealer = s.round === 0 ? s.firstDealer : leftOf(s, s.dealer);
  s.round++;
  s.mem.fill(0);
  s.sizes.fill(0);
  s.pile.set(cfg.deck);
  s.pileLen = cfg.total;
  rng.shuffle(s.pile, 0, s.pileLen);
  s.discLen = 0;
  s.logLen = 0;
  s.ending = 0;
  s.roundTurns = 0;
  s.attack = Attack.NONE;
  s.attackCount = 0;
  s.askLen = 0;
  s.askIdx = 0;
  s.swapPlayer = -1;
  s.swapMode = -1;
  // Deal one card at a time, clockwise from the dealer's left.
  for (let r = 0; r < cfg.handSize; r++) {
    let p = s.dealer;
    for (let k = 0; k < n; k++) {
      p = leftOf(s, p);
      const t = s.pile[--s.pileLen];
      s.hands[p * Card.COUNT + t]++;
      s.sizes[p]++;
    }
  }
  if (s.ev !== undefined) evDeal(s);
  let jollies = 0;
  while (s.pile[s.pileLen - 1] === Card.JOLLY) {
    s.pile.copyWithin(1, 0, s.pileLen - 1);
    s.pile[0] = Card.JOLLY;
    jollies++;
  }
  const first = s.pile[--s.pileLen];
  s.disc[s.discLen++] = first;
  s.lastPlacer = -1;
  s.push(Ev.FLIP, -1, first);
  if (s.ev !== undefined) evFlip(s, first, jollies);
  if (cfg.firstCardEffect) {
    const k = KIND_OF[first];
    if (k === Kind.TWO_PLUS) setAttack(s, Attack.DRAW, 2, COLOUR_OF[first]);
    else if (k === Kind.SKIP) setAttack(s, Attack.SKIP, 1, COLOUR_OF[first]);
    else if (k === Kind.XPLUS) setAttack(s, Attack.X, 0, COLOUR_OF[first]);
    if (s.ev !== undefined && s.attack !== Attack.NONE) evFirstCardEffect(s);
  }
  startTurn(s, s.dealer, rng);
}

/**
 * Fine del round / Punteggio: every hand scores its penalty points; the match ends when a total
 * passes targetScore. A stuck round (turn cap) scores the same unless stuckRound is void.
 */
export function endRound(s: StopState, stuck: boolean, rng: Rng): void {
  const cfg = s.cfg;
  if (stuck) s.stats[Stat.STUCK]++;
  const score = !(stuck && cfg.stuckVoid);
  let over = false;
  for (let p = 0; p < s.n; p++) {
    const pts = score ? handPoints(s, p) : 0;
    s.totals[p] += pts;
    s.lastRound[p] = pts;
    if (s.totals[p] > cfg.targetScore) over = true;
  }
  s.stats[Stat.ROUNDS]++;
  s.askLen = 0;
  if (s.ev !== undefined) evRoundEnd(s, stuck, score);
  if (over) finish(s, EndReason.SCORE);
  else if (s.round >= cfg.maxRounds) finish(s, EndReason.ROUND_CAP);
  else newRound(s, rng);
}

/** Penalty points of p's hand (jolly 50, X+ 40, swap 30, 2+ 20, skip 10, 6/9 9, others their value). */
export function handPoints(s: StopState, p: number): number {
  const pen = s.cfg.penalty;
  const base = p * Card.COUNT;
  let pts = 0;
  for (let t = 0; t < Card.COUNT; t++) {
    const c = s.hands[base + t];
    if (c !== 0) pts += c * pen[t];
  }
  return pts;
}

function finish(s: StopState, reason: number): void {
  s.phase = Phase.OVER;
  s.cur = -1;
  s.endReason = reason;
  if (s.ev !== undefined) evMatchEnd(s);
}

// ---------------------------------------------------------------------------------------------------
// Turn flow

function setAttack(s: StopState, kind: number, count: number, colour: number): void {
  s.attack = kind;
  s.attackCount = count;
  s.attackColour = colour;
}

/** The turn-holder's decision, given the pending attack. */
function holderPhase(s: StopState): void {
  s.cur = s.turn;
  const a = s.attack;
  s.phase = a === Attack.NONE ? Phase.TURN : a === Attack.DRAW ? Phase.ATTACK_DRAW : a === Attack.SKIP ? Phase.ATTACK_SKIP : Phase.ATTACK_X;
}

/**
 * The turn passes to `seat` (with whatever attack is pending on it).
 * - While the round is ending (someone emptied the hand) only a pending 2+ or X+ still resolves.
 * - A round reaching maxTurnsPerRound ends as stuck.
 * - Out-of-turn window ("Eccezione: scartare durante il turno di un avversario"): when the top card is
 *   a number card, every player other than the turn-holder who holds an identical card (same type) is
 *   asked, clockwise from the turn-holder's left; the first who plays it takes the turn away.
 */
export function startTurn(s: StopState, seat: number, rng: Rng): void {
  s.turn = seat;
  s.askLen = 0;
  if (s.ending) {
    if (s.attack === Attack.DRAW || s.attack === Attack.X) {
      if (s.ev !== undefined) evTurn(s, seat);
      holderPhase(s);
    } else endRound(s, false, rng);
    return;
  }
  if (s.roundTurns >= s.cfg.maxTurns) {
    endRound(s, true, rng);
    return;
  }
  if (s.ev !== undefined) evTurn(s, seat);
  if (s.cfg.outOfTurn) {
    const top = s.disc[s.discLen - 1];
    if (KIND_OF[top] <= Kind.EIGHT) {
      const n = s.n;
      const excluded = s.cfg.outOfTurnSelf ? -1 : s.lastPlacer;
      let len = 0;
      let q = seat;
      for (let k = 1; k < n; k++) {
        q = q + 1 === n ? 0 : q + 1;
        if (q !== excluded && s.hands[q * Card.COUNT + top] !== 0) s.ask[len++] = q;
      }
      if (len !== 0) {
        s.askLen = len;
        s.askIdx = 0;
        s.phase = Phase.OUT_OF_TURN;
        s.cur = s.ask[0];
        return;
      }
    }
  }
  holderPhase(s);
}

// ---------------------------------------------------------------------------------------------------
// Moving cards

/** Takes a card out of p's hand, keeping every viewer's knowledge a lower bound. */
function removeFromHand(s: StopState, p: number, t: number): void {
  s.hands[p * Card.COUNT + t]--;
  s.sizes[p]--;
  const n = s.n;
  const K = s.known;
  for (let v = 0; v < n; v++) {
    const i = (v * n + p) * Card.COUNT + t;
    if (K[i] !== 0) K[i]--;
  }
  const j = p * Card.COUNT + t;
  if (s.shown[j] !== 0) s.shown[j]--;
}

function discard(s: StopState, p: number, t: number): void {
  removeFromHand(s, p, t);
  s.disc[s.discLen++] = t;
  s.lastPlacer = p;
}

/** The deck ran out: the discards except the top card are shuffled into a new deck. */
function reshuffle(s: StopState, rng: Rng): void {
  const m = s.discLen - 1;
  if (m <= 0) return;
  const top = s.disc[m];
  for (let i = 0; i < m; i++) s.pile[s.pileLen++] = s.disc[i];
  s.disc[0] = top;
  s.discLen = 1;
  rng.shuffle(s.pile, 0, s.pileLen);
  s.stats[Stat.RESHUFFLES]++;
  s.push(Ev.RESHUFFLE, -1, 0);
  if (s.ev !== undefined) evReshuffle(s);
}

/** Draws one card into p's hand; returns its type, or -1 when deck and discards are exhausted. */
function drawOne(s: StopState, p: number, rng: Rng): number {
  if (s.pileLen === 0) {
    reshuffle(s, rng);
    if (s.pileLen === 0) return -1;
  }
  const t = s.pile[--s.pileLen];
  s.hands[p * Card.COUNT + t]++;
  s.sizes[p]++;
  return t;
}

/**
 * Draws up to k cards (fewer if no card is left anywhere); returns how many. `why` names the cause for
 * events. The loop with events is a function of its own: inside this one it cost Stop about 9% of its
 * instructions per match (callgrind), though it never ran (docs/events.md).
 */
function drawCards(s: StopState, p: number, k: number, rng: Rng, why: string): number {
  if (s.ev !== undefined) return drawCardsTold(s, p, k, rng, why);
  let d = 0;
  while (d < k && drawOne(s, p, rng) >= 0) d++;
  s.push(Ev.DRAW, p, d);
  return d;
}

function drawCardsTold(s: StopState, p: number, k: number, rng: Rng, why: string): number {
  const got: number[] = [];
  for (let t: number; got.length < k && (t = drawOne(s, p, rng)) >= 0; ) got.push(t);
  evDraw(s, p, got, k, why);
  s.push(Ev.DRAW, p, got.length);
  return got.length;
}

/**
 * "Attenzione!": a player left with one card after a discard must have called it before; bots call it,
 * but forget with probability attentionForget (drawn from the game generator) and then draw the penalty.
 */
function attention(s: StopState, p: number, rng: Rng): void {
  const cfg = s.cfg;
  if (s.sizes[p] === 1 && cfg.forget > 0 && rng.float() < cfg.forget) {
    s.stats[Stat.ATTENTION]++;
    s.push(Ev.FORGOT, p, cfg.attentionPenalty);
    if (s.ev !== undefined) evForgot(s, p);
    if (cfg.attentionPenalty > 0) drawCards(s, p, cfg.attentionPenalty, rng, '"Attenzione!" forgotten');
  }
}

/** A player whose hand is empty after an action ends the round (once pending effects resolve). */
function checkOut(s: StopState, p: number): void {
  if (s.sizes[p] === 0) goOut(s, p);
}

function goOut(s: StopState, p: number): void {
  if (s.ev !== undefined && s.ending === 0) evOut(s, p);
  s.ending = 1;
}

function countTurn(s: StopState): void {
  s.roundTurns++;
  s.totalTurns++;
}

/** X+: the hand is shown to everyone (public knowledge until the cards leave it). */
function showHand(s: StopState, p: number): void {
  const n = s.n;
  const base = p * Card.COUNT;
  s.push(Ev.SHOW, p, 0);
  if (s.ev !== undefined) evShowHand(s, p);
  for (let t = 0; t < Card.COUNT; t++) {
    for (let c = s.hands[base + t]; c > 0; c--) s.push(Ev.SHOWN, p, t);
  }
  s.mem.copyWithin(s.offShown + base, base, base + Card.COUNT);
  for (let v = 0; v < n; v++) {
    if (v !== p) s.mem.copyWithin(s.offKnown + (v * n + p) * Card.COUNT, base, base + Card.COUNT);
  }
}

/** A card drawn under X+ is seen by everyone. */
function revealDrawn(s: StopState, p: number, t: number): void {
  const n = s.n;
  s.push(Ev.SHOWN, p, t);
  s.shown[p * Card.COUNT + t]++;
  for (let v = 0; v < n; v++) if (v !== p) s.known[(v * n + p) * Card.COUNT + t]++;
}

// ---------------------------------------------------------------------------------------------------
// Legal actions

/**
 * The actions open to the deciding player (`s.cur`), written into `out`; returns their count. One helper
 * per decision (phase); each lists cards in card order, then the draw or pass that is always open.
 */
export function legalActions(s: StopState, out: Int32Array): number {
  const base = s.cur * Card.COUNT;
  switch (s.phase) {
    case Phase.TURN:
      return turnPlays(s, base, out);
    case Phase.ATTACK_DRAW:
      return drawAttackAnswers(s, base, out);
    case Phase.ATTACK_SKIP:
      return skipAttackAnswers(s, base, out);
    case Phase.ATTACK_X:
      return xPlusPlays(s, base, out);
    case Phase.JOLLY:
      return jollyPartners(s, base, out);
    case Phase.SWAP_CHOOSE:
      return swapChoices(s, out);
    case Phase.SWAP_CANCEL:
      out[0] = Act.PASS;
      out[1] = typeOf(s.swapColour, Kind.ZERO);
      return 2;
    case Phase.OUT_OF_TURN:
      out[0] = Act.PASS;
      out[1] = s.disc[s.discLen - 1];
      return 2;
    default:
      return 0;
  }
}

/**
 * Svolgimento: a card of the top card's colour, or of its value or symbol in another colour; a jolly on
 * any coloured card (only while another card stays in hand to go with it). No such card: draw.
 */
function turnPlays(s: StopState, base: number, out: Int32Array): number {
  const H = s.hands;
  const colours = s.cfg.colours;
  const top = s.disc[s.discLen - 1];
  const tc = COLOUR_OF[top];
  const tk = KIND_OF[top];
  let m = 0;
  if (tc < colours) {
    const row = base + tc * Kind.COUNT;
    for (let k = 0; k < Kind.COUNT; k++) if (H[row + k] !== 0) out[m++] = tc * Kind.COUNT + k;
  }
  if (tk < Kind.COUNT) {
    for (let c = 0; c < colours; c++) {
      if (c !== tc && H[base + c * Kind.COUNT + tk] !== 0) out[m++] = c * Kind.COUNT + tk;
    }
  }
  const j = H[base + Card.JOLLY];
  if (j !== 0 && s.sizes[s.cur] > j) out[m++] = Card.JOLLY;
  if (m === 0) out[m++] = Act.DRAW;
  return m;
}

/** A pending 2+: stack another 2+ or stop it with a 0 of its colour (a jolly may go with either), or draw. */
function drawAttackAnswers(s: StopState, base: number, out: Int32Array): number {
  const H = s.hands;
  const cfg = s.cfg;
  let m = 0;
  if (s.ending !== 0 && cfg.lastVictimOnly) {
    // The round is over but for this 2+: its victim takes it or stops it with a 0, no stacking.
    const z = typeOf(s.attackColour, Kind.ZERO);
    if (H[base + z] !== 0) out[m++] = z;
    out[m++] = Act.DRAW;
    return m;
  }
  m = responses(s, base, Kind.TWO_PLUS, out);
  if (m !== 0 && cfg.jollyDefence && H[base + Card.JOLLY] !== 0) out[m++] = Card.JOLLY;
  out[m++] = Act.DRAW;
  return m;
}

/** A pending skip: stack another skip or stop it with a 0 of its colour (a jolly may go with either), or pass. */
function skipAttackAnswers(s: StopState, base: number, out: Int32Array): number {
  let m = responses(s, base, Kind.SKIP, out);
  if (m !== 0 && s.cfg.jollyDefence && s.hands[base + Card.JOLLY] !== 0) out[m++] = Card.JOLLY;
  out[m++] = Act.PASS;
  return m;
}

/** X+: a number card of any colour (a 0 only of the X+'s colour unless xZero); none: draw. */
function xPlusPlays(s: StopState, base: number, out: Int32Array): number {
  const H = s.hands;
  const cfg = s.cfg;
  const ac = s.attackColour;
  let m = 0;
  for (let c = 0; c < cfg.colours; c++) {
    const row = base + c * Kind.COUNT;
    for (let k = 0; k <= Kind.EIGHT; k++) {
      if (H[row + k] !== 0 && (k !== Kind.ZERO || c === ac || cfg.xZero)) out[m++] = c * Kind.COUNT + k;
    }
  }
  if (m === 0) out[m++] = Act.DRAW;
  return m;
}

/** The coloured card that goes down with a jolly: any in turn, a legal answer to the attack otherwise. */
function jollyPartners(s: StopState, base: number, out: Int32Array): number {
  if (s.jollyCtx === Phase.TURN) {
    const H = s.hands;
    const ct = s.cfg.colouredTypes;
    let m = 0;
    for (let t = 0; t < ct; t++) if (H[base + t] !== 0) out[m++] = t;
    return m;
  }
  return responses(s, base, s.jollyCtx === Phase.ATTACK_DRAW ? Kind.TWO_PLUS : Kind.SKIP, out);
}

/** Scambia la mano: all to the left, all to the right (with more than two players), or one opponent's seat. */
function swapChoices(s: StopState, out: Int32Array): number {
  const p = s.cur;
  let m = 0;
  if (s.n > 2) {
    out[m++] = Act.SWAP_LEFT;
    out[m++] = Act.SWAP_RIGHT;
  }
  for (let q = 0; q < s.n; q++) if (q !== p) out[m++] = Act.SWAP_SEAT + q;
  return m;
}

/** Defences against an attack: the same attack card in any colour, or a 0 of the attack's colour. */
function responses(s: StopState, base: number, kind: number, out: Int32Array): number {
  const H = s.hands;
  let m = 0;
  for (let c = 0; c < s.cfg.colours; c++) {
    const t = c * Kind.COUNT + kind;
    if (H[base + t] !== 0) out[m++] = t;
  }
  const z = typeOf(s.attackColour, Kind.ZERO);
  if (H[base + z] !== 0) out[m++] = z;
  return m;
}

// ---------------------------------------------------------------------------------------------------
// Applying actions

/**
 * A card put down in answer to a pending 2+ or skip (a 0 of its colour, or another attack card): a
 * jolly first asks for its coloured card, in the context of that attack.
 */
function answerAttack(s: StopState, p: number, a: number, ctx: number, rng: Rng): void {
  if (a === Card.JOLLY) {
    s.phase = Phase.JOLLY;
    s.jollyCtx = ctx;
    return;
  }
  countTurn(s);
  discard(s, p, a);
  attention(s, p, rng);
  checkOut(s, p);
  respond(s, p, a, rng);
}

/** Carries out action a of the deciding player (`s.cur`): one helper per decision (phase). */
export function applyAction(s: StopState, a: number, rng: Rng, events?: GameEvent[]): void {
  s.ev = events;
  const p = s.cur;
  switch (s.phase) {
    case Phase.TURN:
      playInTurn(s, p, a, rng);
      return;
    case Phase.JOLLY:
      playWithJolly(s, p, a, rng);
      return;
    case Phase.ATTACK_DRAW:
      if (a === Act.DRAW) takeDrawAttack(s, p, rng);
      else answerAttack(s, p, a, Phase.ATTACK_DRAW, rng);
      return;
    case Phase.ATTACK_SKIP:
      if (a === Act.PASS) takeSkipAttack(s, p, rng);
      else answerAttack(s, p, a, Phase.ATTACK_SKIP, rng);
      return;
    case Phase.ATTACK_X:
      applyXPlus(s, p, a, rng);
      return;
    case Phase.SWAP_CHOOSE:
      chooseSwap(s, p, a, rng);
      return;
    case Phase.SWAP_CANCEL:
      if (a === Act.PASS) passSwapCancel(s, rng);
      else cancelSwap(s, p, a, rng);
      return;
    case Phase.OUT_OF_TURN:
      if (a === Act.PASS) passOutOfTurn(s);
      else playOutOfTurn(s, p, a, rng);
      return;
  }
}

/** The turn-holder's own decision: draw (no valid card: draw one and lose the turn), a jolly, or a card. */
function playInTurn(s: StopState, p: number, a: number, rng: Rng): void {
  if (a === Act.DRAW) {
    countTurn(s);
    drawCards(s, p, 1, rng, 'no valid card');
    startTurn(s, leftOf(s, p), rng);
    return;
  }
  if (a === Card.JOLLY) {
    s.phase = Phase.JOLLY;
    s.jollyCtx = Phase.TURN;
    return;
  }
  countTurn(s);
  discard(s, p, a);
  s.push(Ev.PLAY, p, a);
  attention(s, p, rng);
  checkOut(s, p);
  playEffect(s, p, a, rng);
}

/** The jolly and the coloured card of the player's choice go down together; that card sets colour. */
function playWithJolly(s: StopState, p: number, a: number, rng: Rng): void {
  countTurn(s);
  discard(s, p, Card.JOLLY);
  s.push(Ev.JOLLY, p, 0);
  discard(s, p, a);
  attention(s, p, rng);
  checkOut(s, p);
  if (s.jollyCtx === Phase.TURN) {
    s.push(Ev.PLAY, p, a);
    playEffect(s, p, a, rng);
  } else respond(s, p, a, rng);
}

/** 2+ taken: draw the pending cards and lose the turn. */
function takeDrawAttack(s: StopState, p: number, rng: Rng): void {
  countTurn(s);
  drawCards(s, p, s.attackCount, rng, '2+');
  s.push(Ev.SKIPPED, p, 0);
  if (s.ev !== undefined) evSkipped(s, p);
  s.attack = Attack.NONE;
  startTurn(s, leftOf(s, p), rng);
}

/** Skip taken: as many players as skips played in a row lose their turn, starting with this one. */
function takeSkipAttack(s: StopState, p: number, rng: Rng): void {
  countTurn(s);
  let q = p;
  for (let i = 0; i < s.attackCount; i++) {
    s.push(Ev.SKIPPED, q, 0);
    if (s.ev !== undefined) evSkipped(s, q);
    q = leftOf(s, q);
  }
  s.attack = Attack.NONE;
  startTurn(s, q, rng);
}

/** A player declines to cancel the swap: the next is asked, or (nobody left) the swap is carried out. */
function passSwapCancel(s: StopState, rng: Rng): void {
  if (++s.askIdx < s.askLen) {
    s.cur = s.ask[s.askIdx];
    return;
  }
  if (s.ev !== undefined) evSwap(s);
  doSwap(s);
  startTurn(s, leftOf(s, s.swapPlayer), rng);
}

/** A 0 of the swap's colour cancels the swap completely. */
function cancelSwap(s: StopState, p: number, a: number, rng: Rng): void {
  discard(s, p, a);
  s.push(Ev.CANCEL, p, a);
  if (s.ev !== undefined) evSwapCancelled(s, p);
  s.stats[Stat.ZERO_DEFENCES]++;
  s.stats[Stat.SWAP_CANCELS]++;
  attention(s, p, rng);
  checkOut(s, p);
  startTurn(s, s.cfg.swapContinueCanceller ? leftOf(s, p) : leftOf(s, s.swapPlayer), rng);
}

/** A player declines to play out of turn: the next is asked, or (nobody left) the turn-holder decides. */
function passOutOfTurn(s: StopState): void {
  if (++s.askIdx < s.askLen) {
    s.cur = s.ask[s.askIdx];
    return;
  }
  s.askLen = 0;
  holderPhase(s);
}

/** An identical card out of turn: play continues left of this player. A 2+ hits that player. */
function playOutOfTurn(s: StopState, p: number, a: number, rng: Rng): void {
  discard(s, p, a);
  s.push(Ev.OUT_OF_TURN, p, a);
  s.stats[Stat.OUT_OF_TURN]++;
  attention(s, p, rng);
  checkOut(s, p);
  if (KIND_OF[a] === Kind.TWO_PLUS) {
    if (s.attack === Attack.DRAW && s.cfg.outOfTurnStack) {
      s.attackCount += 2;
      s.stats[Stat.STACKS]++;
    } else {
      s.attack = Attack.DRAW;
      s.attackCount = 2;
    }
    s.attackColour = COLOUR_OF[a];
  } else s.attack = Attack.NONE;
  startTurn(s, leftOf(s, p), rng);
}

/** The effect of a card played in turn (or with a jolly). */
function playEffect(s: StopState, p: number, t: number, rng: Rng): void {
  switch (KIND_OF[t]) {
    case Kind.TWO_PLUS:
      setAttack(s, Attack.DRAW, 2, COLOUR_OF[t]);
      break;
    case Kind.SKIP:
      setAttack(s, Attack.SKIP, 1, COLOUR_OF[t]);
      break;
    case Kind.XPLUS:
      setAttack(s, Attack.X, 0, COLOUR_OF[t]);
      break;
    case Kind.SWAP:
      s.attack = Attack.NONE;
      s.phase = Phase.SWAP_CHOOSE;
      s.cur = p;
      s.swapPlayer = p;
      s.swapMode = -1;
      s.swapColour = COLOUR_OF[t];
      s.stats[Stat.SWAPS]++;
      return;
    default:
      s.attack = Attack.NONE;
  }
  startTurn(s, leftOf(s, p), rng);
}

/** A defence (0 of the attack's colour) or a stack (2+ on 2+, skip on skip), already discarded. */
function respond(s: StopState, p: number, t: number, rng: Rng): void {
  const k = KIND_OF[t];
  if (k === Kind.ZERO) {
    s.push(Ev.DEFEND, p, t);
    if (s.ev !== undefined) evDefended(s, p);
    s.stats[Stat.ZERO_DEFENCES]++;
    s.attack = Attack.NONE;
  } else {
    s.push(Ev.STACK, p, t);
    s.stats[Stat.STACKS]++;
    s.attackCount += k === Kind.TWO_PLUS ? 2 : 1;
    s.attackColour = COLOUR_OF[t];
  }
  startTurn(s, leftOf(s, p), rng);
}

/**
 * X+: the player shows the hand, plays a number card of any colour (6/9 counts 9, 2+ counts 2 and
 * attacks the next player) and draws its value. With no number card, they draw one: a number card is
 * played (and its value drawn), a symbol passes the X+ on to the next player. A 0 of the X+'s colour
 * is a defence (nothing shown, nothing drawn).
 */
function applyXPlus(s: StopState, p: number, a: number, rng: Rng): void {
  countTurn(s);
  if (a === typeOf(s.attackColour, Kind.ZERO)) {
    discard(s, p, a);
    s.push(Ev.DEFEND, p, a);
    if (s.ev !== undefined) evDefended(s, p);
    s.stats[Stat.ZERO_DEFENCES]++;
    attention(s, p, rng);
    checkOut(s, p);
    s.attack = Attack.NONE;
    startTurn(s, leftOf(s, p), rng);
    return;
  }
  showHand(s, p);
  if (a === Act.DRAW) {
    const t = drawOne(s, p, rng);
    if (t < 0) {
      // Nothing left to draw: the X+ ends here.
      s.push(Ev.DRAW, p, 0);
      if (s.ev !== undefined) evXNothing(s, p);
      s.attack = Attack.NONE;
      startTurn(s, leftOf(s, p), rng);
      return;
    }
    s.push(Ev.DRAW, p, 1);
    if (s.ev !== undefined) evDrawShown(s, p, t);
    revealDrawn(s, p, t);
    if (KIND_OF[t] <= Kind.EIGHT && (KIND_OF[t] !== Kind.ZERO || s.cfg.xZero || COLOUR_OF[t] === s.attackColour)) {
      xPlay(s, p, t, s.cfg.xDrawnDraws, rng);
      return;
    }
    if (s.ending !== 0 && s.cfg.lastVictimOnly) {
      // The round is over but for this X+: it does not pass on to the next player.
      s.attack = Attack.NONE;
      startTurn(s, leftOf(s, p), rng);
      return;
    }
    // A symbol, or (xPlusZero=defence_only) a 0 of another colour, which cannot be chosen from the hand either.
    s.push(Ev.XPASS, p, 0);
    if (s.ev !== undefined) evXPass(s, p, leftOf(s, p));
    startTurn(s, leftOf(s, p), rng); // the X+ stays pending, on the next player
    return;
  }
  xPlay(s, p, a, true, rng);
}

function xPlay(s: StopState, p: number, t: number, draws: boolean, rng: Rng): void {
  discard(s, p, t);
  s.push(Ev.XPLAY, p, t);
  attention(s, p, rng);
  if (draws) {
    const v = XPLUS_VALUE[KIND_OF[t]];
    if (v > 0) drawCards(s, p, v, rng, 'X+');
  }
  checkOut(s, p);
  // A 2+ played under X+ attacks the next player, unless the round is over but for this X+ (lastCardAttack).
  if (KIND_OF[t] === Kind.TWO_PLUS && !(s.ending !== 0 && s.cfg.lastVictimOnly)) setAttack(s, Attack.DRAW, 2, COLOUR_OF[t]);
  else s.attack = Attack.NONE;
  startTurn(s, leftOf(s, p), rng);
}

/** Scambia la mano: the player chooses; then the involved holders of a 0 of its colour may cancel. */
function chooseSwap(s: StopState, p: number, a: number, rng: Rng): void {
  const mode = a === Act.SWAP_LEFT ? SwapMode.LEFT : a === Act.SWAP_RIGHT ? SwapMode.RIGHT : a - Act.SWAP_SEAT;
  s.swapMode = mode;
  s.push(Ev.SWAP, p, mode);
  const len = swapCancelCandidates(s, s.ask, -1);
  if (len !== 0) {
    s.askLen = len;
    s.askIdx = 0;
    s.phase = Phase.SWAP_CANCEL;
    s.cur = s.ask[0];
    return;
  }
  if (s.ev !== undefined) evSwap(s);
  doSwap(s);
  startTurn(s, leftOf(s, p), rng);
}

/**
 * The involved players holding a 0 of the swap's colour, in asking order: for a swap with one player,
 * that player; for all-left/all-right, everyone clockwise from the swapper's left. The swapper comes
 * last, only with swapSelfCancel. `skip` (a seat or -1) is left out. Returns the count.
 */
export function swapCancelCandidates(s: StopState, out: Int8Array | number[], skip: number): number {
  const p = s.swapPlayer;
  const z = typeOf(s.swapColour, Kind.ZERO);
  const H = s.hands;
  let len = 0;
  if (s.swapMode < SwapMode.LEFT) {
    const q = s.swapMode;
    if (q !== skip && H[q * Card.COUNT + z] !== 0) out[len++] = q;
  } else {
    let q = p;
    for (let k = 1; k < s.n; k++) {
      q = leftOf(s, q);
      if (q !== skip && H[q * Card.COUNT + z] !== 0) out[len++] = q;
    }
  }
  if (s.cfg.swapSelfCancel && p !== skip && H[p * Card.COUNT + z] !== 0) out[len++] = p;
  return len;
}

/** Swaps two rows of Card.COUNT bytes of the state's memory block (native moves through the scratch row). */
function swapRows(s: StopState, i: number, j: number): void {
  const mem = s.mem;
  const sc = s.offScratch;
  mem.copyWithin(sc, i, i + Card.COUNT);
  mem.copyWithin(i, j, j + Card.COUNT);
  mem.copyWithin(j, sc, sc + Card.COUNT);
}

/** Rotates n rows of Card.COUNT bytes starting at `start`: dir +1 moves row r to r+1, dir -1 to r-1. */
function rotateRows(s: StopState, start: number, n: number, dir: number): void {
  const mem = s.mem;
  const sc = s.offScratch;
  const end = start + n * Card.COUNT;
  if (dir > 0) {
    mem.copyWithin(sc, end - Card.COUNT, end);
    mem.copyWithin(start + Card.COUNT, start, end - Card.COUNT);
    mem.copyWithin(start, sc, sc + Card.COUNT);
  } else {
    mem.copyWithin(sc, start, start + Card.COUNT);
    mem.copyWithin(start, start + Card.COUNT, end);
    mem.copyWithin(end - Card.COUNT, sc, sc + Card.COUNT);
  }
}

/** Carries out the chosen swap, moving everyone's knowledge with the hands. */
export function doSwap(s: StopState): void {
  const n = s.n;
  const A = s.swapPlayer;
  const mode = s.swapMode;
  const mem = s.mem;
  const oS = s.offShown;
  const oK = s.offKnown;
  if (mode < SwapMode.LEFT) {
    const q = mode;
    swapRows(s, A * Card.COUNT, q * Card.COUNT);
    swapRows(s, oS + A * Card.COUNT, oS + q * Card.COUNT);
    const x = s.sizes[A];
    s.sizes[A] = s.sizes[q];
    s.sizes[q] = x;
    for (let v = 0; v < n; v++) swapRows(s, oK + (v * n + A) * Card.COUNT, oK + (v * n + q) * Card.COUNT);
    // Each of the two knows the hand they gave away.
    mem.copyWithin(oK + (A * n + q) * Card.COUNT, q * Card.COUNT, q * Card.COUNT + Card.COUNT);
    mem.copyWithin(oK + (q * n + A) * Card.COUNT, A * Card.COUNT, A * Card.COUNT + Card.COUNT);
  } else {
    const dir = mode === SwapMode.LEFT ? 1 : -1;
    rotateRows(s, 0, n, dir);
    rotateRows(s, oS, n, dir);
    for (let v = 0; v < n; v++) rotateRows(s, oK + v * n * Card.COUNT, n, dir);
    if (dir > 0) {
      const last = s.sizes[n - 1];
      for (let i = n - 1; i > 0; i--) s.sizes[i] = s.sizes[i - 1];
      s.sizes[0] = last;
    } else {
      const first = s.sizes[0];
      for (let i = 0; i < n - 1; i++) s.sizes[i] = s.sizes[i + 1];
      s.sizes[n - 1] = first;
    }
    for (let g = 0; g < n; g++) {
      const r = dir > 0 ? leftOf(s, g) : rightOf(s, g);
      mem.copyWithin(oK + (g * n + r) * Card.COUNT, r * Card.COUNT, r * Card.COUNT + Card.COUNT);
    }
  }
  for (let v = 0; v < n; v++) {
    const d = oK + (v * n + v) * Card.COUNT;
    mem.fill(0, d, d + Card.COUNT);
  }
}

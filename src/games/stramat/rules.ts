import type { GameEvent } from '../../engine/game.js';
import type { Rng } from '../../engine/rng.js';
import { Card, isNumber, numberValue } from './cards.js';
import { Act } from './actions.js';
import { EndReason, Metric, Phase, StramatState, setAll } from './state.js';
import {
  evAggiungo,
  evAggiungoNothing,
  evBlock,
  evBlockedTurn,
  evCounter,
  evDadoDraws,
  evDadoRoll,
  evDeal,
  evEliminate,
  evFirstPlayer,
  evFirstRoll,
  evFlip,
  evGameEnd,
  evGameStart,
  evGiro,
  evJolly,
  evMatchEnd,
  evPileShuffled,
  evSetAside,
  evShowHand,
  evStramatTurnedUp,
  evColpoDraw,
  evTurnDraw,
  handCards,
} from './events.js';

/**
 * Pairs of number cards (first, second) that may be discarded on each top number (7.1): their sum or
 * difference is the top number. Both orders are listed, since the second card becomes the new top.
 */
const PAIRS: number[][] = [[], [], []];
for (let top = Card.ONE; top <= Card.THREE; top++) {
  for (let a = Card.ONE; a <= Card.THREE; a++) {
    for (let b = Card.ONE; b <= Card.THREE; b++) {
      const va = numberValue(a);
      const vb = numberValue(b);
      const v = numberValue(top);
      if (va + vb === v || Math.abs(va - vb) === v) PAIRS[top].push(a * 3 + b);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Setting up an evening and its games (6.0)

/** Starts a new match (on a new state): an evening of `rules.evening` games. */
export function newMatch(s: StramatState, rng: Rng): void {
  s.gameIndex = 0;
  startGame(s, rng, true);
}

/**
 * Deals a new game: everyone back in, every card back in the deck (Birichino's set-aside card too).
 * `fresh`: the state is new, its counts are all zero already.
 */
export function startGame(s: StramatState, rng: Rng, fresh = false): void {
  const { n, rules } = s;
  if (!fresh) {
    setAll(s.hands, 0);
    setAll(s.handSize, 0);
    setAll(s.discard, 0);
    setAll(s.setAside, 0);
    setAll(s.known, 0);
    setAll(s.knownLive, 0);
    setAll(s.blockedTurns, 0);
    setAll(s.mustPlayFree, 0);
    setAll(s.gamePoints, 0);
  }
  s.discardSize = 0;
  setAll(s.active, 1);
  for (let t = 0; t < Card.COUNT; t++) s.deck[t] = rules.counts[t];
  s.deckSize = rules.totalCards;
  s.lampoWinner = -1;
  s.endReason = 0;
  s.target = -1;
  s.aggGive = -1;
  if (s.ev !== undefined) evGameStart(s);

  s.firstPlayer = rollForFirstPlayer(s, n, rules.dieSides, rng);
  if (s.firstPlayerOfMatch < 0) s.firstPlayerOfMatch = s.firstPlayer;

  for (let k = 0; k < rules.handSize; k++) {
    for (let i = 0; i < n; i++) drawCard(s, (s.firstPlayer + i) % n, rng);
  }
  if (s.ev !== undefined) evDeal(s);
  // One card face up; a Stramat card turned up means the deck is reshuffled and another turned (8.0).
  let t: number;
  for (;;) {
    t = takeFromDeck(s, rng);
    if (t !== Card.STRAMAT) break;
    s.deck[t]++;
    s.deckSize++;
    if (s.ev !== undefined) evStramatTurnedUp(s);
  }
  if (s.ev !== undefined) evFlip(s, t);
  s.discard[t]++;
  s.discardSize++;
  s.top = t;
  startTurn(s, s.firstPlayer, rng);
}

/** Everyone rolls; the lowest roll starts; tied lowest players roll again (6.0). */
function rollForFirstPlayer(s: StramatState, n: number, sides: number, rng: Rng): number {
  // Bit set of the players still contending (at most 6), so no allocation per match.
  let contenders = (1 << n) - 1;
  const rolls = s.ev !== undefined ? new Array<number>(n) : undefined;
  while (contenders & (contenders - 1)) {
    let low = Infinity;
    let next = 0;
    if (rolls !== undefined) rolls.fill(0);
    for (let p = 0; p < n; p++) {
      if (!(contenders & (1 << p))) continue;
      const r = rng.die(sides);
      if (rolls !== undefined) rolls[p] = r;
      if (r < low) {
        low = r;
        next = 1 << p;
      } else if (r === low) next |= 1 << p;
    }
    contenders = next;
    if (rolls !== undefined) evFirstRoll(s, rolls);
  }
  const first = 31 - Math.clz32(contenders);
  if (s.ev !== undefined) {
    s.firstPlayer = first;
    evFirstPlayer(s);
  }
  return first;
}

// ---------------------------------------------------------------------------------------------
// Cards moving

/** A uniformly random card of the deck, removed from it. The deck must not be empty. */
function takeFromDeck(s: StramatState, rng: Rng): number {
  let r = rng.int(s.deckSize);
  let t = 0;
  while (r >= s.deck[t]) r -= s.deck[t++];
  s.deck[t]--;
  s.deckSize--;
  return t;
}

/** Player p draws one card from the deck (hidden from the others); returns its type. */
function drawCard(s: StramatState, p: number, rng: Rng): number {
  const t = takeFromDeck(s, rng);
  s.hands[p * Card.COUNT + t]++;
  s.handSize[p]++;
  return t;
}

/**
 * Every observer's lower bound on t's copies of each type drops by k: t lost k cards the observer
 * did not see (except the observers named, who are updated by the caller).
 */
function forgetUnseen(s: StramatState, t: number, k: number, skipA: number, skipB: number): void {
  const { n } = s;
  for (let o = 0; o < n; o++) {
    if (o === skipA || o === skipB || s.knownLive[o * n + t] === 0) continue;
    const base = (o * n + t) * Card.COUNT;
    let left = 0;
    for (let c = 0; c < Card.COUNT; c++) {
      const v = s.known[base + c] - k;
      if (v > 0) {
        s.known[base + c] = v;
        left = 1;
      } else s.known[base + c] = 0;
    }
    s.knownLive[o * n + t] = left;
  }
}

/** Public removal of one card of type c from p's hand: everyone saw it go. */
function publicRemove(s: StramatState, p: number, c: number): void {
  s.hands[p * Card.COUNT + c]--;
  s.handSize[p]--;
  const { n } = s;
  for (let o = 0; o < n; o++) {
    if (s.knownLive[o * n + p] === 0) continue;
    const i = (o * n + p) * Card.COUNT + c;
    if (s.known[i] > 0) s.known[i]--;
  }
}

/** p discards one card of type c face up: it becomes the top of the discard pile (8.0: shown to all). */
function discardCard(s: StramatState, p: number, c: number): void {
  publicRemove(s, p, c);
  s.discard[c]++;
  s.discardSize++;
  s.top = c;
  s.metrics[Metric.PLAYED + c]++;
}

/** A random card of the discard pile becomes its top (after the pile is shuffled). */
function reshuffleDiscardTop(s: StramatState, rng: Rng): void {
  let r = rng.int(s.discardSize);
  let t = 0;
  while (r >= s.discard[t]) r -= s.discard[t++];
  s.top = t;
}

function nextActive(s: StramatState, p: number): number {
  const { n } = s;
  let q = p;
  do q = q + 1 === n ? 0 : q + 1; // not `%`: an integer division at every turn
  while (!s.active[q]);
  return q;
}

function activeOpponents(s: StramatState, p: number): number {
  let k = 0;
  for (let q = 0; q < s.n; q++) if (q !== p && s.active[q]) k++;
  return k;
}

// ---------------------------------------------------------------------------------------------
// Turns

/**
 * Starts p's turn: the draw comes first (8.0). If that empties the deck the game ends at once and the
 * player cannot discard (8.1). A blocked player only draws (7.2 A).
 */
function startTurn(s: StramatState, p: number, rng: Rng): void {
  for (;;) {
    s.current = p;
    const drawn = drawCard(s, p, rng);
    if (s.ev !== undefined) evTurnDraw(s, p, drawn);
    if (s.deckSize === 0) {
      endGame(s, EndReason.DECK_EMPTY, rng);
      return;
    }
    if (s.blockedTurns[p] > 0) {
      s.blockedTurns[p]--;
      s.metrics[Metric.BLOCKED_TURNS]++;
      if (s.ev !== undefined) evBlockedTurn(s, p);
      s.turns++;
      p = nextActive(s, p);
      continue;
    }
    s.phase = Phase.MAIN;
    s.decider = p;
    return;
  }
}

/** The current player's free turn is over. An empty hand wins at once (4.0, vittoria lampo). */
function endTurn(s: StramatState, rng: Rng): void {
  const p = s.current;
  if (s.blockedTurns[p] === 0) s.mustPlayFree[p] = 0;
  s.turns++;
  if (s.handSize[p] === 0) {
    winByEmptyHand(s, p, rng);
    return;
  }
  startTurn(s, nextActive(s, p), rng);
}

function winByEmptyHand(s: StramatState, p: number, rng: Rng): void {
  s.lampoWinner = p;
  s.metrics[Metric.EMPTY_HAND_WINS]++;
  endGame(s, EndReason.EMPTY_HAND, rng);
}

/** Scores the game (4.0), adds it to the evening, and deals the next game if the evening goes on. */
function endGame(s: StramatState, reason: number, rng: Rng): void {
  s.endReason = reason;
  s.metrics[Metric.GAMES]++;
  s.metrics[Metric.DECK_LEFT] = s.deckSize;
  if (reason === EndReason.STRAMAT) {
    // The game is annulled: zero to zero (7.2 S).
    setAll(s.gamePoints, 0);
    s.gamesAnnulled++;
    s.metrics[Metric.ANNULLED]++;
  } else {
    for (let p = 0; p < s.n; p++) if (s.active[p]) s.gamePoints[p] = s.handPoints(p);
  }
  for (let p = 0; p < s.n; p++) s.eveningPoints[p] += s.gamePoints[p];
  if (s.ev !== undefined) evGameEnd(s, reason);
  s.gameIndex++;
  if (s.gameIndex < s.rules.evening) {
    startGame(s, rng);
  } else {
    s.phase = Phase.OVER;
    s.decider = -1;
    if (s.ev !== undefined) evMatchEnd(s);
  }
}

// ---------------------------------------------------------------------------------------------
// Legal actions

/**
 * Whether the Stramat card may be played: once per evening (7.2 S), not on an empty deck, and under
 * Birichino only with two opponents to choose from, since one must stay in the game.
 */
function canPlayStramat(s: StramatState, p: number): boolean {
  if (s.rules.stramatOncePerEvening && s.stramatUsed[p]) return false;
  if (s.deckSize === 0) return false;
  return !s.rules.birichino || activeOpponents(s, p) >= 2;
}

/** Aggiungo and Giro: the player keeps at least one card to give or swap once the power card is down. */
function canExchange(s: StramatState, p: number): boolean {
  return s.handSize[p] >= 2 && hasOpponentWithCards(s, p);
}

function hasOpponentWithCards(s: StramatState, p: number): boolean {
  for (let q = 0; q < s.n; q++) if (q !== p && s.active[q] && s.handSize[q] > 0) return true;
  return false;
}

/**
 * Cards of q's hand that another player's Aggiungo or Giro may take: all of them, but the Stramat card,
 * which its holder passes only in their own turn (8.0), unless option stramatTakenByOthers. Whom a card
 * may target depends on the public hand sizes only; the held-back Stramat card shows at the exchange.
 */
function takeable(s: StramatState, q: number): number {
  return s.rules.stramatTakenByOthers ? s.handSize[q] : s.handSize[q] - s.hands[q * Card.COUNT + Card.STRAMAT];
}

/** Alt may target an opponent who is not blocked and has had a free turn since their last block (8.1). */
function canBeBlocked(s: StramatState, q: number): boolean {
  return s.active[q] === 1 && s.blockedTurns[q] === 0 && s.mustPlayFree[q] === 0;
}

function hasAltTarget(s: StramatState, p: number): boolean {
  for (let q = 0; q < s.n; q++) if (q !== p && canBeBlocked(s, q)) return true;
  return false;
}

/**
 * Pairs by top number, flattened: first card, second card, action code; for each top 1..3 (7.1).
 */
const PAIR_TABLE: Int32Array[] = PAIRS.map((codes) => {
  const t = new Int32Array(codes.length * 3);
  codes.forEach((code, i) => {
    t[3 * i] = (code / 3) | 0;
    t[3 * i + 1] = code % 3;
    t[3 * i + 2] = Act.PAIR + code;
  });
  return t;
});

/**
 * The legal actions of the decision at hand. One small function per phase: as one large function it
 * compiled to 15 KB of machine code and cost several times more per call.
 */
export function legalActions(s: StramatState, out: Int32Array): number {
  switch (s.phase) {
    case Phase.MAIN:
      return legalMain(s, s.decider, out);
    case Phase.COLPO_TARGET:
    case Phase.ALT_TARGET:
    case Phase.AGG_TARGET:
    case Phase.GIRO_TARGET:
    case Phase.BIRI_PICK:
      return legalTargets(s, s.decider, out);
    case Phase.ALT_COUNTER:
    case Phase.BIRI_COUNTER:
      out[0] = Act.COUNTER;
      out[1] = Act.DECLINE;
      return 2;
    case Phase.AGG_GIVE:
    case Phase.AGG_TAKE:
    case Phase.GIRO_PICK:
      return legalCards(s, out);
  }
  return 0;
}

/** A turn's main decision: pass, numbers on a number (7.1), a 1 or a power card on a power card (7.2). */
function legalMain(s: StramatState, p: number, out: Int32Array): number {
  const h = s.hands;
  const base = p * Card.COUNT;
  const top = s.top;
  let k = 0;
  out[k++] = Act.PASS;
  if (isNumber(top)) {
    // On a number: the same number, or two numbers whose sum or difference is the top (7.1).
    if (h[base + top] > 0) out[k++] = Act.SINGLE + top;
    const pairs = PAIR_TABLE[top];
    for (let i = 0; i < pairs.length; i += 3) {
      const a = pairs[i];
      const b = pairs[i + 1];
      if (a === b ? h[base + a] >= 2 : h[base + a] > 0 && h[base + b] > 0) out[k++] = pairs[i + 2];
    }
  } else if (h[base + Card.ONE] > 0) {
    // On a power card: a power card or a 1 (7.2).
    out[k++] = Act.SINGLE + Card.ONE;
  }
  // Power cards in type order, one test each (a loop with a switch cost twice as much).
  if (h[base + Card.DADO] > 0) out[k++] = Act.POWER + Card.DADO - Card.DADO;
  if (h[base + Card.COLPO] > 0 && activeOpponents(s, p) > 0) out[k++] = Act.POWER + Card.COLPO - Card.DADO;
  if (h[base + Card.AGGIUNGO] > 0 && canExchange(s, p)) out[k++] = Act.POWER + Card.AGGIUNGO - Card.DADO;
  if (h[base + Card.ALT] > 0 && hasAltTarget(s, p)) out[k++] = Act.POWER + Card.ALT - Card.DADO;
  if (h[base + Card.GIRO] > 0 && canExchange(s, p)) out[k++] = Act.POWER + Card.GIRO - Card.DADO;
  // 7.2 J: no Jolly while holding the Stramat card.
  if (h[base + Card.JOLLY] > 0 && h[base + Card.STRAMAT] === 0) out[k++] = Act.POWER + Card.JOLLY - Card.DADO;
  if (h[base + Card.STRAMAT] > 0 && canPlayStramat(s, p)) out[k++] = Act.POWER + Card.STRAMAT - Card.DADO;
  return k;
}

/** Choosing an opponent: Colpo, Alt, Aggiungo, Giro targets; Birichino's picks (with "done"). */
function legalTargets(s: StramatState, p: number, out: Int32Array): number {
  const { n, phase } = s;
  let k = 0;
  if (phase === Phase.BIRI_PICK && s.biriCount > 0) out[k++] = Act.DONE;
  for (let q = 0; q < n; q++) {
    if (q === p || !s.active[q]) continue;
    let ok: boolean;
    if (phase === Phase.COLPO_TARGET) ok = true;
    else if (phase === Phase.ALT_TARGET) ok = canBeBlocked(s, q);
    else if (phase === Phase.BIRI_PICK) ok = !s.biriChosen[q];
    else ok = s.handSize[q] > 0; // Aggiungo, Giro
    if (ok) out[k++] = Act.TARGET + q;
  }
  return k;
}

/** Choosing a card: Aggiungo's card to give (own hand) or to take (the target's), Giro's picks. */
function legalCards(s: StramatState, out: Int32Array): number {
  const h = s.hands;
  let k = 0;
  if (s.phase === Phase.GIRO_PICK) {
    if (s.giroCount > 0) out[k++] = Act.DONE;
    const base = s.decider * Card.COUNT;
    for (let c = 0; c < Card.COUNT; c++) if (h[base + c] - s.giroChosen[c] > 0) out[k++] = Act.CARD + c;
    return k;
  }
  const take = s.phase === Phase.AGG_TAKE;
  const base = (take ? s.target : s.decider) * Card.COUNT;
  const last = take && !s.rules.stramatTakenByOthers ? Card.STRAMAT : Card.COUNT;
  for (let c = 0; c < last; c++) if (h[base + c] > 0) out[k++] = Act.CARD + c;
  // The target's only card is the Stramat card, which it keeps: nothing to take.
  if (k === 0) out[k++] = Act.DONE;
  return k;
}

// ---------------------------------------------------------------------------------------------
// Applying actions

export function apply(s: StramatState, a: number, rng: Rng, events?: GameEvent[]): void {
  s.ev = events;
  const p = s.decider;
  switch (s.phase) {
    case Phase.MAIN:
      return applyMain(s, p, a, rng);
    case Phase.COLPO_TARGET:
      // 7.2 C: the chosen opponent draws one card; the turn is over.
      {
        const t = drawCard(s, a - Act.TARGET, rng);
        if (s.ev !== undefined) evColpoDraw(s, a - Act.TARGET, t);
      }
      if (s.deckSize === 0) return endGame(s, EndReason.DECK_EMPTY, rng);
      return endTurn(s, rng);
    case Phase.ALT_TARGET:
      return blockTarget(s, p, a - Act.TARGET, rng);
    case Phase.ALT_COUNTER:
      return answerAlt(s, p, a === Act.COUNTER, rng);
    case Phase.AGG_GIVE:
      // 7.2 +: the card you do not like goes face down on the table, out of your hand.
      s.aggGive = a - Act.CARD;
      s.hands[p * Card.COUNT + s.aggGive]--;
      s.handSize[p]--;
      // Nobody else saw which card went down.
      forgetUnseen(s, p, 1, p, -1);
      s.phase = Phase.AGG_TARGET;
      return;
    case Phase.AGG_TARGET:
      return showHandForAggiungo(s, p, a - Act.TARGET);
    case Phase.AGG_TAKE:
      if (a === Act.DONE) return returnAggiungo(s, p, rng);
      return exchangeAggiungo(s, p, a - Act.CARD, rng);
    case Phase.GIRO_TARGET:
      s.target = a - Act.TARGET;
      setAll(s.giroChosen, 0);
      s.giroCount = 0;
      s.phase = Phase.GIRO_PICK;
      return;
    case Phase.GIRO_PICK:
      if (a === Act.DONE) return swapGiro(s, p, rng);
      s.giroChosen[a - Act.CARD]++;
      s.giroCount++;
      if (s.giroCount >= giroLimit(s, p)) swapGiro(s, p, rng);
      return;
    case Phase.BIRI_PICK:
      if (a === Act.DONE) return openBirichinoCounter(s, p, rng);
      s.biriChosen[a - Act.TARGET] = 1;
      s.biriCount++;
      // At least one opponent must stay in (9.0): stop when only one is left unchosen.
      if (activeOpponents(s, p) - s.biriCount <= 1) openBirichinoCounter(s, p, rng);
      return;
    case Phase.BIRI_COUNTER:
      return answerBirichino(s, p, a === Act.COUNTER, rng);
  }
  throw new Error(`stramat: no decision to apply action ${a} to (phase ${s.phase})`);
}

function applyMain(s: StramatState, p: number, a: number, rng: Rng): void {
  if (a === Act.PASS) {
    s.metrics[Metric.PASSES]++;
    return endTurn(s, rng);
  }
  if (a < Act.PAIR) {
    discardCard(s, p, a - Act.SINGLE);
    return endTurn(s, rng);
  }
  if (a < Act.POWER) {
    // The player's chosen order: the second card is the new top (8.0).
    const code = a - Act.PAIR;
    discardCard(s, p, (code / 3) | 0);
    discardCard(s, p, code % 3);
    return endTurn(s, rng);
  }
  const t = a - Act.POWER + Card.DADO;
  if (t === Card.STRAMAT && s.rules.birichino) {
    // Birichino: the card is set aside, not discarded (9.0); the top stays.
    publicRemove(s, p, Card.STRAMAT);
    s.setAside[Card.STRAMAT]++;
    s.metrics[Metric.PLAYED + Card.STRAMAT]++;
    s.stramatUsed[p] = 1;
    if (s.ev !== undefined) evSetAside(s, p);
    setAll(s.biriChosen, 0);
    s.biriCount = 0;
    s.phase = Phase.BIRI_PICK;
    return;
  }
  discardCard(s, p, t);
  switch (t) {
    case Card.DADO:
      return rollDado(s, p, rng);
    case Card.COLPO:
      s.phase = Phase.COLPO_TARGET;
      return;
    case Card.AGGIUNGO:
      s.phase = Phase.AGG_GIVE;
      return;
    case Card.ALT:
      s.phase = Phase.ALT_TARGET;
      return;
    case Card.GIRO:
      s.phase = Phase.GIRO_TARGET;
      return;
    case Card.JOLLY:
      return playJolly(s, p, rng);
    case Card.STRAMAT:
      // 7.2 S: the game is annulled, zero to zero.
      s.stramatUsed[p] = 1;
      return endGame(s, EndReason.STRAMAT, rng);
  }
}

/**
 * 7.2 D: roll the die; everyone, starting with the player on the right (the next in turn) and ending
 * with the roller, draws that many cards. A deck too short ends the game (dadoShortDeck option).
 */
function rollDado(s: StramatState, p: number, rng: Rng): void {
  const d = rng.die(s.rules.dieSides);
  s.metrics[Metric.DADO_ROLLED] += d;
  let players = 0;
  for (let q = 0; q < s.n; q++) players += s.active[q];
  const needed = players * d;
  if (s.ev !== undefined) evDadoRoll(s, p, d, players);
  if (s.deckSize < needed && s.rules.dadoShortDeck === 'end-without-drawing') {
    return endGame(s, EndReason.DADO_SHORT, rng);
  }
  // What each player drew is told from the hands before and after (events only), which keeps this loop
  // as small as without events (docs/events.md: cost).
  const before = s.ev !== undefined ? s.hands.slice() : undefined;
  const fullShares = s.rules.dadoShortDeck === 'full-shares';
  let q = p;
  for (let i = 0; i < players; i++) {
    q = nextActive(s, q);
    // full-shares: a player who cannot take a whole share takes nothing, and the game ends.
    if (fullShares && s.deckSize < d) return endDado(s, p, before, EndReason.DADO_SHORT, rng);
    for (let k = 0; k < d; k++) {
      drawCard(s, q, rng);
      if (s.deckSize === 0) {
        const short = i < players - 1 || k < d - 1;
        return endDado(s, p, before, short ? EndReason.DADO_SHORT : EndReason.DECK_EMPTY, rng);
      }
    }
  }
  if (before !== undefined) evDadoDraws(s, p, before);
  endTurn(s, rng);
}

/** The deck ran short during a Dado: the game ends (reason), after the draws are told. */
function endDado(s: StramatState, p: number, before: number[] | undefined, reason: number, rng: Rng): void {
  if (before !== undefined) evDadoDraws(s, p, before);
  endGame(s, reason, rng);
}

/** 7.2 A: the target is blocked for a turn; then each opponent holding an Alt may answer at once. */
function blockTarget(s: StramatState, p: number, t: number, rng: Rng): void {
  s.target = t;
  s.savedMustPlayFree = s.mustPlayFree[t];
  s.blockedTurns[t] = 1;
  s.mustPlayFree[t] = 1;
  if (s.ev !== undefined) evBlock(s, t);
  s.askFrom = 1;
  askNextCounter(s, p, Phase.ALT_COUNTER, rng);
}

/**
 * Offers the counter-Alt to the next opponent (in turn order from the player who played the card)
 * who holds an Alt and may answer. Ends the turn when nobody is left to ask.
 */
function askNextCounter(s: StramatState, p: number, phase: number, rng: Rng): void {
  const { n } = s;
  for (let k = s.askFrom; k < n; k++) {
    const q = (p + k) % n;
    if (!s.active[q] || s.count(q, Card.ALT) === 0) continue;
    if (phase === Phase.ALT_COUNTER) {
      if (q !== s.target && !s.rules.blockedMayCounter && s.blockedTurns[q] > 0) continue;
    } else if (!s.biriChosen[q]) continue;
    s.askFrom = k;
    s.phase = phase;
    s.decider = q;
    return;
  }
  s.decider = p;
  if (phase === Phase.ALT_COUNTER) endTurn(s, rng);
  else eliminateChosen(s, p, -1, rng);
}

/**
 * The counter-Alt trap (7.2 A): the first player is blocked for two turns and the first block is
 * lifted. A third Alt would be void and handed back (8.0), so it is never offered.
 */
function answerAlt(s: StramatState, q: number, counter: boolean, rng: Rng): void {
  const p = s.current;
  if (!counter) {
    s.askFrom++;
    return askNextCounter(s, p, Phase.ALT_COUNTER, rng);
  }
  discardCard(s, q, Card.ALT);
  s.metrics[Metric.ALT_TRAPS]++;
  const t = s.target;
  s.blockedTurns[t] = 0;
  s.mustPlayFree[t] = s.savedMustPlayFree;
  s.blockedTurns[p] = 2;
  s.mustPlayFree[p] = 1;
  if (s.ev !== undefined) evCounter(s, q, p, t);
  s.decider = p;
  if (s.handSize[q] === 0) return winByEmptyHand(s, q, rng);
  endTurn(s, rng);
}

/** 7.2 +: the target shows their hand to the player (and only to them). */
function showHandForAggiungo(s: StramatState, p: number, t: number): void {
  s.target = t;
  const { n } = s;
  const kb = (p * n + t) * Card.COUNT;
  const hb = t * Card.COUNT;
  for (let c = 0; c < Card.COUNT; c++) s.known[kb + c] = s.hands[hb + c];
  s.knownLive[p * n + t] = 1;
  if (s.ev !== undefined) evShowHand(s, p, t);
  s.phase = Phase.AGG_TAKE;
}

/** 7.2 +: the player takes the card they like and gives the face-down card in its place. */
function exchangeAggiungo(s: StramatState, p: number, take: number, rng: Rng): void {
  const t = s.target;
  const give = s.aggGive;
  const { n } = s;
  s.hands[t * Card.COUNT + take]--;
  s.hands[t * Card.COUNT + give]++;
  s.hands[p * Card.COUNT + take]++;
  s.handSize[p]++;
  s.aggGive = -1;
  // Others saw a card leave the target, but not which (the player's face-down card was forgotten already).
  forgetUnseen(s, t, 1, p, t);
  // The player knows the target's hand exactly.
  const kp = (p * n + t) * Card.COUNT;
  for (let c = 0; c < Card.COUNT; c++) s.known[kp + c] = s.hands[t * Card.COUNT + c];
  s.knownLive[p * n + t] = 1;
  // The target knows the card taken is now the player's.
  s.known[(t * n + p) * Card.COUNT + take]++;
  s.knownLive[t * n + p] = 1;
  if (s.ev !== undefined) evAggiungo(s, p, t, take, give);
  endTurn(s, rng);
}

/** Aggiungo with nothing to take (the target holds only the Stramat card): the face-down card goes back. */
function returnAggiungo(s: StramatState, p: number, rng: Rng): void {
  s.hands[p * Card.COUNT + s.aggGive]++;
  s.handSize[p]++;
  if (s.ev !== undefined) evAggiungoNothing(s, p, s.target);
  s.aggGive = -1;
  endTurn(s, rng);
}

function giroLimit(s: StramatState, p: number): number {
  return Math.min(3, s.handSize[p], s.handSize[s.target]);
}

/** 7.2 G: the chosen cards are swapped with as many drawn blind from the target's hand. */
function swapGiro(s: StramatState, p: number, rng: Rng): void {
  const t = s.target;
  const { n } = s;
  const tb = t * Card.COUNT;
  const pb = p * Card.COUNT;
  const kp = (p * n + t) * Card.COUNT;
  const kt = (t * n + p) * Card.COUNT;
  const took = s.ev !== undefined ? new Array<number>() : undefined;
  let k = s.giroCount;
  const can = takeable(s, t);
  if (can < k) {
    // The target keeps the Stramat card (8.0): only as many cards are swapped as may be taken; the
    // player keeps the chosen cards beyond that, the first in card order.
    for (let c = 0, extra = k - can; extra > 0; c++) {
      const back = Math.min(extra, s.giroChosen[c]);
      s.giroChosen[c] -= back;
      extra -= back;
    }
    k = can;
  }
  // Blind draws from the target's hand as it was, then the chosen cards go over. The Stramat card is
  // the last type: a draw below the takeable count never reaches it (see takeable).
  for (let i = 0; i < k; i++) {
    let r = rng.int(takeable(s, t));
    let c = 0;
    while (r >= s.hands[tb + c]) r -= s.hands[tb + c++];
    if (took !== undefined) took.push(c);
    s.hands[tb + c]--;
    s.handSize[t]--;
    s.hands[pb + c]++;
    s.handSize[p]++;
    if (s.known[kp + c] > 0) s.known[kp + c]--; // the player saw it leave the target
    s.known[kt + c]++; // the target saw it go to the player
  }
  for (let c = 0; c < Card.COUNT; c++) {
    const g = s.giroChosen[c];
    if (g === 0) continue;
    s.hands[pb + c] -= g;
    s.handSize[p] -= g;
    s.hands[tb + c] += g;
    s.handSize[t] += g;
    s.known[kp + c] += g; // the player knows what they gave
    const v = s.known[kt + c] - g;
    s.known[kt + c] = v > 0 ? v : 0;
  }
  s.knownLive[p * n + t] = 1;
  s.knownLive[t * n + p] = 1;
  forgetUnseen(s, p, k, p, t);
  forgetUnseen(s, t, k, p, t);
  if (took !== undefined) {
    const gave: number[] = [];
    for (let c = 0; c < Card.COUNT; c++) for (let g = s.giroChosen[c]; g > 0; g--) gave.push(c);
    evGiro(s, p, t, took, gave);
  }
  setAll(s.giroChosen, 0);
  s.giroCount = 0;
  endTurn(s, rng);
}

/**
 * 7.2 J: the hand is shown and put on the discard pile, the pile is shuffled and as many cards are
 * drawn from it. The pile is open to inspection (8.0), so what was drawn is known to everyone.
 */
function playJolly(s: StramatState, p: number, rng: Rng): void {
  s.metrics[Metric.JOLLY_USES]++;
  const { n } = s;
  const pb = p * Card.COUNT;
  const k = s.handSize[p];
  const shown = s.ev !== undefined ? handCards(s, p) : undefined;
  for (let c = 0; c < Card.COUNT; c++) {
    s.discard[c] += s.hands[pb + c];
    s.hands[pb + c] = 0;
  }
  s.discardSize += k;
  s.handSize[p] = 0;
  for (let i = 0; i < k; i++) {
    let r = rng.int(s.discardSize);
    let c = 0;
    while (r >= s.discard[c]) r -= s.discard[c++];
    s.discard[c]--;
    s.discardSize--;
    s.hands[pb + c]++;
    s.handSize[p]++;
  }
  for (let o = 0; o < n; o++) {
    if (o === p) continue;
    const kb = (o * n + p) * Card.COUNT;
    for (let c = 0; c < Card.COUNT; c++) s.known[kb + c] = s.hands[pb + c];
    s.knownLive[o * n + p] = 1;
  }
  reshuffleDiscardTop(s, rng);
  if (shown !== undefined) {
    evJolly(s, p, shown, handCards(s, p));
    evPileShuffled(s);
  }
  endTurn(s, rng);
}

/** Birichino (9.0): once the opponents are chosen, each of them holding an Alt may answer. */
function openBirichinoCounter(s: StramatState, p: number, rng: Rng): void {
  s.askFrom = 1;
  askNextCounter(s, p, Phase.BIRI_COUNTER, rng);
}

function answerBirichino(s: StramatState, q: number, counter: boolean, rng: Rng): void {
  const p = s.current;
  if (!counter) {
    s.askFrom++;
    return askNextCounter(s, p, Phase.BIRI_COUNTER, rng);
  }
  discardCard(s, q, Card.ALT);
  s.metrics[Metric.ALT_TRAPS]++;
  s.decider = p;
  if (s.handSize[q] === 0) return winByEmptyHand(s, q, rng);
  eliminateChosen(s, p, q, rng);
}

/**
 * Eliminations of Birichino. `counteredBy` < 0: the chosen opponents leave. Otherwise the player of
 * the Stramat card leaves instead (of everyone chosen, or only of the one who countered).
 */
function eliminateChosen(s: StramatState, p: number, counteredBy: number, rng: Rng): void {
  if (counteredBy < 0) {
    for (let q = 0; q < s.n; q++) if (s.biriChosen[q]) eliminate(s, q);
  } else {
    if (!s.rules.birichinoCounterCancelsAll) {
      for (let q = 0; q < s.n; q++) if (s.biriChosen[q] && q !== counteredBy) eliminate(s, q);
    }
    eliminate(s, p);
  }
  setAll(s.biriChosen, 0);
  s.biriCount = 0;
  // The leavers' cards went into the discard pile, which is shuffled (9.0).
  reshuffleDiscardTop(s, rng);
  if (s.ev !== undefined) evPileShuffled(s);
  if (s.active[p]) return endTurn(s, rng);
  s.turns++;
  startTurn(s, nextActive(s, p), rng);
}

/** A player leaves the game (Birichino): their cards go to the discard pile, their points are kept. */
function eliminate(s: StramatState, q: number): void {
  const { n } = s;
  s.gamePoints[q] = s.handPoints(q);
  if (s.ev !== undefined) evEliminate(s, q, handCards(s, q));
  const qb = q * Card.COUNT;
  for (let c = 0; c < Card.COUNT; c++) {
    s.discard[c] += s.hands[qb + c];
    s.hands[qb + c] = 0;
  }
  s.discardSize += s.handSize[q];
  s.handSize[q] = 0;
  for (let o = 0; o < n; o++) setAll(s.known, 0, (o * n + q) * Card.COUNT, (o * n + q + 1) * Card.COUNT);
  s.active[q] = 0;
  s.blockedTurns[q] = 0;
  s.metrics[Metric.ELIMINATED]++;
}


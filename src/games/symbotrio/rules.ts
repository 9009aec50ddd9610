import type { GameEvent, Options } from '../../engine/game.js';
import type { Rng } from '../../engine/rng.js';
import { Kind, cardName, configOf, stickerName } from './config.js';
import { Act, EndReason, Phase, Stat, SymbotrioState } from './state.js';

/*
 * The rulebook in code (docs/rules/symbotrio.md maps each rule here). A turn: turn up a card if the
 * player has none in front, apply a freshly turned-up card's effect (prison, code, easy loot, cheater),
 * then flip up to three squares one at a time; the card is won only if the squares flipped are exactly
 * its gem's colour, size and cut. Everything a turn shows is public, so events carry no secrets.
 */

/** A new match in `reuse` when it fits (same config and player count), else in a new state. */
export function setupMatch(opts: Options, players: number, rng: Rng, reuse?: SymbotrioState, events?: GameEvent[]): SymbotrioState {
  const cfg = configOf(opts);
  const s = reuse instanceof SymbotrioState && reuse.cfg === cfg && reuse.n === players ? reuse : new SymbotrioState(cfg, players);
  s.clear();
  const q = cfg.squares;
  // Preparativi: the stickered squares face down on the board in a random order; the deck shuffled.
  for (let i = 0; i < q; i++) s.at[i] = i;
  rng.shuffle(s.at);
  for (let c = 0; c < cfg.cards; c++) s.deck[c] = c;
  s.deckLen = cfg.cards;
  rng.shuffle(s.deck, 0, s.deckLen);
  const first = cfg.firstPlayer < 0 ? rng.int(players) : cfg.firstPlayer;
  s.firstPlayer = first;
  // Every player takes a card and lays it face up; its effect comes at the player's first turn.
  for (let k = 0; k < players; k++) {
    const p = (first + k) % players;
    const c = s.deck[--s.deckLen];
    s.front[p] = c;
    s.fresh[p] = 1;
    if (events) events.push({ kind: 'deal', seat: p, text: `seat ${p} turns up ${cardName(cfg, c)}`, data: { card: c } });
  }
  beginTurn(s, first, rng, events);
  return s;
}

/** Writes the legal actions into out; returns how many. */
export function legalActions(s: SymbotrioState, out: Int32Array): number {
  let k = 0;
  if (s.phase === Phase.FLIP) {
    const q = s.cfg.squares;
    const f = s.flipped;
    const nf = s.nFlipped;
    for (let pos = 0; pos < q; pos++) {
      if ((nf > 0 && f[0] === pos) || (nf > 1 && f[1] === pos)) continue;
      out[k++] = pos;
    }
    if (nf >= s.cfg.minFlips) out[k++] = Act.STOP;
  } else if (s.phase === Phase.CHEAT_TARGET) {
    for (let o = 0; o < s.n; o++) if (o !== s.cur && hasGemCard(s, o)) out[k++] = Act.TARGET + o;
  }
  return k;
}

/** Applies a legal action of the current player. */
export function applyAction(s: SymbotrioState, a: number, rng: Rng, events?: GameEvent[]): void {
  const p = s.cur;
  if (s.phase === Phase.FLIP) {
    if (a === Act.STOP) {
      if (events) events.push({ kind: 'stop', seat: p, text: `seat ${p} stops after ${s.nFlipped} squares` });
      resolveAttempt(s, rng, events);
      return;
    }
    flip(s, a, events);
    if (s.nFlipped === 3) resolveAttempt(s, rng, events);
    return;
  }
  if (s.phase === Phase.CHEAT_TARGET) {
    if (steal(s, p, a - Act.TARGET, rng, events)) return;
    beginTurn(s, endTurn(s, p), rng, events);
  }
}

/** Flips the square at pos in view of everyone (it is turned face down again when the attempt ends). */
function flip(s: SymbotrioState, pos: number, events?: GameEvent[]): void {
  const cfg = s.cfg;
  const sticker = s.at[pos];
  const st = s.stats;
  if (s.seen[pos] >= 0) {
    // Already known to everyone, and not part of the gem sought: a flip that neither helps nor teaches.
    const g = cfg.gemOf[s.target()] * 3;
    const gs = cfg.gemStickers;
    if (sticker !== gs[g] && sticker !== gs[g + 1] && sticker !== gs[g + 2]) st[Stat.WASTED_FLIPS]++;
  }
  s.seen[pos] = sticker;
  s.seenTurn[pos] = s.turns;
  s.seenFlip[pos] = st[Stat.FLIPS];
  s.seenRot[pos] = s.rotations;
  st[Stat.FLIPS]++;
  s.flipped[s.nFlipped++] = pos;
  if (events) {
    events.push({
      kind: 'flip',
      seat: s.cur,
      text: `seat ${s.cur} flips square ${pos}: ${stickerName(cfg, sticker)}`,
      data: { pos, sticker },
    });
  }
}

/** Whether the squares flipped in this attempt are exactly the gem's colour, size and cut. */
export function attemptWins(s: SymbotrioState): boolean {
  if (s.nFlipped !== 3) return false;
  const cfg = s.cfg;
  const g = cfg.gemOf[s.target()] * 3;
  const gs = cfg.gemStickers;
  let mask = 0;
  for (let i = 0; i < 3; i++) {
    const x = s.at[s.flipped[i]];
    if (x === gs[g]) mask |= 1;
    else if (x === gs[g + 1]) mask |= 2;
    else if (x === gs[g + 2]) mask |= 4;
  }
  return mask === 7;
}

/** The end of an attempt: the squares go face down, the card is won or stays; the turn passes. */
function resolveAttempt(s: SymbotrioState, rng: Rng, events?: GameEvent[]): void {
  const p = s.cur;
  const won = attemptWins(s);
  const st = s.stats;
  st[Stat.ATTEMPTS]++;
  if (won) st[Stat.WINS]++;
  const cfg = s.cfg;
  if (s.stolen >= 0) {
    // Cheater: the stolen card and every cheater card in play go to the thief, or back to the victim.
    const to = won ? p : s.victim;
    if (won) st[Stat.CHEATER_WINS]++;
    s.win(to, s.stolen);
    for (let i = 0; i < s.cheatLen; i++) s.win(to, s.cheaters[i]);
    if (events) {
      events.push({
        kind: won ? 'win' : 'fail',
        seat: p,
        text: won
          ? `seat ${p} finds the code of ${cardName(cfg, s.stolen)} and takes it with ${s.cheatLen} cheater card(s)`
          : `seat ${p} misses the code of ${cardName(cfg, s.stolen)}: it stays with seat ${s.victim}, who also takes ${s.cheatLen} cheater card(s)`,
        data: { card: s.stolen, to, cheaters: Array.from(s.cheaters.subarray(0, s.cheatLen)) },
      });
    }
    s.stolen = -1;
    s.victim = -1;
    s.cheatLen = 0;
  } else {
    const c = s.front[p];
    if (won) {
      s.win(p, c);
      s.front[p] = -1;
    }
    if (events) {
      events.push({
        kind: won ? 'win' : 'fail',
        seat: p,
        text: won ? `seat ${p} opens the safe and wins ${cardName(cfg, c)}` : `seat ${p} misses the code of ${cardName(cfg, c)}`,
        data: { card: c },
      });
    }
  }
  s.nFlipped = 0;
  beginTurn(s, endTurn(s, p), rng, events);
}

/** Counts the turn of p and returns the next seat (clockwise: seat p + 1). */
function endTurn(s: SymbotrioState, p: number): number {
  s.turns++;
  return p + 1 === s.n ? 0 : p + 1;
}

/** Turns the whole board by 90 degrees: every square (and what everyone saw of it) moves. */
export function rotateBoard(s: SymbotrioState, events?: GameEvent[]): void {
  const cfg = s.cfg;
  const q = cfg.squares;
  const base = s.shape * q;
  const perm = cfg.rotate;
  const tmp = rotateTmp(q);
  permute(s.at, perm, base, q, tmp);
  permute(s.seen, perm, base, q, tmp);
  permute(s.seenTurn, perm, base, q, tmp);
  permute(s.seenFlip, perm, base, q, tmp);
  permute(s.seenRot, perm, base, q, tmp);
  if (!cfg.ring) s.shape ^= 1;
  s.rotations++;
  s.stats[Stat.ROTATIONS]++;
  if (events) events.push({ kind: 'rotate', seat: s.cur, text: `seat ${s.cur} turns the board by 90 degrees`, data: { rotations: s.rotations } });
}

let tmpBuf = new Float64Array(32);
function rotateTmp(q: number): Float64Array {
  if (tmpBuf.length < q) tmpBuf = new Float64Array(q);
  return tmpBuf;
}

function permute(a: Int8Array | Int32Array, perm: Int8Array, base: number, q: number, tmp: Float64Array): void {
  for (let i = 0; i < q; i++) tmp[perm[base + i]] = a[i];
  for (let i = 0; i < q; i++) a[i] = tmp[i];
}

/** Whether seat o has won a card that shows a gem (a cheater may only rob such a player). */
function hasGemCard(s: SymbotrioState, o: number): boolean {
  const cfg = s.cfg;
  const base = o * cfg.cards;
  for (let i = 0; i < s.pileLen[o]; i++) if (cfg.gemOf[s.pile[base + i]] >= 0) return true;
  return false;
}

/** How a turn goes on after the card in front of the player took effect. */
const enum TurnStep {
  /** p must choose a victim, or must flip for the stolen card's gem. */
  DECIDE = 0,
  /** The turn is over (easy loot won or stolen, prison this turn, or the cheater set aside). */
  TURN_OVER = 1,
  /** The cheater was shuffled back into the deck: p turns up a new card. */
  REDRAW = 2,
  /** p types the code: the flips begin. */
  ATTEMPT = 3,
}

/**
 * The start of seat p's turn, and of the turns after it that need no decision (a prison turn, easy
 * loot, a player with no card left): runs until a player must decide or the match ends.
 */
export function beginTurn(s: SymbotrioState, p: number, rng: Rng, events?: GameEvent[]): void {
  const cfg = s.cfg;
  for (;;) {
    s.cur = p;
    if (allWon(s)) return endMatch(s, EndReason.ALL_WON, events);
    if (s.turns >= cfg.maxTurns) return endMatch(s, EndReason.TURN_CAP, events);
    if (s.skip[p]) {
      s.skip[p] = 0;
      s.stats[Stat.PRISON_TURNS]++;
      if (events) events.push({ kind: 'prison', seat: p, text: `seat ${p} sits out a turn in prison` });
      p = endTurn(s, p);
      continue;
    }
    if (s.front[p] < 0) {
      if (s.deckLen === 0) {
        if (cfg.endDeckEmpty) return endMatch(s, EndReason.DECK_EMPTY, events);
        // Every card is out but some are still in front of others: this player has nothing to try.
        s.stats[Stat.SITTING_OUT]++;
        p = endTurn(s, p);
        continue;
      }
      turnUpCard(s, p, events);
    }
    const step = frontCardEffect(s, p, rng, events);
    if (step === TurnStep.ATTEMPT) {
      s.phase = Phase.FLIP;
      s.nFlipped = 0;
      return;
    }
    if (step === TurnStep.DECIDE) return;
    if (step === TurnStep.TURN_OVER) p = endTurn(s, p);
    // TurnStep.REDRAW: the cheater went back into the deck; p turns up a new card.
  }
}

/** p has no card in front: the top card of the deck is turned up (fresh: its effect comes next). */
function turnUpCard(s: SymbotrioState, p: number, events?: GameEvent[]): void {
  const c = s.deck[--s.deckLen];
  s.front[p] = c;
  s.fresh[p] = 1;
  if (events) events.push({ kind: 'draw', seat: p, text: `seat ${p} turns up ${cardName(s.cfg, c)}`, data: { card: c } });
}

/**
 * What the card in front of p does before the code is typed: a card just turned up takes effect (easy
 * loot won, prison, the board turned by a code card, a cheater); a code card kept from an earlier turn
 * turns the board again only with codeRotates 'every_attempt'.
 */
function frontCardEffect(s: SymbotrioState, p: number, rng: Rng, events?: GameEvent[]): TurnStep {
  const cfg = s.cfg;
  const c = s.front[p];
  const kind = cfg.kindOf[c];
  if (!s.fresh[p]) {
    if (kind === Kind.CODE && cfg.rotateEveryAttempt) rotateBoard(s, events);
    return TurnStep.ATTEMPT;
  }
  s.fresh[p] = 0;
  if (kind === Kind.EASY) {
    // Bottino facile: won at once, no code to type.
    s.win(p, c);
    s.front[p] = -1;
    s.stats[Stat.EASY_LOOT]++;
    if (events) events.push({ kind: 'easy_loot', seat: p, text: `seat ${p} finds the safe open and wins the easy loot card`, data: { card: c } });
    return TurnStep.TURN_OVER;
  }
  if (kind === Kind.PRISON) {
    if (!cfg.prisonNext) {
      s.stats[Stat.PRISON_TURNS]++;
      if (events) events.push({ kind: 'prison', seat: p, text: `seat ${p} is caught: prison, this turn is lost` });
      return TurnStep.TURN_OVER;
    }
    s.skip[p] = 1;
    if (events) events.push({ kind: 'prison', seat: p, text: `seat ${p} is caught: prison, the next turn is lost` });
  } else if (kind === Kind.CODE) {
    rotateBoard(s, events);
  } else if (kind === Kind.CHEATER) {
    return startCheat(s, p, rng, events);
  }
  return TurnStep.ATTEMPT;
}

function allWon(s: SymbotrioState): boolean {
  if (s.deckLen > 0) return false;
  for (let p = 0; p < s.n; p++) if (s.front[p] >= 0) return false;
  return true;
}

/** A freshly turned-up cheater card in front of p (never TurnStep.ATTEMPT: the cheater types no code). */
function startCheat(s: SymbotrioState, p: number, rng: Rng, events?: GameEvent[]): TurnStep {
  let eligible = 0;
  let only = -1;
  for (let o = 0; o < s.n; o++) {
    if (o !== p && hasGemCard(s, o)) {
      eligible++;
      only = o;
    }
  }
  if (eligible === 0) {
    const c = s.front[p];
    s.front[p] = -1;
    if (deckHasOtherThanCheaters(s)) {
      // Nobody has won a gem yet: the cheater goes back into the deck, which is shuffled; take a new card.
      s.deck[s.deckLen++] = c;
      rng.shuffle(s.deck, 0, s.deckLen);
      s.stats[Stat.CHEATER_RESHUFFLES]++;
      if (events) events.push({ kind: 'cheat_reshuffle', seat: p, text: `seat ${p} has nobody to rob: the cheater card is shuffled back into the deck` });
      return TurnStep.REDRAW;
    }
    // No other card could ever be taken instead: the cheater is set aside (interpretation 6).
    s.voided[s.voidLen++] = c;
    if (events) events.push({ kind: 'cheat_void', seat: p, text: `seat ${p} has nobody to rob and no other card to take: the cheater card is set aside` });
    return TurnStep.TURN_OVER;
  }
  if (eligible > 1) {
    s.phase = Phase.CHEAT_TARGET;
    return TurnStep.DECIDE;
  }
  return steal(s, p, only, rng, events) ? TurnStep.DECIDE : TurnStep.TURN_OVER;
}

function deckHasOtherThanCheaters(s: SymbotrioState): boolean {
  const kindOf = s.cfg.kindOf;
  for (let i = 0; i < s.deckLen; i++) if (kindOf[s.deck[i]] !== Kind.CHEATER) return true;
  return false;
}

/**
 * p's cheater robs `victim`: one of the victim's face-down cards at random (shown to everyone). Another
 * cheater: draw again, both can be won. Easy loot: p wins it at once with the cheater cards. A code
 * card turns the board first. Any card with a gem (a prison card too) is then tried like p's own.
 * Returns true when p must now flip, false when the turn is over.
 */
function steal(s: SymbotrioState, p: number, victim: number, rng: Rng, events?: GameEvent[]): boolean {
  const cfg = s.cfg;
  s.stats[Stat.CHEATER_USES]++;
  s.cheatLen = 0;
  s.cheaters[s.cheatLen++] = s.front[p];
  s.front[p] = -1;
  s.victim = victim;
  for (;;) {
    const c = s.takeFromPile(victim, rng.int(s.pileLen[victim]));
    const kind = cfg.kindOf[c];
    if (events) {
      events.push({ kind: 'cheat', seat: p, text: `seat ${p} robs seat ${victim} and draws ${cardName(cfg, c)}`, data: { victim, card: c } });
    }
    if (kind === Kind.CHEATER) {
      s.cheaters[s.cheatLen++] = c;
      continue;
    }
    if (kind === Kind.EASY) {
      s.win(p, c);
      for (let k = 0; k < s.cheatLen; k++) s.win(p, s.cheaters[k]);
      s.stats[Stat.CHEATER_WINS]++;
      s.stats[Stat.EASY_LOOT]++;
      s.cheatLen = 0;
      s.victim = -1;
      return false;
    }
    s.stolen = c;
    if (kind === Kind.CODE) rotateBoard(s, events);
    s.phase = Phase.FLIP;
    s.nFlipped = 0;
    return true;
  }
}

function endMatch(s: SymbotrioState, reason: EndReason, events?: GameEvent[]): void {
  s.phase = Phase.OVER;
  s.endReason = reason;
  s.cur = -1;
  if (events) {
    const scores = Array.from(s.pileLen);
    events.push({ kind: 'match_end', seat: -1, text: `the match ends (${reason === EndReason.ALL_WON ? 'every card won' : reason === EndReason.DECK_EMPTY ? 'the deck is empty' : 'turn cap'}): cards won ${scores.join(', ')}`, data: { scores } });
  }
}

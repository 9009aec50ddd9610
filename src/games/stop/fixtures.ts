import { Rng } from '../../engine/rng.js';
import { COLOUR_CODE, Card, parseCards } from './cards.js';
import { stopConfig } from './config.js';
import { startTurn } from './rules.js';
import { Attack, StopState } from './state.js';

/**
 * An explicit position, for tests, puzzles and `tavolo play` set-ups. Cards are written as codes
 * (`B4 R2+ G69 YS BW RX J`, see cards.ts).
 */
export interface StopPosition {
  players: number;
  options?: Record<string, unknown>;
  /** Each seat's hand. */
  hands: string[];
  /** The discard pile, bottom to top (the last code is the top card). */
  discard: string;
  /** Cards on top of the deck, the next to be drawn first. The rest of the deck lies below them. */
  deck?: string;
  /** The turn-holder (default the dealer). */
  turn?: number;
  dealer?: number;
  /** A pending attack on the turn-holder. */
  attack?: { kind: 'draw' | 'skip' | 'xplus'; count?: number; colour?: string };
  /** Seat that placed the top card (default: the seat to the turn-holder's right). */
  lastPlacer?: number;
  totals?: number[];
  round?: number;
}

/**
 * Builds the position as a complete state: every card of the deck not in a hand, the discards or the
 * named top of the deck lies in the deck below those (in type order). Then the turn starts as in play
 * (so an out-of-turn window opens if someone holds a card identical to the top).
 */
export function positionState(pos: StopPosition, rng = new Rng('stop-position')): StopState {
  const cfg = stopConfig(pos.options);
  const n = pos.players;
  const s = new StopState(cfg, n);
  const left = cfg.composition.slice();
  const take = (t: number, where: string): void => {
    if (left[t] === 0) throw new Error(`position: no card ${t} left for ${where}`);
    left[t]--;
  };
  for (let p = 0; p < n; p++) {
    for (const t of parseCards(pos.hands[p] ?? '')) {
      take(t, `seat ${p}`);
      s.hands[p * Card.COUNT + t]++;
      s.sizes[p]++;
    }
  }
  for (const t of parseCards(pos.discard)) {
    take(t, 'the discards');
    s.disc[s.discLen++] = t;
  }
  if (s.discLen === 0) throw new Error('position: the discard pile needs a top card');
  const onTop = parseCards(pos.deck ?? '');
  for (const t of onTop) take(t, 'the deck');
  for (let t = Card.COUNT - 1; t >= 0; t--) for (let c = left[t]; c > 0; c--) s.pile[s.pileLen++] = t;
  for (let i = onTop.length - 1; i >= 0; i--) s.pile[s.pileLen++] = onTop[i];
  s.round = pos.round ?? 1;
  s.dealer = pos.dealer ?? 0;
  s.firstDealer = s.dealer;
  const turn = pos.turn ?? s.dealer;
  s.lastPlacer = pos.lastPlacer ?? (turn + n - 1) % n;
  if (pos.totals) for (let p = 0; p < n; p++) s.totals[p] = pos.totals[p];
  if (pos.attack) {
    s.attack = pos.attack.kind === 'draw' ? Attack.DRAW : pos.attack.kind === 'skip' ? Attack.SKIP : Attack.X;
    s.attackCount = pos.attack.count ?? (pos.attack.kind === 'draw' ? 2 : pos.attack.kind === 'skip' ? 1 : 0);
    const top = s.disc[s.discLen - 1];
    s.attackColour = pos.attack.colour ? COLOUR_CODE.indexOf(pos.attack.colour as (typeof COLOUR_CODE)[number]) : (top / 12) | 0;
  } else s.attack = Attack.NONE;
  startTurn(s, turn, rng);
  return s;
}

/** Cards anywhere in the state (hands, deck, discards): the deck size if nothing was lost. */
export function cardsInPlay(s: StopState): number {
  let c = s.pileLen + s.discLen;
  for (let p = 0; p < s.n; p++) c += s.sizes[p];
  return c;
}

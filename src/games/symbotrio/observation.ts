import type { Options } from '../../engine/game.js';
import { publicData } from '../../engine/bot-guard.js';
import type { Rng } from '../../engine/rng.js';
import { configOf } from './config.js';
import { END_REASONS, PHASE_NAMES, type PhaseName, SymbotrioState } from './state.js';

/**
 * What one player knows, with perfect recall: every square flipped in view of the table (all flips are
 * public) at the position it has moved to since through rotations, when it was last seen, and every
 * card (the cards in front lie face up; won cards were all seen face up before they were won, and a
 * card a cheater draws is shown). Hidden: the squares never flipped, and the order of the deck.
 * Plain data. The player's own seat changes nothing but `player`: Symbotrio hides nothing from one
 * player that it shows another.
 */
export interface SymbotrioObservation {
  options: Options;
  players: number;
  player: number;
  phase: PhaseName;
  /** Seat deciding (-1 once over). */
  current: number;
  /** The keypad as it lies now: rows x cols (a grid turned an odd number of times has its sides swapped). */
  rows: number;
  cols: number;
  rotations: number;
  /** Per position (as the keypad lies now): the sticker seen there, or -1 if that square was never flipped. */
  known: number[];
  /** Per position: the turn, flip serial number and rotation count when it was last flipped (-1: never). */
  seenTurn: number[];
  seenFlip: number[];
  seenRot: number[];
  /** Flips so far in the match (the next flip's serial number). */
  flips: number;
  /** Positions flipped in the current attempt, in order. */
  flipped: number[];
  /** The card whose gem is being tried (-1: none). */
  target: number;
  /** While a cheater is in play: the victim, the card drawn from them, and the cheater cards at stake. */
  victim: number;
  stolen: number;
  cheaters: number[];
  /** The face-up card in front of each seat (-1: none), and whether its effect is still to come. */
  front: number[];
  fresh: number[];
  /** Each seat's won cards (card ids, ascending). */
  piles: number[][];
  /** Cheater cards set aside. */
  voided: number[];
  deckSize: number;
  skip: number[];
  turns: number;
  firstPlayer: number;
  /** Statistics counters (Stat in state.ts), all public. */
  stats: number[];
  over: boolean;
  endReason: string;
}

/** a[from..to) as a plain array (a loop: Array.from on a typed array is several times slower). */
function list(a: ArrayLike<number>, from: number, to: number): number[] {
  const out = new Array<number>(to - from);
  for (let i = from; i < to; i++) out[i - from] = a[i];
  return out;
}

function sorted(a: ArrayLike<number>, from: number, to: number): number[] {
  return list(a, from, to).sort((x, y) => x - y);
}

export function observe(s: SymbotrioState, p: number): SymbotrioObservation {
  const cfg = s.cfg;
  const n = s.n;
  const piles: number[][] = [];
  // Won piles are kept in ascending order by the state itself.
  for (let o = 0; o < n; o++) piles.push(list(s.pile, o * cfg.cards, o * cfg.cards + s.pileLen[o]));
  const rows = s.shape === 0 ? cfg.rows : cfg.cols;
  const cols = s.shape === 0 ? cfg.cols : cfg.rows;
  return {
    options: publicData(cfg.options),
    players: n,
    player: p,
    phase: PHASE_NAMES[s.phase],
    current: s.cur,
    rows,
    cols,
    rotations: s.rotations,
    known: list(s.seen, 0, cfg.squares),
    seenTurn: list(s.seenTurn, 0, cfg.squares),
    seenFlip: list(s.seenFlip, 0, cfg.squares),
    seenRot: list(s.seenRot, 0, cfg.squares),
    flips: s.stats[0],
    flipped: list(s.flipped, 0, s.nFlipped),
    target: s.cur >= 0 ? s.target() : -1,
    victim: s.victim,
    stolen: s.stolen,
    cheaters: sorted(s.cheaters, 0, s.cheatLen),
    front: list(s.front, 0, n),
    fresh: list(s.fresh, 0, n),
    piles,
    voided: sorted(s.voided, 0, s.voidLen),
    deckSize: s.deckLen,
    skip: list(s.skip, 0, n),
    turns: s.turns,
    firstPlayer: s.firstPlayer,
    stats: list(s.stats, 0, s.stats.length),
    over: s.cur < 0,
    endReason: END_REASONS[s.endReason],
  };
}

/**
 * A complete state consistent with `obs`: the squares never flipped get the stickers nobody has seen,
 * in a random order, and the deck is the cards not in sight, shuffled. Everything else is copied.
 */
export function determinize(obs: SymbotrioObservation, _p: number, rng: Rng): SymbotrioState {
  const cfg = configOf(obs.options);
  const s = new SymbotrioState(cfg, obs.players);
  s.clear();
  placeStickers(s, obs, cfg.squares, rng);
  placeCardsInSight(s, obs, cfg.cards);
  rng.shuffle(s.deck, 0, s.deckLen);
  copyPublicPosition(s, obs, cfg.ring);
  return s;
}

/**
 * Each square's sticker: the known ones as seen, and the stickers nobody has seen, shuffled, on the
 * squares never flipped in square order; what each square's last sight was is copied.
 */
function placeStickers(s: SymbotrioState, obs: SymbotrioObservation, q: number, rng: Rng): void {
  const stickerUsed = new Uint8Array(q);
  for (let i = 0; i < q; i++) if (obs.known[i] >= 0) stickerUsed[obs.known[i]] = 1;
  const unseen: number[] = [];
  for (let x = 0; x < q; x++) if (!stickerUsed[x]) unseen.push(x);
  rng.shuffle(unseen);
  let u = 0;
  for (let i = 0; i < q; i++) {
    const k = obs.known[i];
    s.at[i] = k >= 0 ? k : unseen[u++];
    s.seen[i] = k;
    s.seenTurn[i] = obs.seenTurn[i];
    s.seenFlip[i] = obs.seenFlip[i];
    s.seenRot[i] = obs.seenRot[i];
  }
}

/**
 * The cards in sight (front cards, piles, voided and cheater cards, the stolen card) where they are seen,
 * and every other card in the deck, in card order (the caller shuffles it). Throws if a card is seen
 * twice or the deck is not as long as observed.
 */
function placeCardsInSight(s: SymbotrioState, obs: SymbotrioObservation, cards: number): void {
  const inSight = new Uint8Array(cards);
  const mark = (c: number): void => {
    if (c < 0) return;
    if (inSight[c]) throw new Error(`Symbotrio determinize: inconsistent observation (card ${c} twice)`);
    inSight[c] = 1;
  };
  for (let o = 0; o < obs.players; o++) {
    mark(obs.front[o]);
    s.front[o] = obs.front[o];
    s.fresh[o] = obs.fresh[o];
    s.skip[o] = obs.skip[o];
    for (const c of obs.piles[o]) {
      mark(c);
      s.win(o, c);
    }
  }
  for (const c of obs.voided) {
    mark(c);
    s.voided[s.voidLen++] = c;
  }
  for (const c of obs.cheaters) {
    mark(c);
    s.cheaters[s.cheatLen++] = c;
  }
  mark(obs.stolen);
  for (let c = 0; c < cards; c++) if (!inSight[c]) s.deck[s.deckLen++] = c;
  if (s.deckLen !== obs.deckSize) {
    throw new Error(`Symbotrio determinize: inconsistent observation (${s.deckLen} unseen cards for a deck of ${obs.deckSize})`);
  }
}

/** The attempt under way (flipped squares, the stolen card), the counters, phase, decider and the board's turn, as observed. */
function copyPublicPosition(s: SymbotrioState, obs: SymbotrioObservation, ring: boolean): void {
  for (let i = 0; i < obs.flipped.length; i++) s.flipped[i] = obs.flipped[i];
  s.nFlipped = obs.flipped.length;
  s.stolen = obs.stolen;
  s.victim = obs.victim;
  for (let i = 0; i < obs.stats.length; i++) s.stats[i] = obs.stats[i];
  s.phase = PHASE_NAMES.indexOf(obs.phase);
  s.cur = obs.current;
  s.firstPlayer = obs.firstPlayer;
  s.turns = obs.turns;
  s.rotations = obs.rotations;
  s.shape = ring ? 0 : obs.rotations & 1;
  s.endReason = (END_REASONS as readonly string[]).indexOf(obs.endReason);
}

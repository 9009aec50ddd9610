import { resolveOptions } from '../../src/engine/options.js';
import { Rng } from '../../src/engine/rng.js';
import { Card, TYPE_CODES } from '../../src/games/stramat/cards.js';
import { actionCode } from '../../src/games/stramat/actions.js';
import { stramat, type StramatState } from '../../src/games/stramat/index.js';
import { Phase } from '../../src/games/stramat/state.js';

/** Card codes as in the logs: 1 2 3 D C + A G J S. */
export function type(code: string): number {
  const t = TYPE_CODES.indexOf(code as (typeof TYPE_CODES)[number]);
  if (t < 0) throw new Error(`unknown card code ${code}`);
  return t;
}

export interface Table {
  players?: number;
  options?: Record<string, unknown>;
  /** Each player's hand as card codes, e.g. '1 1 1 2 D'. */
  hands: string[];
  /** The top of the discard pile. */
  top: string;
  /** Other cards already in the discard pile, beneath the top. */
  pile?: string;
  /** The deck, as card codes; default: every card not on the table. */
  deck?: string;
  /** Whose turn it is (already drawn: the state is at their main decision). */
  current?: number;
}

function codes(s: string | undefined): number[] {
  return (s ?? '').split(/\s+/).filter(Boolean).map(type);
}

/** A state laid out by hand, at `current`'s main decision (after the draw). */
export function table(t: Table): StramatState {
  const players = t.players ?? t.hands.length;
  const opts = resolveOptions(stramat.options, t.options ?? {});
  const s = stramat.setup(opts, players, new Rng('table'));
  s.hands.fill(0);
  s.handSize.fill(0);
  s.discard.fill(0);
  s.deck.fill(0);
  s.known.fill(0);
  const used = new Array(Card.COUNT).fill(0);
  t.hands.forEach((h, p) => {
    for (const c of codes(h)) {
      s.hands[p * Card.COUNT + c]++;
      s.handSize[p]++;
      used[c]++;
    }
  });
  for (const c of [...codes(t.pile), type(t.top)]) {
    s.discard[c]++;
    used[c]++;
  }
  s.discardSize = codes(t.pile).length + 1;
  s.top = type(t.top);
  if (t.deck !== undefined) {
    for (const c of codes(t.deck)) s.deck[c]++;
  } else {
    for (let c = 0; c < Card.COUNT; c++) s.deck[c] = Math.max(0, s.rules.counts[c] - used[c]);
  }
  s.deckSize = s.deck.reduce((a, b) => a + b, 0);
  s.current = s.decider = t.current ?? 0;
  s.phase = Phase.MAIN;
  s.blockedTurns.fill(0);
  s.mustPlayFree.fill(0);
  s.turns = 0;
  return s;
}

/** The legal actions of the current decision, as action codes. */
export function legal(s: StramatState): string[] {
  const buf = new Int32Array(stramat.maxActions);
  const k = stramat.legalActions(s, buf);
  return Array.from(buf.subarray(0, k), actionCode);
}

/** Applies an action given by its code (it must be legal). */
export function play(s: StramatState, code: string, rng = new Rng('play')): void {
  const buf = new Int32Array(stramat.maxActions);
  const k = stramat.legalActions(s, buf);
  const a = Array.from(buf.subarray(0, k)).find((x) => actionCode(x) === code);
  if (a === undefined) throw new Error(`${code} is not legal here; legal: ${legal(s).join(' ')}`);
  stramat.apply(s, a, rng);
}

export function hand(s: StramatState, p: number): string {
  const out: string[] = [];
  for (let c = 0; c < Card.COUNT; c++) for (let k = 0; k < s.hands[p * Card.COUNT + c]; k++) out.push(TYPE_CODES[c]);
  return out.join(' ');
}

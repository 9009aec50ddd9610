import type { TableView, TableZone, GameView } from '../../engine/game.js';
import { stopWords } from './words.js';
import { endWords, phaseWords } from '../../engine/words.js';
import { COLOUR_NAME, Card, cardCode, cardName } from './cards.js';
import type { StopObservation } from './observation.js';
import { ATTACK_NAMES, END_REASONS, PHASE_NAMES, type StopState } from './state.js';
import { actionSeen, actionText, describe } from './text.js';

/*
 * The table as plain data for the match viewer. Both views are built by one function from the same
 * fields: the full view passes the true hands, a seat's view its own hand and the cards it knows in the
 * others' (shown under X+, or a hand it gave away in a swap), the rest face down.
 */

interface TableFacts {
  players: number;
  round: number;
  dealer: number;
  turn: number;
  current: number;
  phase: string;
  attack: string;
  attackCount: number;
  attackColour: number;
  ending: boolean;
  over: boolean;
  endReason: string;
  deck: number;
  discard: ArrayLike<number>;
  totals: ArrayLike<number>;
  handSizes: ArrayLike<number>;
  /** Per seat, the cards of that hand the viewer sees (types). */
  seen: (seat: number) => number[];
}

function build(f: TableFacts): TableView {
  const top = f.discard[f.discard.length - 1];
  const header = [`round ${f.round} · dealer seat ${f.dealer} · deck ${f.deck}${f.ending ? ' · ending (a hand is empty)' : ''}`];
  if (f.over) header.push(`the match is over: ${endWords(stopWords, f.endReason)}`);
  else {
    const who = f.current < 0 ? 'someone' : `seat ${f.current}`;
    header.push(`seat ${f.turn}'s turn · ${who} to ${phaseWords(stopWords, f.phase)}`);
  }
  if (!f.over && f.attack !== 'none') {
    const detail = f.attack === 'draw' ? `${f.attackCount} cards to draw` : f.attack === 'skip' ? `${f.attackCount} skipped` : 'X+';
    header.push(`pending on seat ${f.turn}: ${detail} (${COLOUR_NAME[f.attackColour]})`);
  }
  header.push(`top card: ${cardName(top)}`);
  const zones: TableZone[] = [];
  for (let p = 0; p < f.players; p++) {
    const cards = f.seen(p).map(cardCode);
    const zone: TableZone = { kind: 'cards', id: `hand-${p}`, label: `seat ${p}`, owner: p, cards };
    const hidden = f.handSizes[p] - cards.length;
    if (hidden > 0) zone.hidden = hidden;
    zones.push(zone);
  }
  zones.push({ kind: 'count', id: 'deck', label: 'deck', owner: -1, value: f.deck });
  zones.push({ kind: 'cards', id: 'discard', label: `discard pile (${f.discard.length} cards, top shown)`, owner: -1, cards: [cardCode(top)] });
  for (let p = 0; p < f.players; p++) zones.push({ kind: 'count', id: `total-${p}`, label: `seat ${p}: penalty points`, owner: p, value: f.totals[p] });
  return { header, zones };
}

function list(a: Uint8Array, base: number): number[] {
  const out: number[] = [];
  for (let t = 0; t < Card.COUNT; t++) for (let c = a[base + t]; c > 0; c--) out.push(t);
  return out;
}

export function tableView(s: StopState): TableView {
  return build({
    players: s.n,
    round: s.round,
    dealer: s.dealer,
    turn: s.turn,
    current: PHASE_NAMES[s.phase] === 'over' ? -1 : s.cur,
    phase: PHASE_NAMES[s.phase],
    attack: ATTACK_NAMES[s.attack],
    attackCount: s.attackCount,
    attackColour: s.attackColour,
    ending: s.ending !== 0,
    over: PHASE_NAMES[s.phase] === 'over',
    endReason: END_REASONS[s.endReason],
    deck: s.pileLen,
    discard: s.disc.subarray(0, s.discLen),
    totals: s.totals,
    handSizes: s.sizes,
    seen: (p) => list(s.hands, p * Card.COUNT),
  });
}

/** The table as `player` sees it, from its observation only. */
export function observedView(o: StopObservation, player: number): TableView {
  return build({
    players: o.players,
    round: o.round,
    dealer: o.dealer,
    turn: o.turn,
    current: o.current,
    phase: o.phase,
    attack: o.attack,
    attackCount: o.attackCount,
    attackColour: o.attackColour,
    ending: o.ending,
    over: o.over,
    endReason: o.endReason,
    deck: o.drawPile,
    discard: o.discard,
    totals: o.totals,
    handSizes: o.handSizes,
    seen: (p) => (p === player ? o.hand : o.known[p]),
  });
}

/** The view facet: the table, each seat's view of it, and the actions in words. */
export const stopView: GameView<StopState, StopObservation> = { describe, tableView, observedView, actionText, actionSeen, words: stopWords };

import type { TableView, TableZone, GameView } from '../../engine/game.js';
import { stramatWords } from './words.js';
import { endWords, phaseWords } from '../../engine/words.js';
import { Card } from './cards.js';
import { cardName } from './actions.js';
import type { StramatObservation } from './observation.js';
import { END_REASONS, PHASE_NAMES, Phase, type StramatState } from './state.js';
import { actionSeen, actionText, describe } from './text.js';

/*
 * The table as plain data for the match viewer. Both views are built by one function from the same
 * fields, so they differ only where the seat's observation lacks a card: the full view passes the true
 * hands, a seat's view its own hand and what it has seen of the others'.
 */

interface TableFacts {
  players: number;
  evening: number;
  gameIndex: number;
  turns: number;
  phase: number;
  decider: number;
  current: number;
  endReason: number;
  deckSize: number;
  discard: readonly number[];
  top: number;
  setAside: readonly number[];
  active: readonly number[];
  blockedTurns: readonly number[];
  stramatUsed: readonly number[];
  eveningPoints: readonly number[];
  handSizes: readonly number[];
  /** Per seat, the face-up cards of that hand as the viewer sees it (types, counts per type). */
  seen: (seat: number) => number[];
  /** The face-down Aggiungo card if the viewer may see it; -1 unknown; -2 none pending. */
  aggGive: number;
  /** Giro picks the viewer may see (counts per type), and how many there are. */
  giroChosen: readonly number[];
  giroCount: number;
}

function names(counts: readonly number[]): string[] {
  const out: string[] = [];
  for (let c = 0; c < Card.COUNT; c++) for (let k = 0; k < counts[c]; k++) out.push(cardName(c));
  return out;
}

function build(f: TableFacts): TableView {
  const over = f.phase === Phase.OVER;
  const header = [
    `game ${Math.min(f.gameIndex + 1, f.evening)} of ${f.evening} · turn ${f.turns + (over ? 0 : 1)} · deck ${f.deckSize}`,
    over ? `the match is over: ${endWords(stramatWords, END_REASONS[f.endReason])}` : `seat ${f.current}'s turn · seat ${f.decider} to ${phaseWords(stramatWords, PHASE_NAMES[f.phase])}`,
    `top of the discard pile: ${cardName(f.top)}`,
  ];
  const zones: TableZone[] = [];
  for (let p = 0; p < f.players; p++) {
    const flags: string[] = [];
    if (!f.active[p]) flags.push('out');
    if (f.blockedTurns[p]) flags.push(`blocked ${f.blockedTurns[p]}`);
    if (f.stramatUsed[p]) flags.push('used Stramat');
    const cards = names(f.seen(p));
    const hidden = f.handSizes[p] - cards.length;
    const zone: TableZone = { kind: 'cards', id: `hand-${p}`, label: `seat ${p}${flags.length ? ` (${flags.join(', ')})` : ''}`, owner: p, cards };
    if (hidden > 0) zone.hidden = hidden;
    zones.push(zone);
  }
  zones.push({ kind: 'count', id: 'deck', label: 'deck', owner: -1, value: f.deckSize });
  // The pile is open to inspection (8.0): its cards by type, the top card last.
  const pile = f.discard.slice();
  pile[f.top]--;
  zones.push({ kind: 'cards', id: 'discard', label: 'discard pile (top last)', owner: -1, cards: [...names(pile), cardName(f.top)] });
  if (f.setAside[Card.STRAMAT] > 0) zones.push({ kind: 'cards', id: 'set-aside', label: 'set aside (Birichino)', owner: -1, cards: names(f.setAside) });
  if (f.aggGive !== -2) {
    const zone: TableZone = { kind: 'cards', id: 'face-down', label: 'Aggiungo: the card put face down', owner: f.current, cards: f.aggGive >= 0 ? [cardName(f.aggGive)] : [] };
    if (f.aggGive < 0) zone.hidden = 1;
    zones.push(zone);
  }
  if (f.phase === Phase.GIRO_PICK) {
    const cards = names(f.giroChosen);
    const zone: TableZone = { kind: 'cards', id: 'giro', label: 'Giro: cards picked to swap', owner: f.current, cards };
    if (f.giroCount > cards.length) zone.hidden = f.giroCount - cards.length;
    zones.push(zone);
  }
  if (f.evening > 1) {
    for (let p = 0; p < f.players; p++) zones.push({ kind: 'count', id: `evening-${p}`, label: `seat ${p}: evening points`, owner: p, value: f.eveningPoints[p] });
  }
  return { header, zones };
}

function aggPending(phase: number): boolean {
  return phase === Phase.AGG_TARGET || phase === Phase.AGG_TAKE;
}

export function tableView(s: StramatState): TableView {
  return build({
    players: s.n,
    evening: s.rules.evening,
    gameIndex: s.gameIndex,
    turns: s.turns,
    phase: s.phase,
    decider: s.decider,
    current: s.current,
    endReason: s.endReason,
    deckSize: s.deckSize,
    discard: s.discard,
    top: s.top,
    setAside: s.setAside,
    active: s.active,
    blockedTurns: s.blockedTurns,
    stramatUsed: s.stramatUsed,
    eveningPoints: s.eveningPoints,
    handSizes: s.handSize,
    seen: (p) => s.hands.slice(p * Card.COUNT, (p + 1) * Card.COUNT),
    aggGive: aggPending(s.phase) ? s.aggGive : -2,
    giroChosen: s.giroChosen,
    giroCount: s.phase === Phase.GIRO_PICK ? s.giroCount : 0,
  });
}

/** The table as `player` sees it: its own hand, the cards it has seen in the others', the rest face down. */
export function observedView(o: StramatObservation, player: number): TableView {
  return build({
    players: o.players,
    evening: o.rules.evening,
    gameIndex: o.gameIndex,
    turns: o.turns,
    phase: o.phase,
    decider: o.decider,
    current: o.current,
    endReason: o.endReason,
    deckSize: o.deckSize,
    discard: o.discard,
    top: o.top,
    setAside: o.setAside,
    active: o.active,
    blockedTurns: o.blockedTurns,
    stramatUsed: o.stramatUsed,
    eveningPoints: o.eveningPoints,
    handSizes: o.handSizes,
    seen: (p) => (p === player ? o.hand : o.known[p]),
    aggGive: aggPending(o.phase) ? o.aggGive : -2,
    giroChosen: o.giroChosen,
    giroCount: o.giroCount,
  });
}

/** The view facet: the table, each seat's view of it, and the actions in words. */
export const stramatView: GameView<StramatState, StramatObservation> = { describe, tableView, observedView, actionText, actionSeen, words: stramatWords };

import type { GameWords, TableView } from '../engine/game.js';
import { eventText } from './narrate.js';
import type { AskMessage, EndMessage, StartMessage, StepMessage } from './protocol.js';

/**
 * What one seat's page receives: the match's messages cut down to what that seat may know. Events come
 * as the seat may read them (the secret version only for the seats it names), a decision as the seat saw
 * it (the game's actionSeen), the table from its own observation; a decision the seat could not tell was
 * taken is not sent at all (not even as a message without text, whose timing would say it happened),
 * and neither is another seat's question: a page never learns that another seat is being asked.
 */

export interface SeatStart {
  type: 'start';
  seat: number;
  title: string;
  variant: string;
  seats: string[];
  match: number;
  changedOptions: string[];
  words: GameWords | null;
  length: string | null;
  events: SeatEvent[];
  view: TableView | null;
}

export interface SeatEvent {
  kind: string;
  text: string;
}

export interface SeatStep {
  type: 'step';
  seat: number;
  n: number;
  /** The decision as the seat saw it ("4. seat 1 (greedy): plays Dado [D]"), null when the seat only sees its events. */
  line: string | null;
  events: SeatEvent[];
  view: TableView | null;
}

export interface SeatAsk {
  type: 'ask';
  seat: number;
  n: number;
  actions: AskMessage['actions'];
  view: TableView;
}

export interface SeatEnd {
  type: 'end';
  seat: number;
  outcome: string;
  winners: number[];
  /** The seeds, only once the match is over: with them, every hidden card of the match can be derived. */
  seed: string;
  matchSeed: string;
}

export type SeatMessage = SeatStart | SeatStep | SeatAsk | SeatEnd;

const eventsFor = (events: StartMessage['events'], seat: number): SeatEvent[] => events.map((e) => ({ kind: e.kind, text: eventText(e, seat) }));

/**
 * The decision's line for a seat: its number, who took it ("You" for the seat's own), what the seat saw
 * of it, without the text's own "seat N" subject, which the line already names.
 */
export function stepLine(m: StepMessage, seat: number): string | null {
  const text = m.seen[seat];
  if (text === null) return null;
  const subject = `seat ${m.seat} `;
  const what = text.startsWith(subject) ? text.slice(subject.length) : text;
  return `${m.n + 1}. ${m.seat === seat ? 'You' : `seat ${m.seat} (${m.bot})`}: ${what}`;
}

export function seatMessage(m: StartMessage | StepMessage | AskMessage | EndMessage, seat: number): SeatMessage | null {
  if (m.type === 'start') {
    // Not the seeds: a page that knew them could deal the match itself and read every hidden card.
    const { title, variant, seats, match, changedOptions, words, length } = m;
    return { type: 'start', seat, title, variant, seats, match, changedOptions, words, length, events: eventsFor(m.events, seat), view: m.views[seat] };
  }
  if (m.type === 'step') {
    const line = stepLine(m, seat);
    const events = eventsFor(m.events, seat);
    if (line === null && events.length === 0) return null;
    return { type: 'step', seat, n: m.n, line, events, view: m.views[seat] };
  }
  if (m.type === 'ask') return m.seat === seat ? { type: 'ask', seat, n: m.n, actions: m.actions, view: m.view } : null;
  return { type: 'end', seat, outcome: m.outcomes[seat] ?? m.outcome, winners: m.result.winners, seed: m.seed, matchSeed: m.matchSeed };
}

import { describe, expect, it } from 'vitest';
import type { AskMessage, EndMessage, StartMessage, StepMessage } from '../../src/play/protocol.js';
import { seatMessage } from '../../src/play/seat-view.js';

/**
 * What a seat's page may receive: the secret side of an event only for the seats it names, a decision as
 * the seat saw it, nothing at all for a decision the seat could not tell was taken, and another seat's
 * question never.
 */

const view = (owner: number) => ({ header: [`seat ${owner}`], zones: [] });

const start: StartMessage = {
  type: 'start',
  title: 'T',
  variant: 'v',
  seats: ['human', 'greedy', 'human'],
  seed: '1',
  matchSeed: '1/match/0',
  match: 0,
  changedOptions: [],
  words: null,
  length: null,
  events: [
    { kind: 'deal', seat: 0, text: 'seat 0 is dealt 3 cards', secret: { seats: [0], text: 'seat 0 is dealt: A B C' } },
    { kind: 'deal', seat: 2, text: 'seat 2 is dealt 3 cards', secret: { seats: [2], text: 'seat 2 is dealt: D E F' } },
  ],
  views: [view(0), null, view(2)],
};

const step = (seen: (string | null)[], events: StepMessage['events'] = []): StepMessage => ({
  type: 'step',
  n: 4,
  seat: 1,
  bot: 'greedy',
  code: 'X',
  seen,
  events,
  views: [view(0), null, view(2)],
});

describe('seatMessage', () => {
  it("gives each seat its own secrets and the other seats' public text", () => {
    const m0 = seatMessage(start, 0);
    const m2 = seatMessage(start, 2);
    expect(m0).toMatchObject({ type: 'start', seat: 0, view: view(0) });
    expect(m0?.type === 'start' && m0.events.map((e) => e.text)).toEqual(['seat 0 is dealt: A B C', 'seat 2 is dealt 3 cards']);
    expect(m2?.type === 'start' && m2.events.map((e) => e.text)).toEqual(['seat 0 is dealt 3 cards', 'seat 2 is dealt: D E F']);
  });

  it('words a decision as the seat saw it, addressing its own as "You", with no action code', () => {
    const m = step(['plays a card face down', 'seat 1 plays Alt face down', null]);
    expect(seatMessage(m, 0)).toMatchObject({ line: '5. seat 1 (greedy): plays a card face down', events: [] });
    expect(seatMessage(m, 1)).toMatchObject({ line: '5. You: plays Alt face down' });
  });

  it('sends nothing of a decision the seat could not tell was taken, unless it caused an event it may see', () => {
    expect(seatMessage(step(['x', 'x', null]), 2)).toBeNull();
    const withEvent = step(['x', 'x', null], [{ kind: 'draw', seat: 1, text: 'seat 1 draws a card' }]);
    expect(seatMessage(withEvent, 2)).toMatchObject({ line: null, events: [{ kind: 'draw', text: 'seat 1 draws a card' }] });
  });

  it('gives no page the seeds before the end: with them a seat could deal the match and read every hidden card', () => {
    for (const seat of [0, 2]) {
      const text = JSON.stringify(seatMessage(start, seat));
      expect(text).not.toContain('"seed"');
      expect(text).not.toContain('matchSeed');
      expect(text).not.toContain('1/match/0');
    }
  });

  it("never tells a seat about another seat's question; everyone gets the end", () => {
    const ask: AskMessage = { type: 'ask', n: 7, seat: 2, actions: [{ action: 1, text: 'lets it pass', code: 'P' }], view: view(2) };
    expect(seatMessage(ask, 0)).toBeNull();
    expect(seatMessage(ask, 2)).toMatchObject({ type: 'ask', seat: 2, n: 7 });
    const end: EndMessage = { type: 'end', result: { scores: [1, 2, 3], ranks: [3, 2, 1], winners: [2], annulled: false, endReason: 'r', firstPlayer: 0, turns: 9 }, decisions: 20, outcome: 'Winner: seat 2.', outcomes: ['Winner: seat 2.', 'Winner: seat 2.', 'You win!'], seed: '1', matchSeed: '1/match/0' };
    expect(seatMessage(end, 0)).toEqual({ type: 'end', seat: 0, outcome: 'Winner: seat 2.', winners: [2], seed: '1', matchSeed: '1/match/0' });
    expect(seatMessage(end, 2)).toMatchObject({ outcome: 'You win!' });
  });
});

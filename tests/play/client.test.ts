import { describe, expect, it } from 'vitest';
import { actionButtons, applyMessage, logItem, statusText, type SeatState } from '../../src/play/client.js';
import { humanPage } from '../../src/play/page.js';

/** The human page's pieces in node: escaping, the buttons, how messages change a seat's state. */

const fresh = (): SeatState => ({ log: [], view: null, ask: null, end: null, news: null, words: null, length: null });

describe('the human page', () => {
  it('labels buttons with the decision words, escaped, keys for the first nine', () => {
    const actions = Array.from({ length: 11 }, (_, i) => ({ action: 10 + i, text: `takes <${i}> & "more"`, code: 'c' }));
    const html = actionButtons({ type: 'ask', seat: 0, n: 3, actions, view: { header: [], zones: [] } });
    expect(html.match(/<button/g)).toHaveLength(11);
    expect(html).toContain('<kbd>9</kbd> takes &lt;8&gt; &amp; &quot;more&quot;');
    expect(html).not.toContain('<kbd>10</kbd>');
    expect(html).toContain('data-action="20" data-n="3"');
    expect(logItem('1. <b>', [{ kind: 'x"', text: '<i>' }])).toBe('<li class="step"><span class="decision">1. &lt;b&gt;</span><ul><li class="event" data-kind="x&quot;">&lt;i&gt;</li></ul></li>');
  });

  it('an ask is open until the step of its decision, and the end is said', () => {
    const s = fresh();
    const ask = { type: 'ask' as const, seat: 0, n: 5, actions: [{ action: 1, text: 'a', code: 'a' }], view: { header: ['h'], zones: [] } };
    expect(applyMessage(s, ask)).toBe('');
    expect(statusText(s, 0)).toMatch(/^Your turn \(you are seat 0\): 1 choice /);
    applyMessage(s, { type: 'step', seat: 0, n: 4, line: null, events: [], view: null });
    expect(s.ask).not.toBeNull();
    expect(applyMessage(s, { type: 'step', seat: 0, n: 5, line: '6. seat 0 (human): a [a]', events: [], view: null })).toContain('6. seat 0');
    expect(s.ask).toBeNull();
    expect(s.view).toEqual({ header: ['h'], zones: [] });
    expect(statusText(s, 0)).toBe('Waiting for the other players...');
    applyMessage(s, { type: 'end', seat: 0, outcome: 'Match over: the deck ran out. Winner: seat 1.', winners: [1], seed: 'ab12', matchSeed: 'ab12/match/0' });
    // The seeds are told at the end, and only then (a page that had them earlier could deal the match itself).
    expect(statusText(s, 0)).toBe('Match over: the deck ran out. Winner: seat 1. Master seed "ab12" (match seed "ab12/match/0"): --seed ab12 replays this match.');
  });

  it('is self-contained: inline script and style, nothing fetched from elsewhere', () => {
    const html = humanPage({ seats: [0, 2], hotSeat: true, token: 'abc' });
    expect(html).not.toMatch(/<(script|link|img)[^>]+(src|href)=/);
    expect(html).toContain('startHumanPage({"seats":[0,2],"hotSeat":true,"token":"abc"}, document, window, renderTable);');
    expect(html).toContain('function renderTable(');
  });
});

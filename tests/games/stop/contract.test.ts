import { describe, expect, it } from 'vitest';
import { OptionError } from '../../../src/engine/game.js';
import { resolveOptions } from '../../../src/engine/options.js';
import { Rng } from '../../../src/engine/rng.js';
import { stop, type StopState } from '../../../src/games/stop/index.js';
import { Card, cardCode, parseCard } from '../../../src/games/stop/cards.js';
import { positionState } from '../../../src/games/stop/fixtures.js';
import { Act, EVENT_NAMES, MAX_ACTIONS, eventKind } from '../../../src/games/stop/state.js';
import { eventText, parseActionCode } from '../../../src/games/stop/text.js';

/* The game contract: options, codes, texts, metrics, heuristic. */

const buf = new Int32Array(stop.maxActions);

function defaults(extra: Record<string, unknown> = {}) {
  return resolveOptions(stop.options, extra);
}

function bestAction(s: StopState): string {
  const k = stop.legalActions(s, buf);
  const obs = stop.observe(s, s.cur);
  let best = -1;
  let bestV = -Infinity;
  for (let i = 0; i < k; i++) {
    const v = stop.search.heuristic!(obs, buf[i]);
    if (v > bestV) {
      bestV = v;
      best = buf[i];
    }
  }
  return stop.actionCode(best);
}

function run(s: StopState, codes: string[]): void {
  const rng = new Rng('run');
  for (const c of codes) stop.apply(s, parseActionCode(c), rng);
}

describe('Stop: options', () => {
  it('declares every option with a default that resolves', () => {
    const o = defaults();
    expect(o.handSize).toBe(7);
    expect(o.targetScore).toBe(500);
    expect(o.copies).toEqual([2, 2, 2, 2, 2, 2, 4, 2, 2, 2, 2, 2]);
    expect(o.penalties).toEqual([0, 1, 20, 3, 4, 5, 9, 7, 8, 10, 30, 40, 50]);
    for (const spec of stop.options) expect(spec.description.length).toBeGreaterThan(10);
    for (let n = stop.minPlayers; n <= stop.maxPlayers; n++) expect(() => stop.checkOptions(o, n)).not.toThrow();
  });

  it('rejects a deal that does not fit, naming the field', () => {
    expect(() => stop.checkOptions(defaults({ handSize: 12 }), 10)).toThrow(OptionError);
    try {
      stop.checkOptions(defaults({ handSize: 12 }), 10);
    } catch (e) {
      expect((e as OptionError).field).toBe('handSize');
    }
  });

  it('rejects a deck that may leave only jollies to turn up', () => {
    const o = defaults({ jollies: 40, copies: [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], colours: 1, handSize: 1 });
    expect(() => stop.checkOptions(o, 2)).toThrow(/jollies/);
  });

  it('rejects a first dealer outside the table', () => {
    expect(() => stop.checkOptions(defaults({ firstDealer: 5 }), 4)).toThrow(/firstDealer/);
  });

  it('bounds are checked by the option specs', () => {
    expect(() => defaults({ attentionForget: 1.5 })).toThrow(OptionError);
    expect(() => defaults({ copies: [2, 2] })).toThrow(OptionError);
    expect(() => defaults({ stuckRound: 'maybe' })).toThrow(OptionError);
  });

  it('every count is data: a 2-colour deck of 5 copies each plays with those counts', () => {
    const o = defaults({ colours: 2, copies: [5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5], jollies: 3 });
    const s = stop.setup(o, 3, new Rng('x'));
    expect(s.cfg.total).toBe(2 * 12 * 5 + 3);
  });
});

describe('Stop: action codes and texts', () => {
  it('codes are context-free, unique and parse back', () => {
    const seen = new Set<string>();
    const actions = [...Array(Card.COUNT).keys(), Act.DRAW, Act.PASS, Act.SWAP_LEFT, Act.SWAP_LEFT + 1];
    for (let q = 0; q < 10; q++) actions.push(Act.SWAP_SEAT + q);
    for (const a of actions) {
      const code = stop.actionCode(a);
      expect(seen.has(code)).toBe(false);
      seen.add(code);
      expect(parseActionCode(code)).toBe(a);
    }
    expect(actions.length).toBe(MAX_ACTIONS);
    expect(stop.maxActions).toBe(MAX_ACTIONS);
    expect(stop.actionCode(parseCard('B4'))).toBe('B4');
    expect(stop.actionCode(Card.JOLLY)).toBe('J');
    expect(stop.actionCode(Act.DRAW)).toBe('D');
  });

  it('every legal action has a readable text, every event a line, and describe shows the table', () => {
    const opts = defaults();
    const rng = new Rng('texts');
    const s = stop.setup(opts, 4, rng);
    const events = new Set<string>();
    for (let step = 0; step < 3000 && stop.currentPlayer(s) >= 0; step++) {
      const k = stop.legalActions(s, buf);
      for (let i = 0; i < k; i++) {
        const text = stop.view.actionText(s, buf[i]);
        expect(text).toMatch(/seat \d/);
        expect(text).not.toMatch(/undefined|NaN/);
      }
      for (let i = 0; i < s.logLen; i++) {
        const line = eventText(s.log[i]);
        expect(line).not.toMatch(/undefined|NaN/);
        events.add(EVENT_NAMES[eventKind(s.log[i])]);
      }
      const view = stop.view.describe(s);
      expect(view).toContain('Top card');
      expect(view.split('\n').length).toBeGreaterThan(4 + 1);
      stop.apply(s, buf[rng.int(k)], rng);
    }
    expect(events.size).toBeGreaterThan(8);
  });
});

describe('Stop: metrics', () => {
  it('names and values line up', () => {
    expect(stop.measures.names).toEqual([
      'rounds',
      'turns_per_round',
      'out_of_turn_plays',
      'stacks',
      'swaps',
      'zero_defences',
      'stuck_rounds',
      'attention_penalties',
      'reshuffles',
      'swap_cancels',
    ]);
    const s = positionState({ players: 4, hands: ['R2+ R1 R3', 'G2+ B4', 'G0 Y5', 'R2+ Y8'], discard: 'R7' });
    run(s, ['R2+', '-', 'G2+', 'G0']); // seat 3 declines to jump in; seat 1 stacks; seat 2 defends
    const m = new Array<number>(stop.measures.names.length).fill(0);
    stop.measures.write(s, m);
    expect(m[stop.measures.names.indexOf('stacks')]).toBe(1);
    expect(m[stop.measures.names.indexOf('zero_defences')]).toBe(1);
    expect(m[stop.measures.names.indexOf('out_of_turn_plays')]).toBe(0);
    expect(m[stop.measures.names.indexOf('turns_per_round')]).toBe(3); // no round finished: the turns so far (a pass is no turn)
  });
});

describe('Stop: heuristic (greedy, from the observation)', () => {
  it('goes out when it can', () => {
    const s = positionState({ players: 3, hands: ['B1', 'Y1 Y3', 'G5'], discard: 'B4' });
    expect(bestAction(s)).toBe('B1');
  });

  it('sheds the costly card first', () => {
    const s = positionState({ players: 3, hands: ['B1 BX B7', 'Y1 Y3', 'G5'], discard: 'B4' });
    expect(bestAction(s)).toBe('BX');
  });

  it('defends with a 0 rather than drawing 6', () => {
    const s = positionState({ players: 3, hands: ['R1', 'R0 B4 G8', 'G5'], discard: 'R2+', attack: { kind: 'draw', count: 6 }, turn: 1 });
    expect(bestAction(s)).toBe('R0');
  });

  it('against X+ plays the number that draws least', () => {
    const s = positionState({ players: 3, hands: ['R1', 'Y8 G1 B69', 'G5'], discard: 'BX', attack: { kind: 'xplus' }, turn: 1 });
    expect(bestAction(s)).toBe('G1');
  });

  it('swaps with the smallest hand', () => {
    const s = positionState({ players: 4, hands: ['RW R1 R3 R4 R5', 'Y1 Y3 Y4', 'G5', 'B1 B3 B4 B5'], discard: 'R7' });
    run(s, ['RW']);
    expect(bestAction(s)).toBe('W2');
  });

  it('cancels a swap that would give it a bigger hand', () => {
    const s = positionState({ players: 3, hands: ['RW R1 R3 R4 R5 R8', 'R0 Y1', 'G5 G7'], discard: 'R7' });
    run(s, ['RW', 'W1']);
    expect(s.cur).toBe(1);
    expect(bestAction(s)).toBe('R0');
  });

  it('jumps in with an identical card', () => {
    const s = positionState({ players: 3, hands: ['B4 R1', 'Y1 Y3', 'B4 G5'], discard: 'B7' });
    run(s, ['B4']);
    expect(s.cur).toBe(2);
    expect(bestAction(s)).toBe('B4');
  });
});

describe('Stop: card names', () => {
  it('every type has a code and a name', () => {
    for (let t = 0; t < Card.COUNT; t++) {
      expect(parseCard(cardCode(t))).toBe(t);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../../src/engine/options.js';
import { Rng } from '../../../src/engine/rng.js';
import { stop, type StopState } from '../../../src/games/stop/index.js';
import { Card, cardCode } from '../../../src/games/stop/cards.js';
import { cardsInPlay, positionState } from '../../../src/games/stop/fixtures.js';
import { parseActionCode } from '../../../src/games/stop/text.js';
import { Phase } from '../../../src/games/stop/state.js';

/*
 * Hidden information: an observation holds nothing a player cannot know, and determinize samples a
 * complete state that yields the same observation while the hidden cards vary.
 */

const buf = new Int32Array(stop.maxActions);

function legalCodes(s: StopState): string[] {
  const k = stop.legalActions(s, buf);
  return Array.from(buf.subarray(0, k), (a) => stop.actionCode(a)).sort();
}

/** Random matches; calls visit(state) at every decision (or every `every`-th). */
function forDecisions(
  given: Record<string, unknown>,
  players: number,
  matches: number,
  seed: string,
  every: number,
  visit: (s: StopState, rng: Rng) => void,
): void {
  const opts = resolveOptions(stop.options, given);
  for (let m = 0; m < matches; m++) {
    const rng = new Rng(`${seed}/g${m}`);
    const choose = new Rng(`${seed}/b${m}`);
    const s = stop.setup(opts, players, rng);
    let step = 0;
    while (stop.currentPlayer(s) >= 0) {
      if (step++ % every === 0) visit(s, new Rng(`${seed}/v${m}/${step}`));
      const k = stop.legalActions(s, buf);
      stop.apply(s, buf[choose.int(k)], rng);
    }
    visit(s, new Rng(`${seed}/end${m}`));
  }
}

/** Deep equality through JSON (fast; observations are plain data with a fixed key order), diff on failure. */
function same(a: unknown, b: unknown): void {
  if (JSON.stringify(a) !== JSON.stringify(b)) expect(a).toEqual(b);
}

/** Cards of seat o that p does not know (beyond p's knowledge of o's hand). */
function hiddenTypes(s: StopState, p: number, o: number): number[] {
  const n = s.n;
  const out: number[] = [];
  for (let t = 0; t < Card.COUNT; t++) if (s.hands[o * Card.COUNT + t] > s.known[(p * n + o) * Card.COUNT + t]) out.push(t);
  return out;
}

describe('Stop: observations', () => {
  it('are plain, serialisable data', () => {
    forDecisions({}, 4, 30, 'plain', 5, (s) => {
      for (let p = 0; p < s.n; p++) {
        const obs = stop.observe(s, p);
        const back = JSON.parse(JSON.stringify(obs)) as typeof obs;
        same(back, obs);
        expect(Object.keys(back).sort()).toEqual(Object.keys(obs).sort()); // no undefined fields dropped
      }
    });
  });

  it('hold no hidden card: moving another player\'s unknown card to the deck (or to a third hand) changes nothing', () => {
    let checks = 0;
    forDecisions({ attentionForget: 0.2 }, 4, 20, 'leak', 4, (s, rng) => {
      const n = s.n;
      for (let p = 0; p < n; p++) {
        const before = JSON.stringify(stop.observe(s, p));
        for (let o = 0; o < n; o++) {
          if (o === p) continue;
          const hidden = hiddenTypes(s, p, o);
          if (hidden.length === 0) continue;
          const t = hidden[rng.int(hidden.length)];
          // Exchange with a different card from the deck.
          for (let i = 0; i < s.pileLen; i++) {
            const u = s.pile[i];
            if (u === t) continue;
            const c = stop.clone(s);
            c.pile[i] = t;
            c.hands[o * Card.COUNT + t]--;
            c.hands[o * Card.COUNT + u]++;
            expect(JSON.stringify(stop.observe(c, p))).toBe(before);
            checks++;
            break;
          }
          // Exchange with a hidden card of a third player.
          const q = [...Array(n).keys()].find((x) => x !== p && x !== o && hiddenTypes(s, p, x).some((u) => u !== t));
          if (q !== undefined) {
            const u = hiddenTypes(s, p, q).find((x) => x !== t)!;
            const c = stop.clone(s);
            c.hands[o * Card.COUNT + t]--;
            c.hands[o * Card.COUNT + u]++;
            c.hands[q * Card.COUNT + u]--;
            c.hands[q * Card.COUNT + t]++;
            expect(JSON.stringify(stop.observe(c, p))).toBe(before);
            checks++;
          }
        }
      }
    });
    expect(checks).toBeGreaterThan(400);
  });

  it('the deck order is hidden: shuffling the deck changes nothing', () => {
    forDecisions({}, 3, 20, 'deck', 7, (s, rng) => {
      const c = stop.clone(s);
      rng.shuffle(c.pile, 0, c.pileLen);
      for (let p = 0; p < s.n; p++) same(stop.observe(c, p), stop.observe(s, p));
    });
  });

  it('an out-of-turn window is seen only by the asked player', () => {
    const s = positionState({ players: 4, hands: ['B4 R1', 'Y1 Y3', 'B4 G5', 'R3 Y8'], discard: 'B7' });
    stop.apply(s, parseActionCode('B4'), new Rng('x'));
    expect(s.phase).toBe(Phase.OUT_OF_TURN);
    expect(stop.observe(s, 2).phase).toBe('out_of_turn');
    expect(stop.observe(s, 2).current).toBe(2);
    for (const p of [0, 1, 3]) {
      const obs = stop.observe(s, p);
      expect(obs.phase).toBe('turn');
      expect(obs.current).toBe(1);
    }
    // ...and looks exactly like the state where nobody holds the identical card.
    const t = positionState({ players: 4, hands: ['B4 R1', 'Y1 Y3', 'B8 G5', 'R3 Y8'], discard: 'B7' });
    stop.apply(t, parseActionCode('B4'), new Rng('x'));
    expect(stop.observe(t, 3)).toEqual(stop.observe(s, 3));
  });

  it('a swap-cancel window does not say who holds the 0', () => {
    const s = positionState({ players: 4, hands: ['RW R1 R3', 'Y1', 'R0 Y3', 'Y4'], discard: 'R7' });
    const rng = new Rng('x');
    stop.apply(s, parseActionCode('RW'), rng);
    stop.apply(s, parseActionCode('WL'), rng);
    expect(s.phase).toBe(Phase.SWAP_CANCEL);
    expect(s.cur).toBe(2);
    for (const p of [0, 1, 3]) expect(stop.observe(s, p).current).toBe(-1);
    expect(stop.observe(s, 2).current).toBe(2);
  });

  it('a swap tells the two players the hand each gave away; all-left tells each the left neighbour\'s hand', () => {
    const rng = new Rng('x');
    const s = positionState({ players: 3, hands: ['RW R1 R3', 'Y1 G8', 'B5 Y3'], discard: 'R7' });
    stop.apply(s, parseActionCode('RW'), rng);
    stop.apply(s, parseActionCode('W2'), rng);
    expect(stop.observe(s, 0).known[2].map(cardCode).sort()).toEqual(['R1', 'R3']);
    expect(stop.observe(s, 2).known[0].map(cardCode).sort()).toEqual(['B5', 'Y3']);
    expect(stop.observe(s, 1).known[0]).toEqual([]);
    const a = positionState({ players: 3, hands: ['RW R1 R3', 'Y1 G8', 'B5 Y3'], discard: 'R7' });
    stop.apply(a, parseActionCode('RW'), rng);
    stop.apply(a, parseActionCode('WL'), rng);
    expect(stop.observe(a, 0).known[1].map(cardCode).sort()).toEqual(['R1', 'R3']);
    expect(stop.observe(a, 1).known[2].map(cardCode).sort()).toEqual(['G8', 'Y1']);
    expect(stop.observe(a, 2).known[0].map(cardCode).sort()).toEqual(['B5', 'Y3']);
    // The knowledge shrinks as the cards are played: seat 1 plays the red 1 (on the red swap).
    expect(a.cur).toBe(1);
    stop.apply(a, parseActionCode('R1'), rng);
    expect(stop.observe(a, 0).known[1].map(cardCode)).toEqual(['R3']);
  });

  it('a hand shown under X+ is public until its cards leave it, and moves with a swap', () => {
    const rng = new Rng('x');
    const s = positionState({ players: 3, hands: ['BX R1 R3', 'J R2+ G69 B8', 'BW Y3 B1'], discard: 'B7' });
    stop.apply(s, parseActionCode('BX'), rng);
    stop.apply(s, parseActionCode('G69'), rng); // seat 1 shows J R2+ G69 B8, plays the 6/9, draws 9
    expect(stop.observe(s, 2).shown[1].map(cardCode).sort()).toEqual(['B8', 'J', 'R2+']);
    expect(s.cur).toBe(2);
    stop.apply(s, parseActionCode('BW'), rng);
    stop.apply(s, parseActionCode('W1'), rng); // seat 2 takes seat 1's hand
    const obs = stop.observe(s, 0);
    expect(obs.shown[2].map(cardCode).sort()).toEqual(['B8', 'J', 'R2+']);
    expect(obs.shown[1]).toEqual([]);
    expect(stop.observe(s, 1).known[2].length).toBe(s.sizes[2]); // seat 1 knows its old hand fully
  });
});

describe('Stop: determinize', () => {
  it('observe(determinize(obs)) equals obs, for the player to move and for every other seat', () => {
    let checks = 0;
    forDecisions({ attentionForget: 0.1 }, 4, 50, 'det', 3, (s, rng) => {
      for (let p = 0; p < s.n; p++) {
        const obs = stop.observe(s, p);
        const det = stop.search.determinize!(obs, p, rng);
        same(stop.observe(det, p), obs);
        expect(cardsInPlay(det)).toBe(112);
        checks++;
      }
    });
    expect(checks).toBeGreaterThan(1500);
  });

  it('also across player counts and variants', () => {
    const variants: Array<[Record<string, unknown>, number]> = [
      [{}, 2],
      [{ swapSelfCancel: true, jollyDefence: true }, 3],
      [{ colours: 6, jollies: 0 }, 7],
      [{ copies: [3, 1, 2, 1, 1, 1, 2, 1, 1, 2, 6, 4] }, 5],
      [{ handSize: 12 }, 8],
    ];
    for (const [opts, players] of variants) {
      forDecisions(opts, players, 6, `detv${players}`, 5, (s, rng) => {
        for (let p = 0; p < s.n; p++) {
          const obs = stop.observe(s, p);
          same(stop.observe(stop.search.determinize!(obs, p, rng), p), obs);
        }
      });
    }
  });

  it('the player to move has the same legal actions in the sampled state', () => {
    forDecisions({}, 4, 40, 'detlegal', 2, (s, rng) => {
      const p = stop.currentPlayer(s);
      if (p < 0) return;
      const det = stop.search.determinize!(stop.observe(s, p), p, rng);
      expect(stop.currentPlayer(det)).toBe(p);
      expect(legalCodes(det)).toEqual(legalCodes(s));
    });
  });

  it('the hidden cards vary from sample to sample', () => {
    let varied = 0;
    let cases = 0;
    forDecisions({}, 4, 20, 'detvary', 9, (s) => {
      const p = Math.max(0, stop.currentPlayer(s));
      const o = (p + 1) % s.n;
      if (hiddenTypes(s, p, o).length === 0 || s.pileLen < 2) return;
      const obs = stop.observe(s, p);
      const hands = new Set<string>();
      for (let i = 0; i < 12; i++) {
        const det = stop.search.determinize!(obs, p, new Rng(`vary${i}`));
        hands.add(Array.from(det.hands.subarray(o * Card.COUNT, o * Card.COUNT + Card.COUNT)).join(','));
      }
      cases++;
      if (hands.size > 1) varied++;
    });
    expect(cases).toBeGreaterThan(50);
    expect(varied / cases).toBeGreaterThan(0.9);
  });

  it('a sampled state plays on to the end of the match', () => {
    let played = 0;
    forDecisions({}, 4, 20, 'detplay', 37, (s, rng) => {
      const p = Math.max(0, stop.currentPlayer(s));
      const det = stop.search.determinize!(stop.observe(s, p), p, rng);
      let steps = 0;
      while (stop.currentPlayer(det) >= 0 && steps < 100_000) {
        const k = stop.legalActions(det, buf);
        expect(k).toBeGreaterThan(0);
        stop.apply(det, buf[rng.int(k)], rng);
        steps++;
      }
      expect(stop.currentPlayer(det)).toBe(-1);
      expect(cardsInPlay(det)).toBe(112);
      played++;
    });
    expect(played).toBeGreaterThan(20);
  });

  it('rebuilds an out-of-turn window for the asked player, and a swap-cancel window for others', () => {
    const rng = new Rng('x');
    const s = positionState({ players: 4, hands: ['B69 R1', 'Y1 Y3', 'B69 G5', 'B69 Y8'], discard: 'B7' });
    stop.apply(s, parseActionCode('B69'), rng);
    expect(s.cur).toBe(2);
    const det = stop.search.determinize!(stop.observe(s, 2), 2, rng);
    expect(det.phase).toBe(Phase.OUT_OF_TURN);
    expect(legalCodes(det)).toEqual(['-', 'B69']);
    stop.apply(det, parseActionCode('-'), rng);
    // Whoever else the sample gave a blue 6/9 (after seat 2 in the order) is asked next.
    expect(stop.currentPlayer(det)).toBeGreaterThanOrEqual(0);

    const w = positionState({ players: 4, hands: ['RW R1 R3', 'Y1', 'R0 Y3', 'Y4'], discard: 'R7' });
    stop.apply(w, parseActionCode('RW'), rng);
    stop.apply(w, parseActionCode('WL'), rng);
    for (const p of [0, 1, 3]) {
      const obs = stop.observe(w, p);
      for (let i = 0; i < 10; i++) {
        const d = stop.search.determinize!(obs, p, new Rng(`w${p}/${i}`));
        expect(stop.observe(d, p)).toEqual(obs);
        expect(d.phase).toBe(Phase.SWAP_CANCEL);
        expect(d.cur).not.toBe(p);
        expect(d.hands[d.cur * Card.COUNT + 0]).toBeGreaterThan(0); // the asked player holds the red 0
      }
    }
  });
});

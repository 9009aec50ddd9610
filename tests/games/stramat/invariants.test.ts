import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../../src/engine/options.js';
import { Rng } from '../../../src/engine/rng.js';
import { stramat, type StramatState } from '../../../src/games/stramat/index.js';
import { Card } from '../../../src/games/stramat/cards.js';
import { Phase } from '../../../src/games/stramat/state.js';

/** Checks every invariant of a state; returns the first violation, or ''. */
function violation(s: StramatState): string {
  const total = new Array(Card.COUNT).fill(0);
  for (let c = 0; c < Card.COUNT; c++) {
    if (s.deck[c] < 0 || s.discard[c] < 0 || s.setAside[c] < 0) return `negative pile count of ${c}`;
    total[c] += s.deck[c] + s.discard[c] + s.setAside[c];
  }
  if ((s.phase === Phase.AGG_TARGET || s.phase === Phase.AGG_TAKE) && s.aggGive >= 0) total[s.aggGive]++;
  for (let p = 0; p < s.n; p++) {
    let size = 0;
    for (let c = 0; c < Card.COUNT; c++) {
      const h = s.hands[p * Card.COUNT + c];
      if (h < 0) return `negative hand count ${p}/${c}`;
      size += h;
      total[c] += h;
      for (let o = 0; o < s.n; o++) {
        if (s.known[(o * s.n + p) * Card.COUNT + c] > h) return `player ${o} 'knows' more ${c} than ${p} holds`;
        // A block marked as all zeros must be all zeros: the updates skip it.
        if (s.knownLive[o * s.n + p] === 0 && s.known[(o * s.n + p) * Card.COUNT + c] !== 0) return `knowledge of ${o} about ${p} marked empty but holds ${c}`;
      }
    }
    if (size !== s.handSize[p]) return `hand size of ${p} is ${s.handSize[p]}, cards ${size}`;
    if (s.blockedTurns[p] < 0) return 'negative block';
  }
  for (let c = 0; c < Card.COUNT; c++) if (total[c] !== s.rules.counts[c]) return `cards of type ${c}: ${total[c]} != ${s.rules.counts[c]}`;
  let deck = 0;
  for (let c = 0; c < Card.COUNT; c++) deck += s.deck[c];
  if (deck !== s.deckSize) return 'deck size';
  return '';
}

function playRandom(opts: Record<string, unknown>, players: number, seed: string, check: (s: StramatState) => void) {
  const o = resolveOptions(stramat.options, opts);
  stramat.checkOptions(o, players);
  const rng = new Rng(`g${seed}`);
  const choose = new Rng(`b${seed}`);
  const s = stramat.setup(o, players, rng);
  const buf = new Int32Array(stramat.maxActions);
  let steps = 0;
  check(s);
  while (stramat.currentPlayer(s) >= 0) {
    const k = stramat.legalActions(s, buf);
    if (k <= 0) throw new Error('a decision with no legal action');
    stramat.apply(s, buf[choose.int(k)], rng);
    check(s);
    if (++steps > 5000) throw new Error('match does not end');
  }
  return s;
}

const variants: Array<[string, Record<string, unknown>, number[]]> = [
  ['base', {}, [2, 3, 4, 5, 6]],
  ['one Dado card fewer', { dadoCount: 3 }, [4, 6]],
  ['Birichino', { birichino: true }, [3, 4, 6]],
  ['evening of 3 games', { evening: 3 }, [2, 4]],
  ['short Dado ends without drawing', { dadoShortDeck: 'end-without-drawing', handSize: 5 }, [3]],
];

describe('stramat invariants over random matches', () => {
  for (const [name, opts, counts] of variants) {
    it(`${name}: cards conserved, no negative counts, knowledge sound, every match ends`, () => {
      let matches = 0;
      for (const players of counts) {
        for (let i = 0; i < 600; i++) {
          const s = playRandom(opts, players, `${name}-${players}-${i}`, (st) => {
            const v = violation(st);
            if (v) throw new Error(`${name} ${players}p match ${i}: ${v}`);
          });
          const r = stramat.result(s);
          expect(r.scores).toHaveLength(players);
          expect(r.annulled || r.winners.length > 0).toBe(true);
          for (const w of r.winners) expect(r.ranks[w]).toBe(1);
          matches++;
        }
      }
      expect(matches).toBe(600 * counts.length);
    });
  }
});

describe('stramat setup with a recycled state (Game.setup reuse)', () => {
  it('plays exactly like a fresh state, whatever match (or half-played match) the state came from', () => {
    const buf = new Int32Array(stramat.maxActions);
    let spare: StramatState | undefined;
    let recycled = 0;
    for (let i = 0; i < 400; i++) {
      const [, opts, counts] = variants[i % variants.length];
      const players = i % 2 === 0 && counts.includes(4) ? 4 : counts[i % counts.length];
      const o = resolveOptions(stramat.options, opts);
      const fresh = stramat.setup(o, players, new Rng(`deal${i}`));
      const reused = stramat.setup(o, players, new Rng(`deal${i}`), spare);
      if (spare !== undefined && reused === spare) recycled++;
      expect(reused).toEqual(fresh);
      const choose = new Rng(`choose${i}`);
      const g1 = new Rng(`play${i}`);
      const g2 = new Rng(`play${i}`);
      // Some matches are abandoned half-way (as a bot fault ends a match), leaving odd phases behind.
      const stopAt = i % 3 === 0 ? choose.int(40) : Infinity;
      for (let step = 0; stramat.currentPlayer(fresh) >= 0 && step < stopAt; step++) {
        const k = stramat.legalActions(fresh, buf);
        const a = buf[choose.int(k)];
        stramat.apply(fresh, a, g1);
        stramat.apply(reused, a, g2);
      }
      expect(reused).toEqual(fresh);
      expect(stramat.result(reused)).toEqual(stramat.result(fresh));
      spare = reused;
    }
    // Consecutive matches often differ in player count; a state of another size is not reused.
    expect(recycled).toBeGreaterThan(50);
  });
});

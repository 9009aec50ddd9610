import { describe, expect, it } from 'vitest';
import { greedy } from '../../../bots/greedy.js';
import { random } from '../../../bots/random.js';
import { playMatch } from '../../../src/engine/match.js';
import { resolveOptions } from '../../../src/engine/options.js';
import { Rng } from '../../../src/engine/rng.js';
import { scala } from '../../../src/games/scala/index.js';
import { type ScalaPosition, positionState } from '../../../src/games/scala/fixtures.js';
import type { ScalaState } from '../../../src/games/scala/state.js';
import { openLines } from '../../../src/games/scala/heuristic.js';
import { stateOf } from '../../../src/games/scala/observation.js';
import { windowComplete } from '../../../src/games/scala/rules.js';

/* The greedy heuristic does what the issue asks of it, and plays better than chance. */

const buf = new Int32Array(scala.maxActions);
const EMPTY = ['. . . . . .', '. . . . . .', '. . . . . .', '. . . . . .', '. . . . . .', '. . . . . .'];

/** The codes the heuristic rates best for the current player. */
function bestCodes(s: ScalaState): string[] {
  const obs = scala.observe(s, s.cur);
  const k = scala.legalActions(s, buf);
  let best = -Infinity;
  let codes: string[] = [];
  for (let i = 0; i < k; i++) {
    const v = scala.search.heuristic!(obs, buf[i]);
    if (v > best) {
      best = v;
      codes = [];
    }
    if (v === best) codes.push(scala.actionCode(buf[i]));
  }
  return codes;
}

function rated(s: ScalaState, code: string): number {
  const k = scala.legalActions(s, buf);
  for (let i = 0; i < k; i++) if (scala.actionCode(buf[i]) === code) return scala.search.heuristic!(scala.observe(s, s.cur), buf[i]);
  throw new Error(`${code} is not legal`);
}

function pos(board: string[], extra: Partial<ScalaPosition> = {}): ScalaState {
  return positionState({ players: 2, board, ...extra });
}

describe('the greedy heuristic', () => {
  it('takes a line when it can', () => {
    expect(bestCodes(pos(['1 2 3 . . .', ...EMPTY.slice(1)]))).toEqual(['4D1']);
    expect(bestCodes(pos(['. . . . . .', '. . 4 . . .', '. . 3 . . .', '. . . . . .', '. . 1 . . .', ...EMPTY.slice(5)]))).toEqual(['2C4']);
  });

  it('prefers two lines at once to one', () => {
    const s = pos(['. . . 1 . .', '. . . 2 . .', '. 1 2 . 4 .', '. . . 4 . .', '1 2 3 . . .', ...EMPTY.slice(5)]);
    expect(bestCodes(s)).toEqual(['3D3']);
  });

  it('avoids a placement that lets the next player take a line', () => {
    // Seat 0 holds only 3s: a 3 on C1 would leave 1-2-3-_ for seat 1, who holds 4s.
    const s = pos(['1 2 . . . .', ...EMPTY.slice(1)], { held: [[0, 0, 5, 0], [0, 0, 0, 5]] });
    expect(rated(s, '3C1')).toBeLessThan(rated(s, '3F6'));
    expect(bestCodes(s)).not.toContain('3C1');
    // If seat 1 held no 4, the same 3 would give nothing away.
    const safe = pos(['1 2 . . . .', ...EMPTY.slice(1)], { held: [[0, 0, 5, 0], [5, 0, 0, 0]] });
    expect(rated(safe, '3C1')).toBe(rated(safe, '3F6'));
  });

  it('in an extra turn, leaves a line for itself rather than for nobody', () => {
    const s = pos(['1 2 . . . .', ...EMPTY.slice(1)], { held: [[0, 0, 5, 5], [0, 0, 0, 5]], extraTurns: 1 });
    expect(rated(s, '3C1')).toBeGreaterThan(rated(s, '3F6'));
  });

  it('greedy beats random players (2 and 4 players)', () => {
    const opts = resolveOptions(scala.options, {});
    for (const players of [2, 4]) {
      let wins = 0;
      const matches = 200;
      for (let i = 0; i < matches; i++) {
        const seats = Array.from({ length: players }, (_, p) => ({ factory: p === i % players ? greedy : random, params: {} }));
        const out = playMatch(scala, opts, seats, `greedy/${players}/${i}`);
        expect(out.fault).toBeUndefined();
        if (out.result.winners.includes(i % players)) wins++;
      }
      // Chance would be 1/players.
      expect(wins / matches).toBeGreaterThan(1.5 / players);
    }
  }, 120_000);

  it('the heuristic reads the observation only and leaves it unchanged', () => {
    const s = scala.setup(resolveOptions(scala.options, {}), 3, new Rng('h'));
    const rng = new Rng('h/p');
    for (let i = 0; i < 40; i++) scala.apply(s, buf[rng.int(scala.legalActions(s, buf))], rng);
    const obs = scala.observe(s, s.cur);
    const frozen = JSON.stringify(obs);
    const k = scala.legalActions(s, buf);
    for (let i = 0; i < k; i++) scala.search.heuristic!(obs, buf[i]);
    expect(JSON.stringify(obs)).toBe(frozen);
  });

  it('counts the lines a placement makes and leaves open as the full scan of every line does, in any variant', () => {
    // The heuristic corrects one count per observation around the placed square; a full scan after the
    // placement is the reference. Random positions at 2-4 players, with neighbours and lines diagonal too.
    // Diagonal lines with square neighbours: the one case where a placement beside a line's missing square
    // changes what that square may take (a missing square of a straight line always has a neighbour in it).
    const variants = [{}, { diagonalLines: true }, { diagonalNeighbours: true, diagonalLines: true }, { stacking: 'neighbours_or_covered' }];
    let compared = 0;
    let nonzero = 0;
    let lines = 0;
    for (const [vi, given] of variants.entries()) {
      const opts = resolveOptions(scala.options, given);
      for (let m = 0; m < 12; m++) {
        const players = 2 + (m % 3);
        const rng = new Rng(`open-lines/${vi}/${m}`);
        const s = scala.setup(opts, players, rng);
        for (let t = 0; t < 90 && scala.currentPlayer(s) >= 0; t++) {
          const k = scala.legalActions(s, buf);
          const obs = scala.observe(s, s.cur);
          for (let i = 0; i < k; i++) {
            const a = buf[i];
            if (a === 400) continue;
            const after = stateOf(obs);
            const q = after.squareOf(a);
            after.setTop(q, (a & 3) + 1);
            after.height[q]++;
            const me = obs.player;
            const next = after.extra > 0 ? me : nextSeat(after, me);
            const full = openLines(after, next);
            const v = scala.search.heuristic!(obs, a);
            // The heuristic's whole value, from the placement made and every line scanned.
            let made = 0;
            const g = after.geo;
            for (let j = g.cellWinStart[q]; j < g.cellWinStart[q + 1]; j++) if (windowComplete(after, g.cellWin[j])) made++;
            const held = s.held[me * 4 + (a & 3)] / 100;
            expect(v, `${scala.actionCode(a)} at turn ${t}`).toBe(made > 0 ? held + 1000 * made : held + (next === me ? 50 * full : -100 * full));
            if (made > 0) {
              lines++;
              continue;
            }
            compared++;
            if (full !== 0) nonzero++;
          }
          scala.apply(s, buf[rng.int(k)], rng);
        }
      }
    }
    expect(compared).toBeGreaterThan(10_000);
    expect(nonzero).toBeGreaterThan(100);
    expect(lines).toBeGreaterThan(100);
  }, 60_000);
});

function nextSeat(s: ScalaState, p: number): number {
  let q = p;
  do q = (q + 1) % s.n;
  while (s.out[q] !== 0 && q !== p);
  return q;
}

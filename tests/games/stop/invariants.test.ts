import { describe, expect, it } from 'vitest';
import type { BotFactory } from '../../../src/engine/bot.js';
import { playMatch } from '../../../src/engine/match.js';
import { resolveOptions } from '../../../src/engine/options.js';
import { Rng } from '../../../src/engine/rng.js';
import { stop, type StopState } from '../../../src/games/stop/index.js';
import { Card, KIND_OF } from '../../../src/games/stop/cards.js';
import { Phase, Stat } from '../../../src/games/stop/state.js';

/*
 * Thousands of random matches (a uniform choice among the legal actions), with every invariant checked
 * after every action.
 */

/** Penalty of a card left in hand, straight from the rulebook's table ("Punteggio"). */
function rulebookPenalty(t: number): number {
  if (t === Card.JOLLY) return 50;
  return [0, 1, 20, 3, 4, 5, 9, 7, 8, 10, 30, 40][KIND_OF[t]];
}

const seen = new Int32Array(Card.COUNT);

/**
 * The first violated invariant of a state, or ''. Card conservation and hand sizes always; with `full`,
 * also every viewer's knowledge (a lower bound of the hands) and the public part of it.
 */
function violation(s: StopState, full: boolean): string {
  const cfg = s.cfg;
  const n = s.n;
  // Local copies: under vitest an imported binding is a getter (and a const enum an object), slow in hot loops.
  const NT = Card.COUNT;
  const JOLLY = Card.JOLLY;
  seen.fill(0);
  for (let i = 0; i < s.pileLen; i++) seen[s.pile[i]]++;
  for (let i = 0; i < s.discLen; i++) seen[s.disc[i]]++;
  let total = s.pileLen + s.discLen;
  for (let p = 0; p < n; p++) {
    let size = 0;
    for (let t = 0; t < NT; t++) {
      const h = s.hands[p * NT + t];
      size += h;
      seen[t] += h;
      if (!full) continue;
      if (s.shown[p * NT + t] > h) return `shown ${t} of seat ${p} exceeds the hand`;
      for (let v = 0; v < n; v++) {
        const k = s.known[(v * n + p) * NT + t];
        if (v === p && k !== 0) return 'knowledge of the own hand is stored';
        if (k > h) return `seat ${v} 'knows' ${k} of card ${t} in seat ${p}'s hand, which holds ${h}`;
        if (v !== p && k < s.shown[p * NT + t]) return 'public knowledge missing from a viewer';
      }
    }
    if (size !== s.sizes[p]) return `seat ${p} size ${s.sizes[p]} but ${size} cards`;
    if (s.sizes[p] < 0) return 'negative hand size';
    total += size;
    if (s.totals[p] < 0 || s.lastRound[p] < 0) return 'negative score';
  }
  if (total !== cfg.total) return `${total} cards in play, not ${cfg.total}`;
  for (let t = 0; t < NT; t++) if (seen[t] !== cfg.composition[t]) return `card ${t}: ${seen[t]} != ${cfg.composition[t]}`;
  if (s.phase !== Phase.OVER) {
    if (s.discLen < 1) return 'no top card';
    if (s.disc[s.discLen - 1] === JOLLY) return 'a jolly on top';
    if (s.cur < 0 || s.cur >= n) return 'no current player';
    if (s.phase === Phase.OUT_OF_TURN) {
      if (s.hands[s.cur * NT + s.disc[s.discLen - 1]] === 0) return 'asked to play out of turn without the card';
      if (s.cur === s.turn) return 'the turn-holder asked out of turn';
    }
    if (s.phase === Phase.SWAP_CANCEL && s.hands[s.cur * NT + s.swapColour * 12] === 0) return 'asked to cancel without the 0';
    if (s.attackCount < 0) return 'negative attack';
  }
  return '';
}

interface Played {
  s: StopState;
  decisions: number;
  roundSums: number[];
}

function playRandom(given: Record<string, unknown>, players: number, seed: string, check = true): Played {
  const opts = resolveOptions(stop.options, given);
  stop.checkOptions(opts, players);
  const rng = new Rng(`game/${seed}`);
  const choose = new Rng(`bots/${seed}`);
  const s = stop.setup(opts, players, rng);
  const buf = new Int32Array(stop.maxActions);
  const roundSums = new Array<number>(players).fill(0);
  let rounds = 0;
  let decisions = 0;
  if (check) expect(violation(s, true)).toBe('');
  while (stop.currentPlayer(s) >= 0) {
    const k = stop.legalActions(s, buf);
    if (k <= 0) throw new Error(`no legal action\n${stop.view.describe(s)}`);
    if (k > stop.maxActions) throw new Error('more actions than maxActions');
    stop.apply(s, buf[choose.int(k)], rng);
    decisions++;
    if (s.stats[Stat.ROUNDS] !== rounds) {
      rounds = s.stats[Stat.ROUNDS];
      for (let p = 0; p < players; p++) roundSums[p] += s.lastRound[p];
    }
    if (check) {
      const v = violation(s, decisions % 8 === 0 || stop.currentPlayer(s) < 0);
      if (v) throw new Error(`${v} (seed ${seed}, decision ${decisions})\n${stop.view.describe(s)}`);
    }
    if (decisions > 2_000_000) throw new Error(`match ${seed} does not end`);
  }
  return { s, decisions, roundSums };
}

function checkResult({ s, roundSums }: Played): void {
  const r = stop.result(s);
  const n = s.n;
  expect(r.scores).toEqual(Array.from(s.totals));
  expect(r.scores).toEqual(roundSums);
  const best = Math.min(...r.scores);
  expect(r.winners).toEqual(r.scores.map((x, i) => (x === best ? i : -1)).filter((i) => i >= 0));
  for (let i = 0; i < n; i++) {
    expect(r.ranks[i]).toBe(1 + r.scores.filter((x) => x < r.scores[i]).length);
  }
  expect(r.annulled).toBe(false);
  expect(r.firstPlayer).toBe(s.firstDealer);
  expect(r.turns).toBe(s.totalTurns);
  expect(r.turns).toBeGreaterThan(0);
  if (r.endReason === 'score_limit') expect(Math.max(...r.scores)).toBeGreaterThan(s.cfg.targetScore);
  else expect(r.endReason).toBe('round_cap');
  // The last round's points are the penalties of the hands left on the table.
  const custom = JSON.stringify(s.cfg.options.penalties) !== JSON.stringify([0, 1, 20, 3, 4, 5, 9, 7, 8, 10, 30, 40, 50]);
  const points: number[] = [];
  for (let p = 0; p < n; p++) {
    let pts = 0;
    for (let t = 0; t < Card.COUNT; t++) pts += s.hands[p * Card.COUNT + t] * (custom ? s.cfg.penalty[t] : rulebookPenalty(t));
    points.push(pts);
  }
  const voided = s.cfg.stuckVoid && s.lastRound.every((x) => x === 0);
  if (!voided) expect(Array.from(s.lastRound)).toEqual(points);
  const m = new Array<number>(stop.measures.names.length).fill(-1);
  stop.measures.write(s, m);
  expect(m.every((x) => Number.isFinite(x) && x >= 0)).toBe(true);
  expect(m[0]).toBe(s.round);
}

describe('Stop: random matches keep every invariant', () => {
  it('2000 four-player matches (rules default)', () => {
    for (let i = 0; i < 2000; i++) checkResult(playRandom({}, 4, `four${i}`));
  });

  it('every player count from 2 to 10 (150 matches each)', () => {
    for (let players = 2; players <= 10; players++) {
      for (let i = 0; i < 150; i++) checkResult(playRandom({ firstDealer: -1 }, players, `n${players}/${i}`));
    }
  });

  const variants: Array<[string, Record<string, unknown>, number[]]> = [
    ['forgetful players', { attentionForget: 0.5 }, [3, 5]],
    ['first card effect', { firstCardEffect: true }, [2, 4]],
    ['no out-of-turn play', { outOfTurn: false }, [4]],
    ['out-of-turn: no self, no stacking', { outOfTurnSelf: false, outOfTurnStack: false }, [4, 7]],
    ['X+ variants', { xPlusZero: 'defence_only', xPlusDrawnDraws: false }, [3, 6]],
    ['jolly defence, swap self-cancel, canceller continues', { jollyDefence: true, swapSelfCancel: true, swapCancelContinue: 'canceller' }, [2, 4, 8]],
    ['two colours, more swaps, 5 cards', { colours: 2, copies: [2, 2, 2, 2, 2, 2, 4, 2, 2, 2, 6, 2], handSize: 5 }, [2, 4]],
    ['six colours, no jollies', { colours: 6, jollies: 0 }, [4, 10]],
    ['many X+ and 2+', { copies: [1, 1, 6, 1, 1, 1, 2, 1, 1, 1, 1, 6], jollies: 2 }, [3, 5]],
    ['stuck rounds voided, short cap', { maxTurnsPerRound: 15, stuckRound: 'void', maxRounds: 20 }, [4]],
    ['custom penalties, low target', { penalties: [1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], targetScore: 60 }, [3]],
    ['big hands', { handSize: 15 }, [6]],
  ];
  for (const [name, opts, counts] of variants) {
    it(`variant: ${name}`, () => {
      for (const players of counts) {
        for (let i = 0; i < 100; i++) checkResult(playRandom(opts, players, `${name}/${players}/${i}`));
      }
    });
  }

  it('stuck rounds are counted (a short turn cap), and never more than the rounds', () => {
    let stuck = 0;
    let rounds = 0;
    for (let i = 0; i < 40; i++) {
      const { s } = playRandom({ maxTurnsPerRound: 12, maxRounds: 30 }, 5, `cap${i}`);
      const m = new Array<number>(stop.measures.names.length).fill(0);
      stop.measures.write(s, m);
      const st = m[stop.measures.names.indexOf('stuck_rounds')];
      expect(st).toBeLessThanOrEqual(m[0]);
      stuck += st;
      rounds += m[0];
      expect(s.roundTurns).toBeLessThanOrEqual(12);
    }
    expect(stuck).toBeGreaterThan(0);
    expect(stuck).toBeLessThan(rounds);
  });

  it('the same seed plays the same match', () => {
    for (let i = 0; i < 20; i++) {
      const a = playRandom({}, 4, `same${i}`, false);
      const b = playRandom({}, 4, `same${i}`, false);
      expect(stop.result(a.s)).toEqual(stop.result(b.s));
      expect(a.decisions).toBe(b.decisions);
    }
  });

  it('clones are independent and replay identically', () => {
    const opts = resolveOptions(stop.options, {});
    const rng = new Rng('clone');
    const s = stop.setup(opts, 4, rng);
    const buf = new Int32Array(stop.maxActions);
    for (let i = 0; i < 40 && stop.currentPlayer(s) >= 0; i++) stop.apply(s, buf[(i * 7) % stop.legalActions(s, buf)], rng);
    const c = stop.clone(s);
    expect(stop.view.describe(c)).toBe(stop.view.describe(s));
    const r1 = new Rng('fork');
    const r2 = new Rng('fork');
    for (let i = 0; i < 200 && stop.currentPlayer(s) >= 0; i++) {
      const k = stop.legalActions(s, buf);
      const a = buf[i % k];
      stop.apply(s, a, r1);
      stop.apply(c, a, r2);
      expect(stop.view.describe(c)).toBe(stop.view.describe(s));
    }
    const fresh = stop.setup(opts, 4, new Rng('clone'));
    const copy = stop.clone(fresh);
    stop.legalActions(copy, buf);
    stop.apply(copy, buf[0], new Rng('x'));
    expect(stop.view.describe(stop.setup(opts, 4, new Rng('clone')))).toBe(stop.view.describe(fresh));
  });
});

describe('Stop: played through the engine match loop', () => {
  const randomBot: BotFactory = {
    name: 'uniform',
    description: 'uniform random legal action',
    params: [],
    create: (ctx) => ({ choose: (d) => d.legal[ctx.rng.int(d.count)] }),
  };
  const greedyBot: BotFactory = {
    name: 'greedy-test',
    description: 'best heuristic value from the observation',
    params: [],
    create: (ctx) => ({
      choose: (d) => {
        let best = d.legal[0];
        let bestV = -Infinity;
        for (let i = 0; i < d.count; i++) {
          const v = ctx.game.search.heuristic!(d.observation, d.legal[i]);
          if (v > bestV) {
            bestV = v;
            best = d.legal[i];
          }
        }
        return best;
      },
    }),
  };

  it('playMatch runs whole matches with no fault', () => {
    const opts = resolveOptions(stop.options, {});
    for (let i = 0; i < 200; i++) {
      const out = playMatch(stop, opts, [randomBot, randomBot, randomBot].map((factory) => ({ factory, params: {} })), `pm${i}`);
      expect(out.fault).toBeUndefined();
      expect(out.result.winners.length).toBeGreaterThan(0);
      expect(out.metrics).toHaveLength(stop.measures.names.length);
    }
  });

  it('the heuristic (greedy) player beats uniform random players', () => {
    const opts = resolveOptions(stop.options, {});
    let wins = 0;
    const games = 200;
    for (let i = 0; i < games; i++) {
      const seats = [greedyBot, randomBot, randomBot, randomBot].map((factory) => ({ factory, params: {} }));
      // rotate the greedy seat
      const rot = i % 4;
      const rotated = seats.slice(4 - rot).concat(seats.slice(0, 4 - rot));
      const out = playMatch(stop, opts, rotated, `greedy${i}`);
      expect(out.fault).toBeUndefined();
      if (out.result.winners.includes(rot)) wins++;
    }
    // A random seat wins about a quarter of the time.
    expect(wins / games).toBeGreaterThan(0.4);
  });
});

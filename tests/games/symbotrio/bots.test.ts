import { describe, expect, it } from 'vitest';
import { greedy } from '../../../bots/greedy.js';
import { memory } from '../../../bots/memory.js';
import { pimc } from '../../../bots/pimc.js';
import { ismcts } from '../../../bots/ismcts.js';
import { random } from '../../../bots/random.js';
import type { BotFactory, Decision } from '../../../src/engine/bot.js';
import { playMatch, type SeatBot } from '../../../src/engine/match.js';
import { resolveOptions } from '../../../src/engine/options.js';
import { Rng } from '../../../src/engine/rng.js';
import { symbotrio } from '../../../src/games/symbotrio/index.js';
import { beginTurn } from '../../../src/games/symbotrio/rules.js';
import { Act } from '../../../src/games/symbotrio/state.js';

const opts = resolveOptions(symbotrio.options, {});
const seat = (factory: BotFactory, params: Record<string, unknown> = {}): SeatBot => ({ factory, params: resolveOptions(factory.params, params, 'bot parameter') });

/** Win share of seat list index 0's bot over `matches` matches, seats alternating. */
function share(a: SeatBot, b: SeatBot, matches: number, seed: string, given: Record<string, unknown> = {}): number {
  const o = resolveOptions(symbotrio.options, given);
  let wins = 0;
  for (let m = 0; m < matches; m++) {
    const first = m % 2 === 0;
    const out = playMatch(symbotrio, o, first ? [a, b] : [b, a], `${seed}/${m}`);
    const mine = first ? 0 : 1;
    if (out.result.winners.includes(mine)) wins += 1 / out.result.winners.length;
  }
  return wins / matches;
}

/** A decision of seat `p` in state s, as the engine presents it. */
function decision(s: ReturnType<typeof symbotrio.setup>, p: number): Decision {
  const legal = new Int32Array(symbotrio.maxActions);
  const count = symbotrio.legalActions(s, legal);
  return { game: symbotrio, player: p, legal, count, observation: symbotrio.observe(s, p), describe: (a) => symbotrio.view.actionText(s, a) };
}

/**
 * Seat 0 shows the three squares of the gem on seat 1's fresh code card (a miss for its own card);
 * then seat 1's turn begins: the code card turns the board.
 */
function codeScene() {
  const s = symbotrio.setup(opts, 2, new Rng('scene'));
  s.clear();
  for (let i = 0; i < 12; i++) s.at[i] = i;
  const CODE = 52;
  const g = s.cfg.gemOf[CODE] * 3;
  const needed = Array.from(s.cfg.gemStickers.subarray(g, g + 3)); // identity layout: position = sticker
  s.front.set([47, CODE]);
  s.fresh.set([0, 1]);
  s.deck.set([1, 2, 3]);
  s.deckLen = 3;
  const rng = new Rng('scene/apply');
  beginTurn(s, 0, rng);
  for (const pos of needed) symbotrio.apply(s, pos, rng);
  expect(s.cur).toBe(1);
  expect(s.rotations).toBe(1);
  const nowAt = needed.map((x) => Array.from(s.at).indexOf(x));
  return { s, needed, nowAt };
}

describe('the memory bot', () => {
  it('with perfect memory (recall 1, no capacity limit, no confusion) it plays exactly as greedy', () => {
    for (let m = 0; m < 20; m++) {
      const a = playMatch(symbotrio, opts, [seat(greedy), seat(random), seat(greedy)], `same/${m}`);
      const b = playMatch(symbotrio, opts, [seat(memory), seat(random), seat(memory)], `same/${m}`);
      expect(b.result).toEqual(a.result);
      expect(b.metrics).toEqual(a.metrics);
    }
  });

  it('follows a rotation: it flips where the squares went; fully confused, it flips where they were', () => {
    const { s, needed, nowAt } = codeScene();
    const confusedPicks = new Set<number>();
    for (let k = 0; k < 20; k++) {
      const tracking = memory.create({ game: symbotrio, seat: 1, players: 2, rng: new Rng(`t${k}`), params: resolveOptions(memory.params, {}) });
      expect(nowAt).toContain(tracking.choose(decision(s, 1)));
      const confused = memory.create({ game: symbotrio, seat: 1, players: 2, rng: new Rng(`c${k}`), params: resolveOptions(memory.params, { confusion: 1 }) });
      const a = confused.choose(decision(s, 1));
      // It believes the squares are still where they were seen (one of them may happen to be right).
      expect(needed).toContain(a);
      confusedPicks.add(a);
    }
    expect([...confusedPicks].some((a) => !nowAt.includes(a))).toBe(true);
  });

  it('forgets: recall 0 or capacity 0 knows nothing of what the others flipped; capacity 1 keeps one square', () => {
    const { s, nowAt } = codeScene();
    for (const params of [{ recall: 0 }, { capacity: 0 }]) {
      const picks = new Set<number>();
      for (let k = 0; k < 40; k++) {
        const bot = memory.create({ game: symbotrio, seat: 1, players: 2, rng: new Rng(`f${k}`), params: resolveOptions(memory.params, params) });
        picks.add(bot.choose(decision(s, 1)));
      }
      // Knowing nothing, every square is as good as another: it explores at random.
      expect(picks.size).toBeGreaterThan(6);
      expect([...picks].some((p) => !nowAt.includes(p))).toBe(true);
    }
    // Capacity 1: of the three squares seen, only the last one learned is kept; an unknown square is
    // explored first (the greedy order), then that one.
    const bot = memory.create({ game: symbotrio, seat: 1, players: 2, rng: new Rng('cap1'), params: resolveOptions(memory.params, { capacity: 1 }) });
    const first = bot.choose(decision(s, 1));
    expect(first).not.toBe(nowAt[2]);
  });

  it('a worse memory wins less: recall 1 beats recall 0.8 beats recall 0 (2 players)', () => {
    const perfect = share(seat(memory), seat(memory, { recall: 0.8 }), 60, 'curve/a');
    const medium = share(seat(memory, { recall: 0.8 }), seat(memory, { recall: 0 }), 60, 'curve/b');
    expect(perfect).toBeGreaterThan(0.8);
    expect(medium).toBeGreaterThan(0.8);
  }, 60_000);
});

describe('other bots on Symbotrio', () => {
  it('greedy (perfect memory) beats random nearly always', () => {
    expect(share(seat(greedy), seat(random), 40, 'gr')).toBeGreaterThan(0.95);
  }, 60_000);

  it('pimc and ismcts search through determinize: with the last card deciding the match, they flip its known squares', () => {
    // Seats tied; seat 1 holds the last card, whose three squares everyone has seen; the deck is empty.
    const s = symbotrio.setup(opts, 2, new Rng('mc'));
    s.clear();
    for (let i = 0; i < 12; i++) s.at[i] = i;
    for (const pos of [1, 5, 10]) {
      s.seen[pos] = pos;
      s.seenTurn[pos] = 0;
      s.seenFlip[pos] = pos;
      s.seenRot[pos] = 0;
    }
    s.stats[0] = 11;
    s.front.set([-1, 22]); // the large blue circle: stickers 1, 5, 10
    // Every other card is won, half each, and one set aside: a tie.
    const rest = [...Array(s.cfg.cards).keys()].filter((c) => c !== 22);
    s.voided[s.voidLen++] = rest.pop()!;
    rest.forEach((c, i) => s.win(i % 2, c));
    beginTurn(s, 1, new Rng('mc/turn'));
    expect(s.cur).toBe(1);
    // Playouts cut after three actions: the win shows within them, a miss leaves the tie.
    const small = { iterations: 120, maxDepth: 3, rollout: 'greedy' };
    for (const f of [pimc, ismcts]) {
      for (let k = 0; k < 3; k++) {
        const bot = f.create({ game: symbotrio, seat: 1, players: 2, rng: new Rng(`${f.name}/${k}`), params: resolveOptions(f.params, small, 'bot parameter') });
        expect([1, 5, 10]).toContain(bot.choose(decision(s, 1)));
      }
    }
  }, 120_000);

  it('the heuristic: a known square of the gem completes it; exploring comes before known squares; a wasted flip is worst', () => {
    const { s, nowAt } = codeScene();
    const obs = symbotrio.observe(s, 1);
    // Seat 1 knows all three squares of its gem: each is worth the most.
    const values = Array.from({ length: 12 }, (_, a) => symbotrio.search.heuristic!(obs, a));
    const best = Math.max(...values);
    expect(nowAt.every((p) => values[p] === best)).toBe(true);
    expect(values.filter((v) => v === best)).toHaveLength(3);
    expect(symbotrio.search.heuristic!(obs, Act.STOP)).toBeLessThan(best);
  });
});

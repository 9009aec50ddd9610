// The play hash (src/engine/play-hash.ts): the hashed game generator draws exactly the stream of the
// plain one (so hashing never changes a match), and the hash tells plays apart by seating, chance and
// every action, in order.
import { describe, expect, it } from 'vitest';
import { playMatch, type SeatBot } from '../../src/engine/match.js';
import { ChanceRng, PlayHash, seatingLanes } from '../../src/engine/play-hash.js';
import { Rng } from '../../src/engine/rng.js';
import { matchSeed } from '../../src/engine/plan.js';
import { games } from '../../src/games/index.js';
import { builtInBots } from '../../src/plugins/builtins.js';
import { resolveOptions } from '../../src/engine/options.js';

const hashOf = (seating: string, values: Array<[number, number]>): string => {
  const h = new PlayHash();
  h.start(seatingLanes(seating));
  for (const [player, action] of values) h.action(player, action);
  return h.hex();
};

describe('ChanceRng', () => {
  it('draws the same values as the generator it continues, for every kind of draw', () => {
    const plain = new Rng('play-hash/stream');
    const hashed = new ChanceRng(new Rng('play-hash/stream').state(), new PlayHash());
    for (let i = 0; i < 200; i++) {
      expect(hashed.float()).toBe(plain.float());
      expect(hashed.int(7 + i)).toBe(plain.int(7 + i));
      expect(hashed.die(6)).toBe(plain.die(6));
    }
    const a = Array.from({ length: 52 }, (_, i) => i);
    const b = [...a];
    plain.shuffle(a, 3, 50);
    hashed.shuffle(b, 3, 50);
    expect(b).toEqual(a);
    expect(hashed.child().float()).toBe(plain.child().float());
  });

  it('takes every value drawn into the hash: two seeds that draw differently hash differently', () => {
    const draw = (seed: string) => {
      const h = new PlayHash();
      h.start(seatingLanes('a,b'));
      const rng = new ChanceRng(new Rng(seed).state(), h);
      rng.int(2);
      return h.hex();
    };
    // Seeds whose first int(2) agree hash alike; seeds whose first draw differs do not.
    const first = (seed: string) => new Rng(seed).int(2);
    const seeds = Array.from({ length: 40 }, (_, i) => `s${i}`);
    const zeros = seeds.filter((s) => first(s) === 0);
    const ones = seeds.filter((s) => first(s) === 1);
    expect(zeros.length).toBeGreaterThan(1);
    expect(ones.length).toBeGreaterThan(1);
    expect(new Set(zeros.map(draw)).size).toBe(1);
    expect(new Set(ones.map(draw)).size).toBe(1);
    expect(draw(zeros[0])).not.toBe(draw(ones[0]));
  });
});

describe('PlayHash', () => {
  it('is 16 hexadecimal digits, the same for the same play and different when the seating, an action, its seat or the order differ', () => {
    const play: Array<[number, number]> = [
      [0, 5],
      [1, 7],
      [0, 2],
    ];
    const base = hashOf('a,b', play);
    expect(base).toMatch(/^[0-9a-f]{16}$/);
    expect(hashOf('a,b', play)).toBe(base);
    const others = [
      hashOf('b,a', play),
      hashOf('a,b', [[0, 5], [1, 7], [0, 3]]),
      hashOf('a,b', [[0, 5], [0, 7], [0, 2]]),
      hashOf('a,b', [[1, 7], [0, 5], [0, 2]]),
      hashOf('a,b', play.slice(0, 2)),
    ];
    expect(new Set([base, ...others]).size).toBe(6);
  });

  it('has no collision among 100,000 short plays that differ in one action', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 100_000; i++) seen.add(hashOf('x,y', [[0, i & 255], [1, i >> 8], [0, 3]]));
    expect(seen.size).toBe(100_000);
  });
});

describe('hashing a match', () => {
  it('changes nothing in the match, and a deterministic pairing repeats its play while a random tie-breaker does not', () => {
    const seat = (name: string, params = {}): SeatBot => ({ factory: builtInBots[name], params: resolveOptions(builtInBots[name].params, params) });
    const scala = games.scala;
    const play = (seats: SeatBot[], i: number, withHash: boolean) => {
      const h = new PlayHash();
      h.start(seatingLanes('p,q'));
      const out = playMatch(scala, resolveOptions(scala.options, {}), seats, matchSeed('ph', i), withHash ? { hash: h } : {});
      return { out, hash: h.hex() };
    };
    // alphabeta is deterministic on a board with nothing hidden; the only chance is who starts.
    const deterministic = [seat('alphabeta', { nodes: 20 }), seat('alphabeta', { nodes: 20 })];
    const hashes = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const a = play(deterministic, i, true);
      const b = play(deterministic, i, false);
      expect(a.out).toEqual(b.out);
      hashes.add(a.hash);
    }
    expect(hashes.size).toBeLessThanOrEqual(2);
    // greedy breaks ties with its own generator: its plays differ although the game deals nothing.
    const greedy = [seat('greedy'), seat('greedy')];
    const greedyHashes = new Set(Array.from({ length: 8 }, (_, i) => play(greedy, i, true).hash));
    expect(greedyHashes.size).toBe(8);
  });
});

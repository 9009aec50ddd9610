import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/engine/rng.js';

/** seedrandom's own Alea, continued from a state: the reference every Rng sequence must equal. */
function reference(seed: string | { c: number; s0: number; s1: number; s2: number }): () => number {
  return typeof seed === 'string' ? seedrandom.alea(seed) : seedrandom.alea('', { state: seed });
}

describe('Rng (Alea stepped in place)', () => {
  it('draws exactly seedrandom.alea sequence for text seeds', () => {
    for (const seed of ['', 'x', ' ', 'bench/match/0', 'bench/match/99999', 'ünïcødé/🎲', 'a'.repeat(300), '\u0000\uffff']) {
      const ours = new Rng(seed);
      const ref = reference(seed);
      for (let i = 0; i < 2000; i++) expect(ours.float()).toBe(ref());
    }
  });

  it('hashes thousands of seeds as seedrandom does (tournament seeds, random texts)', () => {
    const texts = new Rng('texts');
    for (let k = 0; k < 5000; k++) {
      let seed: string;
      if (k % 2 === 0) seed = `master-${k % 97}/match/${k * 7919}`;
      else {
        seed = '';
        const len = texts.int(40);
        for (let i = 0; i < len; i++) seed += String.fromCharCode(texts.int(k % 3 === 0 ? 0x10000 : 128));
      }
      const ours = new Rng(seed);
      const ref = reference(seed);
      for (let i = 0; i < 4; i++) expect(ours.float()).toBe(ref());
    }
  });

  it('children continue seedrandom from the state drawn off the parent', () => {
    const root = new Rng('tournament/match/7');
    const ref = reference('tournament/match/7');
    for (let k = 0; k < 5; k++) {
      const child = root.child();
      const st = { c: 1, s0: ref(), s1: ref(), s2: ref() };
      const childRef = reference(st);
      for (let i = 0; i < 500; i++) expect(child.float()).toBe(childRef());
    }
    // The parent moved on by three draws per child.
    expect(root.float()).toBe(ref());
  });

  it('int, die and shuffle are the documented functions of the same stream', () => {
    const a = new Rng('ints');
    const ref = reference('ints');
    for (let i = 0; i < 1000; i++) {
      const n = 1 + (i % 37);
      expect(a.int(n)).toBe(Math.floor(ref() * n));
      expect(a.die(6)).toBe(Math.floor(ref() * 6) + 1);
    }
    const xs = Array.from({ length: 52 }, (_, i) => i);
    const ys = xs.slice();
    new Rng('deck').shuffle(xs);
    const r = reference('deck');
    for (let i = ys.length - 1; i > 0; i--) {
      const j = Math.floor(r() * (i + 1));
      [ys[i], ys[j]] = [ys[j], ys[i]];
    }
    expect(xs).toEqual(ys);
    expect(xs).not.toEqual(Array.from({ length: 52 }, (_, i) => i));
  });

  it('state() resumes the same stream', () => {
    const a = new Rng('resume');
    a.float();
    const b = new Rng(a.state());
    for (let i = 0; i < 100; i++) expect(b.float()).toBe(a.float());
  });
});

import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../../src/engine/options.js';
import { Rng } from '../../../src/engine/rng.js';
import { symbotrio } from '../../../src/games/symbotrio/index.js';
import type { SymbotrioState } from '../../../src/games/symbotrio/state.js';

/*
 * The observation holds what a player has seen and can still know, and nothing more; determinize places
 * the unseen squares and the deck at random, consistently with it. (tests/contract/honesty.test.ts runs its generic
 * checks on Symbotrio too; the perturbation below is Symbotrio's own.)
 */

/** Visits every decision of matches played by a mix of heuristic and random choices. */
function forEachDecision(given: Record<string, unknown>, players: number, matches: number, seed: string, visit: (s: SymbotrioState) => void) {
  const opts = resolveOptions(symbotrio.options, given);
  const buf = new Int32Array(symbotrio.maxActions);
  for (let m = 0; m < matches; m++) {
    const rng = new Rng(`${seed}/${m}`);
    const choose = new Rng(`${seed}/${m}/choose`);
    const s = symbotrio.setup(opts, players, rng);
    while (symbotrio.currentPlayer(s) >= 0) {
      visit(s);
      const k = symbotrio.legalActions(s, buf);
      let a = buf[choose.int(k)];
      if (choose.float() < 0.7) {
        const obs = symbotrio.observe(s, s.cur);
        for (let i = 0; i < k; i++) if (symbotrio.search.heuristic!(obs, buf[i]) > symbotrio.search.heuristic!(obs, a)) a = buf[i];
      }
      symbotrio.apply(s, a, rng);
    }
  }
}

/** What nobody has seen changed: the never-flipped squares swapped among themselves, the deck reordered. */
function perturb(state: SymbotrioState, rng: Rng): SymbotrioState {
  const s = state.clone();
  const hidden: number[] = [];
  for (let i = 0; i < s.cfg.squares; i++) if (s.seen[i] < 0) hidden.push(i);
  const stickers = hidden.map((i) => s.at[i]);
  rng.shuffle(stickers);
  hidden.forEach((i, k) => (s.at[i] = stickers[k]));
  rng.shuffle(s.deck, 0, s.deckLen);
  return s;
}

describe('Symbotrio observation', () => {
  it('changing what nobody has seen (unflipped squares, deck order) leaves every observation unchanged; the perturbation does change the state', () => {
    const rng = new Rng('perturb');
    let checks = 0;
    let changed = 0;
    for (const [given, players] of [[{}, 3], [{ keypad: 'ring' }, 2], [{ easy: true }, 5]] as const) {
      forEachDecision(given, players, 15, `perturb/${players}`, (s) => {
        const other = perturb(s, rng);
        if (!isDeepStrictEqual(Array.from(other.at), Array.from(s.at)) || !isDeepStrictEqual(Array.from(other.deck), Array.from(s.deck))) changed++;
        for (let q = 0; q < players; q++) {
          expect(symbotrio.observe(other, q)).toEqual(symbotrio.observe(s, q));
          checks++;
        }
      });
    }
    expect(checks).toBeGreaterThan(3000);
    expect(changed / checks).toBeGreaterThan(0.2);
  }, 120_000);

  it('an unflipped square is not in the observation; a flipped one is, for every player', () => {
    forEachDecision({}, 2, 10, 'flipped', (s) => {
      const obs = symbotrio.observe(s, 1 - s.cur);
      for (let i = 0; i < s.cfg.squares; i++) expect(obs.known[i]).toBe(s.seen[i]);
      // The observation never tells the sticker of a square nobody flipped.
      const unseen = new Set<number>();
      for (let i = 0; i < s.cfg.squares; i++) if (s.seen[i] < 0) unseen.add(s.at[i]);
      for (const x of obs.known) if (x >= 0) expect(unseen.has(x)).toBe(false);
    });
  });

  it('determinize: consistent with the observation, the unseen squares and the deck vary, the decision is the same', () => {
    const rng = new Rng('det');
    let points = 0;
    let varied = 0;
    let deckVaried = 0;
    forEachDecision({}, 3, 8, 'det', (s) => {
      const p = s.cur;
      const obs = symbotrio.observe(s, p);
      const a = symbotrio.search.determinize!(obs, p, rng);
      const b = symbotrio.search.determinize!(obs, p, rng);
      expect(symbotrio.observe(a, p)).toEqual(obs);
      expect(symbotrio.currentPlayer(a)).toBe(p);
      for (let i = 0; i < s.cfg.squares; i++) if (s.seen[i] >= 0) expect(a.at[i]).toBe(s.at[i]);
      if (!isDeepStrictEqual(Array.from(a.at), Array.from(b.at))) varied++;
      if (!isDeepStrictEqual(Array.from(a.deck), Array.from(b.deck))) deckVaried++;
      points++;
    });
    expect(points).toBeGreaterThan(300);
    // Mostly heuristic play learns the whole keypad early in a match: the squares vary only before that.
    expect(varied).toBeGreaterThan(10);
    expect(deckVaried / points).toBeGreaterThan(0.8);
  });

  it('views: the seat view labels only squares seen and shows the rest as "?"; the full view labels all', () => {
    let checked = 0;
    forEachDecision({}, 2, 3, 'views', (s) => {
      const full = symbotrio.view.tableView(s);
      const seat = symbotrio.view.observedView(symbotrio.observe(s, 0), 0);
      const fk = full.zones.find((z) => z.id === 'keypad');
      const sk = seat.zones.find((z) => z.id === 'keypad');
      if (fk?.kind !== 'grid' || sk?.kind !== 'grid') throw new Error('no keypad grid');
      expect(fk.rows * fk.cols).toBe(12);
      expect([sk.rows, sk.cols]).toEqual([fk.rows, fk.cols]);
      for (let i = 0; i < 12; i++) {
        if (s.seen[i] >= 0) expect(sk.cells[i]).toBe(fk.cells[i]);
        else expect(sk.cells[i]).toBe('?');
        expect(fk.cells[i]).not.toBe('?');
      }
      expect(seat.zones.some((z) => z.kind === 'count' && z.id === 'deck' && z.value === s.deckLen)).toBe(true);
      expect(seat.zones.filter((z) => z.kind === 'cards')).toHaveLength(2);
      checked++;
    });
    expect(checked).toBeGreaterThan(50);
    // The ring keypad is drawn in its 4 x 4 square, with no cell in the middle.
    const ring = symbotrio.setup(resolveOptions(symbotrio.options, { keypad: 'ring' }), 2, new Rng('ring'));
    const grid = symbotrio.view.tableView(ring).zones[0];
    if (grid.kind !== 'grid') throw new Error('no grid');
    expect([grid.rows, grid.cols]).toEqual([4, 4]);
    expect(grid.cells.filter((c) => c === null)).toHaveLength(4);
  });
});

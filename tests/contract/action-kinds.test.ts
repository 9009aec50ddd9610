// The optional members `tavolo importance` reads, held to their contract in every suite game that declares
// them: action kinds (names, and what actionKind returns on every action of random matches) and card
// counts (declared on int or intList options, one card name per element).
import { describe, expect, it } from 'vitest';
import type { AnyGame } from '../../src/engine/game.js';
import { resolveOptions } from '../../src/engine/options.js';
import { Rng } from '../../src/engine/rng.js';
import { suiteGames } from '../helpers/suite-games.js';

const games = await suiteGames();

/** Every legal action of `matches` random matches, with the observation of the seat to act. */
function* decisions(game: AnyGame, players: number, matches: number): Generator<{ action: number; obs: unknown }> {
  const opts = resolveOptions(game.options, {});
  const buf = new Int32Array(game.maxActions);
  for (let m = 0; m < matches; m++) {
    const rng = new Rng(`kinds/${game.name}/${m}`);
    const s = game.setup(opts, players, rng);
    for (let step = 0; step < 5000 && game.currentPlayer(s) >= 0; step++) {
      const p = game.currentPlayer(s);
      const n = game.legalActions(s, buf);
      const obs = game.observe(s, p);
      for (let i = 0; i < n; i++) yield { action: buf[i], obs };
      game.apply(s, buf[rng.int(n)], rng);
    }
  }
}

describe.each(Object.entries(games))('%s: action kinds and card counts', (_name, game) => {
  const kinds = game.importance?.actionKinds;
  it.runIf(kinds !== undefined || game.importance?.actionKind !== undefined)('declares actionKinds and actionKind together, with unique, plain names', () => {
    expect(typeof game.importance?.actionKind).toBe('function');
    expect(kinds!.length).toBeGreaterThan(0);
    const names = kinds!.map((k) => k.name);
    expect(new Set(names).size).toBe(names.length);
    for (const k of kinds!) {
      expect(k.name).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(k.label.length).toBeGreaterThan(0);
    }
  });

  it.runIf(kinds !== undefined)('actionKind names a declared kind or none, and every kind is met in random matches', () => {
    const declared = new Set(kinds!.map((k) => k.name));
    const met = new Set<string>();
    for (const { action, obs } of decisions(game, Math.max(2, game.minPlayers), 40)) {
      const k = game.importance!.actionKind(action, obs);
      if (k === null) continue;
      expect(declared.has(k), `${game.actionCode(action)} -> ${k}`).toBe(true);
      met.add(k);
    }
    expect([...declared].filter((k) => !met.has(k))).toEqual([]);
  });

  const counts = game.options.filter((o) => o.count !== undefined);
  it.runIf(counts.length > 0)('declares card counts on int options (one card) or intLists (one card per element)', () => {
    for (const o of counts) {
      expect(['int', 'intList']).toContain(o.type);
      const cards = o.count!.cards;
      if (o.type === 'int') expect(cards.length, o.name).toBe(1);
      else expect(cards.length, o.name).toBe((o.default as number[]).length);
      for (const c of cards) expect(c.length).toBeGreaterThan(0);
    }
  });
});

it('Stramat declares its seven power cards and its ten card counts; Stop its thirteen kinds and its copies and jollies; Zatre its six tile values, holding, and its tiles', () => {
  expect(games.stramat.importance?.actionKinds!.map((k) => k.name)).toEqual(['dado', 'colpo', 'aggiungo', 'alt', 'giro', 'jolly', 'stramat']);
  expect(games.stramat.options.filter((o) => o.count).map((o) => o.name)).toHaveLength(10);
  expect(games.stop.importance!.actionKinds).toHaveLength(13);
  expect(games.stop.options.filter((o) => o.count).map((o) => o.name)).toEqual(['copies', 'jollies']);
  expect(games.zatre.importance?.actionKinds!.map((k) => k.name)).toEqual(['one', 'two', 'three', 'four', 'five', 'six', 'hold']);
  expect(games.zatre.options.filter((o) => o.count).map((o) => o.name)).toEqual(['tiles']);
  expect(games.symbotrio.importance?.actionKinds!.map((k) => k.name)).toEqual(['stop']);
  expect(games.symbotrio.options.filter((o) => o.count).map((o) => o.name)).toEqual(['gemCopies', 'prisonCards', 'codeCards', 'easyLootCards', 'cheaterCards']);
  expect(games.scala.importance?.actionKinds!.map((k) => k.name)).toEqual(['one', 'two', 'three', 'four']);
  expect(games.countdown.importance?.actionKinds!.map((k) => k.name)).toEqual(['take1', 'take2', 'take3']);
});

// The optional members that spare a search bot work at each node, held to their contract in every suite
// game that declares them: rateActions gives exactly heuristic(observe(state, player), action) for every
// legal action and leaves the state as it found it; cloneInto gives exactly what clone gives.
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { AnyGame } from '../../src/engine/game.js';
import { resolveOptions } from '../../src/engine/options.js';
import { Rng } from '../../src/engine/rng.js';
import { suiteGames } from '../helpers/suite-games.js';

const games = await suiteGames();

/** The states of `matches` random matches at each decision, with the seat to act (the state moves on after each). */
function* positions(game: AnyGame, matches: number): Generator<{ state: unknown; player: number }> {
  const opts = resolveOptions(game.options, { ...game.testing?.quickOptions });
  const players = Math.max(2, game.minPlayers);
  const buf = new Int32Array(game.maxActions);
  for (let m = 0; m < matches; m++) {
    const rng = new Rng(`rate-actions/${game.name}/${m}`);
    const s = game.setup(opts, players, rng);
    for (let step = 0; step < 2000 && game.currentPlayer(s) >= 0; step++) {
      yield { state: s, player: game.currentPlayer(s) };
      const n = game.legalActions(s, buf);
      game.apply(s, buf[rng.int(n)], rng);
    }
  }
}

describe.each(Object.entries(games))('%s: rateActions and cloneInto', (_name, game) => {
  it.runIf(game.search.rateActions !== undefined)('rateActions rates every legal action as the heuristic does from the observation, and changes nothing', () => {
    const buf = new Int32Array(game.maxActions);
    const out = new Float64Array(game.maxActions);
    for (const { state, player } of positions(game, 6)) {
      const k = game.legalActions(state, buf);
      const before = game.clone(state);
      game.search.rateActions!(state, player, buf, k, out);
      expect(isDeepStrictEqual(state, before), 'rateActions changed the state').toBe(true);
      const obs = game.observe(state, player);
      for (let i = 0; i < k; i++) expect(out[i], game.actionCode(buf[i])).toBe(game.search.heuristic!(obs, buf[i]));
    }
  });

  it.runIf(game.search.cloneInto !== undefined)('cloneInto writes what clone gives, and the copy is independent', () => {
    const buf = new Int32Array(game.maxActions);
    let into: unknown;
    for (const { state } of positions(game, 3)) {
      into = into === undefined ? game.clone(state) : game.search.cloneInto!(state, into);
      expect(isDeepStrictEqual(into, game.clone(state))).toBe(true);
      if (game.currentPlayer(into) < 0) continue;
      const before = game.clone(state);
      game.legalActions(into, buf);
      game.apply(into, buf[0], new Rng('rate-actions/apply'));
      expect(isDeepStrictEqual(state, before), 'changing the copy changed the original').toBe(true);
    }
  });
});

it('Scala declares both', () => {
  expect(typeof games.scala.search.rateActions).toBe('function');
  expect(typeof games.scala.search.cloneInto).toBe('function');
});

it('Stramat, Stop and Symbotrio declare cloneInto (alpha-beta copies into a spare state at every node)', () => {
  for (const name of ['stramat', 'stop', 'symbotrio']) expect(typeof games[name].search.cloneInto, name).toBe('function');
});

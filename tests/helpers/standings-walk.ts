import type { AnyGame } from '../../src/engine/game.js';
import { resolveOptions } from '../../src/engine/options.js';
import { Rng } from '../../src/engine/rng.js';

/** A game's standings of a state, as a plain array. */
export function standingsOf(game: AnyGame, state: unknown, players: number): number[] {
  const out = new Float64Array(players).fill(NaN);
  game.measures.standings!(state, out);
  return Array.from(out);
}

/**
 * Plays one match with uniformly random actions (seeded) and calls `visit` on every state from the set-up
 * to the end, so a test can hold the standings against the state at each step.
 */
export function walkMatch(game: AnyGame, players: number, seed: string, visit: (state: unknown, step: number) => void, options: Record<string, unknown> = {}): unknown {
  const rng = new Rng(seed);
  const pick = new Rng(`${seed}/pick`);
  const state = game.setup(resolveOptions(game.options, options), players, rng);
  const legal = new Int32Array(game.maxActions);
  let step = 0;
  visit(state, step);
  while (game.currentPlayer(state) >= 0) {
    const k = game.legalActions(state, legal);
    game.apply(state, legal[pick.int(k)], rng);
    visit(state, ++step);
  }
  return state;
}

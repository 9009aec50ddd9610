import { matchRngs, playMatch, type SeatBot } from '../src/engine/match.js';
import { matchSeed, rotations } from '../src/engine/plan.js';
import type { ResolvedSpec } from '../src/runner/spec.js';

/**
 * Stramat's rules in a bare loop, matches [from, to) of the spec: what the random bot does (a uniform
 * legal action from its seat's generator), inlined, with the tournament's seeds: the same matches as
 * the runner plays, minus tavolo (no bots, no playMatch, no output). Returns a checksum.
 */
export function bareRulesLoop(spec: ResolvedSpec, from: number, to: number): number {
  const game = spec.game;
  const opts = spec.variants[0].options;
  const players = spec.players;
  const legal = new Int32Array(game.maxActions);
  const metrics = new Array<number>(game.measures.names.length).fill(0);
  let check = 0;
  for (let i = from; i < to; i++) {
    const rngs = matchRngs(matchSeed(spec.seed, i), players);
    const state = game.setup(opts, players, rngs.game);
    for (;;) {
      const p = game.currentPlayer(state);
      if (p < 0) break;
      const n = game.legalActions(state, legal);
      game.apply(state, legal[rngs.bots[p].int(n)], rngs.game);
    }
    check += game.result(state).turns;
    game.measures.write(state, metrics);
  }
  return check;
}

/** playMatch in a loop over matches [from, to): the engine with the bots, the runner's seeds and rotation, no output. */
export function barePlayMatchLoop(spec: ResolvedSpec, from: number, to: number): number {
  const opts = spec.variants[0].options;
  const seats: SeatBot[][] = rotations(spec.lineup);
  let check = 0;
  for (let i = from; i < to; i++) check += playMatch(spec.game, opts, seats[i % spec.players], matchSeed(spec.seed, i)).decisions;
  return check;
}

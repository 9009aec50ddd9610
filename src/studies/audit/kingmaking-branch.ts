import type { Bot, Decision } from '../../engine/bot.js';
import { gameForBots, paramsForBots } from '../../engine/bot-guard.js';
import type { AnyGame } from '../../engine/game.js';
import { matchRngs, type SeatBot } from '../../engine/match.js';

/** A decision handed to a bot in a branch: the same view of the state a match gives (observation, legal actions, words). */
class BranchDecision implements Decision {
  #obs: unknown = undefined;

  constructor(
    private readonly real: AnyGame,
    readonly game: AnyGame,
    private readonly state: unknown,
    readonly player: number,
    readonly legal: Int32Array,
    readonly count: number,
  ) {}

  get observation(): unknown {
    if (this.#obs === undefined) this.#obs = this.real.observe(this.state, this.player);
    return this.#obs;
  }

  describe(action: number): string {
    if (!this.legal.subarray(0, this.count).includes(action)) throw new TypeError(`decision.describe takes one of the offered actions, not ${action}`);
    return this.real.view.actionText(this.state, action);
  }
}

/**
 * Plays a branch to its end: `action` applied to a copy of `state` (the game's own `clone`), then the
 * same kinds of bots, created afresh at every seat from `seed`, playing on until the match is over.
 * Everything a branch draws comes from `seed` (the game's chance and each bot's generator, as a match
 * derives them from its seed), so the branches of one decision differ only by the action taken there.
 * Returns the winners, or null when the branch did not end within `limit` decisions or a bot failed.
 */
export function playBranch(game: AnyGame, state: unknown, action: number, seats: readonly SeatBot[], seed: string, limit: number): number[] | null {
  const s = game.clone(state);
  const rngs = matchRngs(seed, seats.length);
  const botGame = gameForBots(game);
  try {
    const bots: Bot[] = seats.map((b, seat) => b.factory.create({ game: botGame, seat, players: seats.length, rng: rngs.bots[seat], params: paramsForBots(b.params) }));
    game.apply(s, action, rngs.game);
    const legal = new Int32Array(Math.max(game.maxActions, 1));
    for (let d = 0; d < limit; d++) {
      const player = game.currentPlayer(s);
      if (player < 0) return game.result(s).winners.slice();
      const count = game.legalActions(s, legal);
      const shown = legal.slice(0, count);
      const chosen = bots[player].choose(new BranchDecision(game, botGame, s, player, shown, count));
      if (!legal.subarray(0, count).includes(chosen)) return null;
      game.apply(s, chosen, rngs.game);
    }
  } catch {
    // A bot that throws in a branch leaves that branch without an outcome (its decision is not judged).
    return null;
  }
  return null;
}

import type { BotFactory } from '../../src/engine/bot.js';
import type { AnyGame } from '../../src/engine/game.js';
import { playMatch } from '../../src/engine/match.js';
import { resolveOptions } from '../../src/engine/options.js';

/** A bot with its parameters, as a duel seats it. */
export interface Contender {
  factory: BotFactory;
  params: Record<string, unknown>;
}

/**
 * Heads-up matches of `a` against `b`, each deal played twice with the seats swapped (so a first-player
 * advantage cancels), match seeds `<seed>/<i>`: a's wins (a shared win counts a half) and the matches
 * decided. Annulled matches are left out.
 */
export function duel(game: AnyGame, a: Contender, b: Contender, deals: number, seed: string, options: Record<string, unknown> = {}): { wins: number; matches: number } {
  const opts = resolveOptions(game.options, options);
  const seats = [a, b].map((c) => ({ factory: c.factory, params: resolveOptions(c.factory.params, c.params, 'bot parameter') }));
  let wins = 0;
  let matches = 0;
  for (let i = 0; i < deals; i++) {
    for (const aSeat of [0, 1]) {
      const order = aSeat === 0 ? seats : [seats[1], seats[0]];
      const { result, fault } = playMatch(game, opts, order, `${seed}/${i}`);
      if (fault) throw new Error(`${seed}/${i}: seat ${fault.seat} faulted: ${fault.message}`);
      if (result.annulled) continue;
      matches++;
      if (result.winners.includes(aSeat)) wins += 1 / result.winners.length;
    }
  }
  return { wins, matches };
}

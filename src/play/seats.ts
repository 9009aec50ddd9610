import type { BotFactory } from '../engine/bot.js';
import type { SeatBot } from '../engine/match.js';
import { lineupIndex, rotations } from '../engine/plan.js';
import { InputError } from '../errors.js';
import type { ResolvedSpec } from '../runner/spec.js';

/** A seat of a match with a human in it: the bot named 'human' whatever the lineup had there. */
export type NamedSeat = SeatBot & { name: string };

/**
 * The seats of match `match` (the tournament's seat rotation, as `tavolo play` uses it), with each human
 * seat's bot replaced by `human` (the factory that waits for the page, or the one that replays a saved
 * match). Every other seat keeps its bot, parameters and generator, so a match with humans is the same
 * match as without them until a human decides differently from the bot it replaced.
 */
export function seatsWithHumans(spec: ResolvedSpec, match: number, humans: readonly number[], human: BotFactory): NamedSeat[] {
  const seats: NamedSeat[] = rotations(spec.lineup)[match % spec.players].map((e) => ({ factory: e.factory, params: e.params, name: e.name }));
  for (const s of humans) seats[s] = { factory: human, params: {}, name: 'human' };
  return seats;
}

/** The lineup with the human seats' entries replaced, for code that rotates the lineup itself (the viewer). */
export function lineupWithHumans(spec: ResolvedSpec, match: number, humans: readonly number[], human: BotFactory): ResolvedSpec['lineup'] {
  const lineup = spec.lineup.map((e) => ({ ...e }));
  for (const s of humans) lineup[lineupIndex(s, match, spec.players)] = { ...lineup[lineupIndex(s, match, spec.players)], factory: human, params: {}, name: 'human' };
  return lineup;
}

/** `--human 0,2` checked against the match's seats. */
export function checkHumans(humans: readonly number[], players: number): void {
  const seen = new Set<number>();
  for (const s of humans) {
    if (!Number.isInteger(s) || s < 0 || s >= players) throw new InputError(`seat ${s} does not exist: the seats are 0 to ${players - 1}`, '--human');
    if (seen.has(s)) throw new InputError(`seat ${s} is given twice`, '--human');
    seen.add(s);
  }
  if (humans.length === 0) throw new InputError('give at least one seat, such as 0 or 0,2', '--human');
}

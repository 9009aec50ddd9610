import type { AnyGame, Options } from '../engine/game.js';
import type { MatchOutcome } from '../engine/match.js';

/** Options that differ from the game's defaults, as key=value. */
export function changedOptions(game: AnyGame, options: Options): string[] {
  const defaults = new Map(game.options.map((o) => [o.name, JSON.stringify(o.default)]));
  return Object.entries(options)
    .filter(([k, v]) => defaults.get(k) !== JSON.stringify(v))
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`);
}

/** How a match ended, in one line: the winners or why it was annulled, then the scores. */
export function outcomeText(outcome: MatchOutcome, names: readonly string[]): string {
  const r = outcome.result;
  const who = (s: number) => `seat ${s} (${names[s]})`;
  const end = outcome.fault
    ? `Ended by a fault: ${who(outcome.fault.seat)} ${outcome.fault.reason}: ${outcome.fault.message}.`
    : r.annulled
      ? `Annulled (${r.endReason}).`
      : `Winner${r.winners.length > 1 ? 's (shared)' : ''}: ${r.winners.map(who).join(', ')}. Ended by ${r.endReason}.`;
  return `${end} Scores: ${r.scores.map((v, s) => `seat ${s} ${v}`).join(', ')}. ${r.turns} turns, ${outcome.decisions} decisions.`;
}

import type { AnyGame, GameWords, Options } from './game.js';
import type { MatchOutcome } from './match.js';

/**
 * A game's code names in its own words (GameWords), with a humanised fallback: what a person reads in the
 * human page, the viewer, `tavolo play` and the report, never "score_limit" or "attack_draw".
 */

/** A code name made readable when the game gives no words for it: "dado_short_deck" as "dado short deck". */
export function humanise(code: string): string {
  return code.replace(/[_-]+/g, ' ').trim();
}

/** A phase in the game's words. */
export function phaseWords(words: GameWords | undefined, phase: string): string {
  return words?.phases?.[phase] ?? humanise(phase);
}

/** An end reason in the game's words. */
export function endWords(words: GameWords | undefined, reason: string): string {
  return words?.endReasons?.[reason] ?? humanise(reason);
}

/** Options that differ from the game's defaults, as key=value. */
export function changedOptions(game: AnyGame, options: Options): string[] {
  const defaults = new Map(game.options.map((o) => [o.name, JSON.stringify(o.default)]));
  return Object.entries(options)
    .filter(([k, v]) => defaults.get(k) !== JSON.stringify(v))
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`);
}

/** How the result is decided, in the game's words ("lowest total of penalty points wins"), or from betterScore. */
export function winsByText(game: AnyGame): string {
  return game.view.words?.winsBy ?? (game.betterScore === 'lower' ? 'the lowest score wins' : 'the highest score wins');
}

/**
 * How a match ended, in the game's words: why it ended, the winners, how the result is decided with every
 * seat's score ("lowest total of penalty points wins: you 79, seat 1 (greedy) 0"), then its length. The
 * seats in `you` (a human page's own) are addressed as "you".
 */
export function outcomeText(game: AnyGame, outcome: MatchOutcome, names: readonly string[], you: readonly number[] = []): string {
  const r = outcome.result;
  const who = (s: number) => (you.includes(s) ? (you.length > 1 ? `you (seat ${s})` : 'you') : `seat ${s} (${names[s]})`);
  const score = game.view.words?.score;
  const scores = `${winsByText(game)}: ${r.scores.map((v, s) => `${who(s)} ${v}`).join(', ')}${score ? ` (${score})` : ''}`;
  const end = outcome.fault
    ? `Match over, ended by a fault: ${who(outcome.fault.seat)} ${outcome.fault.reason}: ${outcome.fault.message}.`
    : r.annulled
      ? `Match over, annulled: ${endWords(game.view.words, r.endReason)}.`
      : `Match over: ${endWords(game.view.words, r.endReason)}. ${winnerText(r.winners.map(who), you.length > 0 && r.winners.some((w) => you.includes(w)))}`;
  return `${end} ${capitalise(scores)}. ${r.turns} turns, ${outcome.decisions} decisions.`;
}

function winnerText(winners: string[], youWon: boolean): string {
  if (youWon && winners.length === 1) return 'You win!';
  return `Winner${winners.length > 1 ? 's (shared)' : ''}: ${winners.join(', ')}.`;
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

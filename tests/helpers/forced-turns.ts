import { random } from '../../bots/random.js';
import type { AnyGame } from '../../src/engine/game.js';
import { playMatch } from '../../src/engine/match.js';
import { MeasureRecorder } from '../../src/engine/measure-recorder.js';
import { resolveOptions } from '../../src/engine/options.js';

/** One random-bot match's forced-turn measures, next to what a test counts on its own. */
export interface ForcedTurnsMatch {
  forcedTurns: number;
  forcedTurnShare: number;
  turns: number;
  /** The game's metrics by column name. */
  metrics: Record<string, number>;
  /** Decisions with a single legal action for which the test's own `lone` predicate said "a pass". */
  lonePasses: number;
}

/**
 * Plays `matches` random-bot matches through the engine with the forced-turn measures on, and counts on
 * the side the lone-action decisions that `lone(state, action)` calls a pass (the test's own reading of
 * the rules, written without the game's forcedPass).
 */
export function forcedTurnMatches(
  game: AnyGame,
  players: number,
  matches: number,
  seed: string,
  lone: (state: unknown, action: number) => boolean = () => false,
  options: Record<string, unknown> = {},
): ForcedTurnsMatch[] {
  const opts = resolveOptions(game.options, options);
  const seats = Array.from({ length: players }, () => ({ factory: random, params: {} }));
  const measure = new MeasureRecorder(game, players, ['forced_turns', 'forced_turn_share']);
  const legal = new Int32Array(game.maxActions);
  const out: ForcedTurnsMatch[] = [];
  for (let i = 0; i < matches; i++) {
    let lonePasses = 0;
    const onAction = (state: unknown, _player: number, action: number) => {
      if (game.legalActions(state, legal) === 1 && lone(state, action)) lonePasses++;
    };
    const played = playMatch(game, opts, seats, `${seed}-${i}`, { measure, onAction });
    const cells: number[] = [];
    measure.finish(played.result, cells, 0);
    const metrics = Object.fromEntries(game.measures.names.map((n, k) => [n, played.metrics[k]]));
    const [forcedTurns, forcedTurnShare] = cells; // the recorder writes the columns in the order asked
    out.push({ forcedTurns, forcedTurnShare, turns: played.result.turns, metrics, lonePasses });
  }
  return out;
}

/** Checks every match's share against its count and turns (a share, never above 1). */
export function shareIsCountOverTurns(m: ForcedTurnsMatch): boolean {
  if (m.turns === 0) return Number.isNaN(m.forcedTurnShare);
  return m.forcedTurnShare === Math.round((m.forcedTurns / m.turns) * 1e6) / 1e6 && m.forcedTurnShare <= 1;
}

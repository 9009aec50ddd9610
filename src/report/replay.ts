import type { AnyGame, GameEvent, GameWords, Options, TableView } from '../engine/game.js';
import { changedOptions, outcomeText } from '../engine/words.js';
import { OPENING_MOVER, matchRngs, playMatch, type SeatBot } from '../engine/match.js';
import { matchSeed, rotations } from '../engine/plan.js';

/**
 * A match recorded for the viewer: the table after the set-up and after every decision, as the whole
 * table and as each seat sees it, with what each step caused.
 *
 * The match is played once as a tournament plays it (playMatch, the same seed and seat rotation), which
 * gives the bots' decisions; then the game alone replays those decisions from the same game generator
 * with an events array. Bots draw from their own generators, never the game's, so the replay is the
 * same match; every replayed action is checked to be legal.
 */

export interface ViewerDecision {
  /** 1-based, as `tavolo play` numbers them. */
  number: number;
  seat: number;
  bot: string;
  text: string;
  code: string;
  /**
   * seen[p]: what seat p sees of this decision (Game.actionSeen; actionText when the game has no
   * actionSeen, for then every decision is public), null when p cannot tell it was taken.
   */
  seen: (string | null)[];
}

export interface ViewerStep {
  /** null for step 0, the table as dealt. */
  decision: ViewerDecision | null;
  events: GameEvent[];
  full: TableView;
  /** seats[p]: the table as seat p sees it (from its observation only). */
  seats: TableView[];
}

export interface Recording {
  gameTitle: string;
  variant: string;
  match: number;
  masterSeed: string;
  matchSeed: string;
  changedOptions: string[];
  seats: string[];
  steps: ViewerStep[];
  outcome: string;
  /** The result as matches.csv writes it, to check a replay against the run. */
  result: { winners: string; turns: number; endReason: string };
  /** False when the game describes no table (no tableView): the viewer then shows describe() text. */
  described: boolean;
  /** The game's words: card faces and the legend the renderer draws with. */
  words: GameWords | null;
}

/** The full table, or the game's text description when it has no tableView. */
export function fullView(game: AnyGame, state: unknown): TableView {
  return game.view.tableView ? game.view.tableView(state) : { header: game.view.describe(state).split('\n'), zones: [] };
}

/** What `seat` sees, from its observation only. */
export function seatView(game: AnyGame, state: unknown, seat: number): TableView {
  if (!game.view.observedView) return { header: [`(${game.title} describes no seat's view)`], zones: [] };
  return game.view.observedView(game.observe(state, seat), seat);
}

/**
 * What a replay needs of a tournament spec (a ResolvedSpec has it): the html layer declares its own
 * need instead of importing the runner.
 */
export interface ReplaySpec {
  game: AnyGame;
  players: number;
  seed: string;
  variants: readonly { name: string; options: Options }[];
  lineup: readonly (SeatBot & { name: string })[];
  /** The spec's random opening moves (0 or absent: none): replayed as played, and named as such. */
  opening?: number;
}

export function recordMatch(spec: ReplaySpec, variantIndex: number, match: number): Recording {
  const { game, players } = spec;
  const variant = spec.variants[variantIndex];
  const seats = rotations(spec.lineup)[match % players];
  const seed = matchSeed(spec.seed, match);
  const decisions: ViewerDecision[] = [];
  const actions: number[] = [];
  const opening = spec.opening ?? 0;
  const outcome = playMatch(game, variant.options, seats, seed, {
    opening,
    onAction(state, seat, action) {
      actions.push(action);
      const text = game.view.actionText(state, action);
      const seen = seats.map((_, p) => (p === seat || !game.view.actionSeen ? text : game.view.actionSeen(state, action, p)));
      // The first `opening` moves were drawn at random, not chosen by the seat's bot.
      const bot = decisions.length < opening ? OPENING_MOVER : seats[seat].name;
      decisions.push({ number: decisions.length + 1, seat, bot, text, code: game.actionCode(action), seen });
    },
  });

  const rng = matchRngs(seed, players).game;
  let events: GameEvent[] = [];
  const state = game.setup(variant.options, players, rng, undefined, events);
  const snapshot = (decision: ViewerDecision | null): ViewerStep => {
    const step = { decision, events, full: fullView(game, state), seats: Array.from({ length: players }, (_, p) => seatView(game, state, p)) };
    events = [];
    return step;
  };
  const steps = [snapshot(null)];
  const legal = new Int32Array(game.maxActions);
  decisions.forEach((d, i) => {
    const action = actions[i];
    const count = game.legalActions(state, legal);
    if (game.currentPlayer(state) !== d.seat || !legal.subarray(0, count).includes(action)) {
      throw new Error(`the replay of match ${match} left the played match at decision ${d.number} (a game whose set-up or apply is not deterministic?)`);
    }
    game.apply(state, action, rng, events);
    steps.push(snapshot(d));
  });
  const r = outcome.result;
  return {
    gameTitle: game.title,
    variant: variant.name,
    match,
    masterSeed: spec.seed,
    matchSeed: seed,
    changedOptions: changedOptions(game, variant.options),
    seats: seats.map((s) => s.name),
    steps,
    outcome: outcomeText(game, outcome, seats.map((s) => s.name)),
    result: { winners: r.winners.join(';'), turns: r.turns, endReason: r.endReason },
    described: game.view.tableView !== undefined,
    words: game.view.words ?? null,
  };
}

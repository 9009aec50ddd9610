// Race to 21, a complete tavolo game in one file: players take turns adding 1 to `maxStep` to a running
// total, and whoever brings it to `target` wins. Written against the types tavolo exports, compiled
// with `tsc`, and named in race.json as ./dist/race.js.
import { OptionError, defineGame, type GameEvent, type MatchResult, type Options, type Rng, type TableView } from 'tavolo';

/** Everything a match is; mutable, as tavolo drives games in a hot loop. */
export interface RaceState {
  target: number;
  maxStep: number;
  players: number;
  total: number;
  toMove: number;
  firstPlayer: number;
  turns: number;
  winner: number;
  steps: number[];
}

/** What a player sees. Nothing is hidden in this game, so it is the whole table. */
export interface RaceObservation {
  target: number;
  maxStep: number;
  total: number;
  player: number;
}

// An action is the step minus one: 0 adds 1, 1 adds 2, ...
const stepOf = (action: number) => action + 1;

// defineGame checks the game and fills what it leaves out (docs/adding-a-game.md).
export const race = defineGame<RaceState, RaceObservation>({
  name: 'race',
  title: 'Race to 21',
  betterScore: 'higher',
  minPlayers: 2,
  maxPlayers: 6,
  options: [
    { name: 'target', type: 'int', default: 21, min: 2, max: 1000, description: 'the total that wins' },
    { name: 'maxStep', type: 'int', default: 3, min: 1, max: 10, description: 'the most a player may add in one turn' },
  ],
  maxActions: 10,
  checkOptions(opts: Options): void {
    if ((opts.maxStep as number) >= (opts.target as number)) {
      throw new OptionError('maxStep', `must be below target (${opts.target}), or the first player always wins at once`);
    }
  },

  setup(opts: Options, players: number, rng: Rng): RaceState {
    const first = rng.int(players);
    return {
      target: opts.target as number,
      maxStep: opts.maxStep as number,
      players,
      total: 0,
      toMove: first,
      firstPlayer: first,
      turns: 0,
      winner: -1,
      steps: [],
    };
  },

  currentPlayer: (s) => (s.winner >= 0 ? -1 : s.toMove),

  legalActions(s, out) {
    if (s.winner >= 0) return 0;
    const n = Math.min(s.maxStep, s.target - s.total);
    for (let a = 0; a < n; a++) out[a] = a;
    return n;
  },

  // `events` is given only by `tavolo play`, the match viewer and golden files, never in a tournament.
  apply(s, action, _rng, events?: GameEvent[]) {
    s.total += stepOf(action);
    s.steps.push(stepOf(action));
    s.turns++;
    if (s.total >= s.target) {
      s.winner = s.toMove;
      events?.push({ kind: 'match_end', seat: s.winner, text: `seat ${s.winner} reaches ${s.target} and wins`, data: { total: s.total } });
    } else s.toMove = (s.toMove + 1) % s.players;
  },

  clone: (s) => ({ ...s, steps: s.steps.slice() }),

  observe: (s, player) => ({ target: s.target, maxStep: s.maxStep, total: s.total, player }),

  result(s): MatchResult {
    const scores = Array.from({ length: s.players }, (_, p) => (p === s.winner ? 1 : 0));
    return {
      scores,
      ranks: scores.map((v) => (v === 1 || s.winner < 0 ? 1 : 2)),
      winners: s.winner >= 0 ? [s.winner] : [],
      annulled: false,
      endReason: s.winner >= 0 ? 'target_reached' : 'unfinished',
      firstPlayer: s.firstPlayer,
      turns: s.turns,
    };
  },

  actionCode: (action) => `+${stepOf(action)}`,

  view: {
    actionText: (s, action) => `adds ${stepOf(action)} (total ${s.total + stepOf(action)} of ${s.target})`,
    // The match viewer draws these; nothing is hidden, so every seat sees the whole table.
    tableView: (s): TableView => raceView(s.total, s.target),
    observedView: (obs): TableView => raceView(obs.total, obs.target),
    describe: (s) => `Total ${s.total} of ${s.target}; steps of 1 to ${s.maxStep}; seat ${s.toMove} to move.`,
  },

  // For the greedy bot: reaching the target is best; otherwise any step is as good as another.
  search: {
    heuristic: (obs, action) => (obs.total + stepOf(action) >= obs.target ? 1 : 0),
  },

  measures: {
    columns: [{ name: 'steps_of_one', label: 'steps of one', unit: 'step', per: 'match', kind: 'count' }],
    write(s, out) {
      out[0] = s.steps.filter((k) => k === 1).length;
    },
  },
});

function raceView(total: number, target: number): TableView {
  return {
    header: [`Race to ${target}`],
    zones: [
      { kind: 'count', id: 'total', label: 'Total', owner: -1, value: total },
      { kind: 'count', id: 'left', label: 'Left to the target', owner: -1, value: target - total },
    ],
  };
}

export default race;

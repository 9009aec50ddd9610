// Race to 21, a complete tavolo game in one file: players take turns adding 1 to `maxStep` to a running
// total, and whoever brings it to `target` wins. Written against the types tavolo exports, compiled
// with `tsc`, and named in race.json as ./dist/race.js.
import { OptionError, type Game, type MatchResult, type Options, type Rng } from 'tavolo';

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

export const race: Game<RaceState, RaceObservation> = {
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
  metricNames: ['steps_of_one'],

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

  apply(s, action) {
    s.total += stepOf(action);
    s.steps.push(stepOf(action));
    s.turns++;
    if (s.total >= s.target) s.winner = s.toMove;
    else s.toMove = (s.toMove + 1) % s.players;
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

  metrics(s, out) {
    out[0] = s.steps.filter((k) => k === 1).length;
  },

  actionCode: (action) => `+${stepOf(action)}`,
  actionText: (s, action) => `adds ${stepOf(action)} (total ${s.total + stepOf(action)} of ${s.target})`,

  // For the greedy bot: reaching the target is best; otherwise any step is as good as another.
  heuristic: (obs, action) => (obs.total + stepOf(action) >= obs.target ? 1 : 0),

  describe: (s) => `Total ${s.total} of ${s.target}; steps of 1 to ${s.maxStep}; seat ${s.toMove} to move.`,
};

export default race;

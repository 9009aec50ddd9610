/**
 * Search overhead per game: what one step of each search bot costs against one random playout from the
 * same state. Ratios, not rates: every measurement is interleaved with its playout baseline and repeated
 * on exactly the same work, and the least time of the repeats is kept (the one no other process
 * interrupted), so load on the machine hardly moves the ratios; absolute times on a shared machine mean little.
 *
 *   npm run build && node dist/bench/search-overhead.js [--states N] [--reps R] [--block K] [--game NAME]
 *
 * Each game runs in its own process (as in a tournament, where a worker's code sees one game: measured
 * in one process, the games after the first would pay for the JIT's code shared with the ones before).
 * For each game (4 players, or its most if fewer), N seeded mid-game states (the middle decision with a
 * choice of a random match: `overhead/<game>/<i>`). At each state, R rounds (after one pass over all
 * the states for the JIT), each of these one after another, from the same seeds in every round:
 *   - playout: K random playouts from copies of the state (clone, then uniform legal actions to the end,
 *     then the result), the baseline;
 *   - determinize: K determinizations of the acting seat's observation (alone, to see its share);
 *   - ismcts: one search of K iterations (a new tree: determinization, tree walk, playout, back-up);
 *   - pimc: one search of K playouts (each legal action played out in each sampled world);
 *   - alphabeta: one world searched with iterative deepening to depth 2 (at most 64 K nodes), per node
 *     (one apply), against one step of the playout (the playout's time over its actions).
 * Each ratio is (the bot's least time per iteration, playout or node) / (the playouts' least time per
 * playout or per step) at one state; the table gives the median over the states.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { AlphaBetaSearch } from '../bots/alphabeta-search.js';
import { IsmctsSearch } from '../bots/ismcts.js';
import type { McParams } from '../bots/mc-common.js';
import { PimcSearch } from '../bots/pimc.js';
import type { AnyGame } from '../src/engine/game.js';
import { resolveOptions } from '../src/engine/options.js';
import { Rng } from '../src/engine/rng.js';
import { games } from '../src/games/index.js';
import { gameFlag, positiveFlag } from './flags.js';


const STATES = positiveFlag('search-overhead', 'states', 6, true);
const REPS = positiveFlag('search-overhead', 'reps', 5, true);
const BLOCK = positiveFlag('search-overhead', 'block', 100, true);
const ONLY = gameFlag('search-overhead', Object.keys(games));

const ms = (): number => performance.now(); // clock-ok (benchmark)

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** A state in the middle of a seeded random match, at a decision with a choice. */
function midGameState(game: AnyGame, players: number, seed: string): unknown {
  const opts = resolveOptions(game.options, {});
  const buf = new Int32Array(game.maxActions);
  const play = (stopAt: number): { state: unknown; choices: number } => {
    const rng = new Rng(seed);
    const s = game.setup(opts, players, rng);
    let choices = 0;
    while (game.currentPlayer(s) >= 0) {
      const k = game.legalActions(s, buf);
      if (k > 1 && choices++ === stopAt) break;
      game.apply(s, buf[rng.int(k)], rng);
    }
    return { state: s, choices };
  };
  return play(Math.floor(play(-1).choices / 2)).state;
}

/** K random playouts from copies of `state`; returns the milliseconds and the actions played. */
function playouts(game: AnyGame, state: unknown, k: number, rng: Rng, buf: Int32Array): { time: number; steps: number } {
  let steps = 0;
  const t0 = ms();
  for (let i = 0; i < k; i++) {
    const s = game.clone(state);
    while (game.currentPlayer(s) >= 0) {
      const n = game.legalActions(s, buf);
      game.apply(s, n === 1 ? buf[0] : buf[rng.int(n)], rng);
      steps++;
    }
    game.result(s);
  }
  return { time: ms() - t0, steps };
}

function timed(run: () => void): number {
  const t0 = ms();
  run();
  return ms() - t0;
}

interface Ratios {
  determinize: number[];
  ismcts: number[];
  pimc: number[];
  alphabeta: number[];
}

/** Per state, the least time of each measurement over the rounds (ms) and the work it did. */
interface StateTimes {
  playout: number;
  steps: number;
  determinize: number;
  ismcts: number;
  iterations: number;
  pimc: number;
  pimcPlayouts: number;
  alphabeta: number;
  nodes: number;
}

/**
 * Times one state: `rounds` rounds, each repeating exactly the same work (the generators restart from the
 * same seeds), interleaved; keeps each measurement's least time, the one that no other process interrupted.
 */
function timeState(game: AnyGame, players: number, state: unknown, seed: string, rounds: number): StateTimes {
  const params: McParams = { iterations: BLOCK, rollout: 'random', timeMs: 0, maxDepth: 0, rankWeight: 0, horizon: 'match' };
  const buf = new Int32Array(game.maxActions);
  const legal = new Int32Array(game.maxActions);
  const me = game.currentPlayer(state);
  const count = game.legalActions(state, legal);
  const obs = game.observe(state, me);
  const t: StateTimes = { playout: Infinity, steps: 0, determinize: Infinity, ismcts: Infinity, iterations: 0, pimc: Infinity, pimcPlayouts: 0, alphabeta: Infinity, nodes: 0 };
  const ab = new AlphaBetaSearch(game, players, 2, 0, false, 0, 1);
  for (let r = 0; r < rounds; r++) {
    const rng = (what: string) => new Rng(`${seed}/${what}`);
    const base = playouts(game, state, BLOCK, rng('playout'), buf);
    t.playout = Math.min(t.playout, base.time);
    t.steps = base.steps;
    const detRng = rng('determinize');
    t.determinize = Math.min(t.determinize, timed(() => {
      for (let j = 0; j < BLOCK; j++) game.search.determinize!(obs, me, detRng);
    }));
    const ismcts = new IsmctsSearch(game, players, rng('d'), rng('s'), params, 0.7);
    t.ismcts = Math.min(t.ismcts, timed(() => ismcts.search(obs, me, legal, count)));
    t.iterations = ismcts.lastIterations;
    const pimc = new PimcSearch(game, players, rng('d'), rng('s'), { ...params, iterations: Math.max(BLOCK, count) });
    t.pimc = Math.min(t.pimc, timed(() => pimc.search(obs, me, legal, count)));
    t.pimcPlayouts = pimc.lastWorlds * count;
    const world = game.search.determinize!(obs, me, rng('world'));
    const abRng = rng('chance');
    t.alphabeta = Math.min(t.alphabeta, timed(() => (t.nodes = ab.search(world, me, legal, count, 64 * BLOCK, abRng).nodes)));
  }
  return t;
}

/** The ratios at every state (after a first pass over them all that only lets the JIT compile everything). */
function measureGame(game: AnyGame, players: number): Ratios {
  const out: Ratios = { determinize: [], ismcts: [], pimc: [], alphabeta: [] };
  const states = Array.from({ length: STATES }, (_, i) => midGameState(game, players, `overhead/${game.name}/${i}`));
  states.forEach((s, i) => timeState(game, players, s, `overhead/${game.name}/${i}`, 1));
  states.forEach((s, i) => {
    const t = timeState(game, players, s, `overhead/${game.name}/${i}`, REPS);
    const perPlayout = t.playout / BLOCK;
    out.determinize.push(t.determinize / BLOCK / perPlayout);
    out.ismcts.push(t.ismcts / t.iterations / perPlayout);
    out.pimc.push(t.pimc / t.pimcPlayouts / perPlayout);
    if (t.nodes > 0) out.alphabeta.push(t.alphabeta / t.nodes / (t.playout / t.steps));
  });
  return out;
}

const line = (s: string) => process.stdout.write(s + '\n');
const f = (xs: number[], w: number) => (xs.length ? median(xs).toFixed(2) : '-').padStart(w);

if (ONLY !== undefined) {
  const game = games[ONLY];
  const players = Math.max(game.minPlayers, Math.min(4, game.maxPlayers));
  const r = measureGame(game, players);
  line(`${ONLY.padEnd(10)} ${String(players).padStart(7)} ${f(r.determinize, 12)} ${f(r.ismcts, 12)} ${f(r.pimc, 13)} ${f(r.alphabeta, 15)}`);
} else {
  line(`Search overhead: time of one step of each search bot / time of one random playout (or one playout step) from the same state`);
  line(`(per state the least time of ${REPS} interleaved rounds, blocks of ${BLOCK}; medians over ${STATES} mid-game states)`);
  line('');
  line(`${'game'.padEnd(10)} ${'players'.padStart(7)} ${'determinize'.padStart(12)} ${'ismcts iter'.padStart(12)} ${'pimc playout'.padStart(13)} ${'alphabeta node'.padStart(15)}`);
  line(`${''.padEnd(10)} ${''.padStart(7)} ${'/ playout'.padStart(12)} ${'/ playout'.padStart(12)} ${'/ playout'.padStart(13)} ${'/ playout step'.padStart(15)}`);
  const self = fileURLToPath(import.meta.url);
  const sizes = ['--states', String(STATES), '--reps', String(REPS), '--block', String(BLOCK)];
  for (const name of Object.keys(games)) {
    process.stdout.write(execFileSync(process.execPath, [self, '--game', name, ...sizes], { encoding: 'utf8' }));
  }
}

// Speed of the Monte Carlo bots: ISMCTS iterations per second (4-player Stramat, random playouts) and
// the time per decision of every bot, over decision points sampled from random matches.
//   npm run build && node dist/bench/mcts-bench.js [--quick]
//
// Every figure is given twice: per second of this process's CPU time (what one core does, nearly
// independent of other work on the machine) and per second of wall time (what you wait, which grows
// when the machine is busy). On an idle machine the two agree.
import type { Bot, BotFactory, Decision } from '../src/engine/bot.js';
import type { AnyGame, Options } from '../src/engine/game.js';
import { resolveOptions } from '../src/engine/options.js';
import { Rng } from '../src/engine/rng.js';
import { stramat } from '../src/games/stramat/index.js';
import { stop } from '../src/games/stop/index.js';
import { greedy } from '../bots/greedy.js';
import { ismcts } from '../bots/ismcts.js';
import { pimc } from '../bots/pimc.js';
import { random } from '../bots/random.js';

const quick = process.argv.includes('--quick');
const line = (s: string) => process.stdout.write(s + '\n');

/** CPU and wall seconds since start. */
class Stopwatch {
  private readonly cpu0 = process.cpuUsage();
  private readonly wall0 = performance.now(); // clock-ok (benchmark)
  read(): { cpu: number; wall: number } {
    const u = process.cpuUsage(this.cpu0);
    return { cpu: (u.user + u.system) / 1e6, wall: (performance.now() - this.wall0) / 1000 }; // clock-ok (benchmark)
  }
}

/** A decision of a stored state, as the match loop presents it (observation computed from the state). */
class StoredDecision implements Decision {
  readonly legal: Int32Array;
  readonly count: number;
  readonly player: number;
  readonly observation: unknown;
  readonly describe: (action: number) => string;
  constructor(
    readonly game: AnyGame,
    state: unknown,
  ) {
    this.legal = new Int32Array(game.maxActions);
    this.count = game.legalActions(state, this.legal);
    this.player = game.currentPlayer(state);
    this.observation = game.observe(state, this.player);
    this.describe = (action) => game.view.actionText(state, action);
  }
}

/** Decision points with at least two legal actions, from random matches. */
function samplePoints(game: AnyGame, opts: Options, players: number, matches: number, seed: string): StoredDecision[] {
  const out: StoredDecision[] = [];
  const buf = new Int32Array(game.maxActions);
  for (let m = 0; m < matches; m++) {
    const rng = new Rng(`${seed}/${m}`);
    const s = game.setup(opts, players, rng);
    while (game.currentPlayer(s) >= 0) {
      const k = game.legalActions(s, buf);
      if (k > 1) out.push(new StoredDecision(game, game.clone(s)));
      game.apply(s, buf[rng.int(k)], rng);
    }
  }
  return out;
}

function makeBot(factory: BotFactory, params: Record<string, unknown>, players: number, seat: number, game: AnyGame = stramat): Bot {
  const resolved = resolveOptions(factory.params, params, 'bot parameter');
  return factory.create({ game, seat, players, rng: new Rng(`bench/${seat}`), params: resolved });
}

/** Mean time per decision over the points, CPU and wall, in ms. */
function timeDecisions(factory: BotFactory, params: Record<string, unknown>, players: number, points: StoredDecision[], game: AnyGame = stramat) {
  const bots = new Map<number, Bot>();
  const botFor = (seat: number) => {
    let b = bots.get(seat);
    if (!b) bots.set(seat, (b = makeBot(factory, params, players, seat, game)));
    return b;
  };
  for (let i = 0; i < Math.min(5, points.length); i++) botFor(points[i].player).choose(points[i]);
  const sw = new Stopwatch();
  for (const d of points) botFor(d.player).choose(d);
  const t = sw.read();
  return { cpu: (t.cpu * 1000) / points.length, wall: (t.wall * 1000) / points.length };
}

/** What the game alone costs per iteration: a determinization, a random playout and the result (no tree). */
function gameAlone(points: StoredDecision[], runs: number): { cpu: number; wall: number } {
  const rng = new Rng('bench-floor');
  const buf = new Int32Array(stramat.maxActions);
  const once = (d: StoredDecision) => {
    const s = stramat.search.determinize!(d.observation as never, d.player, rng);
    for (;;) {
      if (stramat.currentPlayer(s) < 0) break;
      const k = stramat.legalActions(s, buf);
      stramat.apply(s, k === 1 ? buf[0] : buf[rng.int(k)], rng);
    }
    stramat.result(s);
  };
  for (let i = 0; i < 2000; i++) once(points[i % points.length]);
  const sw = new Stopwatch();
  for (const d of points) for (let i = 0; i < runs; i++) once(d);
  return sw.read();
}

const rate = (n: number, t: { cpu: number; wall: number }) =>
  `${Math.round(n / t.cpu)
    .toString()
    .padStart(6)} per CPU-second, ${Math.round(n / t.wall)
    .toString()
    .padStart(6)} per wall-second`;

const opts = resolveOptions(stramat.options, {});

// ISMCTS iterations per second, 4 players, random playouts.
{
  const players = 4;
  const matches = quick ? 8 : 30;
  const points = samplePoints(stramat, opts, players, matches, 'bench-ismcts');
  const iterations = quick ? 1000 : 5000;
  const bot = makeBot(ismcts, { iterations }, players, 0);
  for (let i = 0; i < 3; i++) bot.choose(points[i]);
  const opening = points.filter((d) => {
    const o = d.observation as { turns: number; phase: number };
    return o.turns === 0 && o.phase === 0;
  });
  let sw = new Stopwatch();
  for (const d of points) bot.choose(d);
  const all = sw.read();
  sw = new Stopwatch();
  for (const d of opening) bot.choose(d);
  const first = sw.read();
  const runs = Math.max(1, Math.floor(iterations / 10));
  const alone = gameAlone(points, runs);
  line(`ISMCTS, 4-player Stramat, random playouts, ${iterations} iterations per decision:`);
  line(`  every decision point of ${matches} random matches (${points.length}):  ${rate(points.length * iterations, all)}`);
  line(`  first decision of each match (${opening.length}, longest playouts):     ${rate(opening.length * iterations, first)}`);
  line(`  the game alone (determinize + playout + result, no tree):  ${rate(points.length * runs, alone)}`);
}

// Time per decision of each bot.
line('');
line('Time per decision (ms; CPU / wall), averaged over every 4th decision point of random matches:');
for (const players of [2, 4]) {
  const points = samplePoints(stramat, opts, players, quick ? 4 : 12, `bench-${players}p`).filter((_d, i) => i % 4 === 0);
  const rows: Array<[string, BotFactory, Record<string, unknown>]> = [
    ['random', random, {}],
    ['greedy', greedy, {}],
    ['pimc (1000 playouts)', pimc, {}],
    ['pimc rollout=greedy', pimc, { rollout: 'greedy' }],
    ['ismcts (1000 iterations)', ismcts, {}],
    ['ismcts rollout=greedy', ismcts, { rollout: 'greedy' }],
    ['ismcts iterations=10000', ismcts, { iterations: 10000 }],
  ];
  for (const [name, factory, params] of rows) {
    const t = timeDecisions(factory, params, players, points);
    const fmt = (ms: number) => (ms < 0.1 ? ms.toFixed(4) : ms.toFixed(1)).padStart(8);
    line(`  ${players}p ${name.padEnd(26)} ${fmt(t.cpu)} / ${fmt(t.wall)}   (${points.length} points)`);
  }
}

// Stop, 4 players: playouts to the end of the round (horizon 'auto': Stop provides stage and evaluate)
// against playouts to the end of the 500-point match.
{
  const points = samplePoints(stop, resolveOptions(stop.options, {}), 4, quick ? 1 : 3, 'bench-stop').filter((_d, i) => i % 16 === 0);
  line('');
  line(`Stop, 4 players, time per decision (ms; CPU / wall), every 16th decision point of random matches (${points.length}):`);
  const rows: Array<[string, BotFactory, Record<string, unknown>]> = [
    ['pimc, to the round end', pimc, {}],
    ['pimc, to the match end', pimc, { horizon: 'match' }],
    ['ismcts, to the round end', ismcts, {}],
    ['ismcts, to the match end', ismcts, { horizon: 'match' }],
  ];
  for (const [name, factory, params] of rows) {
    const t = timeDecisions(factory, params, 4, points, stop);
    line(`  ${name.padEnd(26)} ${t.cpu.toFixed(1).padStart(8)} / ${t.wall.toFixed(1).padStart(8)}`);
  }
}

// Speed of the Monte Carlo bots: ISMCTS iterations per second (4-player Stramat, random playouts) and
// the time per decision of every bot, over decision points sampled from random matches.
//   npm run build && node dist/bench/mcts-bench.js [--quick]
import type { Bot, BotFactory, Decision } from '../src/engine/bot.js';
import type { AnyGame, Options } from '../src/engine/game.js';
import { resolveOptions } from '../src/engine/options.js';
import { Rng } from '../src/engine/rng.js';
import { stramat } from '../src/games/stramat/index.js';
import { greedy } from '../bots/greedy.js';
import { ismcts } from '../bots/ismcts.js';
import { pimc } from '../bots/pimc.js';
import { random } from '../bots/random.js';

const quick = process.argv.includes('--quick');

/** A decision of a stored state, as the match loop presents it (observation computed from the state). */
class StoredDecision implements Decision {
  readonly legal: Int32Array;
  readonly count: number;
  readonly player: number;
  readonly observation: unknown;
  constructor(
    readonly game: AnyGame,
    state: unknown,
  ) {
    this.legal = new Int32Array(game.maxActions);
    this.count = game.legalActions(state, this.legal);
    this.player = game.currentPlayer(state);
    this.observation = game.observe(state, this.player);
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

function timeDecisions(factory: BotFactory, params: Record<string, unknown>, players: number, points: StoredDecision[]): number {
  const resolved = resolveOptions(factory.params, params, 'bot parameter');
  const bots = new Map<number, Bot>();
  const botFor = (seat: number) => {
    let b = bots.get(seat);
    if (!b) {
      b = factory.create({ game: stramat, seat, players, rng: new Rng(`bench/${seat}`), params: resolved });
      bots.set(seat, b);
    }
    return b;
  };
  // Warm up on a few points, then time all of them.
  for (let i = 0; i < Math.min(5, points.length); i++) botFor(points[i].player).choose(points[i]);
  const t0 = performance.now(); // clock-ok (benchmark)
  for (const d of points) botFor(d.player).choose(d);
  return (performance.now() - t0) / points.length; // clock-ok (benchmark)
}

const opts = resolveOptions(stramat.options, {});
const line = (s: string) => process.stdout.write(s + '\n');

// ISMCTS iterations per second, 4 players, random playouts.
{
  const players = 4;
  const points = samplePoints(stramat, opts, players, quick ? 10 : 40, 'bench-ismcts');
  const iterations = quick ? 2000 : 10000;
  const resolved = resolveOptions(ismcts.params, { iterations }, 'bot parameter');
  const bot = ismcts.create({ game: stramat, seat: 0, players, rng: new Rng('bench'), params: resolved });
  for (let i = 0; i < 3; i++) bot.choose(points[i]);
  const opening = points.filter((d) => (d.observation as { turns: number }).turns === 0 && (d.observation as { phase: number }).phase === 0);
  const t0 = performance.now(); // clock-ok (benchmark)
  for (const d of points) bot.choose(d);
  const secs = (performance.now() - t0) / 1000; // clock-ok (benchmark)
  const t1 = performance.now(); // clock-ok (benchmark)
  for (const d of opening) bot.choose(d);
  const secsOpening = (performance.now() - t1) / 1000; // clock-ok (benchmark)
  // The floor: what the game alone costs per iteration (a determinization and a random playout, no tree).
  const rng = new Rng('bench-floor');
  const buf = new Int32Array(stramat.maxActions);
  const floorRuns = Math.max(1, Math.floor(iterations / 10));
  const t2 = performance.now(); // clock-ok (benchmark)
  for (const d of points) {
    for (let i = 0; i < floorRuns; i++) {
      const s = stramat.determinize!(d.observation as never, d.player, rng);
      while (stramat.currentPlayer(s) >= 0) stramat.apply(s, buf[rng.int(stramat.legalActions(s, buf))], rng);
      stramat.result(s);
    }
  }
  const secsFloor = (performance.now() - t2) / 1000; // clock-ok (benchmark)
  line(`ISMCTS, 4-player Stramat, random playouts, ${iterations} iterations per decision:`);
  line(`  all decision points (${points.length} from ${quick ? 10 : 40} random matches): ${Math.round((points.length * iterations) / secs)} iterations/s`);
  line(`  game alone (determinize + random playout + result, no tree), same points:  ${Math.round((points.length * floorRuns) / secsFloor)} per second`);
  if (opening.length) {
    line(`  first decision of a match (${opening.length} points, longest playouts):       ${Math.round((opening.length * iterations) / secsOpening)} iterations/s`);
  }
}

// Time per decision of each bot with its default parameters.
line('');
line('Time per decision (default parameters unless stated), averaged over decision points of random matches:');
for (const players of [2, 4]) {
  const points = samplePoints(stramat, opts, players, quick ? 4 : 15, `bench-${players}p`);
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
    const ms = timeDecisions(factory, params, players, points);
    line(`  ${players}p ${name.padEnd(26)} ${ms < 0.01 ? `${(ms * 1000).toFixed(2)} us` : `${ms.toFixed(2)} ms`}  (${points.length} points)`);
  }
}

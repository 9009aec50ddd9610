// The cost of ismcts's options (docs/bots-search.md, "MCTS options"): CPU milliseconds per decision of ismcts at
// 1,000 iterations over the same heads-up Stramat decision points (every third decision with a choice of
// 10 random matches), with each option alone. The variants take turns for five rounds after a warm-up
// round, and each one's fastest round is printed: on a shared machine the minimum is the figure least
// inflated by other work.
//   npm run build && node dist/bench/mcts-options-bench.js
import type { Options } from '../src/engine/game.js';
import { resolveOptions } from '../src/engine/options.js';
import { Rng } from '../src/engine/rng.js';
import { stramat } from '../src/games/stramat/index.js';
import { IsmctsSearch, ismcts, ismctsOptions } from '../bots/ismcts.js';
import { readParams } from '../bots/mc-common.js';

interface Point {
  player: number;
  obs: unknown;
  legal: Int32Array;
  count: number;
}

function samplePoints(): Point[] {
  const game = stramat;
  const points: Point[] = [];
  for (let m = 0; m < 10; m++) {
    const rng = new Rng(`pts${m}`);
    const st = game.setup(resolveOptions(game.options, {}), 2, rng);
    const buf = new Int32Array(game.maxActions);
    let i = 0;
    while (game.currentPlayer(st) >= 0) {
      const k = game.legalActions(st, buf);
      const p = game.currentPlayer(st);
      if (k > 1 && i++ % 3 === 0) points.push({ player: p, obs: game.observe(st, p), legal: buf.slice(), count: k });
      game.apply(st, buf[rng.int(k)], rng);
    }
  }
  return points;
}

const variants: Record<string, Record<string, unknown>> = {
  'none': {},
  'bias 1': { bias: 1 },
  'mast': { mast: true },
  'solver + reuse (ignored: hidden cards)': { solver: true, reuse: true },
};
const points = samplePoints();
const best = new Map<string, number>();
for (let round = 0; round < 6; round++) {
  for (const [name, v] of Object.entries(variants)) {
    const p: Options = resolveOptions(ismcts.params, { iterations: 1000, ...v }, 'bot parameter');
    const s = new IsmctsSearch(stramat, 2, new Rng('a'), new Rng('b'), readParams(p), p.exploration as number, p.widening as number, ismctsOptions(p));
    const t0 = process.cpuUsage();
    for (const d of points) s.search(d.obs, d.player, d.legal, d.count);
    const u = process.cpuUsage(t0);
    const ms = (u.user + u.system) / 1000 / points.length;
    if (round > 0) best.set(name, Math.min(best.get(name) ?? Infinity, ms));
  }
}
for (const [name, ms] of best) process.stdout.write(`${name.padEnd(40)} ${ms.toFixed(2)} ms of CPU a decision (${points.length} decision points)\n`);

// Do two budgets of a search bot choose alike? Positions come from greedy playing itself; at every
// `--every`-th decision with more than two legal actions, the bot is asked at each budget, each time as a
// fresh bot with a generator of its own, and the table gives how often two askings chose the same action.
// A budget asked twice (`--budgets 400,400`) shows how settled its choice is; two budgets side by side show
// whether the larger one chooses otherwise or only more steadily. It is not a strength test: two actions
// of equal worth (the same two tiles placed in the other order) count as a disagreement.
//   npm run build && node dist/bench/choice-agreement.js --game zatre --bot strongest \
//     --budgets 400,400,4000,4000 [--matches 6] [--every 5] [--seed agreement]
import { parseArgs } from 'node:util';
import type { Bot, BotFactory, Decision } from '../src/engine/bot.js';
import type { AnyGame } from '../src/engine/game.js';
import { matchRngs } from '../src/engine/match.js';
import { resolveOptions } from '../src/engine/options.js';
import { Rng } from '../src/engine/rng.js';
import { games } from '../src/games/index.js';
import { fixed } from '../src/analysis/intervals.js';
import { bots } from '../bots/index.js';
import { greedyChoice } from '../bots/greedy.js';

const line = (s: string) => process.stdout.write(s + '\n');

/** The bot to ask: a preset of the game (its bot and parameters) or a built-in bot with `--params`. */
function botOf(game: AnyGame, name: string, params: string): { factory: BotFactory; params: Record<string, unknown> } {
  const preset = game.presets?.[name];
  const factory = bots[preset?.bot ?? name];
  if (factory?.budget === undefined) throw new Error(`--bot: expected a preset of ${game.name} or a bot with a budget, found ${name}`);
  return { factory, params: { ...(preset?.params ?? {}), ...(JSON.parse(params) as Record<string, unknown>) } };
}

/** One asking: a fresh bot at `budget`, seeded by `seed`, on the decision's observation. */
function ask(game: AnyGame, who: ReturnType<typeof botOf>, budget: number, seed: string, d: Omit<Decision, 'describe'>): number {
  const params = resolveOptions(who.factory.params, { ...who.params, [who.factory.budget!]: budget });
  const bot: Bot = who.factory.create({ game, seat: d.player, players: 2, rng: new Rng(seed), params });
  return bot.choose({ ...d, describe: () => '' });
}

/** Every sampled position's choices: greedy's first, then each budget's in order. */
function collect(game: AnyGame, who: ReturnType<typeof botOf>, budgets: number[], v: Record<string, string>): number[][] {
  const rows: number[][] = [];
  let n = 0;
  for (let m = 0; m < Number(v.matches); m++) {
    const rngs = matchRngs(`${v.seed}/${m}`, 2);
    const s = game.setup(resolveOptions(game.options, {}), 2, rngs.game);
    const buf = new Int32Array(game.maxActions);
    for (let p = game.currentPlayer(s); p >= 0; p = game.currentPlayer(s)) {
      const k = game.legalActions(s, buf);
      const obs = game.observe(s, p);
      if (k > 2 && n++ % Number(v.every) === 0) {
        const legal = buf.slice(0, k);
        const d = { game, player: p, legal, count: k, observation: obs };
        const row = [greedyChoice(game, obs, legal, k, new Rng(`${v.seed}/greedy/${n}`))];
        budgets.forEach((b, i) => row.push(ask(game, who, b, `${v.seed}/${i}/${n}`, { ...d, observation: game.observe(s, p) })));
        rows.push(row);
      }
      game.apply(s, k === 1 ? buf[0] : greedyChoice(game, obs, buf, k, rngs.bots[p]), rngs.game);
    }
  }
  return rows;
}

function main(): void {
  const { values: v } = parseArgs({
    options: {
      game: { type: 'string', default: 'zatre' },
      bot: { type: 'string', default: 'strongest' },
      params: { type: 'string', default: '{}' },
      budgets: { type: 'string', default: '400,400,4000,4000' },
      matches: { type: 'string', default: '6' },
      every: { type: 'string', default: '5' },
      seed: { type: 'string', default: 'agreement' },
    },
  });
  const game = games[v.game];
  if (game === undefined) throw new Error(`--game: expected one of ${Object.keys(games).join(', ')}, found ${v.game}`);
  const budgets = v.budgets.split(',').map(Number);
  const rows = collect(game, botOf(game, v.bot, v.params), budgets, v);
  const names = ['greedy', ...budgets.map((b, i) => `${b} (${String.fromCharCode(97 + i)})`)];
  line(`${game.name}, ${v.bot}: ${rows.length} positions from ${v.matches} greedy matches; % of positions where the row and the column chose the same action`);
  line(''.padEnd(12) + names.map((x) => x.padStart(12)).join(''));
  names.forEach((x, i) => {
    line(x.padEnd(12) + names.map((_, j) => fixed((100 * rows.filter((r) => r[i] === r[j]).length) / rows.length, 0).padStart(12)).join(''));
  });
}

main();

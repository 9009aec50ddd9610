import type { AnyGame, Options } from '../../engine/game.js';
import { InputError } from '../../errors.js';
import { botRegistry } from '../../plugins/loader.js';
import { chooseBot, presetsOf } from '../../plugins/presets.js';

/**
 * The search bot of `tavolo skill` (docs/measures.md, "Skill and luck"): the bot played against greedy
 * and traced over tenfold budgets. By default the game's `strongest` preset (docs/bots.md, "Presets");
 * `--bot` names another preset or a built-in bot. Only a bot with a budget (BotFactory.budget) can be
 * traced, so a `strongest` without one (Symbotrio's greedy, which does not search) gives way to the
 * game's first preset that searches, and a game without presets gets ismcts at its defaults.
 */
export interface Searcher {
  /** How its entries are named: `<label>-<budget>` (`strongest-1000`). */
  label: string;
  /** What a spec's `bot` holds for it: a preset's name or a built-in bot's. */
  bot: string;
  /** The built-in bot it plays (the preset's bot). */
  engine: string;
  /** Its parameters, the budget left out (a preset's settings; none for a bare bot). */
  settings: Options;
  /** The parameter that sets how long it thinks. */
  budgetParam: string;
  /** The budget it plays at unless told otherwise: the preset's, else the bot's default. */
  defaultBudget: number;
}

/** The searcher for `asked` (a preset or bot name; undefined: the game's default). */
export function chooseSearcher(game: AnyGame, asked: string | undefined): Searcher {
  if (asked !== undefined) return searcherOf(game, asked, '--bot');
  const presets = Object.entries(presetsOf(game));
  const searching = presets.filter(([, p]) => budgetOf(p.bot) !== undefined).map(([name]) => name);
  const name = searching.includes('strongest') ? 'strongest' : (searching[0] ?? 'ismcts');
  return searcherOf(game, name, '--bot');
}

function budgetOf(bot: string): string | undefined {
  return botRegistry()[bot]?.budget;
}

function searcherOf(game: AnyGame, name: string, field: string): Searcher {
  if (name.includes('/') || name.includes('\\')) throw new InputError(`expected a built-in bot or one of ${game.name}'s presets, found the path "${name}"`, field);
  const choice = chooseBot(name, game, field);
  const factory = botRegistry()[choice.bot];
  const budgetParam = factory.budget;
  if (budgetParam === undefined) {
    throw new InputError(`"${name}" plays ${choice.bot}, which has no budget to trace (bots with one: ${tracedBots().join(', ')})`, field);
  }
  const settings = { ...choice.baseParams };
  const own = settings[budgetParam];
  delete settings[budgetParam];
  const fallback = factory.params.find((p) => p.name === budgetParam)?.default;
  return { label: name, bot: name, engine: choice.bot, settings, budgetParam, defaultBudget: Number(own ?? fallback) };
}

function tracedBots(): string[] {
  return Object.entries(botRegistry())
    .filter(([, f]) => f.budget !== undefined)
    .map(([n]) => n);
}

/** The trace's default budgets: a hundredth, a tenth, one and ten times the searcher's own (whole, at least 1). */
export function defaultBudgets(s: Searcher): number[] {
  return [0.01, 0.1, 1, 10].map((k) => Math.max(1, Math.round(s.defaultBudget * k))).filter((b, k, all) => k === 0 || b > all[k - 1]);
}

/** The searcher's spec entry at a budget. */
export function searcherSeat(s: Searcher, budget: number): { name: string; bot: string; params: Options } {
  // The preset's other settings come with its name (spec.ts lays these parameters over them).
  return { name: `${s.label}-${budget}`, bot: s.bot, params: { [s.budgetParam]: budget } };
}

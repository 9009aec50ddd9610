import { dirname, join, resolve } from 'node:path';
import type { AnyGame, Options } from '../../engine/game.js';
import { resolveOptions } from '../../engine/options.js';
import { InputError, isOptionError, prefixOptionError } from '../../errors.js';
import { didYouMean } from '../../did-you-mean.js';
import { loadBot, loadGame } from '../../plugins/loader.js';
import { builtInBots } from '../../plugins/builtins.js';
import { quantityPlan } from '../../analysis/quantities.js';
import { readSpecFile, resolveSpec, type RawSpec, type ResolvedSpec } from '../../runner/spec.js';
import { DEFAULT_IMPORTANCE_MATCHES } from './flags.js';
import {
  checkRestrictable,
  countSteps,
  declaredKinds,
  restrictedBotFor,
  restrictedSpec,
  sensitivitySpec,
  type BotEntry,
  type CountStep,
  type ImportanceBase,
  type RefusedStep,
} from './plan.js';

/**
 * `tavolo importance`'s runs: the base (from a spec, or a game and a lineup given on the command line),
 * every tournament of the views asked for, resolved before any is played (a mistake is refused before a
 * match), then played one after the other into folders of their own. Each is an ordinary run: journaled,
 * resumable (the same command again finishes what was stopped and reuses what is complete).
 */

export type ViewChoice = 'both' | 'restricted' | 'sensitivity';

export interface ImportanceRequest {
  /** A spec file (.json) or a game (registered name or module path). */
  target: string;
  baseDir: string;
  view: ViewChoice;
  players?: number;
  /** The focal bot (a game: the bot; a spec: the lineup name). */
  bot?: string;
  opponents?: string[];
  matches?: number;
  seed?: string;
  options?: Record<string, unknown>;
  quantity?: string;
}

/** With a game and no --matches: enough pairs for intervals of about ±1 point of win share. */

const isSpecPath = (t: string) => /\.json$/i.test(t);

/** A unique lineup name for the focal entry, so that its win share is its own. */
function focusName(bots: readonly BotEntry[], k: number): string {
  const name = bots[k].name ?? bots[k].bot;
  const shared = bots.some((e, j) => j !== k && (e.name ?? e.bot) === name);
  return shared ? `${name}-focal` : name;
}

async function baseFromSpec(r: ImportanceRequest): Promise<ImportanceBase> {
  const raw = readSpecFile(resolve(r.baseDir, r.target));
  const spec = await resolveSpec(raw, dirname(resolve(r.baseDir, r.target)), { matches: r.matches, seed: r.seed });
  const baseline = spec.variants.find((v) => v.name === spec.baseline)!;
  const names = spec.lineup.map((e) => e.name);
  const focus = r.bot === undefined ? 0 : names.indexOf(r.bot);
  if (focus < 0) throw new InputError(`expected a lineup name of the spec (${[...new Set(names)].join(', ')}), found "${r.bot}"${didYouMean(r.bot!, names)}`, '--bot');
  // Each entry as resolved (a process bot's command is then inside its reference, so it is not repeated).
  const bots = raw.bots.map(({ command: _command, ...e }, k) => ({ ...e, bot: spec.lineup[k].ref, name: spec.lineup[k].name }));
  bots[focus] = { ...bots[focus], name: focusName(bots, focus) };
  return { gameRef: spec.gameRef, game: spec.game, players: spec.players, matches: spec.matches, seed: spec.seed, options: baseline.options, bots, focus, focusName: bots[focus].name, name: spec.name };
}

async function baseFromGame(r: ImportanceRequest): Promise<ImportanceBase> {
  const { game, file } = await loadGame(r.target, r.baseDir, 'game');
  const players = r.players ?? Math.max(2, game.minPlayers);
  if (players < game.minPlayers || players > game.maxPlayers) {
    throw new InputError(`${game.name} is played by ${game.minPlayers} to ${game.maxPlayers} players, found ${players}`, '--players');
  }
  const bot = r.bot ?? 'greedy';
  const others = r.opponents ?? [bot];
  if (others.length !== 1 && others.length !== players - 1) {
    throw new InputError(`expected 1 bot (for every other seat) or ${players - 1} (one per other seat), found ${others.length}`, '--opponents');
  }
  const raw: BotEntry[] = [{ bot }, ...Array.from({ length: players - 1 }, (_, k) => ({ bot: others.length === 1 ? others[0] : others[k] }))];
  const bots = raw.map((e) => ({ ...e, name: e.bot }));
  bots[0] = { ...bots[0], name: focusName(bots, 0) };
  let options: Options;
  try {
    options = resolveOptions(game.options, r.options, 'option');
    game.checkOptions(options, players);
  } catch (err) {
    if (isOptionError(err)) prefixOptionError(err, '--option ');
    throw new InputError(`${game.name} rejected these options: ${(err as Error).message}`, '--option');
  }
  return { gameRef: file ?? r.target, game, players, matches: r.matches ?? DEFAULT_IMPORTANCE_MATCHES, seed: r.seed ?? 'importance', options, bots, focus: 0, focusName: bots[0].name, name: game.name };
}

/** The quantity asked for (default: the focal bot's win share), checked against compare.csv's names. */
export function checkQuantity(b: ImportanceBase, asked: string | undefined): string {
  const q = asked ?? `win_share:${b.focusName}`;
  const names = quantityPlan({ betterScore: b.game.betterScore ?? 'higher', botNames: [...new Set(b.bots.map((e) => e.name!))], players: b.players, metricNames: b.game.measures.names, metricIndex: b.game.measures.names.map((_, i) => i) }).names;
  if (names.includes(q) || /^end_reason:[a-z0-9_]+$/.test(q)) return q;
  throw new InputError(`expected a quantity of compare.csv (${names.join(', ')}, or end_reason:<reason>), found "${q}"${didYouMean(q, names)}`, '--quantity');
}

/** Everything the command plays, resolved. */
export interface ImportancePlan {
  base: ImportanceBase;
  /** The folder of the command's own files (importance.csv, importance.html), holding every run's folder. */
  root: string;
  quantity: string;
  kinds: Array<{ name: string; label: string }>;
  steps: CountStep[];
  refused: RefusedStep[];
  /** The runs in play order: the sensitivity tournament, then the unrestricted and each restricted one. */
  runs: Array<{ role: 'sensitivity' | 'unrestricted' | 'restricted'; kind?: string; dir: string; spec: ResolvedSpec }>;
}

function viewsOf(game: AnyGame, view: ViewChoice, kinds: number, steps: number): { restricted: boolean; sensitivity: boolean } {
  const noKinds = `${game.name} declares no action kinds (its importance facet: docs/adding-a-game.md)`;
  const noCounts = `${game.name} declares no card counts (an option's \`count\`: docs/adding-a-game.md), or none can move by one`;
  if (view === 'restricted' && kinds === 0) throw new InputError(`${noKinds}, so restricted play has nothing to restrict`, '--view');
  if (view === 'sensitivity' && steps === 0) throw new InputError(`${noCounts}, so sensitivity has nothing to change`, '--view');
  if (kinds === 0 && steps === 0) throw new InputError(`${noKinds} and ${noCounts}: nothing to rank`, 'game');
  return { restricted: view !== 'sensitivity' && kinds > 0, sensitivity: view !== 'restricted' && steps > 0 };
}

/** Builds and resolves every run of the command; nothing is played or written. */
export async function planImportance(r: ImportanceRequest, outDir: (name: string) => string): Promise<ImportancePlan> {
  const base = isSpecPath(r.target) ? await baseFromSpec(r) : await baseFromGame(r);
  const quantity = checkQuantity(base, r.quantity);
  const kinds = declaredKinds(base.game);
  const { steps, refused } = countSteps(base.game, base.players, base.options);
  const views = viewsOf(base.game, r.view, kinds.length, steps.length);
  const focal = base.bots[base.focus];
  const { factory } = await loadBot(focal.bot, r.baseDir, '--bot');
  base.restrictedBot = restrictedBotFor(focal.bot, factory.params, Object.keys(builtInBots));
  if (views.restricted) checkRestrictable(base, Object.keys(builtInBots));
  const out = outDir(base.name);
  const raws: Array<{ role: ImportancePlan['runs'][number]['role']; kind?: string; dir: string; raw: RawSpec }> = [];
  if (views.sensitivity) raws.push({ role: 'sensitivity', dir: join(out, 'sensitivity'), raw: sensitivitySpec(base, steps) });
  if (views.restricted) {
    raws.push({ role: 'unrestricted', dir: join(out, 'restricted', 'unrestricted'), raw: restrictedSpec(base, null) });
    for (const k of kinds) raws.push({ role: 'restricted', kind: k.name, dir: join(out, 'restricted', `without-${k.name}`), raw: restrictedSpec(base, k.name) });
  }
  const runs: ImportancePlan['runs'] = [];
  for (const x of raws) runs.push({ role: x.role, kind: x.kind, dir: x.dir, spec: await resolveSpec(x.raw, r.baseDir) });
  return { base, root: out, quantity, kinds: views.restricted ? kinds : [], steps: views.sensitivity ? steps : [], refused: views.sensitivity ? refused : [], runs };
}

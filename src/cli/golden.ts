import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { didYouMean } from '../did-you-mean.js';
import type { AnyGame } from '../engine/game.js';
import { resolveOptions } from '../engine/options.js';
import { games } from '../games/index.js';
import { packageRoot } from '../io/runinfo.js';
import { loadGame } from '../plugins/loader.js';
import { resolveSpec } from '../runner/spec.js';
import { narrateMatch } from '../play/narrate.js';
import { readSavedFile, savedSpec } from '../play/saved.js';

/*
 * Golden playthroughs (tests/golden/<game>/<variant>-seed<k>.txt): whole matches, decision by decision,
 * with every event in full and the result, for every registered game, each shipped variant and a few
 * seeds. tests/contract/golden.test.ts replays them; `npm run golden:update` rewrites them after an intended
 * change, and the diff is what a reviewer reads. Generic over the registry: a new game gets its files
 * by running the update. The games of tests/fixtures/games, given by file as `tavolo run` takes them, get
 * theirs too (GOLDEN_GAME_FILES), so a game written as docs/adding-a-game.md says is held to the same check.
 * What is particular to a game (options that keep a playthrough short, variants beyond the shipped ones)
 * the game declares in its `testing` member (goldenOptions, goldenVariants): nothing here names a game.
 */

/** The folder (relative to the package root) whose `.mjs` game files get golden playthroughs besides the registry. */
export const GOLDEN_GAME_FILES = join('tests', 'fixtures', 'games');

/** Master seeds of each variant's playthroughs (match 0 of each). */
export const GOLDEN_SEEDS = [1, 2, 3];
/** Seats per playthrough (within the game's range): enough for every rule that needs a third player. */
export const GOLDEN_PLAYERS = 3;

/**
 * Options that keep a game's playthroughs short enough to review (the game's testing.goldenOptions),
 * applied under each variant's own options (a variant that sets the option keeps its value).
 */
export function goldenOptions(game: AnyGame): Record<string, unknown> {
  return { ...game.testing?.goldenOptions };
}

export interface GoldenCase {
  game: string;
  variant: string;
  /** The variant's own options (the game's goldenOptions go under them). */
  options: Record<string, unknown>;
  players: number;
  seed: number;
  /** Path relative to the package root. */
  file: string;
  /** A game given by file: its path relative to the package root (absent for a registered game). */
  gameFile?: string;
  /** A match played with human seats (`tavolo play --human`'s match.json): its path relative to the package root. */
  humanMatch?: string;
}

/** The folder (relative to the package root) of saved human matches kept as playthroughs (tests/golden/human/<name>.txt). */
export const GOLDEN_HUMAN_MATCHES = join('tests', 'fixtures', 'human-matches');

/**
 * The variants of a game shipped in tournaments/*.json, named as there, then the game's
 * testing.goldenVariants; the defaults first, as `default` (a shipped variant with no options is the
 * defaults). Duplicates by options dropped.
 */
export function shippedVariants(root: string, game: AnyGame): Array<{ name: string; options: Record<string, unknown>; players?: number }> {
  const name = game.name;
  const out: Array<{ name: string; options: Record<string, unknown>; players?: number }> = [{ name: 'default', options: {} }];
  const seen = new Set(['{}']);
  const dir = join(root, 'tournaments');
  const add = (v: { name: string; options?: Record<string, unknown> }, players?: number) => {
    const options = v.options ?? {};
    const key = JSON.stringify(Object.entries(options).sort(([a], [b]) => (a < b ? -1 : 1)));
    const plain = Object.keys(options).length === 0 ? '{}' : key;
    if (seen.has(plain)) return;
    if (out.some((o) => o.name === v.name)) throw new Error(`golden: two shipped variants of ${name} are named ${v.name} with different options`);
    seen.add(plain);
    out.push({ name: v.name, options, ...(players !== undefined ? { players } : {}) });
  };
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    const spec = JSON.parse(readFileSync(join(dir, f), 'utf8')) as { game?: string; players?: number; variants?: Array<{ name: string; options?: Record<string, unknown> }> };
    if (spec.game !== name) continue;
    for (const v of spec.variants ?? []) add(v, spec.players);
  }
  for (const v of game.testing?.goldenVariants ?? []) add(v);
  return out;
}

/**
 * GOLDEN_PLAYERS (within the game's range), unless the variant's options need another count (Zatre's
 * pairs: 4 or 6); then the player count of the tournament that ships the variant.
 */
function playersFor(game: AnyGame, v: { options: Record<string, unknown>; players?: number }): number {
  const usual = Math.min(game.maxPlayers, Math.max(game.minPlayers, GOLDEN_PLAYERS));
  try {
    game.checkOptions(resolveOptions(game.options, { ...goldenOptions(game), ...v.options }), usual);
    return usual;
  } catch (err) {
    if (v.players === undefined) throw err;
    return v.players;
  }
}

/** The games with playthroughs: the registry, then the game files of GOLDEN_GAME_FILES (by their names). */
async function goldenGames(root: string): Promise<Array<{ name: string; game: AnyGame; gameFile?: string }>> {
  const out: Array<{ name: string; game: AnyGame; gameFile?: string }> = Object.entries(games).map(([name, game]) => ({ name, game }));
  const dir = join(root, GOLDEN_GAME_FILES);
  if (!existsSync(dir)) return out;
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.mjs')).sort()) {
    const { game } = await loadGame(join(dir, f), dir);
    // Two games of one name would write the same files: refuse rather than let one hide the other.
    if (out.some((g) => g.name === game.name)) throw new Error(`golden: the game file ${join(GOLDEN_GAME_FILES, f)} is named ${game.name}, as another game is`);
    out.push({ name: game.name, game, gameFile: join(GOLDEN_GAME_FILES, f) });
  }
  return out;
}

export async function goldenCases(root = packageRoot()): Promise<GoldenCase[]> {
  const out: GoldenCase[] = [];
  for (const { name, game, gameFile } of await goldenGames(root)) {
    for (const v of shippedVariants(root, game)) {
      for (const seed of GOLDEN_SEEDS) {
        const file = join('tests', 'golden', name, `${v.name}-seed${seed}.txt`);
        const options = { ...goldenOptions(game), ...v.options };
        out.push({ game: name, variant: v.name, options, players: playersFor(game, v), seed, file, ...(gameFile ? { gameFile } : {}) });
      }
    }
  }
  const human = join(root, GOLDEN_HUMAN_MATCHES);
  for (const f of existsSync(human) ? readdirSync(human).filter((f) => f.endsWith('.json')).sort() : []) {
    const name = f.slice(0, -'.json'.length);
    out.push({ game: 'human', variant: name, options: {}, players: 0, seed: 0, file: join('tests', 'golden', 'human', `${name}.txt`), humanMatch: join(GOLDEN_HUMAN_MATCHES, f) });
  }
  return out;
}

/** The playthrough: `tavolo play` of match 0 of master seed k, random bots in every seat, the full table. */
export async function goldenText(c: GoldenCase, root = packageRoot()): Promise<string> {
  if (c.humanMatch !== undefined) return humanGoldenText(join(root, c.humanMatch), root);
  const spec = await resolveSpec(
    {
      name: `golden-${c.game}-${c.variant}`,
      // A game file by its absolute path, as `tavolo run` resolves one (the narration names the game, not the path).
      game: c.gameFile !== undefined ? join(root, c.gameFile) : c.game,
      players: c.players,
      matches: 1,
      seed: String(c.seed),
      variants: [{ name: c.variant, options: c.options }],
      bots: Array.from({ length: c.players }, () => ({ bot: 'random' })),
    },
    root,
  );
  const lines: string[] = [];
  narrateMatch(spec, 0, 0, (l) => lines.push(l));
  return lines.join('\n') + '\n';
}

/**
 * A saved human match narrated as `tavolo play` narrates a match (the whole table, every event), its
 * human seats playing their recorded decisions; relative paths in it are read from the package root.
 */
async function humanGoldenText(file: string, root: string): Promise<string> {
  const saved = readSavedFile(file);
  const { spec, variant, match } = await savedSpec({ ...saved, cwd: root });
  const lines: string[] = [];
  narrateMatch(spec, variant, match, (l) => lines.push(l));
  return lines.join('\n') + '\n';
}

/**
 * Rewrites the golden files of the games named (`human` for the saved human matches), or of every game
 * when none is named, and removes the files of those games that no case produces any more. Returns the
 * files written.
 */
export async function updateGolden(root = packageRoot(), only: readonly string[] = []): Promise<string[]> {
  const all = await goldenCases(root);
  const known = [...new Set(all.map((c) => c.game))];
  for (const name of only) if (!known.includes(name)) throw new Error(`golden: no game named ${name}${didYouMean(name, known)}; known: ${known.join(', ')}`);
  const cases = only.length === 0 ? all : all.filter((c) => only.includes(c.game));
  const base = join(root, 'tests', 'golden');
  if (only.length === 0) rmSync(base, { recursive: true, force: true });
  for (const name of only) rmSync(join(base, name), { recursive: true, force: true });
  for (const c of cases) {
    mkdirSync(join(base, c.game), { recursive: true });
    writeFileSync(join(root, c.file), await goldenText(c, root));
  }
  return cases.map((c) => c.file);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const argv = await yargs(hideBin(process.argv))
    .scriptName('npm run golden:update --')
    .usage('$0 [game ...]\n\nRewrites the golden playthroughs (tests/golden/<game>/) of the games named, or of every game.')
    .strictOptions()
    .help()
    .parse();
  const only = argv._.map(String);
  try {
    const files = await updateGolden(packageRoot(), only);
    const where = only.length === 0 ? 'tests/golden/' : only.map((n) => `tests/golden/${n}/`).join(', ');
    process.stdout.write(`golden: wrote ${files.length} playthroughs under ${where}\n`);
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    process.exitCode = 2;
  }
}

import type { AnyGame, OptionValue, Options } from '../../engine/game.js';
import { resolveOptions } from '../../engine/options.js';
import { InputError } from '../../errors.js';
import type { RawSpec } from '../../runner/spec.js';
import { sweepVariantName } from '../../runner/sweep.js';

/**
 * `tavolo importance`: which card matters most, seen two ways, each as ordinary tournaments on one seed
 * so that every comparison is paired match by match.
 *
 * - Sensitivity: one tournament whose variants are the base options and, for each card count the game
 *   declares (an option's `count`), that count one up and one down.
 * - Restricted play: one tournament per action kind the game declares, the focal bot replaced by its
 *   restricted version (`restricted-<bot>`, bots/restricted.ts) that never takes that kind while another
 *   action is legal, and one with the focal bot as it is; all on the same seed and match count.
 */

/** One card count stepped by one: a variant of the sensitivity tournament. */
export interface CountStep {
  /** The variant's name: `dadoCount=3`, `copies[9]=4`. */
  variant: string;
  /** The option, and the element of an intList (-1 for an int option). */
  option: string;
  element: number;
  /** `option` or `option[element]`, as the tables show it. */
  field: string;
  /** The card counted, in the game's words ("Dado", "skip per colour"). */
  card: string;
  step: 1 | -1;
  from: number;
  to: number;
  options: Options;
}

/** A step the game's bounds or checks refuse, and why (said, never dropped in silence). */
export interface RefusedStep {
  field: string;
  card: string;
  step: 1 | -1;
  why: string;
}

/** Every count option of the game, element by element: the field, its card and its value in `base`. */
export function countFields(game: AnyGame, base: Options): Array<{ option: string; element: number; field: string; card: string; value: number }> {
  const out: Array<{ option: string; element: number; field: string; card: string; value: number }> = [];
  for (const spec of game.options) {
    if (!spec.count) continue;
    const per = spec.count.per ? ` ${spec.count.per}` : '';
    const value = base[spec.name];
    if (spec.type === 'int' && typeof value === 'number') {
      out.push({ option: spec.name, element: -1, field: spec.name, card: `${spec.count.cards[0] ?? spec.name}${per}`, value });
    } else if (spec.type === 'intList' && Array.isArray(value)) {
      value.forEach((v, i) => out.push({ option: spec.name, element: i, field: `${spec.name}[${i}]`, card: `${spec.count!.cards[i] ?? `${spec.name}[${i}]`}${per}`, value: v }));
    }
  }
  return out;
}

/** The base options with one count field set to `to`. */
function withCount(base: Options, option: string, element: number, to: number): Options {
  const v: OptionValue = element < 0 ? to : (base[option] as number[]).map((x, i) => (i === element ? to : x));
  return { ...base, [option]: v };
}

/** The count steps the game accepts (bounds and checkOptions), and those it refuses, with the reason. */
export function countSteps(game: AnyGame, players: number, base: Options): { steps: CountStep[]; refused: RefusedStep[] } {
  const steps: CountStep[] = [];
  const refused: RefusedStep[] = [];
  for (const f of countFields(game, base)) {
    for (const step of [1, -1] as const) {
      const to = f.value + step;
      const options = withCount(base, f.option, f.element, to);
      try {
        const resolved = resolveOptions(game.options, options);
        game.checkOptions(resolved, players);
        // Named as a sweep names its variants (`dadoCount=5`); an element of a list as `copies[9]=4`.
        const variant = f.element < 0 ? sweepVariantName({ [f.option]: to }) : `${f.field}=${to}`;
        steps.push({ variant, option: f.option, element: f.element, field: f.field, card: f.card, step, from: f.value, to, options: resolved });
      } catch (err) {
        refused.push({ field: f.field, card: f.card, step, why: err instanceof Error ? err.message : String(err) });
      }
    }
  }
  return { steps, refused };
}

/** The bot a lineup entry plays, as a spec writes it. */
export type BotEntry = RawSpec['bots'][number];

/** What both views start from: the game, the table and the bot whose play is measured. */
export interface ImportanceBase {
  /** The game as a spec names it (a registered name, or an absolute path). */
  gameRef: string;
  game: AnyGame;
  players: number;
  matches: number;
  seed: string;
  /** The base options, complete. */
  options: Options;
  /** The lineup, the focal entry first in its place, named apart from the others. */
  bots: BotEntry[];
  /** The index of the focal entry in `bots`. */
  focus: number;
  /** Its lineup name (unique in the lineup). */
  focusName: string;
  /** The name the runs are filed under (results/<name>-importance by default). */
  name: string;
  /**
   * The bot that plays the focal entry restricted (a bot with a `without` parameter: the focal bot
   * itself when it has one, else the built-in `restricted-<bot>`), or undefined when there is none.
   */
  restrictedBot?: string;
}

/** The action kinds the game declares, or an empty list. */
export function declaredKinds(game: AnyGame): Array<{ name: string; label: string }> {
  return typeof game.importance?.actionKind === 'function' ? [...(game.importance?.actionKinds ?? [])] : [];
}

/** The sensitivity tournament: the base options first (variant `base`), then each accepted step. */
export function sensitivitySpec(b: ImportanceBase, steps: readonly CountStep[]): RawSpec {
  return {
    name: `${b.name}-sensitivity`,
    game: b.gameRef,
    players: b.players,
    matches: b.matches,
    seed: b.seed,
    variants: [{ name: 'base', options: b.options }, ...steps.map((s) => ({ name: s.variant, options: s.options }))],
    bots: b.bots,
  };
}

/**
 * The restricted-play tournament for one kind (`kind` null: the focal bot unrestricted). Only the focal
 * entry changes: its bot becomes `restricted-<bot>` with `without` set, under the same lineup name, so
 * the runs pair as the same matches (compare.ts pairs runs with the same seed, match count and names).
 */
export function restrictedSpec(b: ImportanceBase, kind: string | null): RawSpec {
  const bots = b.bots.map((e, k) => {
    if (k !== b.focus) return e;
    // A focal bot that is itself restricted (it takes `without`) plays the unrestricted run with none.
    if (kind === null) return e.bot === b.restrictedBot ? { ...e, params: { ...(e.params ?? {}), without: '' } } : e;
    return { ...e, bot: b.restrictedBot!, params: { ...(e.params ?? {}), without: kind } };
  });
  return {
    name: `${b.name}-${kind === null ? 'unrestricted' : `without-${kind}`}`,
    game: b.gameRef,
    players: b.players,
    matches: b.matches,
    seed: b.seed,
    variants: [{ name: 'base', options: b.options }],
    bots,
  };
}

/**
 * The bot that plays the focal entry restricted: the focal bot itself when it takes a `without`
 * parameter (a restricted bot, or a file exporting `restricted(factory)`), else its built-in restricted
 * version; undefined when neither exists.
 */
export function restrictedBotFor(bot: string, params: ReadonlyArray<{ name: string }>, builtIn: readonly string[]): string | undefined {
  if (params.some((p) => p.name === 'without')) return bot;
  return builtIn.includes(`restricted-${bot}`) ? `restricted-${bot}` : undefined;
}

/** Refuses restricted play when the focal bot has no restricted version (a bot from a file). */
export function checkRestrictable(b: ImportanceBase, builtIn: readonly string[]): void {
  if (b.restrictedBot !== undefined) return;
  throw new InputError(
    `restricted play needs a focal bot that can be restricted: a built-in bot (${builtIn.filter((n) => !n.startsWith('restricted-')).join(', ')}) ` +
      `or a bot file exporting tavolo's \`restricted(factory)\`; found "${b.bots[b.focus].bot}" (or use --view sensitivity)`,
    '--bot',
  );
}

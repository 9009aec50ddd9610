import type { AnyGame, BotPreset, Options } from '../engine/game.js';
import { didYouMean } from '../did-you-mean.js';
import { InputError } from '../errors.js';
import { builtInBots } from './builtins.js';
import { looksLikePath } from './modules.js';

/**
 * A game's named bot presets (Game.presets; docs/bots.md, "Presets"): where a spec or `--bots` names a
 * bot, it may name one of the game's presets instead. The preset stands for a built-in bot and its
 * parameters; the entry's own `params` are laid over them. Resolved before the bot is loaded, so the
 * workers, the journal and run.json see an ordinary bot with its parameters.
 */

/** What a spec's `bot` names once presets are resolved. */
export interface BotChoice {
  /** The bot to load: a registered name or a path, as the loader takes it. */
  bot: string;
  /** The preset's parameters, under the entry's own (empty without a preset). */
  baseParams: Options;
  /** The preset's name, when the entry named one. */
  preset?: string;
}

/** The game's presets as a plain record (none when it declares none). */
export function presetsOf(game: AnyGame): Readonly<Record<string, BotPreset>> {
  return game.presets ?? {};
}

/**
 * What `name` (a spec's `bot`) stands for in `game`: a built-in bot, a module path, or one of the game's
 * presets. A name that is both a bot and a preset is refused: which one a spec meant cannot be known.
 */
export function chooseBot(name: string, game: AnyGame, field: string): BotChoice {
  if (looksLikePath(name)) return { bot: name, baseParams: {} };
  const presets = presetsOf(game);
  const isBot = Object.hasOwn(builtInBots, name);
  if (!Object.hasOwn(presets, name)) {
    if (isBot) return { bot: name, baseParams: {} };
    throw unknownBot(name, game, field);
  }
  if (isBot) {
    throw new InputError(`"${name}" is both a built-in bot and a preset of ${game.name}; the game must rename its preset`, field);
  }
  const preset = presets[name];
  if (!Object.hasOwn(builtInBots, preset.bot)) {
    const bots = Object.keys(builtInBots);
    throw new InputError(
      `${game.name}'s preset "${name}" names the bot "${preset.bot}", which is not built in${didYouMean(preset.bot, bots)}; built-in bots are: ${bots.join(', ')}`,
      field,
    );
  }
  return { bot: preset.bot, baseParams: { ...preset.params }, preset: name };
}

function unknownBot(name: string, game: AnyGame, field: string): InputError {
  const bots = Object.keys(builtInBots);
  const presets = Object.keys(presetsOf(game));
  const also = presets.length > 0 ? `; ${game.name}'s presets are: ${presets.join(', ')}` : '';
  return new InputError(
    `unknown bot "${name}"${didYouMean(name, [...bots, ...presets])}; valid bots are: ${bots.join(', ')}${also} ` +
      '(or a path to a .js/.mjs file exporting a BotFactory)',
    field,
  );
}

import { describe, expect, it } from 'vitest';
import { bots } from '../../bots/index.js';
import type { AnyGame, BotPreset } from '../../src/engine/game.js';
import { missingGameMembers, presetsProblems } from '../../src/engine/game-check.js';
import { resolveOptions } from '../../src/engine/options.js';
import { InputError } from '../../src/errors.js';
import { games } from '../../src/games/index.js';
import { chooseBot } from '../../src/plugins/presets.js';
import { parseSpec, resolveSpec } from '../../src/runner/spec.js';

function spec(game: string, entries: Array<Record<string, unknown>>): ReturnType<typeof parseSpec> {
  return parseSpec({ name: 'presets', game, players: 2, matches: 2, seed: 's', variants: [{ name: 'base', options: {} }], bots: entries });
}

/** The error `fn` throws, which must be an InputError. */
function inputError(fn: () => unknown): InputError {
  try {
    fn();
  } catch (err) {
    if (err instanceof InputError) return err;
    throw err;
  }
  throw new Error('expected an InputError, nothing was thrown');
}

const withPresets = (presets: Record<string, BotPreset>): AnyGame => ({ ...games.stramat, presets });

describe('the built-in games’ presets', () => {
  // Presets are optional (a game without them plays every bot at its defaults); tavolo's own games have them.
  it('every game that comes with tavolo has a strongest preset', () => {
    for (const name of ['stramat', 'stop', 'zatre', 'scala', 'symbotrio']) expect(games[name].presets?.strongest, name).toBeDefined();
  });

  for (const [name, game] of Object.entries(games)) {
    it.runIf(game.presets !== undefined)(`${name}: has a strongest preset, and every preset is a built-in bot whose parameters it takes`, () => {
      expect(game.presets?.strongest).toBeDefined();
      for (const [pname, preset] of Object.entries(game.presets ?? {})) {
        expect(Object.hasOwn(bots, pname), `${pname} must not be a bot's name`).toBe(false);
        const factory = bots[preset.bot];
        expect(factory, `${name} preset ${pname}`).toBeDefined();
        const params = resolveOptions(factory.params, { ...preset.params }, 'bot parameter');
        expect(() => factory.checkParams?.(params, game, 2)).not.toThrow();
      }
    });
  }
});

describe('a spec naming a preset', () => {
  it('plays the preset’s bot with its parameters, under the preset’s name', async () => {
    const r = await resolveSpec(spec('zatre', [{ bot: 'strongest' }, { bot: 'greedy' }]), process.cwd());
    expect(r.lineup[0].name).toBe('strongest');
    expect(r.lineup[0].ref).toBe('ismcts');
    expect(r.lineup[0].params).toMatchObject({ iterations: 400, widening: 1, rollout: 'greedy', maxDepth: 6 });
  });

  it('lays the entry’s own parameters over the preset’s', async () => {
    const r = await resolveSpec(spec('zatre', [{ bot: 'strongest', name: 'quick', params: { iterations: 40 } }, { bot: 'greedy' }]), process.cwd());
    expect(r.lineup[0].params).toMatchObject({ iterations: 40, widening: 1 });
    expect(r.lineup[0].name).toBe('quick');
  });

  it('refuses a bad parameter over a preset, naming the field', async () => {
    await expect(resolveSpec(spec('stramat', [{ bot: 'strongest', params: { iterations: 0 } }, { bot: 'greedy' }]), process.cwd())).rejects.toThrow(
      /bots\[0\]\.params\.iterations/,
    );
  });

  it('refuses an unknown name, listing the game’s presets and the nearest name', () => {
    const err = inputError(() => chooseBot('strongets', games.stramat, 'bots[0].bot'));
    expect(err.field).toBe('bots[0].bot');
    expect(err.message).toMatch(/did you mean "strongest"/);
    expect(err.message).toMatch(/stramat's presets are: strongest/);
  });

  it('refuses a preset that bears a built-in bot’s name, and one whose bot is not built in', () => {
    const clash = withPresets({ greedy: { bot: 'ismcts', params: {}, description: 'x' } });
    expect(inputError(() => chooseBot('greedy', clash, 'bots[0].bot')).message).toMatch(/both a built-in bot and a preset/);
    const stray = withPresets({ strong: { bot: 'ismctz', params: {}, description: 'x' } });
    expect(inputError(() => chooseBot('strong', stray, 'bots[0].bot')).message).toMatch(/names the bot "ismctz".*did you mean "ismcts"/);
  });

  it('leaves bots and paths alone', () => {
    expect(chooseBot('greedy', games.stramat, 'f')).toEqual({ bot: 'greedy', baseParams: {} });
    expect(chooseBot('./my-bot.mjs', games.stramat, 'f')).toEqual({ bot: './my-bot.mjs', baseParams: {} });
  });
});

describe('presets are checked when the game is loaded', () => {
  it('names every bad member at once', () => {
    const problems = presetsProblems({ Strong: { bot: '', params: [], description: '' }, ok: 'no' });
    expect(problems).toEqual([
      'presets.Strong (a preset\'s name is lower-case letters, digits and dashes, starting with a letter)',
      "presets.Strong.bot (expected a built-in bot's name)",
      'presets.Strong.params (expected an object of parameter values)',
      'presets.Strong.description (expected a sentence)',
      'presets.ok (present but not an object with bot, params and description)',
    ]);
    expect(missingGameMembers({ ...games.stramat, presets: [] })).toContain('presets (present but not an object of named presets)');
    expect(missingGameMembers(games.stramat)).toEqual([]);
  });
});

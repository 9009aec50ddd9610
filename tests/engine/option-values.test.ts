import { describe, expect, it } from 'vitest';
import { OptionValues } from '../../src/engine/option-values.js';
import { resolveOptions } from '../../src/engine/options.js';
import { games } from '../../src/games/index.js';
import { Rng } from '../../src/engine/rng.js';

describe('typed option reads', () => {
  const o = new OptionValues('demo', { size: 6, cascade: true, mode: 'once', tiles: [1, 2] });

  it('return each value with its type', () => {
    expect(o.number('size')).toBe(6);
    expect(o.boolean('cascade')).toBe(true);
    expect(o.choice('mode', ['once', 'none'] as const)).toBe('once');
    expect(o.numbers('tiles')).toEqual([1, 2]);
  });

  it('a misspelt name or a wrong type throws, naming the game and the option', () => {
    expect(() => o.number('sise')).toThrow(/demo: option sise read as a number, found nothing/);
    expect(() => o.boolean('size')).toThrow(/demo: option size read as true or false, found 6/);
    expect(() => o.choice('mode', ['none'] as const)).toThrow(/option mode read as one of none, found "once"/);
    expect(() => o.numbers('size')).toThrow(/option size read as a list of numbers/);
  });

  it('every game builds its config from its own defaults through these reads (no name misspelt)', () => {
    for (const game of Object.values(games)) {
      const opts = resolveOptions(game.options, {});
      expect(() => game.checkOptions(opts, game.minPlayers), game.name).not.toThrow();
      expect(() => game.setup(opts, game.minPlayers, new Rng('reads')), game.name).not.toThrow();
    }
  });
});

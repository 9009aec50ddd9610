import type { Options } from './game.js';

/**
 * Typed reads of complete (resolved) options, for a game's config builder: `values.number('size')`
 * instead of `opts.size as number`. resolveOptions has already checked every value against its spec,
 * so a read that finds another type can only be a name the game spelt wrong or read as the wrong type:
 * it throws, naming the game and the option, the first time the config is built (at the first match),
 * where a cast would have let `undefined` run through the rules.
 */
export class OptionValues {
  constructor(
    private readonly game: string,
    private readonly opts: Options,
  ) {}

  number(name: string): number {
    const v = this.opts[name];
    if (typeof v !== 'number') throw this.wrong(name, 'a number', v);
    return v;
  }

  boolean(name: string): boolean {
    const v = this.opts[name];
    if (typeof v !== 'boolean') throw this.wrong(name, 'true or false', v);
    return v;
  }

  /** An enum option's value, checked against the values the game's code knows. */
  choice<T extends string>(name: string, values: readonly T[]): T {
    const v = this.opts[name];
    if (typeof v !== 'string' || !(values as readonly string[]).includes(v)) throw this.wrong(name, `one of ${values.join(', ')}`, v);
    return v as T;
  }

  /** An intList option's value (the resolved options' own array: copy it before changing it). */
  numbers(name: string): number[] {
    const v = this.opts[name];
    if (!Array.isArray(v)) throw this.wrong(name, 'a list of numbers', v);
    return v;
  }

  private wrong(name: string, expected: string, found: unknown): Error {
    return new Error(`${this.game}: option ${name} read as ${expected}, found ${JSON.stringify(found) ?? 'nothing'} (a misspelt name or a wrong type in the game's code)`);
  }
}

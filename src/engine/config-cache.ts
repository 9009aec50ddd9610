import type { Options } from './game.js';

/**
 * A game's config built from complete (resolved) options once per options object. The runner resolves
 * a variant's options once and passes the same object to every match, so `setup` finds the config it
 * built for the first match by one WeakMap lookup; a WeakMap, so a finished variant's config can go.
 */
export function cachedPerOptions<C>(build: (opts: Options) => C): (opts: Options) => C {
  const cache = new WeakMap<Options, C>();
  return (opts: Options): C => {
    let cfg = cache.get(opts);
    if (cfg === undefined) {
      cfg = build(opts);
      cache.set(opts, cfg);
    }
    return cfg;
  };
}

// Every suite game documents every field of its observation, and no field that is gone, in its own docs
// folder (docs/observations.md of src/games/<game>/, or of tests/fixtures/games/<game>/ for a game file);
// docs/observations.md gathers the registered games' parts (tests/cli/game-docs.test.ts).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../src/engine/options.js';
import { Rng } from '../../src/engine/rng.js';
import type { AnyGame } from '../../src/engine/game.js';
import { suiteGameDocs, suiteGames } from '../helpers/suite-games.js';

/** The fields named in the first cell of each table row of the page: `name`, or several in one cell. */
function documentedFields(text: string): Set<string> {
  const fields = new Set<string>();
  for (const [, cell] of text.matchAll(/^\| ([^|]+) \|/gm)) for (const [, f] of cell.matchAll(/`(\w+)`/g)) fields.add(f);
  return fields;
}

/** The fields of the observations of seat 0 and the last seat at the start of a match, at every table size the game takes. */
function observedFields(game: AnyGame): Map<number, string[]> {
  const out = new Map<number, string[]>();
  const opts = resolveOptions(game.options, {});
  for (let players = game.minPlayers; players <= game.maxPlayers; players++) {
    try {
      game.checkOptions(opts, players);
    } catch {
      continue; // a table size the defaults do not take (Zatre's pairs need 4 or 6)
    }
    const state = game.setup(opts, players, new Rng(`doc/${players}`));
    const fields = new Set([0, players - 1].flatMap((p) => Object.keys(game.observe(state, p) as object)));
    out.set(players, [...fields].sort());
  }
  return out;
}

describe.each(Object.entries(await suiteGames()))('%s: observation documented', (name, game) => {
  const file = join(suiteGameDocs(name), 'observations.md');
  it(`every observation field is documented in its docs/observations.md, and every documented field exists`, () => {
    expect(existsSync(file), `${file} is missing: a table with a row per observation field`).toBe(true);
    const documented = [...documentedFields(readFileSync(file, 'utf8'))].sort();
    const sizes = observedFields(game);
    expect(sizes.size, 'no table size the default options take').toBeGreaterThan(0);
    for (const [players, fields] of sizes) expect(documented, `${players} players`).toEqual(fields);
  });
});

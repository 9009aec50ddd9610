import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../src/engine/options.js';
import { Rng } from '../../src/engine/rng.js';
import type { AnyGame } from '../../src/engine/game.js';
import { games } from '../../src/games/index.js';
import { ROOT } from '../fixtures/cli.js';

// docs/observations.md documents every field of each game's observation, and no field that is gone.
const DOC = readFileSync(join(ROOT, 'docs', 'observations.md'), 'utf8');

function documentedFields(heading: string): Set<string> {
  const start = DOC.indexOf(heading);
  expect(start, heading).toBeGreaterThanOrEqual(0);
  const end = DOC.indexOf('\n## ', start + 1);
  const text = DOC.slice(start, end < 0 ? undefined : end);
  const fields = new Set<string>();
  for (const [, cell] of text.matchAll(/^\| ([^|]+) \|/gm)) for (const [, f] of cell.matchAll(/`(\w+)`/g)) fields.add(f);
  return fields;
}

/** The section of a registered game: a `## ` heading naming it as (`name`). */
function headingOf(name: string): string {
  const line = DOC.split('\n').find((l) => l.startsWith('## ') && l.includes(`(\`${name}\`)`));
  return line ?? `## (no section for \`${name}\` in docs/observations.md)`;
}

// Every registered game (src/games/index.ts), not a hand-kept list: a new game needs its section.
describe.each(Object.values(games).map((g) => [headingOf(g.name), g] as [string, AnyGame]))('%s', (heading, game) => {
  it('every observation field is documented, and every documented field exists', () => {
    const state = game.setup(resolveOptions(game.options, {}), 4, new Rng('doc'));
    const fields = Object.keys(game.observe(state, 0) as object).sort();
    expect([...documentedFields(heading)].sort()).toEqual(fields);
  });
});

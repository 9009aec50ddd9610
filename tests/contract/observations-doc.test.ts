import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../src/engine/options.js';
import { Rng } from '../../src/engine/rng.js';
import { stop } from '../../src/games/stop/index.js';
import { stramat } from '../../src/games/stramat/index.js';
import { scala } from '../../src/games/scala/index.js';
import { symbotrio } from '../../src/games/symbotrio/index.js';
import { zatre } from '../../src/games/zatre/index.js';
import type { AnyGame } from '../../src/engine/game.js';
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

describe.each([
  ['## Stramat (`stramat`)', stramat],
  ['## Stop (`stop`)', stop],
  ['## Zatre (`zatre`)', zatre],
  ['## Scala (`scala`)', scala],
  ['## Symbotrio (`symbotrio`)', symbotrio],
] as Array<[string, AnyGame]>)('%s', (heading, game) => {
  it('every observation field is documented, and every documented field exists', () => {
    const state = game.setup(resolveOptions(game.options, {}), 4, new Rng('doc'));
    const fields = Object.keys(game.observe(state, 0) as object).sort();
    expect([...documentedFields(heading)].sort()).toEqual(fields);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A game's rules (src/games/<game>/rules.ts, the hot loop of every match) must not import numeric
 * constants as plain `export const NAME = 3` or as a regular `enum`: V8 reads such an imported binding
 * through its module cell at every use, with a check that it is initialised, and cannot fold it. In
 * Stramat that cost a seventh of a match. Numeric constants shared between a game's modules are
 * `const enum`s, which the compiler writes into the code as numbers.
 */
const GAMES = join(import.meta.dirname, '..', '..', 'src', 'games');

/** Names a module exports as an integer `const` or as a regular (not `const`) enum. */
export function slowExports(source: string): Set<string> {
  const names = new Set<string>();
  for (const m of source.matchAll(/^export const (\w+)\s*(?::\s*\w+\s*)?=\s*-?\d+\s*;/gm)) names.add(m[1]);
  for (const m of source.matchAll(/^export enum (\w+)/gm)) names.add(m[1]);
  return names;
}

/** Named value imports of a module, by the relative path they come from. */
export function importsOf(source: string): Array<{ from: string; names: string[] }> {
  const out: Array<{ from: string; names: string[] }> = [];
  for (const m of source.matchAll(/^import\s+(type\s+)?\{([^}]*)\}\s*from\s*'([^']+)';/gm)) {
    if (m[1]) continue;
    const names = m[2]
      .split(',')
      .map((n) => n.trim())
      .filter((n) => n !== '' && !n.startsWith('type '))
      .map((n) => n.split(/\s+as\s+/)[0]);
    out.push({ from: m[3], names });
  }
  return out;
}

/** The slow constants a game's rules module imports from its sibling modules. */
function slowImportsOfRules(game: string): string[] {
  const dir = join(GAMES, game);
  const rules = readFileSync(join(dir, 'rules.ts'), 'utf8');
  const found: string[] = [];
  for (const { from, names } of importsOf(rules)) {
    if (!from.startsWith('./')) continue;
    const sibling = readFileSync(join(dir, from.replace(/\.js$/, '.ts')), 'utf8');
    const slow = slowExports(sibling);
    for (const n of names) if (slow.has(n)) found.push(`${game}/rules.ts imports ${n} from ${from}`);
  }
  return found;
}

describe("the rules' hot loop reads no numeric constant through a module binding", () => {
  it('the scan finds integer consts and regular enums, and not const enums or other values (controls)', () => {
    const sibling = 'export const A_PASS = 0;\nexport const NAMES = [1];\nexport enum Slow { A }\nexport const enum Fast { A }\nexport const MAX: number = 24;';
    expect([...slowExports(sibling)].sort()).toEqual(['A_PASS', 'MAX', 'Slow']);
    const rules = "import type { Rng } from '../../engine/rng.js';\nimport { Fast, A_PASS as P, type X } from './cards.js';";
    expect(importsOf(rules)).toEqual([{ from: './cards.js', names: ['Fast', 'A_PASS'] }]);
  });

  it('every game with a rules.ts imports only const enums and functions from its siblings', () => {
    const games = readdirSync(GAMES, { withFileTypes: true })
      .filter((d) => d.isDirectory() && readdirSync(join(GAMES, d.name)).includes('rules.ts'))
      .map((d) => d.name);
    expect(games).toContain('stramat');
    expect(games.flatMap(slowImportsOfRules)).toEqual([]);
  });
});

// docs/adding-a-game.md stays true: its member lists are the ones the runtime check uses
// (src/engine/game-check.ts), and every registered game has each item of its checklist.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULTED_MEMBERS, FACETS, IMPORTANCE_MEMBERS, REQUIRED_FUNCTIONS, REQUIRED_NUMBERS } from '../../src/engine/game-check.js';
import { games } from '../../src/games/index.js';
import { ROOT } from '../fixtures/cli.js';
import { EVENT_WITNESSES } from '../helpers/metric-witnesses.js';
import { fileGames } from '../helpers/suite-games.js';

const read = (...p: string[]) => readFileSync(join(ROOT, ...p), 'utf8');
const DOC = read('docs', 'adding-a-game.md');

/** The members named at the start of each bullet between two lines of the page. */
function listedMembers(from: string, to: string): string[] {
  const start = DOC.indexOf(from);
  const end = DOC.indexOf(to, start);
  expect(start, from).toBeGreaterThanOrEqual(0);
  expect(end, to).toBeGreaterThan(start);
  const names: string[] = [];
  for (const [, head] of DOC.slice(start, end).matchAll(/^- ([^:]+):/gm)) for (const [, n] of head.matchAll(/`(\w+)`/g)) names.push(n);
  return names.sort();
}

describe('docs/adding-a-game.md', () => {
  it('lists exactly the core members the check requires', () => {
    const required = ['name', ...REQUIRED_NUMBERS, 'options', ...REQUIRED_FUNCTIONS];
    expect(listedMembers('Required (', 'Optional in the core')).toEqual(required.sort());
  });

  it('lists exactly the optional core members: those with defaults, and betterScore', () => {
    expect(listedMembers('Optional in the core', '### The facets')).toEqual([...DEFAULTED_MEMBERS, 'betterScore'].sort());
  });

  it('lists exactly the members of each facet', () => {
    const facet = (name: string) => [...FACETS[name as keyof typeof FACETS].defaulted, ...FACETS[name as keyof typeof FACETS].optional].sort();
    expect(listedMembers('`view`, how the game is shown', '`search`, the aids')).toEqual(facet('view'));
    expect(listedMembers('`search`, the aids', '`measures`, what a match')).toEqual(facet('search'));
    expect(listedMembers('`measures`, what a match', '`importance`, restricted play')).toEqual(facet('measures'));
    expect(listedMembers('`importance`, restricted play', 'Beside the facets')).toEqual([...IMPORTANCE_MEMBERS].sort());
  });

  it('every registered game has each item of the checklist', () => {
    const observations = read('docs', 'observations.md');
    const events = read('docs', 'events.md');
    for (const name of Object.keys(games)) {
      expect(existsSync(join(ROOT, 'src', 'games', name, 'metrics.ts')), `src/games/${name}/metrics.ts`).toBe(true);
      expect(existsSync(join(ROOT, 'docs', 'rules', `${name}.md`)), `docs/rules/${name}.md`).toBe(true);
      expect(observations, `docs/observations.md: a section for ${name}`).toMatch(new RegExp(`^## .*\\(\`${name}\`\\)`, 'm'));
      expect(events, `docs/events.md names docs/rules/${name}.md`).toContain(`docs/rules/${name}.md`);
      const golden = join(ROOT, 'tests', 'golden', name);
      expect(existsSync(golden) && readdirSync(golden).length > 0, `tests/golden/${name}/`).toBe(true);
      expect(Object.keys(EVENT_WITNESSES[name] ?? {}).length, `tests/helpers/metric-witnesses.ts: ${name}`).toBeGreaterThan(0);
    }
  });

  it('the honesty suite names no game outside its controls: what is particular to a game, the game declares (testing)', async () => {
    const suite = read('tests', 'contract', 'honesty.test.ts');
    const controls = suite.indexOf('// Controls: the checks catch');
    expect(controls, 'the controls section of honesty.test.ts').toBeGreaterThan(0);
    const generic = suite.slice(suite.indexOf('\n\n', suite.lastIndexOf('\nimport ')), controls);
    for (const name of [...Object.keys(games), ...Object.keys(await fileGames())]) {
      // A game named as a string or as a key of a table (`stop: 12`, `name === 'stop'`) is a per-game setting.
      expect(generic, `honesty.test.ts names ${name}: declare it in the game's testing member`).not.toMatch(new RegExp(`['"\`]${name}['"\`]|^\\s*${name}:`, 'm'));
    }
  });

  it('names every generic suite a game from a file runs, and each fixture game has its golden files', async () => {
    const from = DOC.indexOf('A game given by file needs');
    expect(from, 'the section on a game given by file').toBeGreaterThanOrEqual(0);
    const section = DOC.slice(from);
    // Every contract suite that iterates suiteGames(), and the golden replay, run on the game files.
    const dir = join(ROOT, 'tests', 'contract');
    const suites = readdirSync(dir)
      .filter((f) => f.endsWith('.test.ts') && read('tests', 'contract', f).includes('suiteGames()'))
      .map((f) => `tests/contract/${f}`);
    expect(suites).toEqual(expect.arrayContaining(['tests/contract/honesty.test.ts', 'tests/contract/metrics.test.ts', 'tests/contract/events.test.ts']));
    for (const f of [...suites, 'tests/contract/golden.test.ts']) expect(section, `the section names ${f}`).toContain(f);
    const names = Object.keys(await fileGames());
    expect(names).toContain('countdown');
    for (const name of names) {
      const golden = join(ROOT, 'tests', 'golden', name);
      expect(existsSync(golden) && readdirSync(golden).length > 0, `tests/golden/${name}/`).toBe(true);
    }
  });
});

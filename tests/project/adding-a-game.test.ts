// docs/adding-a-game.md stays true: its member lists are the ones the runtime check uses
// (src/engine/game-check.ts), every registered game has each item of its checklist, and every `testing`
// setting the suites read is named on the page.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GATHERED_PAGES, gameDocsFolder } from '../../src/cli/game-docs.js';
import { DEFAULTED_MEMBERS, FACETS, IMPORTANCE_MEMBERS, REQUIRED_FUNCTIONS, REQUIRED_NUMBERS, TESTING_MEMBERS } from '../../src/engine/game-check.js';
import { games } from '../../src/games/index.js';
import { ROOT } from '../fixtures/cli.js';
import { fileGames } from '../helpers/suite-games.js';

const read = (...p: string[]) => readFileSync(join(ROOT, ...p), 'utf8');

/** The .ts files under a folder, relative to the repository root. */
function testFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && d.name.endsWith('.ts'))
    .map((d) => join(d.parentPath, d.name).slice(ROOT.length + 1));
}
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
    for (const [name, game] of Object.entries(games)) {
      if (game.measures.names.length > 0) expect(existsSync(join(ROOT, 'src', 'games', name, 'metrics.ts')), `src/games/${name}/metrics.ts`).toBe(true);
      expect(existsSync(join(ROOT, 'docs', 'rules', `${name}.md`)), `docs/rules/${name}.md`).toBe(true);
      for (const { part } of GATHERED_PAGES) expect(existsSync(join(ROOT, gameDocsFolder(name), part)), `${gameDocsFolder(name)}/${part}`).toBe(true);
      expect(read(gameDocsFolder(name), 'events.md'), `${gameDocsFolder(name)}/events.md names docs/rules/${name}.md`).toContain(`docs/rules/${name}.md`);
      const golden = join(ROOT, 'tests', 'golden', name);
      expect(existsSync(golden) && readdirSync(golden).length > 0, `tests/golden/${name}/`).toBe(true);
    }
  });

  it('names every member of testing, each as a bullet of its section', () => {
    const from = DOC.indexOf('### How the generic suites play your game');
    const to = DOC.indexOf('\n## ', from);
    const named = new Set<string>();
    for (const [, head] of DOC.slice(from, to).matchAll(/^- ([^:]+):/gm)) for (const [, n] of head.matchAll(/`(\w+)/g)) named.add(n);
    expect(TESTING_MEMBERS.filter((m) => !named.has(m)), 'members of testing the page does not name').toEqual([]);
  });

  it('names every testing setting a suite reads', () => {
    // Every `testing.<member>` read in code by a test file or by the golden writer (not in a string: the
    // check's own tests quote misspelt members).
    const files = [join('src', 'cli', 'golden.ts'), ...testFiles(join(ROOT, 'tests'))];
    const read_ = new Set<string>();
    for (const f of files) for (const [, m] of readFileSync(join(ROOT, f), 'utf8').matchAll(/(?<!['"`\w])testing[?!]?\.(\w+)/g)) read_.add(m);
    expect([...read_].filter((m) => !(TESTING_MEMBERS as readonly string[]).includes(m)), 'settings read that the check does not know').toEqual([]);
    expect([...read_].filter((m) => !DOC.includes(`\`${m}\``)), 'settings read that the page does not name').toEqual([]);
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

  it('names every generic suite, and each suite game has its golden files', async () => {
    const from = DOC.indexOf('## What each generic suite asks of a game');
    expect(from, 'the section on what each generic suite asks').toBeGreaterThanOrEqual(0);
    const section = DOC.slice(from);
    // Every test file that iterates suiteGames(), and the golden replay, run on the game files.
    const suites = testFiles(join(ROOT, 'tests'))
      .filter((f) => f.endsWith('.test.ts') && /\bawait suiteGames\(\)/.test(readFileSync(join(ROOT, f), 'utf8')))
      .map((f) => f.split(sep).join('/'));
    expect(suites).toEqual(expect.arrayContaining(['tests/contract/honesty.test.ts', 'tests/contract/metrics.test.ts', 'tests/contract/events.test.ts']));
    for (const f of [...suites, 'tests/contract/golden.test.ts']) expect(section, `the section names ${f}`).toContain(f);
    const names = Object.keys(await fileGames());
    expect(names).toEqual(expect.arrayContaining(['countdown', 'tictactoe']));
    for (const name of [...Object.keys(games), ...names]) {
      const golden = join(ROOT, 'tests', 'golden', name);
      expect(existsSync(golden) && readdirSync(golden).length > 0, `tests/golden/${name}/`).toBe(true);
    }
  });
});

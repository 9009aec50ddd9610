// docs/observations.md and docs/events.md gather each registered game's part from its own folder
// (src/games/<game>/docs/); `npm run docs:games` rewrites the gathered sections, and this test fails while
// one is stale.
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GATHERED_PAGES, gameDocsFolder, gatheredPage, updateGameDocs } from '../../src/cli/game-docs.js';
import { games } from '../../src/games/index.js';
import { ROOT, tempDir } from '../fixtures/cli.js';

/** A copy of the pages and of every game's docs folder, to change without touching the repository. */
function copyOfDocs(): string {
  const root = tempDir();
  mkdirSync(join(root, 'docs'));
  for (const g of GATHERED_PAGES) cpSync(join(ROOT, g.page), join(root, g.page));
  for (const name of Object.keys(games)) cpSync(join(ROOT, gameDocsFolder(name)), join(root, gameDocsFolder(name)), { recursive: true });
  return root;
}

describe('the gathered sections of docs/', () => {
  for (const g of GATHERED_PAGES) {
    it(`${g.page} holds every game's ${g.part}, as it is now (npm run docs:games rewrites it)`, () => {
      expect(readFileSync(join(ROOT, g.page), 'utf8') === gatheredPage(ROOT, g), `${g.page} is stale: run npm run docs:games`).toBe(true);
    });
  }

  it("a change in a game's part makes its page stale, and the update brings it back", () => {
    const root = copyOfDocs();
    const part = join(root, gameDocsFolder('scala'), 'observations.md');
    writeFileSync(part, readFileSync(part, 'utf8').replace('| field | meaning |', '| field | what it means |'));
    const page = GATHERED_PAGES.find((g) => g.part === 'observations.md')!;
    expect(gatheredPage(root, page)).not.toBe(readFileSync(join(root, page.page), 'utf8'));
    expect(updateGameDocs(root)).toEqual([page.page]);
    expect(readFileSync(join(root, page.page), 'utf8')).toContain('| field | what it means |');
    expect(updateGameDocs(root)).toEqual([]);
  });

  it("each game's title becomes a heading of the page's section, in the order of the registry", () => {
    const page = readFileSync(join(ROOT, 'docs', 'observations.md'), 'utf8');
    const headings = [...page.matchAll(/^## .*\(`(\w+)`\)$/gm)].map((m) => m[1]);
    expect(headings).toEqual(Object.keys(games));
    const events = readFileSync(join(ROOT, 'docs', 'events.md'), 'utf8');
    expect([...events.matchAll(/^### .*\(`(\w+)`\)$/gm)].map((m) => m[1])).toEqual(Object.keys(games));
  });
});

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyGame } from '../engine/game.js';
import { games } from '../games/index.js';
import { packageRoot } from '../io/runinfo.js';

/*
 * Each game documents its observation, its events and itself in a sentence in its own folder
 * (src/games/<game>/docs/); the pages of docs/ that cover every game gather those parts into a section
 * between two markers, in the order of the registry, so that a reader finds every game on one page and a
 * new game needs no edit of docs/. `npm run docs:games` rewrites the sections;
 * tests/cli/game-docs.test.ts fails when one is stale.
 */

/** A page of docs/ that gathers one file of every game's docs folder. */
export interface GatheredPage {
  /** The page, relative to the package root. */
  readonly page: string;
  /** The file of src/games/<game>/docs/ gathered into it. */
  readonly part: string;
  /** The section: every game's part (its name, the game, the part's text), in the order of the registry. */
  section(parts: ReadonlyArray<{ name: string; game: AnyGame; text: string }>): string;
}

/** Each part's headings moved down by `depth` levels (its `# ` title becomes a heading of the page), one after another. */
const headed =
  (depth: number): GatheredPage['section'] =>
  (parts) =>
    parts.map(({ text }) => text.replace(/^#/gm, '#'.repeat(depth + 1))).join('\n\n');

/** The table of games: name, table sizes, the game's sentence (its summary.md), its rules page. */
const gamesTable: GatheredPage['section'] = (parts) =>
  [
    '| game | players | what it is | rules as played |',
    '|---|---|---|---|',
    ...parts.map(({ name, game, text }) => {
      const players = game.minPlayers === game.maxPlayers ? `${game.minPlayers}` : `${game.minPlayers}-${game.maxPlayers}`;
      return `| \`${name}\` | ${players} | ${text.replace(/\s+/g, ' ')} | [docs/rules/${name}.md](rules/${name}.md) |`;
    }),
  ].join('\n');

export const GATHERED_PAGES: readonly GatheredPage[] = [
  { page: join('docs', 'observations.md'), part: 'observations.md', section: headed(1) },
  { page: join('docs', 'events.md'), part: 'events.md', section: headed(2) },
  { page: join('docs', 'reference.md'), part: 'summary.md', section: gamesTable },
];

const BEGIN = '<!-- Gathered from src/games/<game>/docs/ by `npm run docs:games`: edit those files, not this section. -->';
const END = '<!-- End of the gathered section. -->';

/** A game's docs folder, relative to the package root. */
export function gameDocsFolder(name: string): string {
  return join('src', 'games', name, 'docs');
}


/** The page with its gathered section made from the games' parts as they are now. */
export function gatheredPage(root: string, g: GatheredPage): string {
  const page = readFileSync(join(root, g.page), 'utf8');
  const from = page.indexOf(BEGIN);
  const to = page.indexOf(END, from);
  if (from < 0 || to < 0) throw new Error(`${g.page}: the markers of the gathered section are missing (${BEGIN} ... ${END})`);
  const parts = Object.entries(games).map(([name, game]) => ({ name, game, text: readFileSync(join(root, gameDocsFolder(name), g.part), 'utf8').trim() }));
  return `${page.slice(0, from)}${BEGIN}\n\n${g.section(parts)}\n\n${page.slice(to)}`;
}

/** Rewrites every gathered page whose section is stale; returns the pages rewritten. */
export function updateGameDocs(root = packageRoot()): string[] {
  const out: string[] = [];
  for (const g of GATHERED_PAGES) {
    const now = gatheredPage(root, g);
    if (now === readFileSync(join(root, g.page), 'utf8')) continue;
    writeFileSync(join(root, g.page), now);
    out.push(g.page);
  }
  return out;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const pages = updateGameDocs();
  process.stdout.write(pages.length === 0 ? 'docs:games: every gathered section is current\n' : `docs:games: rewrote ${pages.join(', ')}\n`);
}

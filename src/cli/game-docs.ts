import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { games } from '../games/index.js';
import { packageRoot } from '../output/runinfo.js';

/*
 * Each game documents its observation and its events in its own folder (src/games/<game>/docs/); the
 * pages of docs/ that cover every game gather those parts into a section between two markers, in the
 * order of the registry, so that a reader finds every game on one page and a new game needs no edit of
 * docs/. `npm run docs:games` rewrites the sections; tests/cli/game-docs.test.ts fails when one is stale.
 */

/** A page of docs/ that gathers one file of every game's docs folder. */
export interface GatheredPage {
  /** The page, relative to the package root. */
  readonly page: string;
  /** The file of src/games/<game>/docs/ gathered into it. */
  readonly part: string;
  /** Levels added to each heading of the part: its `# ` title becomes a heading of the page's section. */
  readonly depth: number;
}

export const GATHERED_PAGES: readonly GatheredPage[] = [
  { page: join('docs', 'observations.md'), part: 'observations.md', depth: 1 },
  { page: join('docs', 'events.md'), part: 'events.md', depth: 2 },
];

const BEGIN = '<!-- Gathered from src/games/<game>/docs/ by `npm run docs:games`: edit those files, not this section. -->';
const END = '<!-- End of the gathered section. -->';

/** A game's docs folder, relative to the package root. */
export function gameDocsFolder(name: string): string {
  return join('src', 'games', name, 'docs');
}

/** The part of one game, its headings moved down by `depth` levels. */
function gameSection(root: string, name: string, g: GatheredPage): string {
  const text = readFileSync(join(root, gameDocsFolder(name), g.part), 'utf8').trim();
  return text.replace(/^#/gm, '#'.repeat(g.depth + 1));
}

/** The page with its gathered section made from the games' parts as they are now. */
export function gatheredPage(root: string, g: GatheredPage): string {
  const page = readFileSync(join(root, g.page), 'utf8');
  const from = page.indexOf(BEGIN);
  const to = page.indexOf(END, from);
  if (from < 0 || to < 0) throw new Error(`${g.page}: the markers of the gathered section are missing (${BEGIN} ... ${END})`);
  const body = Object.keys(games).map((name) => gameSection(root, name, g));
  return `${page.slice(0, from)}${BEGIN}\n\n${body.join('\n\n')}\n\n${page.slice(to)}`;
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

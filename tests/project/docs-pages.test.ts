import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../fixtures/cli.js';

/**
 * The user pages stay short, current and linked (docs/lab/README.md says what goes where):
 * - docs/bots.md and docs/performance.md lead with current facts, so they stay under MAX_LINES;
 * - a user page (any docs/ page outside docs/lab/) carries no notebook writing: no run dates, no
 *   "before the board judge", no load averages (history and dated runs belong in docs/lab/);
 * - every relative link of a page under docs/ and of README.md leads to a file that exists and, for a
 *   `#anchor` into a Markdown page, to a heading of that page (GitHub's anchor rules).
 */
const MAX_LINES = 330;
const SHORT_PAGES = ['docs/bots.md', 'docs/performance.md'];
const LAB = 'docs/lab';

/** Notebook writing: what dates a run or compares with code that is gone. */
const NOTEBOOK_MARKERS: readonly RegExp[] = [
  /\b20\d\d-[01]\d-[0-3]\d\b/, // a date: "measured on 2026-11-25"
  /\bbefore the (board )?judge\b/i,
  /\bbefore the cheaper node\b/i,
  /\bload average\b/i,
];

function markdownFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(ROOT, path)).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

/** The text outside fenced code blocks and inline code spans (links and headings there are not links). */
export function proseOf(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** Each line of `text` that holds a notebook marker, as `line number: line`. */
export function notebookLines(text: string): string[] {
  return text
    .split('\n')
    .map((line, i) => ({ line, n: i + 1 }))
    .filter(({ line }) => NOTEBOOK_MARKERS.some((m) => m.test(line)))
    .map(({ line, n }) => `${n}: ${line.slice(0, 120)}`);
}

/** GitHub's anchor of a heading: lower case, punctuation dropped (not `-` or `_`), spaces to hyphens. */
export function slug(heading: string): string {
  const text = heading.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Every anchor of a Markdown page; a repeated heading gets `-1`, `-2`, ... as on GitHub. */
export function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const m of text.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const base = slug(m[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** The relative link targets of a page (`path`, `path#anchor` or `#anchor`). */
export function relativeLinks(text: string): string[] {
  return [...proseOf(text).matchAll(/\]\(([^)\s]+)(?: +"[^"]*")?\)/g)]
    .map((m) => m[1])
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** Each link of `page` (a repository path) that leads nowhere, with the reason. */
export function brokenLinks(page: string, text: string, read: (path: string) => string | undefined): string[] {
  const out: string[] = [];
  for (const target of relativeLinks(text)) {
    const [path, anchor] = target.split('#', 2);
    const file = path === '' ? page : relative(ROOT, resolve(ROOT, dirname(page), decodeURIComponent(path))).split(sep).join('/');
    const body = read(file);
    if (body === undefined) {
      out.push(`${page}: ${target}: no such file`);
      continue;
    }
    if (anchor !== undefined && file.endsWith('.md') && !anchorsOf(body).has(anchor)) out.push(`${page}: ${target}: no such heading`);
  }
  return out;
}

function readRepo(path: string): string | undefined {
  const full = join(ROOT, path);
  if (!existsSync(full)) return undefined;
  return statSync(full).isDirectory() ? '' : readFileSync(full, 'utf8');
}

const PAGES = ['README.md', ...markdownFiles('docs')];
const USER_PAGES = PAGES.filter((p) => p.startsWith('docs/') && !p.startsWith(`${LAB}/`));

describe('docs: short user pages, history in the lab, links that lead somewhere', () => {
  it(`docs/bots.md and docs/performance.md stay under ${MAX_LINES} lines`, () => {
    for (const page of SHORT_PAGES) {
      const lines = readFileSync(join(ROOT, page), 'utf8').split('\n').length;
      expect(lines, `${page} has ${lines} lines: move history to ${LAB}/, reference to a page of its own`).toBeLessThanOrEqual(MAX_LINES);
    }
  });

  it('the notebook checks fire (controls)', () => {
    expect(notebookLines('Measured on 2026-11-25 on the shared machine.')).toHaveLength(1);
    expect(notebookLines('| bias 1 | Zatre (before the board judge) | 53.0% |')).toHaveLength(1);
    expect(notebookLines('under a load average of 3')).toHaveLength(1);
    expect(notebookLines('ismcts wins 83.5% of 200 matches against greedy.')).toEqual([]);
    // The lab keeps the history these markers find.
    expect(notebookLines(readFileSync(join(ROOT, LAB, '2026-11-bots.md'), 'utf8')).length).toBeGreaterThan(10);
  });

  it('no user page under docs/ holds notebook writing (dated runs belong in docs/lab/)', () => {
    expect(USER_PAGES.length).toBeGreaterThan(20);
    const found = USER_PAGES.flatMap((page) => notebookLines(readFileSync(join(ROOT, page), 'utf8')).map((l) => `${page}:${l}`));
    expect(found).toEqual([]);
  });

  it('the link checks follow GitHub and catch what is missing (controls)', () => {
    expect(slug('Skill traces: does more thinking win more?')).toBe('skill-traces-does-more-thinking-win-more');
    expect(slug('MCTS options: progressive bias/MAST, solver, tree reuse')).toBe('mcts-options-progressive-biasmast-solver-tree-reuse');
    expect(slug('matches.parquet: the matches in a columnar file')).toBe('matchesparquet-the-matches-in-a-columnar-file');
    expect(slug('Searching toward targets (`tavolo tune`)')).toBe('searching-toward-targets-tavolo-tune');
    expect([...anchorsOf('# A\n## Speed\n```\n# not a heading\n```\n### Speed\n')]).toEqual(['a', 'speed', 'speed-1']);
    expect(relativeLinks('[a](b.md#c) [d](https://x.org/e) `[f](g.md)` [h](#i "title")')).toEqual(['b.md#c', '#i']);
    const read = (p: string) => ({ 'docs/x.md': '# X\n## Here\n', 'docs/y.md': '# Y\n' } as Record<string, string>)[p];
    expect(brokenLinks('docs/y.md', '[1](x.md#here) [2](x.md) [3](#y)', read)).toEqual([]);
    expect(brokenLinks('docs/y.md', '[1](x.md#gone) [2](z.md) [3](#nowhere)', read)).toHaveLength(3);
  });

  it('every relative link of README.md and the pages under docs/ resolves, anchors included', () => {
    expect(PAGES).toContain('docs/architecture.md');
    const found = PAGES.flatMap((page) => brokenLinks(page, readFileSync(join(ROOT, page), 'utf8'), readRepo));
    expect(found).toEqual([]);
  });
});

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The layers of the code base (docs/plugins.md), lowest first; a file imports its own layer or lower ones:
 *   src/errors.ts, src/did-you-mean.ts -> src/engine/ -> src/games/, bots/, src/io/, src/terminal/, src/protocol/
 *   -> src/plugins/ -> src/analysis/ -> src/report/ -> src/runner/ -> src/studies/<study>/, src/play/
 *   -> src/cli/, src/index.ts.
 * Within that order:
 * - bots/ depend on src/engine/ only (and on each other);
 * - the runner never imports bots/; the one module of src/ that does is src/plugins/builtins.ts, the
 *   plugin loader's registry of built-in bots;
 * - analysis/ and the report (src/report/) do not import the runner (errors live in src/errors.ts);
 * - src/io/ (bytes on disk) knows no feature: it imports src/engine/, src/errors.ts, src/did-you-mean.ts
 *   and libraries only;
 * - a study (src/studies/<study>/) is imported only by its own files, src/cli/ and src/index.ts;
 * - no cycle of files, `import type` included.
 * Every import is read with TypeScript's own pre-processor (static, re-exports, `import type` and
 * dynamic `import()` alike), and resolved against the importing file.
 */
const ROOT = join(import.meta.dirname, '..', '..');


function sourceFiles(path: string): string[] {
  const full = join(ROOT, path);
  if (statSync(full).isFile()) return /\.(c|m)?ts$/.test(full) && !full.endsWith('.d.ts') ? [relative(ROOT, full).split(sep).join('/')] : [];
  return readdirSync(full).flatMap((name) => sourceFiles(join(path, name)));
}

/** The repository paths a file imports (relative specifiers only; `.js` written for a `.ts` source). */
export function importsOf(file: string, text: string): string[] {
  const info = ts.preProcessFile(text, true, true);
  return info.importedFiles
    .map((f) => f.fileName)
    .filter((spec) => spec.startsWith('./') || spec.startsWith('../'))
    .map((spec) => posix.normalize(posix.join(posix.dirname(file), spec)).replace(/\.(c|m)?js$/, (ext) => ext.replace('js', 'ts')));
}

const under = (path: string, folder: string) => path.startsWith(`${folder}/`);
const within = (path: string, place: string) => path === place || under(path, place);

/** The layers, lowest first: a file may import its own layer or a lower one. */
export const LAYERS: readonly (readonly string[])[] = [
  ['src/errors.ts', 'src/did-you-mean.ts'],
  ['src/engine'],
  ['src/games', 'bots', 'src/io', 'src/terminal', 'src/protocol'],
  ['src/plugins'],
  ['src/analysis'],
  ['src/report'],
  ['src/runner'],
  ['src/studies', 'src/play'],
  ['src/cli', 'src/index.ts'],
];

/** The index of a file's layer in LAYERS, or -1 for a file no layer holds. */
export function layerOf(file: string): number {
  return LAYERS.findIndex((layer) => layer.some((place) => within(file, place)));
}

/** `src/studies/tune` for any file of the tune study; undefined outside the studies. */
const studyOf = (file: string) => (under(file, 'src/studies') ? file.split('/').slice(0, 3).join('/') : undefined);

const IO_MAY_IMPORT = ['src/io', 'src/engine', 'src/errors.ts', 'src/did-you-mean.ts'];

/** Each import that crosses a boundary, as `from -> to: rule`. */
export function violations(file: string, imports: readonly string[]): string[] {
  const out: string[] = [];
  for (const to of imports) {
    const bad = (rule: string) => out.push(`${file} -> ${to}: ${rule}`);
    if (under(file, 'bots') && !under(to, 'bots') && !under(to, 'src/engine')) bad('bots/ may import src/engine/ only');
    if (under(file, 'src') && under(to, 'bots') && file !== 'src/plugins/builtins.ts') {
      bad('only src/plugins/builtins.ts (the loader registry) imports bots/');
    }
    const layer = ['src/analysis', 'src/report'].find((f) => under(file, f));
    if (layer && under(to, 'src/runner')) bad(`${layer}/ may not import the runner`);
    if (layerOf(to) > layerOf(file)) bad(`a file may not import a higher layer (${LAYERS[layerOf(to)].join(', ')})`);
    const study = studyOf(to);
    if (study && studyOf(file) !== study && !under(file, 'src/cli') && file !== 'src/index.ts') {
      bad(`${study}/ is imported only by its own files, src/cli/ and src/index.ts`);
    }
    if (under(file, 'src/io') && !IO_MAY_IMPORT.some((place) => within(to, place))) {
      bad('src/io/ may import src/engine/, src/errors.ts and src/did-you-mean.ts only');
    }
  }
  return out;
}

/** The cycles of an import graph: each strongly connected set of two or more files (or a file importing itself), sorted. */
export function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  // Tarjan's algorithm, with an explicit stack so that a deep chain of imports cannot overflow the call stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const work: Array<{ node: string; edge: number }> = [{ node: root, edge: 0 }];
    index.set(root, next);
    low.set(root, next++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const top = work[work.length - 1];
      const edges = (graph.get(top.node) ?? []).filter((to) => graph.has(to));
      if (top.edge < edges.length) {
        const to = edges[top.edge++];
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) low.set(top.node, Math.min(low.get(top.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.node)!));
      }
      if (low.get(top.node) !== index.get(top.node)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== top.node);
      if (component.length > 1 || (graph.get(top.node) ?? []).includes(top.node)) found.push(component.sort());
    }
  }
  return found.sort((a, b) => a[0].localeCompare(b[0]));
}

const ALL = [...sourceFiles('src'), ...sourceFiles('bots')];
const IMPORTS = new Map(ALL.map((f) => [f, importsOf(f, readFileSync(join(ROOT, f), 'utf8'))]));

describe('import boundaries: the layers, the studies, src/io/, bots/ and no cycle', () => {
  it('the check finds each kind of crossing, and reads import type and import() too (controls)', () => {
    expect(importsOf('bots/x.ts', "import type { R } from '../src/runner/spec.js';\nconst m = await import('./y.js');")).toEqual([
      'src/runner/spec.ts',
      'bots/y.ts',
    ]);
    expect(violations('bots/x.ts', ['src/runner/errors.ts']).length).toBeGreaterThan(0);
    expect(violations('bots/x.ts', ['src/games/symbotrio/config.ts'])).toHaveLength(1);
    expect(violations('bots/x.ts', ['src/engine/bot.ts', 'bots/greedy.ts'])).toEqual([]);
    expect(violations('src/runner/spec.ts', ['bots/index.ts']).length).toBeGreaterThan(0);
    expect(violations('src/plugins/builtins.ts', ['bots/index.ts'])).toEqual([]);
    expect(violations('src/analysis/compare.ts', ['src/runner/errors.ts']).length).toBeGreaterThan(0);
    expect(violations('src/report/data.ts', ['src/runner/errors.ts']).length).toBeGreaterThan(0);
    expect(violations('src/report/replay.ts', ['src/engine/plan.ts'])).toEqual([]);
  });

  it('the check finds an upward import, a study imported from outside, and src/io/ importing a feature (controls)', () => {
    expect(violations('src/analysis/compare.ts', ['src/report/page.ts'])).toEqual([
      'src/analysis/compare.ts -> src/report/page.ts: a file may not import a higher layer (src/report)',
    ]);
    expect(violations('src/engine/match.ts', ['src/errors.ts', 'src/engine/plan.ts'])).toEqual([]);
    expect(violations('src/engine/match.ts', ['src/io/csv.ts'])).toHaveLength(1);
    expect(violations('src/runner/run.ts', ['src/report/report.ts', 'src/analysis/results.ts', 'src/io/csv.ts'])).toEqual([]);
    expect(violations('src/runner/run.ts', ['src/play/host.ts'])).toHaveLength(1);
    expect(violations('src/studies/tune/run.ts', ['src/cli/main.ts'])).toHaveLength(1);
    expect(violations('src/cli/main.ts', ['src/studies/tune/command.ts', 'src/play/human.ts', 'src/runner/run.ts'])).toEqual([]);
    // Studies: their own files, cli/ and index.ts only; never another study nor the same layer's play/.
    expect(violations('src/studies/tune/command.ts', ['src/studies/tune/run.ts'])).toEqual([]);
    expect(violations('src/studies/skill/command.ts', ['src/studies/importance/run.ts'])).toHaveLength(1);
    expect(violations('src/play/host.ts', ['src/studies/skill/plan.ts'])).toHaveLength(1);
    expect(violations('src/index.ts', ['src/studies/skill/plan.ts'])).toEqual([]);
    // src/io/: engine, errors and did-you-mean only, even within its own layer.
    expect(violations('src/io/csv.ts', ['src/engine/game.ts', 'src/io/atomic-write.ts', 'src/errors.ts', 'src/did-you-mean.ts'])).toEqual([]);
    expect(violations('src/io/csv.ts', ['src/games/stop/index.ts'])).toHaveLength(1);
    expect(violations('src/io/csv.ts', ['src/terminal/args.ts'])).toHaveLength(1);
    expect(violations('src/io/csv.ts', ['src/analysis/results.ts']).length).toBeGreaterThan(0);
    expect(layerOf('src/errors.ts')).toBe(0);
    expect(layerOf('src/cli/human.ts')).toBe(LAYERS.length - 1);
    expect(layerOf('src/somewhere/new.ts')).toBe(-1);
  });

  it('the cycle check finds a cycle of two files and one of three, and none in a chain (controls)', () => {
    const chain = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', []],
    ]);
    expect(cycles(chain)).toEqual([]);
    const two = new Map([...chain, ['c.ts', ['b.ts']]]);
    expect(cycles(two)).toEqual([['b.ts', 'c.ts']]);
    const three = new Map([...chain, ['c.ts', ['a.ts']], ['d.ts', ['a.ts']]]);
    expect(cycles(three)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    const both = new Map([...three, ['d.ts', ['e.ts']], ['e.ts', ['d.ts']], ['f.ts', ['f.ts']]]);
    expect(cycles(both)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['d.ts', 'e.ts'], ['f.ts']]);
  });

  it('every file of src/ sits in a layer', () => {
    expect(ALL.filter((f) => layerOf(f) < 0)).toEqual([]);
  });

  it('the repository has no cycle of files', () => {
    expect(cycles(IMPORTS)).toEqual([]);
  });

  it('the repository has no crossing', () => {
    expect(ALL.length).toBeGreaterThan(100);
    const found = ALL.flatMap((f) => violations(f, IMPORTS.get(f) ?? []));
    expect(found).toEqual([]);
  });

  it('the plugin loader is the one home of loadGame and loadBot', () => {
    const homes = ALL.filter((f) => /export (async )?function load(Game|Bot)\b/.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(homes).toEqual(['src/plugins/loader.ts']);
  });
});

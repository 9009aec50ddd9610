import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The layers of the code base, as issue 23 asks them (docs/plugins.md):
 * - bots/ depend on src/engine/ only (and on each other);
 * - the runner never imports bots/; the one module of src/ that does is src/plugins/builtins.ts, the
 *   plugin loader's registry of built-in bots;
 * - analysis/ and the report (src/html/) do not import the runner (errors live in src/errors.ts).
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

/** Each import that crosses a boundary, as `from -> to: rule`. */
export function violations(file: string, imports: readonly string[]): string[] {
  const out: string[] = [];
  for (const to of imports) {
    const bad = (rule: string) => out.push(`${file} -> ${to}: ${rule}`);
    if (under(file, 'bots') && !under(to, 'bots') && !under(to, 'src/engine')) bad('bots/ may import src/engine/ only');
    if (under(file, 'src') && under(to, 'bots') && file !== 'src/plugins/builtins.ts') {
      bad('only src/plugins/builtins.ts (the loader registry) imports bots/');
    }
    const layer = ['src/analysis', 'src/html'].find((f) => under(file, f));
    if (layer && under(to, 'src/runner')) bad(`${layer}/ may not import the runner`);
  }
  return out;
}

const ALL = [...sourceFiles('src'), ...sourceFiles('bots')];
const IMPORTS = new Map(ALL.map((f) => [f, importsOf(f, readFileSync(join(ROOT, f), 'utf8'))]));

describe('import boundaries: bots/ <-> runner/, analysis/ and html/ -> runner/', () => {
  it('the check finds each kind of crossing, and reads import type and import() too (controls)', () => {
    expect(importsOf('bots/x.ts', "import type { R } from '../src/runner/spec.js';\nconst m = await import('./y.js');")).toEqual([
      'src/runner/spec.ts',
      'bots/y.ts',
    ]);
    expect(violations('bots/x.ts', ['src/runner/errors.ts'])).toHaveLength(1);
    expect(violations('bots/x.ts', ['src/games/symbotrio/config.ts'])).toHaveLength(1);
    expect(violations('bots/x.ts', ['src/engine/bot.ts', 'bots/greedy.ts'])).toEqual([]);
    expect(violations('src/runner/spec.ts', ['bots/index.ts'])).toHaveLength(1);
    expect(violations('src/plugins/builtins.ts', ['bots/index.ts'])).toEqual([]);
    expect(violations('src/analysis/compare.ts', ['src/runner/errors.ts'])).toHaveLength(1);
    expect(violations('src/html/data.ts', ['src/runner/errors.ts'])).toHaveLength(1);
    expect(violations('src/html/replay.ts', ['src/engine/plan.ts'])).toEqual([]);
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

import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { initSync, parse } from 'es-module-lexer';
import { InputError } from '../errors.js';

/**
 * The files a game or bot module loads: the entry and every file reached from it by relative imports,
 * static (`import`, `export ... from`) and dynamic (`import('./x.js')` with a literal path), and, in
 * CommonJS files, `require('./x')` with a literal path. Imports are read by es-module-lexer (the lexer
 * Vite uses; a real tokenizer, so an import inside a string or a comment is not taken for one).
 * Packages (`import 'lodash'`) are not followed: their version is the user's lockfile's business. A
 * dynamic import whose path is computed cannot be followed; docs/plugins.md says so.
 */

/** A guard against a graph that runs away (a bot that imports a whole source tree by accident). */
export const MAX_GRAPH_FILES = 5000;

const SCRIPT = /\.(m?js|cjs)$/;
const REQUIRE = /\brequire\s*\(\s*(['"])(\.{1,2}\/[^'"\n]+)\1\s*\)/g;

let lexerReady = false;

/** The relative specifiers a script imports (an unparsable script imports nothing we can follow: its load fails). */
function relativeSpecifiers(text: string, file: string): string[] {
  if (!lexerReady) {
    initSync();
    lexerReady = true;
  }
  const out: string[] = [];
  try {
    for (const imp of parse(text, file)[0]) if (imp.n !== undefined) out.push(imp.n);
  } catch {
    // Not an ES module the lexer understands (a syntax error, or CommonJS with odd syntax).
  }
  if (file.endsWith('.cjs') || /\brequire\s*\(/.test(text)) for (const m of text.matchAll(REQUIRE)) out.push(m[2]);
  return out.filter((s) => s.startsWith('./') || s.startsWith('../') || s.startsWith('file:'));
}

/** The file a specifier names, if it exists (query and fragment dropped). */
function target(spec: string, from: string): string | undefined {
  const bare = spec.replace(/[?#].*$/, '');
  let file: string;
  try {
    file = bare.startsWith('file:') ? fileURLToPath(bare) : resolve(dirname(from), decodeURIComponent(bare));
  } catch {
    return undefined;
  }
  for (const candidate of [file, `${file}.js`, `${file}.cjs`]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** Every file of the module graph of `entry` (absolute paths), the entry first, then in the order found. */
export function moduleGraph(entry: string): string[] {
  const seen = new Set<string>([entry]);
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (!SCRIPT.test(file)) continue;
    for (const spec of relativeSpecifiers(readFileSync(file, 'utf8'), file)) {
      const next = target(spec, file);
      if (next === undefined || seen.has(next)) continue;
      seen.add(next);
      queue.push(next);
      if (seen.size > MAX_GRAPH_FILES) {
        throw new InputError(`${entry} loads more than ${MAX_GRAPH_FILES} files through relative imports; bundle it or import packages by name`);
      }
    }
  }
  return [...seen];
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * The SHA-256 that identifies a module by its whole graph. A module that imports no file of its own is
 * identified by its contents' SHA-256, as before module graphs were followed (so such runs keep their
 * identity); otherwise by the SHA-256 of the sorted list of `path sha256` lines, paths relative to the
 * entry's folder (so machines that mount the files elsewhere agree).
 */
export function moduleGraphHash(entry: string): string {
  const files = moduleGraph(entry);
  if (files.length === 1) return sha256(readFileSync(entry));
  const base = dirname(entry);
  const lines = files.map((f) => `${relative(base, f).split(sep).join('/')} ${sha256(readFileSync(f))}`).sort();
  return sha256(lines.join('\n'));
}

import { posix } from 'node:path';
import ts from 'typescript';

/**
 * The modules a TypeScript source loads when it is imported: its static imports and re-exports, followed
 * file by file, without `import()` (loaded later, when called) and without imports that the compiler
 * erases (`import type`, or named imports that are all types). Relative specifiers are resolved against the
 * importing file (`.js` written for a `.ts` source); the rest are packages.
 */
export function staticClosure(entry: string, read: (file: string) => string): { modules: Set<string>; packages: Set<string> } {
  const modules = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (modules.has(file)) return;
    modules.add(file);
    for (const spec of loadedSpecifiers(read(file))) {
      if (spec.startsWith('./') || spec.startsWith('../')) visit(posix.normalize(posix.join(posix.dirname(file), spec)).replace(/\.js$/, '.ts'));
      else if (!spec.startsWith('node:')) packages.add(packageName(spec));
    }
  };
  visit(entry);
  return { modules, packages };
}

/** `@scope/name/sub` -> `@scope/name`; `name/sub` -> `name`. */
export function packageName(spec: string): string {
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function loadedSpecifiers(text: string): string[] {
  const source = ts.createSourceFile('x.ts', text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out: string[] = [];
  for (const st of source.statements) {
    if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier) && !erased(st)) out.push(st.moduleSpecifier.text);
    if (ts.isExportDeclaration(st) && st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier) && !st.isTypeOnly) out.push(st.moduleSpecifier.text);
  }
  return out;
}

/** An import the compiler drops from the JavaScript it writes: type-only as a whole or in every name. */
function erased(st: ts.ImportDeclaration): boolean {
  const clause = st.importClause;
  if (!clause) return false; // `import 'x'`: loaded for its effects
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly);
}

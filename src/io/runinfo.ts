import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The tavolo package root (works from src/ under vitest and from dist/). */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg)) {
      try {
        if ((JSON.parse(readFileSync(pkg, 'utf8')) as { name?: unknown }).name === 'tavolo') return dir;
      } catch {
        // not ours; keep walking
      }
    }
    const up = dirname(dir);
    if (up === dir) throw new Error('cannot find the tavolo package.json');
    dir = up;
  }
}

function versionOf(pkgJson: string): string {
  try {
    const { version } = JSON.parse(readFileSync(pkgJson, 'utf8')) as { version?: unknown };
    return typeof version === 'string' ? version : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Versions of node, tavolo and its runtime dependencies, for run.json. */
export function versions(): Record<string, string> {
  const root = packageRoot();
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string; dependencies?: Record<string, string> };
  const out: Record<string, string> = { node: process.version, tavolo: pkg.version };
  for (const dep of Object.keys(pkg.dependencies ?? {})) {
    out[dep] = versionOf(join(root, 'node_modules', dep, 'package.json'));
  }
  return out;
}

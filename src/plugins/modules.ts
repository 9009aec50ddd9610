import { existsSync, statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { InputError } from '../errors.js';

/** True when a game or bot reference is a file path rather than a registered name. */
export function looksLikePath(ref: string): boolean {
  return ref.includes('/') || ref.includes('\\') || /\.(m?js|cjs)$/.test(ref);
}

/** Absolute path of a user's module, resolved against baseDir; throws naming the file if it is missing. */
export function resolveModulePath(ref: string, baseDir: string, field: string, what: string): string {
  const file = isAbsolute(ref) ? ref : resolve(baseDir, ref);
  if (!existsSync(file) || !statSync(file).isFile()) {
    throw new InputError(`${what} file ${file} does not exist (paths are relative to ${baseDir})`, field);
  }
  if (!/\.(m?js|cjs)$/.test(file)) {
    throw new InputError(`${what} file ${file} must be a compiled JavaScript module (.js or .mjs)`, field);
  }
  return file;
}

/**
 * Imports a user's module; a failure to load is an input error naming the file. While it loads,
 * process.exit throws instead of ending tavolo (a module that exits only on the main thread; probe.ts
 * has already loaded it in a worker).
 */
export async function importFile(file: string, field: string, what: string): Promise<Record<string, unknown>> {
  // eslint-disable-next-line @typescript-eslint/unbound-method -- kept to be put back below, never called from here
  const exit = process.exit;
  process.exit = ((code?: number) => {
    throw new Error(`it called process.exit(${code ?? ''}) while loading`);
  });
  try {
    return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    throw new InputError(`could not load ${what} file ${file}: ${detail}`, field);
  } finally {
    process.exit = exit;
  }
}

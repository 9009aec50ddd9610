import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Nothing that decides a match may read the clock or Math.random: the engine, every game, every bot
 * and the batch loop. A line that reads the clock for another purpose (timing a bot for run.json,
 * sizing batches, a search's own time budget) says so with a `clock-ok` comment and is allowed.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const DECIDING = ['src/engine', 'src/games', 'bots', 'src/runner/batch.ts'];
const FORBIDDEN = /\bMath\.random\b|\bDate\.now\b|\bnew Date\b|\bperformance\.now\b|\bprocess\.hrtime\b|\bcrypto\.random/;

function files(path: string): string[] {
  const full = join(ROOT, path);
  if (statSync(full).isFile()) return [full];
  return readdirSync(full).flatMap((name) => files(join(path, name)));
}

/** Lines of code (comments left out) that use a forbidden source without a clock-ok mark. */
export function violations(text: string): number[] {
  const out: number[] = [];
  text.split('\n').forEach((line, i) => {
    const t = line.trim();
    if (t.startsWith('*') || t.startsWith('/*') || t.startsWith('//')) return;
    if (line.includes('clock-ok')) return;
    const code = line.replace(/\/\/.*$/, '');
    if (FORBIDDEN.test(code)) out.push(i + 1);
  });
  return out;
}

describe('no clock and no Math.random where matches are decided', () => {
  it('the scan catches each forbidden source and honours the clock-ok mark (controls)', () => {
    expect(violations('const x = Math.random();')).toEqual([1]);
    expect(violations('ok();\nconst t = performance.now();')).toEqual([2]);
    expect(violations('const d = Date.now(); // clock-ok: timing only')).toEqual([]);
    expect(violations(' * never use Math.random here')).toEqual([]);
    expect(violations('const s = new Date().toISOString();')).toEqual([1]);
  });

  it('src/engine, src/games, bots and the batch loop use only seeded generators', () => {
    const found: string[] = [];
    let scanned = 0;
    for (const path of DECIDING) {
      for (const file of files(path).filter((f) => /\.(ts|mjs|js)$/.test(f))) {
        scanned++;
        for (const line of violations(readFileSync(file, 'utf8'))) found.push(`${relative(ROOT, file)}:${line}`);
      }
    }
    expect(scanned).toBeGreaterThan(20);
    expect(found).toEqual([]);
  });
});

import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { compareAfterRun } from '../../src/analysis/after-run.js';
import { writeStandings } from '../../src/analysis/standings.js';
import { verdictFromFolder } from '../../src/analysis/verdict-input.js';
import { verdictText } from '../../src/analysis/verdict.js';
import { analyseAfterRun } from '../../src/cli/after-run.js';
import { writeReport } from '../../src/report/report.js';
import { FIXTURES, tavolo, tempDir } from '../fixtures/cli.js';

const WRITTEN = ['ratings.csv', 'head-to-head.csv', 'compare.csv', 'variants.csv', 'report.html'];

/** Runs `body` with stdout's writes captured (the after-run steps print their lines). */
async function quietly<T>(body: () => Promise<T>): Promise<T> {
  const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  try {
    return await body();
  } finally {
    write.mockRestore();
  }
}

describe('after a run: one read of matches.csv for the standings, the comparison and the report', () => {
  it('writes the same bytes as each step reading the folder on its own', async () => {
    const base = tempDir('tavolo-after-run-');
    const one = join(base, 'one');
    const r = tavolo(['run', join(FIXTURES, 'peek-3p.json'), '--threads', '1', '--out', one]);
    expect(r.code, r.stderr).toBe(0);
    const separate = join(base, 'separate');
    cpSync(one, separate, { recursive: true });
    for (const dir of [one, separate]) for (const f of WRITTEN) rmSync(join(dir, f));

    const after = await quietly(() => analyseAfterRun(one));
    const { tables: comparison } = await after.comparison();
    await quietly(() => after.report());
    const standings = await writeStandings(separate);
    expect(after.standings.replaceAll('one/', '')).toBe(standings.replaceAll('separate/', ''));
    expect(comparison.replaceAll('one/', '')).toBe((await compareAfterRun(separate)).replaceAll('separate/', ''));
    await writeReport(separate);
    for (const f of WRITTEN) {
      const text = (dir: string) => readFileSync(join(dir, f), 'utf8').replaceAll(dir, '<dir>');
      expect(text(one), f).toBe(text(separate));
    }
  });

  it('for a single variant, gathers the verdict\'s figures in the same read: the same verdict and report as reading them on their own', async () => {
    const base = tempDir('tavolo-after-run-single-');
    const spec = JSON.parse(readFileSync(join(FIXTURES, 'peek-3p.json'), 'utf8')) as { game: string; variants: unknown[] };
    spec.game = join(FIXTURES, 'peek.mjs');
    spec.variants = spec.variants.slice(0, 1);
    const specFile = join(base, 'single.json');
    writeFileSync(specFile, JSON.stringify(spec));
    const one = join(base, 'one');
    const r = tavolo(['run', specFile, '--threads', '1', '--out', one]);
    expect(r.code, r.stderr).toBe(0);
    const separate = join(base, 'separate');
    cpSync(one, separate, { recursive: true });
    for (const dir of [one, separate]) rmSync(join(dir, 'report.html'));

    const after = await quietly(() => analyseAfterRun(one));
    const verdict = await after.verdict();
    expect(verdict).toContain('base');
    // The verdict reading matches.csv on its own (no figures handed in).
    expect(verdict.replaceAll('one/', '')).toBe(verdictText(await verdictFromFolder(separate)).replaceAll('separate/', ''));
    await quietly(() => after.report());
    await writeReport(separate);
    const text = (dir: string) => readFileSync(join(dir, 'report.html'), 'utf8').replaceAll(dir, '<dir>');
    expect(text(one)).toBe(text(separate));
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { Interrupted } from '../../src/errors.js';
import { poolsCreated, StudyPool, withStudyPool } from '../../src/runner/pool.js';
import { runTournament } from '../../src/runner/run.js';
import { parseSpec, resolveSpec, type ResolvedSpec } from '../../src/runner/spec.js';
import { ROOT, tempDir } from '../fixtures/cli.js';

vi.setConfig({ testTimeout: 120_000 });

/** Two different tournaments (other games, players, variants and bots), as the runs of a study differ. */
async function specs(): Promise<ResolvedSpec[]> {
  const stramat = parseSpec({
    name: 'pool-a',
    game: 'stramat',
    players: 4,
    matches: 300,
    seed: 'pool-a',
    variants: [{ name: 'base' }, { name: 'dado', options: { dadoCount: 3 } }],
    bots: [{ name: 'greedy', bot: 'greedy' }, { bot: 'random' }, { bot: 'random' }, { bot: 'random' }],
  });
  const stop = parseSpec({ name: 'pool-b', game: 'stop', players: 2, matches: 200, seed: 'pool-b', bots: [{ bot: 'greedy' }, { bot: 'random' }] });
  return [await resolveSpec(stramat, ROOT), await resolveSpec(stop, ROOT)];
}

const matchesCsv = (dir: string) => readFileSync(join(dir, 'matches.csv'), 'utf8');

describe('a study pool', () => {
  it('plays different tournaments one after the other on one pool, with the files each writes on a pool of its own', async () => {
    const all = await specs();
    const own = [];
    for (const spec of all) {
      const dir = tempDir();
      await runTournament(spec, { threads: 2, batch: 'auto', outDir: dir });
      own.push(matchesCsv(dir));
    }
    const before = poolsCreated();
    const shared = await withStudyPool(2, async (pool) => {
      const out = [];
      // Each twice, so that a worker meets a tournament again after another one.
      for (const spec of [...all, ...all]) {
        const dir = tempDir();
        await runTournament(spec, { threads: 2, batch: 17, outDir: dir, pool });
        out.push(matchesCsv(dir));
      }
      return out;
    });
    expect(poolsCreated() - before).toBe(1);
    expect(shared).toEqual([...own, ...own]);
  });

  it('is closed when a play is interrupted, and when the study throws', async () => {
    const [spec] = await specs();
    const pool = new StudyPool(2);
    const controller = new AbortController();
    const play = runTournament(spec, {
      threads: 2,
      batch: 8,
      outDir: tempDir(),
      pool,
      signal: controller.signal,
      onProgress: () => controller.abort(new Interrupted('SIGINT')),
    });
    await expect(play).rejects.toBeInstanceOf(Interrupted);
    expect(pool.isOpen).toBe(false);

    let seen: StudyPool | undefined;
    const failing = withStudyPool(1, async (p) => {
      seen = p;
      await runTournament(spec, { threads: 1, batch: 'auto', outDir: tempDir(), pool: p });
      expect(p.isOpen).toBe(true);
      throw new Error('the study failed');
    });
    await expect(failing).rejects.toThrow('the study failed');
    expect(seen?.isOpen).toBe(false);
  });
});

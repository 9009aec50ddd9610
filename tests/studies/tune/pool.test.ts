import { describe, expect, it, vi } from 'vitest';
import { poolsCreated } from '../../../src/runner/pool.js';
import { parseSpec, resolveSpec } from '../../../src/runner/spec.js';
import { runTune } from '../../../src/studies/tune/run.js';
import { resolveTune } from '../../../src/studies/tune/spec.js';
import { ROOT, tempDir } from '../../fixtures/cli.js';
import { STRAMAT_TUNE_RAW } from '../../helpers/tune-search.js';

vi.setConfig({ testTimeout: 180_000 });

/** The search of run.test.ts: three rounds (two candidates dropped after the first, two raced on) and a confirmation. */
const RAW = STRAMAT_TUNE_RAW;

describe('tavolo tune on one worker pool', () => {
  it('starts one pool for all its rounds and its confirmation', async () => {
    const raw = parseSpec(RAW);
    const spec = await resolveSpec(raw, ROOT);
    const plan = resolveTune(raw.tune, spec);
    const before = poolsCreated();
    const r = await runTune(spec, plan, { threads: 2, outDir: tempDir() });
    expect(r.rounds.length).toBe(3);
    expect(r.confirmation).toBeDefined();
    expect(poolsCreated() - before).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { readOnce, type RowSink } from '../../src/analysis/after-run.js';
import { openResult, readMatches, type MatchRow } from '../../src/analysis/results.js';
import { runTournament } from '../../src/runner/run.js';
import { loadSpec } from '../../src/runner/spec.js';
import { join } from 'node:path';
import { FIXTURES, tempDir } from '../fixtures/cli.js';

const SPEC = join(FIXTURES, 'highcard-3p.json'); // 300 matches x 2 variants, 3 players

describe('one read of matches.csv shared by every sink', () => {
  it('hands every row, in file order, to every sink; a sink that throws is set aside and the others go on', async () => {
    const dir = tempDir('tavolo-one-pass-');
    await runTournament(await loadSpec(SPEC), { threads: 1, batch: 100, outDir: dir, inProcess: true });
    const info = openResult(dir);
    const expected: MatchRow[] = [];
    // Rows reach the sinks without their seed (a sink pairs nothing; results.ts, ReadOptions.seeds).
    await readMatches(info, (r) => expected.push(r), { seeds: false });
    expect(expected.every((r) => r.seed === '')).toBe(true);

    const a: MatchRow[] = [];
    const b: MatchRow[] = [];
    let brokenSaw = 0;
    const broken: RowSink = {
      add() {
        if (++brokenSaw === 10) throw new Error('sink broke at row 10');
      },
    };
    const pass = await readOnce(info, [{ add: (r) => a.push(r) }, broken, { add: (r) => b.push(r) }]);
    expect(a).toEqual(expected);
    expect(b).toEqual(expected);
    expect(brokenSaw).toBe(10);
    expect([...pass.failed.keys()]).toEqual([broken]);
    expect(String(pass.failed.get(broken))).toMatch(/sink broke at row 10/);
    expect(pass.summary.perVariant).toEqual([300, 300]);
    expect(pass.summary.spans).toHaveLength(2);
  });
});

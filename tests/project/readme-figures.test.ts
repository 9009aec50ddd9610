import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ROOT, tavoloAsync, tempDir } from '../fixtures/cli.js';

/**
 * Every figure the README quotes from a sequential run is what the command prints: each row of the
 * sequential table whose result says "decided after N of at most M matches" is run, with the spec's own
 * settings (seed, matches, checkpoints; the thread count changes nothing, by design), and its verdict
 * sentence and fixed-sample figure are looked for in the output. (The README once said 20 and 800 where
 * the runs printed 60 and 400.)
 */
vi.setConfig({ testTimeout: 900_000 });

const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const dir = tempDir('tavolo-readme-figures-');

interface QuotedRun {
  spec: string;
  /** The verdict sentence as quoted, up to "... matches" (or "... matches per variant"). */
  claim: string;
  /** "a fixed-sample test needs about F", where quoted. */
  fixedSample: string | null;
}

function quotedRuns(): QuotedRun[] {
  const rows = [...README.matchAll(/^\| `npx tavolo run (tournaments\/[\w.-]+\.json)` \| (.*) \|$/gm)];
  return rows.flatMap(([, spec, result]) => {
    const claim = /^(.*?decided after [\d,]+ of at most [\d,]+ matches(?: per variant)?)/.exec(result);
    if (!claim) return [];
    const fixed = /a fixed-sample test needs about ([\d,]+)/.exec(result);
    return [{ spec, claim: claim[1], fixedSample: fixed ? fixed[1] : null }];
  });
}

describe("the README's sequential figures", () => {
  const runs = quotedRuns();

  it('are quoted for the shipped sequential tournaments', () => {
    expect(runs.map((r) => r.spec).sort()).toEqual(
      ['tournaments/stramat-dado-sprt.json', 'tournaments/stramat-greedy-vs-ismcts-three-way.json', 'tournaments/stramat-ismcts-vs-greedy-sprt.json'].sort(),
    );
  });

  for (const run of runs) {
    it(`match what \`tavolo run ${run.spec}\` prints`, async () => {
      const out = join(dir, run.spec.replace(/\W/g, '-'));
      const r = await tavoloAsync(['run', run.spec, '--out', out, '--threads', '2']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain(`${run.claim}.`);
      if (run.fixedSample) expect(r.stdout).toContain(`a fixed-sample test with the same error rates needs about ${run.fixedSample} matches`);
    });
  }
});

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { readCsvObjects, tavoloAsync, tempDir } from '../fixtures/cli.js';

vi.setConfig({ testTimeout: 600_000 });

describe('ratings on real Stramat matches', () => {
  // The sample size is set by the closest pair, ismcts and pimc at the same 400 iterations. Their rating
  // gap (seed "ratings-test") is +25 with a standard error of 15 after 400 matches (p 0.10: not
  // separated), and +33 with a standard error of 7.5 after 1600 (z 4.4, p 1e-5, Holm-adjusted): 1600
  // clears the 1.96 of a 5% test by 2.4 standard errors. The matches are seeded, so the result is
  // fixed; the margin says it is no lucky draw: another seed would still separate a true gap as small
  // as 15 half the time. More matches were chosen over more iterations because their effect on the
  // gap is known (the standard error falls as 1/sqrt(matches)). Cost: 87 s of CPU, about 45 s on two
  // dedicated cores (140 s measured on a machine shared with other jobs).
  it('ismcts > pimc > greedy > random at a 4-player table, each gap separated', async () => {
    const dir = tempDir('tavolo-ratings-');
    const spec = join(dir, 'strength.json');
    writeFileSync(
      spec,
      JSON.stringify({
        name: 'ratings-strength-4p',
        game: 'stramat',
        players: 4,
        matches: 1600,
        seed: 'ratings-test',
        bots: [
          { name: 'ismcts', bot: 'ismcts', params: { iterations: 400 } },
          { name: 'pimc', bot: 'pimc', params: { iterations: 400 } },
          { name: 'greedy', bot: 'greedy' },
          { name: 'random', bot: 'random' },
        ],
      }),
    );
    const out = join(dir, 'out');
    const r = await tavoloAsync(['run', spec, '--out', out, '--threads', '2']);
    expect(r.code, r.stderr).toBe(0);
    const ratings = readCsvObjects(join(out, 'ratings.csv'));
    expect(ratings.map((x) => x.bot)).toEqual(['ismcts', 'pimc', 'greedy', 'random']);
    expect(ratings.map((x) => x.rank)).toEqual(['1', '2', '3', '4']);
    for (const x of ratings) expect(x.matches).toBe('1600');
    expect(ratings.map((x) => x.separated_from_next)).toEqual(['1', '1', '1', '']);
    expect(r.stdout).toMatch(/ismcts +1 .* ahead of pimc/);
    expect(r.stdout).toMatch(/pimc +2 .* ahead of greedy/);
    expect(r.stdout).toMatch(/greedy +3 .* ahead of random/);
    const h2h = readCsvObjects(join(out, 'head-to-head.csv'));
    expect(h2h).toHaveLength(12);
    const ahead = (a: string, b: string) => Number(h2h.find((x) => x.bot === a && x.opponent === b)!.ahead_share);
    expect(ahead('ismcts', 'random')).toBeGreaterThan(0.7);
    expect(ahead('greedy', 'random')).toBeGreaterThan(0.5);
    expect(readFileSync(join(out, 'ratings.csv'), 'utf8').split('\n')[0]).toBe(
      'variant,bot,rating,rating_low95,rating_high95,matches,rank,gap_to_next,gap_p_holm,separated_from_next',
    );
  });
});

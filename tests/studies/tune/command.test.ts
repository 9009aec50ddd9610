import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { FIXTURES, tavoloAsync, tempDir } from '../../fixtures/cli.js';

vi.setConfig({ testTimeout: 120_000 });

/**
 * `tavolo tune` and its page: tune.html is written after the search's files; when it cannot be, the
 * search still succeeds (its files are complete), and a warning names the command that rebuilds it.
 */
describe('tavolo tune writes tune.html', () => {
  it('says so after the files, warns (exit 0) when the page cannot be written, and `tavolo report` writes it then', async () => {
    const dir = join(tempDir('tavolo-cli-tune-'), 'hc');
    const spec = join(FIXTURES, 'highcard-tune.json');
    const first = await tavoloAsync(['tune', spec, '--threads', '1', '--out', dir]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/Wrote .*hc\/tune\.csv, tune\.json, tune\.html \(\d+ kB\) and the rounds' results/);
    const page = readFileSync(join(dir, 'tune.html'), 'utf8');
    // A directory where the page goes: the rename onto it fails.
    rmSync(join(dir, 'tune.html'));
    mkdirSync(join(dir, 'tune.html', 'blocker'), { recursive: true });
    const again = await tavoloAsync(['tune', spec, '--threads', '1', '--out', dir, '--resume']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/^warning: tune\.html was not written \(.+\); `tavolo report .*hc` rebuilds it\n$/);
    expect(again.stdout).toMatch(/Wrote .*hc\/tune\.csv, tune\.json and the rounds' results/);
    expect(existsSync(join(dir, 'tune.html', 'blocker'))).toBe(true);
    expect(readdirSync(dir).filter((f) => f.includes('.tmp'))).toEqual([]);
    rmSync(join(dir, 'tune.html'), { recursive: true });
    const report = await tavoloAsync(['report', dir]);
    expect(report.code, report.stderr).toBe(0);
    expect(readFileSync(join(dir, 'tune.html'), 'utf8')).toBe(page);
  });
});

import { cpSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, tavoloAsync, tempDir } from '../fixtures/cli.js';

// A finished result folder is never overwritten by accident: `tavolo run` refuses it (exit 2, naming
// --force and --out) unless given --force, and `tavolo merge` refuses the results of another tournament.
const SPEC = join(FIXTURES, 'highcard-3p.json');
const files = ['matches.csv', 'summary.csv', 'seats.csv', 'run.json'];
const snapshot = (dir: string) => files.map((f) => readFileSync(join(dir, f), 'utf8'));

describe('finished results are kept', () => {
  it('run refuses a folder with finished results without --force, replaces them with it', async () => {
    const out = join(tempDir(), 'baseline');
    const first = await tavoloAsync(['run', SPEC, '--matches', '30', '--threads', '1', '--out', out]);
    expect(first.code).toBe(0);
    const before = snapshot(out);
    const mtime = statSync(join(out, 'matches.csv')).mtimeMs;

    const again = await tavoloAsync(['run', SPEC, '--matches', '12', '--threads', '1', '--out', out]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('--out: ');
    expect(again.stderr).toContain('already holds finished results (matches.csv, summary.csv, seats.csv, run.json, manifest.json)');
    expect(again.stderr).toContain('--force');
    expect(again.stdout).toBe('');
    expect(snapshot(out)).toEqual(before);
    expect(statSync(join(out, 'matches.csv')).mtimeMs).toBe(mtime);

    // --resume over finished results of another tournament (12 matches, not 30) is refused the same way.
    const otherResume = await tavoloAsync(['run', SPEC, '--matches', '12', '--threads', '1', '--out', out, '--resume']);
    expect(otherResume.code).toBe(2);
    expect(otherResume.stderr).toContain('--force');
    expect(snapshot(out)).toEqual(before);

    // --resume over the same tournament: nothing to do, nothing rewritten.
    const sameResume = await tavoloAsync(['run', SPEC, '--matches', '30', '--threads', '1', '--out', out, '--resume']);
    expect(sameResume.code).toBe(0);
    expect(sameResume.stdout).toContain('nothing to do');

    const forced = await tavoloAsync(['run', SPEC, '--matches', '12', '--threads', '1', '--out', out, '--force']);
    expect(forced.code).toBe(0);
    expect(readFileSync(join(out, 'matches.csv'), 'utf8').trimEnd().split('\n')).toHaveLength(1 + 2 * 12);
  });

  it('a folder with one final file left in it counts as finished', async () => {
    const dir = tempDir();
    const out = join(dir, 'partial');
    expect((await tavoloAsync(['run', SPEC, '--matches', '6', '--threads', '1', '--out', out])).code).toBe(0);
    const lone = join(dir, 'lone');
    cpSync(join(out, 'summary.csv'), join(lone, 'summary.csv'), { recursive: true });
    const r = await tavoloAsync(['run', SPEC, '--matches', '6', '--threads', '1', '--out', lone]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('already holds finished results (summary.csv)');
  });

  it('merge writes the same shards again, but not over another tournament without --force', async () => {
    const dir = tempDir();
    const shard = (i: number) => join(dir, `shard-${i}`);
    const runs = await Promise.all(
      [0, 1].map((i) => tavoloAsync(['run', SPEC, '--matches', '10', '--shard', `${i}/2`, '--threads', '1', '--out', shard(i)])),
    );
    for (const r of runs) expect(r.code).toBe(0);
    const merged = join(dir, 'merged');
    expect((await tavoloAsync(['merge', shard(0), shard(1), '--out', merged])).code).toBe(0);
    const before = readFileSync(join(merged, 'matches.csv'), 'utf8');
    expect((await tavoloAsync(['merge', shard(0), shard(1), '--out', merged])).code).toBe(0);
    expect(readFileSync(join(merged, 'matches.csv'), 'utf8')).toBe(before);

    const other = join(dir, 'other');
    expect((await tavoloAsync(['run', SPEC, '--matches', '4', '--threads', '1', '--out', other])).code).toBe(0);
    const refused = await tavoloAsync(['merge', shard(0), shard(1), '--out', other]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--force');
    expect(readFileSync(join(other, 'matches.csv'), 'utf8').trimEnd().split('\n')).toHaveLength(1 + 2 * 4);
    const forced = await tavoloAsync(['merge', shard(0), shard(1), '--out', other, '--force']);
    expect(forced.code).toBe(0);
    expect(readFileSync(join(other, 'matches.csv'), 'utf8')).toBe(before);
  });
});

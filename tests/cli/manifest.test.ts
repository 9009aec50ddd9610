import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { tavolo, tempDir } from '../fixtures/cli.js';

/**
 * Results that prove themselves: every command that reads a result folder checks its files against the
 * manifest the run wrote, and refuses an edited one by name (exit 2) unless told to accept edits, when
 * its answer then says so first. The edits are the ones an attacker tried: winners swapped in every third
 * match, a count typed into summary.csv, matches.csv edited beside matches.parquet, a shard's run.json.
 */

vi.setConfig({ testTimeout: 120_000 });

const dir = tempDir();

function spec(name: string): string {
  const file = join(dir, `${name}.json`);
  const bots = [{ name: 'r', bot: 'random' }, { name: 'g', bot: 'greedy' }];
  writeFileSync(file, JSON.stringify({ name, game: 'stramat', players: 2, matches: 30, seed: 'manifest', variants: [{ name: 'base', options: {} }], bots }));
  return file;
}

const base = join(dir, 'base');
const ran = tavolo(['run', spec('manifest'), '--threads', '1', '--parquet', '--out', base]);

/** A copy of the finished run, edited by `edit`. */
function edited(name: string, edit: (d: string) => void): string {
  const copy = join(dir, name);
  cpSync(base, copy, { recursive: true });
  edit(copy);
  return copy;
}

/** matches.csv with the winner of every third match swapped (heads-up: 0 <-> 1), nothing else changed. */
function swapWinners(d: string): void {
  const file = join(d, 'matches.csv');
  const [head, ...rows] = readFileSync(file, 'utf8').split('\n');
  const at = head.split(',').indexOf('winners');
  const swapped = rows.map((row, i) => {
    const cells = row.split(',');
    if (i % 3 === 0 && (cells[at] === '0' || cells[at] === '1')) cells[at] = cells[at] === '0' ? '1' : '0';
    return cells.join(',');
  });
  writeFileSync(file, [head, ...swapped].join('\n'));
}

describe('a result folder checked against its manifest', () => {
  it('is read as written: report, compare and show pass', () => {
    expect(ran.code).toBe(0);
    expect(tavolo(['report', base]).code).toBe(0);
    expect(tavolo(['show', base, '--out', join(dir, 'viewer.html')]).code).toBe(0);
  });

  const swapped = edited('swapped', swapWinners);

  it('refuses matches.csv with swapped winners in report, compare and show, naming the file and the way out', () => {
    for (const args of [['report', swapped], ['compare', base, swapped, '--out', join(dir, 'cmp')], ['show', swapped, '--out', join(dir, 'v2.html')]]) {
      const r = tavolo(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/was changed after tavolo wrote it: matches\.csv has the same size but other content/);
      expect(r.stderr).toMatch(/--accept-edits/);
    }
  });

  it('reads the edited files with --accept-edits, and says so before anything else', () => {
    const r = tavolo(['report', swapped, '--accept-edits']);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toMatch(/^Edited results, read as asked \(--accept-edits\): .*matches\.csv/);
  });

  it('refuses a count typed into summary.csv', () => {
    const typed = edited('typed', (d) => {
      const file = join(d, 'summary.csv');
      const [head, first, ...rest] = readFileSync(file, 'utf8').split('\n');
      const cells = first.split(',');
      cells[head.split(',').indexOf('wins')] = '0.99';
      writeFileSync(file, [head, cells.join(','), ...rest].join('\n'));
    });
    const r = tavolo(['report', typed]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/summary\.csv has \d+ bytes where the run wrote \d+/);
  });

  it('refuses matches.csv edited while matches.parquet is present, naming matches.csv and not the Parquet file', () => {
    const r = tavolo(['compare', base, swapped, '--out', join(dir, 'cmp2')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/matches\.csv/);
    expect(r.stderr).not.toMatch(/matches\.parquet/);
  });

  it('refuses a damaged manifest, and notes a folder that has none', () => {
    const damaged = edited('damaged', (d) => writeFileSync(join(d, 'manifest.json'), '{"format": "tavolo-manifest"'));
    const r = tavolo(['report', damaged]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/manifest\.json cannot be read as JSON/);
    const bare = edited('bare', (d) => rmSync(join(d, 'manifest.json')));
    const b = tavolo(['report', bare]);
    expect(b.code).toBe(0);
    expect(b.stderr).toMatch(/has no manifest\.json .*cannot be checked for edits/);
  });

  it('refuses a shard whose run.json was edited, in merge', () => {
    const shards = [0, 1].map((i) => {
      const out = join(dir, `shard-${i}`);
      expect(tavolo(['run', spec('manifest'), '--threads', '1', '--shard', `${i}/2`, '--out', out]).code).toBe(0);
      return out;
    });
    const runJson = join(shards[1], 'run.json');
    writeFileSync(runJson, readFileSync(runJson, 'utf8').replace(/"threads": 1/, '"threads": 9'));
    const r = tavolo(['merge', ...shards, '--out', join(dir, 'merged')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/shard-1 was changed after tavolo wrote it: run\.json/);
  });
});

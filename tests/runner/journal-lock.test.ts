import { spawn } from 'node:child_process';
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Journal, type JournalMeta } from '../../src/runner/journal.js';
import { runTournament } from '../../src/runner/run.js';
import { loadSpec } from '../../src/runner/spec.js';
import { FIXTURES, ROOT, tempDir } from '../fixtures/cli.js';
import { readJsonFile } from '../helpers/json-files.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const lockOf = (dir: string) => join(dir, 'journal', 'lock');

/** A pid that is certainly not running: a child that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

describe('the journal lock: exclusive and host-aware', () => {
  const dir = tempDir();
  const pristine = join(dir, 'pristine');
  let copies = 0;
  const copy = () => {
    const to = join(dir, `copy-${copies++}`);
    cpSync(pristine, to, { recursive: true });
    return to;
  };

  beforeAll(async () => {
    const spec = await loadSpec(join(FIXTURES, 'highcard-3p.json'), { matches: 20 });
    await runTournament(spec, { threads: 1, inProcess: true, batch: 10, outDir: pristine, shard: { index: 0, count: 1 } });
  });

  it('a lock from another host is refused with how to clear it, never taken over', () => {
    const d = copy();
    const foreign = JSON.stringify({ pid: process.pid, host: 'node-17.cluster', since: '2026-01-01T00:00:00.000Z' });
    writeFileSync(lockOf(d), foreign);
    expect(() => Journal.open(d, true)).toThrow(/locked by tavolo pid \d+ on host node-17\.cluster .*not taken over.*delete .*lock and run again with --resume/s);
    expect(readFileSync(lockOf(d), 'utf8')).toBe(foreign);
  });

  it('a live lock on this host is refused; the lock is left alone', () => {
    const d = copy();
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      writeFileSync(lockOf(d), JSON.stringify({ pid: sleeper.pid, host: hostname() }));
      expect(() => Journal.open(d, true)).toThrow(new RegExp(`another tavolo run \\(pid ${sleeper.pid}\\) is writing`));
      expect(existsSync(lockOf(d))).toBe(true);
    } finally {
      sleeper.kill();
    }
  });

  it('a stale lock on this host (its process gone) is taken over, with a message', async () => {
    const d = copy();
    const pid = await deadPid();
    writeFileSync(lockOf(d), JSON.stringify({ pid, host: hostname() }));
    const j = Journal.open(d, true);
    try {
      expect(j.tookOverLock).toBe(`took over the lock of pid ${pid}, which is no longer running`);
      expect(JSON.parse(readFileSync(lockOf(d), 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
    } finally {
      j.close();
    }
    expect(existsSync(lockOf(d))).toBe(false);
  });

  it('of eight processes opening the same journal at once, exactly one gets it', async () => {
    const d = copy();
    const journalJs = join(ROOT, 'dist', 'src', 'runner', 'journal.js');
    // Each opens the journal for writing at the same moment (a shared start time), holds it a while, and says what it got.
    const at = Date.now() + 1500;
    const code = `
      const { Journal } = await import(${JSON.stringify(journalJs)});
      while (Date.now() < ${at}) {}
      try { const j = Journal.open(${JSON.stringify(d)}, true); console.log('got'); await new Promise((r) => setTimeout(r, 1500)); j.close(); }
      catch (e) { console.log(e.name === 'InputError' ? 'refused' : 'error ' + e.message); }`;
    const outs = await Promise.all(
      Array.from({ length: 8 }, () => {
        const child = spawn(process.execPath, ['--input-type=module', '-e', code]);
        let out = '';
        child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s));
        child.stderr.setEncoding('utf8').on('data', (s: string) => (out += s));
        return new Promise<string>((resolve) => child.on('close', () => resolve(out.trim())));
      }),
    );
    expect(outs.filter((o) => o === 'got'), outs.join('\n')).toHaveLength(1);
    expect(outs.filter((o) => o === 'refused')).toHaveLength(7);
  });
});

describe('a new journal takes the lock before it writes anything', () => {
  it('Journal.create on a directory whose journal a live run holds refuses and leaves its log alone', async () => {
    const dir = tempDir();
    const spec = await loadSpec(join(FIXTURES, 'highcard-3p.json'), { matches: 20 });
    const d = join(dir, 'held');
    await runTournament(spec, { threads: 1, inProcess: true, batch: 10, outDir: d, shard: { index: 0, count: 1 } });
    const log = readFileSync(join(d, 'journal', 'batches.log'));
    const meta = readJsonFile<JournalMeta>(join(d, 'journal', 'meta.json'));
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      writeFileSync(lockOf(d), JSON.stringify({ pid: sleeper.pid, host: hostname() }));
      expect(() => Journal.create(d, meta)).toThrow(/another tavolo run/);
      expect(readFileSync(join(d, 'journal', 'batches.log')).equals(log)).toBe(true);
    } finally {
      sleeper.kill();
    }
  });
});

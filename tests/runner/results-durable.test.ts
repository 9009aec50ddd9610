import * as realFs from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The final files and their folder are forced to disk before the journal is deleted: a power cut just
// after a run must find either the complete files or the journal to resume from. The file-system calls
// of an in-process run are recorded in order and checked.
const events: string[] = [];
const fdPath = new Map<number, string>();

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const openSync = (path: realFs.PathLike, ...rest: unknown[]) => {
    const fd = (fs.openSync as (...a: unknown[]) => number)(path, ...rest);
    fdPath.set(fd, String(path));
    return fd;
  };
  const fsyncSync = (fd: number) => {
    events.push(`fsync ${fdPath.get(fd) ?? fd}`);
    return fs.fsyncSync(fd);
  };
  const renameSync = (a: realFs.PathLike, b: realFs.PathLike) => {
    events.push(`rename ${String(b)}`);
    return fs.renameSync(a, b);
  };
  const rmSync = (p: realFs.PathLike, o?: realFs.RmOptions) => {
    events.push(`rm ${String(p)}`);
    return fs.rmSync(p, o);
  };
  const mocked = { ...fs, openSync, fsyncSync, renameSync, rmSync };
  return { ...mocked, default: mocked };
});

const { runTournament } = await import('../../src/runner/run.js');
const { loadSpec } = await import('../../src/runner/spec.js');
const { FIXTURES, tempDir } = await import('../fixtures/cli.js');

describe('durable final files', () => {
  beforeEach(() => {
    events.length = 0;
  });

  it('every final file and the folder are synced before the journal is deleted', async () => {
    const out = resolve(join(tempDir(), 'out'));
    const spec = await loadSpec(join(FIXTURES, 'highcard-3p.json'), { matches: 20 });
    const r = await runTournament(spec, { threads: 1, batch: 7, outDir: out, inProcess: true });
    expect(r.kind).toBe('complete');
    const at = (e: string) => {
      const i = events.indexOf(e);
      expect(i, `${e} in ${events.join(' | ')}`).toBeGreaterThanOrEqual(0);
      return i;
    };
    const journalGone = at(`rm ${join(out, 'journal')}`);
    for (const f of ['matches.csv', 'summary.csv', 'seats.csv', 'run.json']) {
      const synced = events.findIndex((e) => e.startsWith(`fsync ${join(out, f)}.tmp-`));
      expect(synced, f).toBeGreaterThanOrEqual(0);
      expect(synced).toBeLessThan(at(`rename ${join(out, f)}`));
    }
    const dirSynced = events.lastIndexOf(`fsync ${out}`);
    expect(dirSynced).toBeGreaterThan(at(`rename ${join(out, 'run.json')}`));
    expect(dirSynced).toBeLessThan(journalGone);
    expect(realFs.existsSync(join(out, 'journal'))).toBe(false);
  });
});

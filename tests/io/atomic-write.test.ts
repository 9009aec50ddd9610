import * as realFs from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

// The file system as the helpers see it, with two hooks: a disk that fills up after some bytes (writeSync
// writes what fits, then fails with ENOSPC, as a real full disk does), and a record of every fsync and
// rename in order.
const disk = { bytesLeft: Infinity };
const events: string[] = [];
const fdPath = new Map<number, string>();

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const openSync = (path: realFs.PathLike, ...rest: unknown[]) => {
    const fd = (fs.openSync as (...a: unknown[]) => number)(path, ...rest);
    fdPath.set(fd, String(path));
    return fd;
  };
  const writeSync = (fd: number, buf: Uint8Array, offset = 0, length = buf.length - offset, ...rest: unknown[]) => {
    if (disk.bytesLeft <= 0) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    const n = Math.min(length, disk.bytesLeft);
    disk.bytesLeft -= n;
    return (fs.writeSync as (...a: unknown[]) => number)(fd, buf, offset, n, ...rest);
  };
  const fsyncSync = (fd: number) => {
    events.push(`fsync ${fdPath.get(fd) ?? fd}`);
    return fs.fsyncSync(fd);
  };
  const renameSync = (a: realFs.PathLike, b: realFs.PathLike) => {
    events.push(`rename ${String(a)} -> ${String(b)}`);
    return fs.renameSync(a, b);
  };
  const mocked = { ...fs, openSync, writeSync, fsyncSync, renameSync };
  return { ...mocked, default: mocked };
});

const { AtomicFile, tempPath, writeFileAtomic, writeFilesAtomic } = await import('../../src/io/atomic-write.js');
const { removeTempDirs, tempDir } = await import('../fixtures/cli.js');

afterAll(removeTempDirs);

beforeEach(() => {
  disk.bytesLeft = Infinity;
  events.length = 0;
});

const read = (f: string) => realFs.readFileSync(f, 'utf8');
const entries = (dir: string) => realFs.readdirSync(dir).sort();
/** Some text longer than one write would need, with characters of several UTF-8 widths. */
const TEXT = 'match,seat,bot,score\n' + Array.from({ length: 2000 }, (_, i) => `${i},${i % 4},greedy-è€𝄞,${i * 7}\n`).join('');

describe('writeFileAtomic', () => {
  it('writes the same bytes as writeFileSync, from a string or from bytes, and leaves no temporary file', () => {
    const dir = tempDir();
    writeFileAtomic(join(dir, 'a.csv'), TEXT);
    realFs.writeFileSync(join(dir, 'b.csv'), TEXT);
    writeFileAtomic(join(dir, 'c.bin'), Buffer.from(TEXT));
    expect(realFs.readFileSync(join(dir, 'a.csv')).equals(realFs.readFileSync(join(dir, 'b.csv')))).toBe(true);
    expect(realFs.readFileSync(join(dir, 'c.bin')).equals(realFs.readFileSync(join(dir, 'b.csv')))).toBe(true);
    expect(entries(dir)).toEqual(['a.csv', 'b.csv', 'c.bin']);
  });

  it('replaces a file through one rename of a temporary file in the same folder', () => {
    const dir = tempDir();
    const file = join(dir, 'run.json');
    realFs.writeFileSync(file, 'old\n');
    writeFileAtomic(file, 'new\n');
    expect(read(file)).toBe('new\n');
    expect(events).toEqual([`rename ${tempPath(file)} -> ${file}`]);
    expect(tempPath(file)).toBe(`${file}.tmp-${process.pid}`);
  });

  it('a disk that fills up part way leaves the old file whole and no temporary file behind', () => {
    const dir = tempDir();
    const file = join(dir, 'summary.csv');
    realFs.writeFileSync(file, 'the previous results\n');
    disk.bytesLeft = 1000; // the new text is some 60 kB: a part of it is written, then ENOSPC
    // The message names the file and the next step, not just "ENOSPC ... write"; the code stays (exit 4).
    const err = (() => {
      try {
        writeFileAtomic(file, TEXT);
      } catch (e) {
        return e as Error & { code?: string };
      }
    })();
    expect(err?.message).toBe(`cannot write ${file}: the disk is full (ENOSPC); free space on that disk (or write elsewhere), then run the same command again`);
    expect(err?.code).toBe('ENOSPC');
    expect(read(file)).toBe('the previous results\n');
    expect(entries(dir)).toEqual(['summary.csv']);
    expect(events.filter((e) => e.startsWith('rename'))).toEqual([]);
  });

  it('a failing rename (the name is taken by a folder) removes the temporary file and leaves the folder alone', () => {
    const dir = tempDir();
    const file = join(dir, 'report.html');
    realFs.mkdirSync(file);
    realFs.writeFileSync(join(file, 'keep'), 'x');
    expect(() => writeFileAtomic(file, '<html></html>')).toThrow();
    expect(entries(dir)).toEqual(['report.html']);
    expect(entries(file)).toEqual(['keep']);
  });

  it('durable: the data is forced to disk before the rename, and the folder after it', () => {
    const dir = tempDir();
    const file = join(dir, 'run.json');
    writeFileAtomic(file, '{}\n', { durable: true });
    expect(events).toEqual([`fsync ${tempPath(file)}`, `rename ${tempPath(file)} -> ${file}`, `fsync ${dir}`]);
    // Not durable: no fsync at all (pages and derived files can be made again).
    events.length = 0;
    writeFileAtomic(file, '{}\n');
    expect(events.filter((e) => e.startsWith('fsync'))).toEqual([]);
  });
});

describe('writeFilesAtomic', () => {
  it('renames only once every file is whole: a failure in the second leaves the first unreplaced too', () => {
    const dir = tempDir();
    const [a, b] = [join(dir, 'compare.csv'), join(dir, 'variants.csv')];
    realFs.writeFileSync(a, 'old compare\n');
    realFs.writeFileSync(b, 'old variants\n');
    disk.bytesLeft = Buffer.byteLength(TEXT) + 100; // the first fits, the second does not
    expect(() => writeFilesAtomic([[a, TEXT], [b, TEXT]])).toThrow(/ENOSPC/);
    expect([read(a), read(b)]).toEqual(['old compare\n', 'old variants\n']);
    expect(entries(dir)).toEqual(['compare.csv', 'variants.csv']);
    disk.bytesLeft = Infinity;
    writeFilesAtomic([[a, 'new compare\n'], [b, 'new variants\n']]);
    expect([read(a), read(b)]).toEqual(['new compare\n', 'new variants\n']);
  });
});

describe('AtomicFile (written piece by piece)', () => {
  it('a reader sees the old file until commit, then the whole new one', () => {
    const dir = tempDir();
    const file = join(dir, 'matches.csv');
    realFs.writeFileSync(file, 'old\n');
    const out = AtomicFile.open(file, { durable: true });
    for (const line of TEXT.split(/(?<=\n)/)) out.write(line);
    expect(read(file)).toBe('old\n');
    out.commit();
    expect(read(file)).toBe(TEXT);
    expect(entries(dir)).toEqual(['matches.csv']);
    expect(events).toEqual([`fsync ${tempPath(file)}`, `rename ${tempPath(file)} -> ${file}`, `fsync ${dir}`]);
  });

  it('abort (a stop, or a failure part way) removes the temporary file and keeps the old one', () => {
    const dir = tempDir();
    const file = join(dir, 'log');
    realFs.writeFileSync(file, 'journal\n');
    const out = AtomicFile.open(file);
    out.write('half a ');
    disk.bytesLeft = 0;
    expect(() => out.write('record')).toThrow(/^cannot write .*: the disk is full \(ENOSPC\)/);
    out.abort();
    expect(read(file)).toBe('journal\n');
    expect(entries(dir)).toEqual(['log']);
    expect(() => out.write('more')).toThrow(/after it was closed/);
  });
});

import { mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync, lstatSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../src/io/atomic-write.js';
import { FileSystemError, fileError, refuseLinkedFolder } from '../../src/io/safe-path.js';
import { InputError } from '../../src/errors.js';
import { removeTempDirs, tempDir } from '../fixtures/cli.js';

afterAll(removeTempDirs);

describe('nothing is written through a symbolic link', () => {
  it('a folder that is a link is refused, naming the link and where it points; a real or missing one is fine', () => {
    const dir = tempDir();
    const target = join(dir, 'elsewhere');
    mkdirSync(target);
    symlinkSync(target, join(dir, 'link'));
    expect(() => refuseLinkedFolder(join(dir, 'link'), '--out')).toThrow(InputError);
    expect(() => refuseLinkedFolder(join(dir, 'link') + '/', '--out')).toThrow(`is a symbolic link (to ${target})`);
    expect(() => refuseLinkedFolder(target, '--out')).not.toThrow();
    expect(() => refuseLinkedFolder(join(dir, 'not-yet'), '--out')).not.toThrow();
  });

  it('writeFileAtomic refuses a folder that is a link, and never writes through a link planted at its temporary name', () => {
    const dir = tempDir();
    const outside = join(dir, 'outside');
    mkdirSync(outside);
    symlinkSync(outside, join(dir, 'matches'));
    expect(() => writeFileAtomic(join(dir, 'matches', 'base-0.html'), 'x')).toThrow(/matches is a symbolic link/);
    expect(readdirSync(outside)).toEqual([]);

    const victim = join(outside, 'victim.txt');
    writeFileSync(victim, 'mine\n');
    const file = join(dir, 'run.json');
    symlinkSync(victim, `${file}.tmp-${process.pid}`);
    writeFileAtomic(file, '{}\n');
    expect(readFileSync(victim, 'utf8')).toBe('mine\n');
    expect(readFileSync(file, 'utf8')).toBe('{}\n');
    expect(lstatSync(file).isSymbolicLink()).toBe(false);
  });
});

describe('file-system errors name the file and the next step', () => {
  const errno = (code: string) => Object.assign(new Error(`${code}: raw text, write`), { code });

  it('the machine\'s failures keep their code (exit 4); the input\'s are InputErrors (exit 2)', () => {
    const full = fileError(errno('ENOSPC'), '/r/matches.csv', 'write') as FileSystemError;
    expect(full).toBeInstanceOf(FileSystemError);
    expect(full.code).toBe('ENOSPC');
    expect(full.message).toBe('cannot write /r/matches.csv: the disk is full (ENOSPC); free space on that disk (or write elsewhere), then run the same command again');
    const long = fileError(errno('ENAMETOOLONG'), `/r/${'v'.repeat(300)}-0.html`, 'write') as InputError;
    expect(long).toBeInstanceOf(InputError);
    expect(long.message).toMatch(/^cannot write \/r\/v+\.\.\. \(310 characters\): the name is too long for the file system \(ENAMETOOLONG\); give a shorter/);
    expect(fileError(errno('EACCES'), '/r/a', 'write')).toBeInstanceOf(InputError);
    expect((fileError(errno('EWHATEVER'), '/r/a', 'write') as Error).message).toBe('cannot write /r/a: EWHATEVER: raw text, write');
    const plain = new TypeError('not a file-system error');
    expect(fileError(plain, '/r/a', 'write')).toBe(plain);
  });
});

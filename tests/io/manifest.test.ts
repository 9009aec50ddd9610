import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MANIFEST, checkManifest, digestFile, recordInManifest, setManifestPolicy, writeManifest, type ManifestCheck } from '../../src/io/manifest.js';
import { tempDir } from '../fixtures/cli.js';

/** A folder with two files and their manifest. */
function folder(): string {
  const dir = join(tempDir('tavolo-manifest-'), 'result');
  mkdirSync(dir);
  writeFileSync(join(dir, 'a.csv'), 'x,y\n1,2\n');
  writeFileSync(join(dir, 'b.csv'), 'z\n3\n');
  writeManifest(dir, ['a.csv', 'b.csv']);
  return dir;
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

afterEach(() => setManifestPolicy(false, () => {}));

describe('a result folder\'s manifest', () => {
  it('records each file\'s size and SHA-256, as an independent hash of its bytes gives them', () => {
    const dir = folder();
    const m = JSON.parse(readFileSync(join(dir, MANIFEST), 'utf8')) as { files: Record<string, { bytes: number; sha256: string }> };
    expect(m.files['a.csv']).toEqual({ bytes: 8, sha256: sha('x,y\n1,2\n') });
    expect(m.files['b.csv']).toEqual({ bytes: 4, sha256: sha('z\n3\n') });
    expect(checkManifest(dir).state).toBe('checked');
  });

  it('refuses a file edited to the same size by name, and one edited to another size with both sizes', () => {
    const dir = folder();
    writeFileSync(join(dir, 'a.csv'), 'x,y\n2,1\n');
    expect(() => checkManifest(dir)).toThrow(/a\.csv has the same size but other content/);
    writeFileSync(join(dir, 'b.csv'), 'z\n30\n');
    expect(() => checkManifest(dir)).toThrow(/b\.csv has 5 bytes where the run wrote 4/);
  });

  it('sees an edit made after the file was hashed once in the same process', () => {
    const dir = folder();
    expect(digestFile(join(dir, 'a.csv')).sha256).toBe(sha('x,y\n1,2\n'));
    writeFileSync(join(dir, 'a.csv'), 'x,y\n9,9\n');
    expect(() => checkManifest(dir)).toThrow(/a\.csv/);
  });

  it('refuses a missing file unless the caller rebuilds it', () => {
    const dir = folder();
    rmSync(join(dir, 'b.csv'));
    expect(() => checkManifest(dir)).toThrow(/b\.csv is missing/);
    expect(checkManifest(dir, ['b.csv']).state).toBe('checked');
  });

  it('reads edited files when asked, and says so once per folder and set of edits', () => {
    const dir = folder();
    writeFileSync(join(dir, 'a.csv'), 'x,y\n7,7\n');
    const said: ManifestCheck[] = [];
    setManifestPolicy(true, (c) => said.push(c));
    expect(checkManifest(dir).state).toBe('accepted');
    checkManifest(dir);
    expect(said).toHaveLength(1);
    expect(said[0].edits.join(' ')).toMatch(/a\.csv/);
  });

  it('records files written later (derived files), and leaves a folder without a manifest without one', () => {
    const dir = folder();
    writeFileSync(join(dir, 'c.csv'), 'w\n');
    recordInManifest(dir, ['c.csv']);
    writeFileSync(join(dir, 'c.csv'), 'v\n');
    expect(() => checkManifest(dir)).toThrow(/c\.csv/);
    const bare = join(tempDir('tavolo-manifest-'), 'old');
    mkdirSync(bare);
    writeFileSync(join(bare, 'a.csv'), '1\n');
    recordInManifest(bare, ['a.csv']);
    expect(checkManifest(bare).state).toBe('absent');
  });

  it('refuses a damaged manifest by name', () => {
    const dir = folder();
    writeFileSync(join(dir, MANIFEST), '{"format": "tavolo-manifest", "version": 1, "files": {"a.csv": {"bytes": 8}}}');
    expect(() => checkManifest(dir)).toThrow(/manifest\.json is not a tavolo manifest/);
    writeFileSync(join(dir, MANIFEST), '{"format": ');
    expect(() => checkManifest(dir)).toThrow(/manifest\.json cannot be read as JSON/);
  });
});

import { closeSync, existsSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { basename, join, resolve } from 'node:path';
import { InputError } from '../errors.js';
import { tempPath, writeFileAtomic, writeFilesAtomic } from './atomic-write.js';

/*
 * A result folder's manifest (manifest.json): the size and SHA-256 of each file the run (or merge, or
 * search) wrote there, so that every command that reads the folder can tell the files are still the ones
 * written. A file edited by hand or by another program afterwards (winners swapped in matches.csv, a
 * count typed into summary.csv) is refused by name, exit 2, unless the user asks to accept edits
 * (`--accept-edits`): the output then says first which files were edited.
 *
 * The manifest is a check against edits and damage, not a signature: whoever edits a file and writes a
 * new manifest for it is not caught (nothing in a folder can catch that without a key kept elsewhere).
 */

export const MANIFEST = 'manifest.json';
/**
 * Files a result's readers rebuild when missing (`tavolo report`), or do without (matches.parquet, the
 * same rows as matches.csv, which is read instead): their absence is not an edit.
 */
export const DERIVED_FILES: readonly string[] = ['compare.csv', 'variants.csv', 'ratings.csv', 'head-to-head.csv', 'sweep.csv', 'grid.csv', 'matches.parquet'];
const FORMAT = 'tavolo-manifest';
const VERSION = 1;

export interface FileDigest {
  bytes: number;
  sha256: string;
}

interface ManifestFile {
  format: typeof FORMAT;
  version: number;
  files: Record<string, FileDigest>;
}

/** Digests of files already hashed in this process, by path, valid while size and modification time hold. */
const known = new Map<string, { size: number; mtimeMs: number; ino: number; digest: FileDigest }>();

const CHUNK = 1 << 20;

/** The size and SHA-256 of a file, read in 1 MB chunks (memory stays flat whatever its size). */
export function digestFile(file: string): FileDigest {
  const st = statSync(file);
  const cached = known.get(file);
  if (cached && cached.size === st.size && cached.mtimeMs === st.mtimeMs && cached.ino === st.ino) return cached.digest;
  const hash = createHash('sha256');
  const buf = Buffer.allocUnsafe(CHUNK);
  const fd = openSync(file, 'r');
  let bytes = 0;
  try {
    for (let n = readSync(fd, buf, 0, CHUNK, null); n > 0; n = readSync(fd, buf, 0, CHUNK, null)) {
      hash.update(buf.subarray(0, n));
      bytes += n;
    }
  } finally {
    closeSync(fd);
  }
  const digest = { bytes, sha256: hash.digest('hex') };
  known.set(file, { size: st.size, mtimeMs: st.mtimeMs, ino: st.ino, digest });
  return digest;
}

function manifestText(files: Record<string, FileDigest>): string {
  const sorted: Record<string, FileDigest> = {};
  for (const name of Object.keys(files).sort()) sorted[name] = files[name];
  const m: ManifestFile = { format: FORMAT, version: VERSION, files: sorted };
  return `${JSON.stringify(m, null, 2)}\n`;
}

/**
 * The manifest of files about to be put in place together (each still under its temporary name, as
 * atomic-write.ts writes them): returns the text of manifest.json for them, keyed by their final names.
 */
export function manifestOfTemps(files: readonly string[], alsoInPlace: readonly string[] = []): string {
  const entries: Record<string, FileDigest> = {};
  for (const f of files) entries[basename(f)] = digestFile(tempPath(f));
  for (const f of alsoInPlace) if (existsSync(f)) entries[basename(f)] = digestFile(f);
  return manifestText(entries);
}

/** Reads manifest.json of a folder: undefined when there is none; an InputError when it is damaged. */
function readManifest(dir: string): ManifestFile | undefined {
  const file = join(dir, MANIFEST);
  if (!existsSync(file)) return undefined;
  let m: Partial<ManifestFile>;
  try {
    m = JSON.parse(readFileSync(file, 'utf8')) as Partial<ManifestFile>;
  } catch (err) {
    throw new InputError(`${file} cannot be read as JSON (${(err as Error).message}): the folder's files cannot be checked; rerun the command that wrote the folder`);
  }
  const files = m?.files;
  const sound =
    m?.format === FORMAT &&
    m.version === VERSION &&
    files !== null &&
    typeof files === 'object' &&
    Object.values(files).every((d) => d !== null && typeof d === 'object' && Number.isInteger(d.bytes) && typeof d.sha256 === 'string' && /^[0-9a-f]{64}$/.test(d.sha256));
  if (!sound) throw new InputError(`${file} is not a tavolo manifest (expected {"format": "${FORMAT}", "version": ${VERSION}, "files": {name: {bytes, sha256}}}): the folder's files cannot be checked`);
  return m as ManifestFile;
}

/**
 * Adds (or updates) files written into a folder after its manifest: the derived files of a run
 * (compare.csv, ratings.csv, ...). A folder without a manifest (an older tavolo wrote it) is left without.
 */
export function recordInManifest(dir: string, names: readonly string[]): void {
  const m = readManifest(dir);
  if (m === undefined) return;
  const files = { ...m.files };
  for (const name of names) {
    const file = join(dir, name);
    if (existsSync(file)) files[name] = digestFile(file);
  }
  writeFileAtomic(join(dir, MANIFEST), manifestText(files));
}

/**
 * Writes files derived from a folder's results into it (each through a temporary name, renamed once all are
 * whole) and records them in its manifest, so a later read notices when they are edited.
 */
export function writeDerivedFiles(dir: string, entries: ReadonlyArray<readonly [file: string, data: string]>): void {
  writeFilesAtomic(entries);
  recordInManifest(dir, entries.map(([file]) => basename(file)));
}

/** Writes a folder's manifest for these files (in place): a search's own files, a shard's run.json. */
export function writeManifest(dir: string, names: readonly string[]): void {
  const files: Record<string, FileDigest> = {};
  for (const name of names) {
    const file = join(dir, name);
    if (existsSync(file)) files[name] = digestFile(file);
  }
  writeFileAtomic(join(dir, MANIFEST), manifestText(files));
}

/** What a check found: nothing to say, no manifest at all, or edited files the user accepted. */
export interface ManifestCheck {
  readonly dir: string;
  readonly state: 'checked' | 'absent' | 'accepted';
  /** Per edited (or missing) file, in words. */
  readonly edits: readonly string[];
}

/** How the files of a folder differ from its manifest, one sentence per file. */
function editsOf(dir: string, m: ManifestFile, rebuildable: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const [name, want] of Object.entries(m.files)) {
    const file = join(dir, name);
    // A derived file that is missing or empty is rebuilt by its reader (`tavolo report`), not read.
    if (rebuildable.has(name) && (!existsSync(file) || statSync(file).size === 0)) continue;
    if (!existsSync(file)) {
      out.push(`${name} is missing (the manifest records ${want.bytes} bytes)`);
      continue;
    }
    const found = digestFile(file);
    if (found.bytes !== want.bytes) out.push(`${name} has ${found.bytes} bytes where the run wrote ${want.bytes}`);
    else if (found.sha256 !== want.sha256) out.push(`${name} has the same size but other content than the run wrote (SHA-256 ${found.sha256.slice(0, 12)}... against ${want.sha256.slice(0, 12)}...)`);
  }
  return out;
}

/** The user's choice for this process: accept edited files (`--accept-edits`), and who hears about them. */
const policy: { accept: boolean; say: (check: ManifestCheck) => void } = { accept: false, say: () => {} };
/** What was already reported in this process: a folder read by several steps of a command is reported once. */
const reported = new Set<string>();

/** Set once by the command line: whether edited files are accepted, and how a check is reported. */
export function setManifestPolicy(accept: boolean, say: (check: ManifestCheck) => void): void {
  policy.accept = accept;
  policy.say = say;
  reported.clear();
}

/**
 * Checks a folder's files against its manifest before anything is read from them (each time: a file's
 * digest is computed once in a process while its size, modification time and inode hold). An edited or missing
 * file is an InputError naming each one (exit 2), unless edits are accepted; a folder without a manifest
 * is reported (an older tavolo wrote it, or the manifest was removed) and read. `rebuildable`: files the
 * caller rebuilds when missing or empty (derived files), so their absence is not an edit.
 */
export function checkManifest(dirArg: string, rebuildable: readonly string[] = []): ManifestCheck {
  const dir = resolve(dirArg);
  const m = readManifest(dir);
  const edits = m ? editsOf(dir, m, new Set(rebuildable)) : [];
  if (edits.length > 0 && !policy.accept) {
    throw new InputError(
      `${dirArg} was changed after tavolo wrote it: ${edits.join('; ')}. Rerun the command that wrote the folder, ` +
        'or give --accept-edits to read the edited files anyway (the output then says so first)',
    );
  }
  const check: ManifestCheck = { dir: dirArg, state: m === undefined ? 'absent' : edits.length > 0 ? 'accepted' : 'checked', edits };
  const key = `${dir}\n${check.state}\n${edits.join('\n')}`;
  if (check.state !== 'checked' && !reported.has(key)) {
    reported.add(key);
    policy.say(check);
  }
  return check;
}

/** The sentence a command prints first about a check that is not clean. */
export function manifestNotice(check: ManifestCheck): string {
  if (check.state === 'absent') return `${check.dir} has no ${MANIFEST} (an older tavolo wrote it, or it was removed): its files cannot be checked for edits.`;
  return `Edited results, read as asked (--accept-edits): in ${check.dir}, ${check.edits.join('; ')}. The figures below come from the edited files, not from what the run wrote.`;
}

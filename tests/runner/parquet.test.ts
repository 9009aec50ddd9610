import { spawn } from 'node:child_process';
import { cpSync, existsSync, readFileSync, readdirSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { FIXTURES, ROOT, tavoloAsync, tempDir } from '../fixtures/cli.js';
import { readJsonFile } from '../helpers/json-files.js';

// These tests start processes; on a busy machine they need more than the default 5 s.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 240_000 });

/**
 * matches.parquet through the runner: the same bytes whatever the threads, the batch size, a kill and
 * --resume, or shards and merge; part of the result's file set (never clobbered, moved aside whole by
 * --force); and tavolo's own analysis gives the same numbers from it as from matches.csv.
 */
const SPEC = join(FIXTURES, 'highcard-3p.json'); // 2 variants, 3 players; long-hands annuls ties
const PARQUET = 'matches.parquet';
/** What the analysis after a run writes from the matches. */
const DERIVED = ['compare.csv', 'variants.csv', 'ratings.csv', 'head-to-head.csv'];
const bytes = (dir: string, f: string) => readFileSync(join(dir, f));
const read = (dir: string, f: string) => readFileSync(join(dir, f), 'utf8');

async function ok(args: string[]) {
  const r = await tavoloAsync(args);
  expect(r.code, `${args.join(' ')}\n${r.stderr}`).toBe(0);
  return r;
}

/** The fixture spec with its game path made absolute, plus `extra` fields. */
function specWith(dir: string, name: string, extra: Record<string, unknown>): string {
  const file = join(dir, `${name}.json`);
  const fixture = readJsonFile<object>(SPEC);
  writeFileSync(file, JSON.stringify({ ...fixture, game: join(FIXTURES, 'highcard.mjs'), ...extra }));
  return file;
}

const records = (dir: string) => {
  const log = join(dir, 'journal', 'batches.log');
  return existsSync(log) ? (readFileSync(log, 'latin1').match(/^TVB2 /gm) ?? []).length : 0;
};

/** Starts `tavolo run`, kills it (SIGKILL) once `minRecords` batches are journaled. */
async function runAndKill(args: string[], out: string, minRecords: number): Promise<void> {
  const child = spawn(process.execPath, [join(ROOT, 'bin', 'tavolo.js'), ...args], { cwd: ROOT, env: { ...process.env, CI: '1' } });
  const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
  let exited = false;
  void closed.then(() => (exited = true));
  while (!exited && records(out) < minRecords) await sleep(10);
  expect(exited, 'the run finished before it could be killed').toBe(false);
  child.kill('SIGKILL');
  await closed;
}

describe('matches.parquet through the runner', () => {
  const dir = tempDir('tavolo-parquet-run-');
  const plain = join(dir, 'plain');
  const runs = ['t1', 't2-b7', 't2-b1000', 't1-b1', 'spec-field'].map((k) => join(dir, k));
  const shard = (i: number, name = 'shards') => join(dir, name, `shard-${i}`);
  const slow = join(dir, 'slow.json');

  beforeAll(async () => {
    const field = specWith(dir, 'field', { parquet: true });
    await Promise.all([
      ok(['run', SPEC, '--out', plain, '--threads', '2']),
      ok(['run', SPEC, '--out', runs[0], '--threads', '1', '--parquet']),
      ok(['run', SPEC, '--out', runs[1], '--threads', '2', '--batch', '7', '--parquet']),
      ok(['run', SPEC, '--out', runs[2], '--threads', '2', '--batch', '1000', '--parquet']),
      ok(['run', SPEC, '--out', runs[3], '--threads', '1', '--batch', '1', '--parquet']),
      ok(['run', field, '--out', runs[4], '--threads', '2']),
    ]);
    // Shards run with --parquet (their journals remember it), and shards run without it.
    await Promise.all([
      ok(['run', SPEC, '--shard', '0/3', '--out', shard(0), '--parquet', '--threads', '1', '--batch', '17']),
      ok(['run', SPEC, '--shard', '1/3', '--out', shard(1), '--parquet', '--threads', '2']),
      ok(['run', SPEC, '--shard', '2/3', '--out', shard(2), '--parquet', '--threads', '1']),
      ok(['run', SPEC, '--shard', '0/2', '--out', shard(0, 'plain-shards')]),
      ok(['run', SPEC, '--shard', '1/2', '--out', shard(1, 'plain-shards')]),
    ]);
    // A slower tournament (a bot that spins a millisecond a decision), to be killed in the middle.
    writeFileSync(
      slow,
      JSON.stringify({
        name: 'slow',
        game: join(FIXTURES, 'highcard.mjs'),
        players: 3,
        matches: 300,
        seed: 'slow',
        parquet: true,
        variants: [{ name: 'base' }, { name: 'ties-annul', options: { annulOnTie: true } }],
        bots: [{ name: 'spinner', bot: join(FIXTURES, 'misbehave.mjs'), params: { spin: 1000 } }, { bot: 'random' }, { bot: 'greedy' }],
      }),
    );
  });

  it('the same bytes on any thread count and batch size, asked by the flag or by the spec', () => {
    const first = bytes(runs[0], PARQUET);
    expect(first.length).toBeGreaterThan(1000);
    for (const d of runs.slice(1)) expect(bytes(d, PARQUET).equals(first), d).toBe(true);
    // The other files are those of a run without it; a run without it writes none.
    for (const f of ['matches.csv', 'summary.csv', 'seats.csv', ...DERIVED]) expect(read(runs[1], f), f).toBe(read(plain, f));
    expect(existsSync(join(plain, PARQUET))).toBe(false);
    expect(readdirSync(runs[1]).filter((n) => n.includes('.tmp-'))).toEqual([]);
  });

  it("the analysis after the run read matches.parquet and wrote the same files as from matches.csv; so do report and compare", async () => {
    // The run's own analysis (from the parquet file) against the plain run's (from matches.csv): above.
    // Now a folder and its copy without the file, through `tavolo report` and `tavolo compare`.
    const csvOnly = join(dir, 'csv-only');
    cpSync(runs[0], csvOnly, { recursive: true });
    rmSync(join(csvOnly, PARQUET));
    const a = await ok(['report', runs[0]]);
    const b = await ok(['report', csvOnly]);
    expect(a.stdout.replaceAll(runs[0], 'X')).toBe(b.stdout.replaceAll(csvOnly, 'X'));
    const strip = (html: string) => html.replace(/"generated_ms":\s*[\d.]+/g, '').replace(/\d+(\.\d+)? ms/g, '');
    expect(strip(read(runs[0], 'report.html'))).toBe(strip(read(csvOnly, 'report.html')));
    const cmpParquet = join(dir, 'cmp-parquet');
    const cmpCsv = join(dir, 'cmp-csv');
    const c1 = await tavoloAsync(['compare', plain, runs[0], '--out', cmpParquet]);
    const c2 = await tavoloAsync(['compare', plain, csvOnly, '--out', cmpCsv]);
    expect(c1.code).toBe(c2.code);
    expect(c1.stdout.replaceAll(runs[0], 'X').replaceAll(cmpParquet, 'O')).toBe(c2.stdout.replaceAll(csvOnly, 'X').replaceAll(cmpCsv, 'O'));
    for (const f of ['compare.csv', 'variants.csv']) expect(read(cmpParquet, f), f).toBe(read(cmpCsv, f));
    // And they did read the file: a damaged one stops each of them, by name (the manifest's check first,
    // and with edits accepted, the Parquet reader's own).
    const damaged = join(dir, 'damaged');
    cpSync(runs[0], damaged, { recursive: true });
    truncateSync(join(damaged, PARQUET), 500);
    expect((await tavoloAsync(['report', damaged])).stderr).toContain(`${PARQUET} has 500 bytes where the run wrote`);
    for (const args of [['report', damaged, '--accept-edits'], ['compare', plain, damaged, '--out', join(dir, 'cmp-damaged'), '--accept-edits']]) {
      const r = await tavoloAsync(args);
      expect(r.code, args[0]).toBe(2);
      expect(r.stderr, args[0]).toContain(`${PARQUET} is damaged`);
    }
  });

  it('shards and merge: the single run\'s bytes, whether the shards or the merge asked for it', async () => {
    const merged = join(dir, 'merged');
    const r = await ok(['merge', shard(2), shard(0), shard(1), '--out', merged]);
    expect(r.stdout).toContain(`${PARQUET}, summary.csv`);
    expect(bytes(merged, PARQUET).equals(bytes(runs[0], PARQUET))).toBe(true);
    const plainMerged = join(dir, 'plain-merged');
    await ok(['merge', shard(0, 'plain-shards'), shard(1, 'plain-shards'), '--out', join(dir, 'plain-merged-none')]);
    expect(existsSync(join(dir, 'plain-merged-none', PARQUET))).toBe(false);
    await ok(['merge', shard(0, 'plain-shards'), shard(1, 'plain-shards'), '--out', plainMerged, '--parquet']);
    expect(bytes(plainMerged, PARQUET).equals(bytes(runs[0], PARQUET))).toBe(true);
  });

  it('kill -9 in the middle, then --resume without --parquet (the journal remembers the spec asked): the bytes of an uninterrupted run', async () => {
    const clean = join(dir, 'slow-clean');
    const killed = join(dir, 'slow-killed');
    await ok(['run', slow, '--out', clean, '--threads', '2']);
    await runAndKill(['run', slow, '--out', killed, '--threads', '1', '--batch', '10'], killed, 5);
    expect(existsSync(join(killed, PARQUET))).toBe(false);
    // The spec now without the field: the journal's record of the first start still asks for the file.
    const without = readJsonFile<Record<string, unknown>>(join(dir, 'slow.json'));
    delete without.parquet;
    writeFileSync(join(dir, 'slow-without.json'), JSON.stringify(without));
    const resumed = await ok(['run', join(dir, 'slow-without.json'), '--out', killed, '--threads', '2', '--batch', '7', '--resume']);
    expect(resumed.stdout).toMatch(/Resuming: \d+ of 600 matches/);
    expect(bytes(killed, PARQUET).equals(bytes(clean, PARQUET))).toBe(true);
    expect(read(killed, 'matches.csv')).toBe(read(clean, 'matches.csv'));
  });

  it('is part of the file set: never overwritten without --force, moved aside whole with it', async () => {
    const out = join(dir, 'forced');
    await ok(['run', SPEC, '--matches', '20', '--out', out, '--parquet']);
    const refused = await tavoloAsync(['run', SPEC, '--matches', '30', '--out', out, '--parquet']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('already holds finished results');
    // Only the parquet file left: still a finished result.
    for (const f of ['matches.csv', 'summary.csv', 'seats.csv', 'run.json']) rmSync(join(out, f));
    const alone = await tavoloAsync(['run', SPEC, '--matches', '30', '--out', out]);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain(PARQUET);
    // --force without --parquet: the old file goes with the old set, so no stale file is read later.
    await ok(['run', SPEC, '--matches', '30', '--out', out, '--force']);
    expect(existsSync(join(out, PARQUET))).toBe(false);
    expect(readdirSync(dir).filter((n) => n.includes('.replaced-'))).toEqual([]);
  });

  it('a spec field that is not true or false is refused by name (exit 2)', async () => {
    const bad = specWith(dir, 'bad', { parquet: 'yes' });
    const r = await tavoloAsync(['run', bad, '--out', join(dir, 'bad-out')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/parquet: expected true or false, found the string "yes"/);
  });
});

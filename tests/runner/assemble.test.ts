import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Rng } from '../../src/engine/rng.js';
import { Assembler, assemble, placeRecords } from '../../src/runner/assemble.js';
import { Journal, readMeta, type JournalRecord } from '../../src/runner/journal.js';
import { runTournament } from '../../src/runner/run.js';
import { loadSpec } from '../../src/runner/spec.js';
import { ROOT, tempDir } from '../fixtures/cli.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const DADO = join(ROOT, 'tournaments', 'stramat-dado.json');
const FILES = ['matches.csv', 'summary.csv', 'seats.csv'];
const info = () => ({ note: 'test' });

/**
 * The final files are built while a run plays (Assembler, fed each batch as it is journaled, in
 * completion order). These tests feed one shard journal's records to an Assembler in many orders, with
 * and without their payloads at hand, with batches recorded twice and batches missing, and check the
 * files against the in-order assembly that `tavolo merge` does and against a whole run.
 */
describe('the final files do not depend on the order in which batches arrive', () => {
  const dir = tempDir();
  const shardDir = join(dir, 'shard');
  const wholeDir = join(dir, 'whole');
  let journal: Journal;
  let records: JournalRecord[];

  beforeAll(async () => {
    // A "shard" 0/1 is the whole tournament, played on two threads in small batches; it keeps its journal.
    const spec = await loadSpec(DADO, { matches: 300 });
    await runTournament(spec, { threads: 2, batch: 7, outDir: shardDir, shard: { index: 0, count: 1 } });
    await runTournament(spec, { threads: 1, batch: 'auto', outDir: wholeDir });
    journal = Journal.open(shardDir, false);
    records = journal.records;
  });

  const assembleAt = (out: string, offers: Array<{ record: JournalRecord; withPayload: boolean }>) => {
    const meta = readMeta(shardDir);
    mkdirSync(out, { recursive: true });
    const a = new Assembler(meta, out, meta.ranges);
    for (const { record, withPayload } of offers) a.offer({ journal, record }, withPayload ? journal.read(record) : undefined);
    return a;
  };

  it('the journal holds many batches of both variants', () => {
    expect(records.length).toBeGreaterThan(80);
    expect(new Set(records.map((r) => r.variant)).size).toBe(2);
  });

  it('in-order assembly (merge) gives the files of a whole run', async () => {
    const meta = readMeta(shardDir);
    const { order, problems } = placeRecords([journal], meta.variants.length, 300);
    expect(problems).toEqual([]);
    const out = join(dir, 'in-order');
    mkdirSync(out);
    await assemble(order, meta, out, info);
    for (const f of FILES) expect(readFileSync(join(out, f), 'utf8')).toBe(readFileSync(join(wholeDir, f), 'utf8'));
  });

  it('shuffled offers, payloads given or read back, batches recorded twice: the same files', () => {
    const rng = new Rng('assemble-order');
    for (let trial = 0; trial < 6; trial++) {
      const offers = records.map((record) => ({ record, withPayload: rng.int(2) === 0 }));
      // Twice recorded: a few batches offered again, before or after their first copy.
      for (let k = 0; k < 5; k++) offers.push({ record: records[rng.int(records.length)], withPayload: rng.int(2) === 0 });
      if (trial > 0) rng.shuffle(offers);
      const out = join(dir, `shuffled-${trial}`);
      const a = assembleAt(out, offers);
      expect(a.complete).toBe(true);
      expect(a.problems()).toEqual([]);
      expect(a.written).toBe(600);
      a.finish(info);
      for (const f of FILES) expect(readFileSync(join(out, f), 'utf8')).toBe(readFileSync(join(wholeDir, f), 'utf8'));
      expect(JSON.parse(readFileSync(join(out, 'run.json'), 'utf8'))).toEqual({ note: 'test' });
      expect(readdirSync(out).filter((n) => n.includes('.tmp-'))).toEqual([]);
    }
  });

  it('a missing batch: not complete, the gap named, nothing put in place; abort removes the temporary files', () => {
    const sorted = [...records].sort((a, b) => a.variant - b.variant || a.start - b.start);
    const gone = sorted[40];
    const out = join(dir, 'gap');
    const a = assembleAt(
      out,
      sorted.filter((r) => r !== gone).reverse().map((record) => ({ record, withPayload: false })),
    );
    expect(a.complete).toBe(false);
    expect(a.written).toBe(gone.variant * 300 + gone.start);
    expect(a.problems()).toEqual([`variant ${gone.variant}: matches ${gone.start}-${gone.end - 1} are missing`]);
    expect(() => a.finish(info)).toThrow(/are missing/);
    for (const f of [...FILES, 'run.json']) expect(existsSync(join(out, f))).toBe(false);
    a.abort();
    expect(readdirSync(out)).toEqual([]);
  });

  it('a record that overlaps another is a problem, not silently merged', () => {
    const sorted = [...records].sort((a, b) => a.variant - b.variant || a.start - b.start);
    const first = sorted[0];
    const out = join(dir, 'overlap');
    const offers = sorted.map((record) => ({ record, withPayload: true }));
    // The same start as a batch already taken, another end: two batches claim the same matches.
    offers.push({ record: { ...first, end: first.end - 1 }, withPayload: false });
    const a = assembleAt(out, offers);
    expect(a.complete).toBe(true);
    expect(a.problems()).toEqual([`variant ${first.variant}: matches ${first.start}-${first.end - 2} are recorded twice`]);
    a.abort();
    expect(readdirSync(out)).toEqual([]);
  });
});

import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Assembler } from '../../src/runner/assemble.js';
import { mergeShards } from '../../src/runner/merge.js';
import { Journal, JournalDamaged, readMeta } from '../../src/runner/journal.js';
import { runTournament } from '../../src/runner/run.js';
import { loadSpec, type ResolvedSpec } from '../../src/runner/spec.js';
import { FIXTURES, tempDir } from '../fixtures/cli.js';
import { readJsonFile } from '../helpers/json-files.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const SPEC = join(FIXTURES, 'highcard-3p.json');
const FILES = ['matches.csv', 'summary.csv', 'seats.csv'];
const read = (dir: string, f: string) => readFileSync(join(dir, f), 'utf8');
const logOf = (dir: string) => join(dir, 'journal', 'batches.log');

/** The header fields of a record, in the order they are written (journal-record.ts). */
const FIELDS = ['magic', 'variant', 'start', 'end', 'rows', 'csvBytes', 'recKind', 'recBytes', 'notesBytes', 'payload crc', 'header crc'] as const;
type Field = (typeof FIELDS)[number];

/**
 * Changes one header field of the first record of a journal. `forge`: the header CRC is computed again
 * (as a careful attacker or a buggy tool would), so only the record's agreement with itself can tell.
 */
function tamper(dir: string, field: Field, change: (v: string) => string, forge: boolean): void {
  const log = readFileSync(logOf(dir), 'latin1');
  const nl = log.indexOf('\n');
  const parts = log.slice(0, nl).split(' ');
  const i = FIELDS.indexOf(field);
  parts[i] = change(parts[i]);
  if (forge) {
    const body = parts.slice(0, 10).join(' ') + ' ';
    parts[10] = crc32(Buffer.from(body, 'latin1')).toString(16).padStart(8, '0');
  }
  writeFileSync(logOf(dir), parts.join(' ') + log.slice(nl), 'latin1');
}

const inc = (v: string) => String(Number(v) + 1);

/**
 * Forges the first record of a journal as a careful attacker would: the winner of its first match is
 * changed in the matches.csv text only (same length), and both checksums are computed again, so the
 * record checks itself but its text and its numbers tell two stories.
 */
function forgeWinner(dir: string): void {
  const log = readFileSync(logOf(dir));
  const nl = log.indexOf(10);
  const parts = log.subarray(0, nl).toString('latin1').split(' ');
  const payloadLength = Number(parts[5]) + Number(parts[7]) + Number(parts[8]);
  const payload = Buffer.from(log.subarray(nl + 1, nl + 1 + payloadLength));
  const rowEnd = payload.indexOf(10);
  const cells = payload.subarray(0, rowEnd).toString('latin1').split(',');
  const at = 6; // winners follow variant, match, seed and the three seats' bots
  cells[at] = String((Number(cells[at].split(';')[0]) + 1) % 3);
  payload.write(cells.join(','), 0, rowEnd, 'latin1');
  parts[9] = crc32(payload).toString(16).padStart(8, '0');
  const body = parts.slice(0, 10).join(' ') + ' ';
  parts[10] = crc32(Buffer.from(body, 'latin1')).toString(16).padStart(8, '0');
  writeFileSync(logOf(dir), Buffer.concat([Buffer.from(parts.join(' '), 'latin1'), log.subarray(nl, nl + 1), payload, log.subarray(nl + 1 + payloadLength)]));
}

/** Appends a copy of the journal's first record to its log (the same matches recorded twice). */
function duplicateFirst(dir: string): void {
  const j = Journal.open(dir, false);
  const first = j.records[0];
  const end = first.offset + first.csvBytes + first.recBytes + first.notesBytes + 1;
  j.close();
  const log = readFileSync(logOf(dir));
  writeFileSync(logOf(dir), Buffer.concat([log, log.subarray(0, end)]));
}

describe('a journal that checks itself: every header field, header and payload', () => {
  const dir = tempDir();
  const whole = join(dir, 'whole');
  const pristine = (i: number) => join(dir, 'pristine', `shard-${i}`);
  let spec: ResolvedSpec;

  beforeAll(async () => {
    spec = await loadSpec(SPEC, { matches: 60 });
    await runTournament(spec, { threads: 1, inProcess: true, batch: 10, outDir: whole });
    for (const i of [0, 1]) await runTournament(spec, { threads: 1, inProcess: true, batch: 10, outDir: pristine(i), shard: { index: i, count: 2 } });
  });

  /** A fresh copy of the two shards, to damage. */
  let copies = 0;
  const copyShards = (): string[] => {
    const base = join(dir, `copy-${copies++}`);
    return [0, 1].map((i) => {
      cpSync(pristine(i), join(base, `shard-${i}`), { recursive: true });
      return join(base, `shard-${i}`);
    });
  };

  const cases: Array<[Field, boolean, (v: string) => string, RegExp]> = [
    ['variant', true, () => '1', /variant: variant reads 1/],
    ['start', true, inc, /start: start reads/],
    ['end', true, inc, /end: end reads/],
    ['rows', true, inc, /rows: rows reads/],
    ['csvBytes', true, inc, /csvBytes/],
    ['recKind', true, (v) => (v === 'i' ? 'f' : 'i'), /recKind/],
    ['recBytes', true, inc, /recBytes/],
    ['notesBytes', true, inc, /notesBytes/],
    ['payload crc', true, (v) => (v[0] === '0' ? '1' : '0') + v.slice(1), /payload/],
    ['variant', false, () => '1', /header crc: the header does not match its checksum/],
    ['end', false, inc, /header crc/],
    ['header crc', false, (v) => (v[0] === '0' ? '1' : '0') + v.slice(1), /header crc/],
  ];

  it.each(cases)('a changed %s field (header CRC forged: %s) is refused by merge by name; --resume replays that batch; then merge gives the single run', async (field, forge, change, named) => {
    const [a, b] = copyShards();
    tamper(a, field, change, forge);
    const out = join(dir, `merged-${copies}`);
    const refusal = await mergeShards([a, b], out).then(
      () => undefined,
      (err: Error) => err,
    );
    expect(refusal?.name).toBe('InputError');
    expect(refusal?.message).toContain(logOf(a).split('/').slice(-3).join('/'));
    expect(refusal?.message).toMatch(/record 1 \(at byte 0\)/);
    expect(refusal?.message).toMatch(named);
    expect(refusal?.message).toContain('--resume');
    expect(existsSync(join(out, 'matches.csv'))).toBe(false);

    // --resume of the damaged shard (complete but for that record) says so and plays only that batch.
    const notices: string[] = [];
    const outcome = await runTournament(spec, {
      threads: 1,
      inProcess: true,
      batch: 10,
      outDir: a,
      shard: { index: 0, count: 2 },
      resume: true,
      onStart: (s) => notices.push(...s.notices),
    });
    expect(outcome.kind).toBe('shard');
    expect(outcome.playedMatches).toBe(10);
    expect(notices.join('\n')).toMatch(/record 1 \(at byte 0\) was damaged .*removed and its batch is played again/);
    await mergeShards([a, b], out);
    for (const f of FILES) expect(read(out, f), f).toBe(read(whole, f));
  });

  it('a record whose text was forged with fresh checksums is named by merge (text and numbers disagree), and --resume plays it again', async () => {
    const [a, b] = copyShards();
    forgeWinner(a);
    const out = join(dir, 'merged-forged');
    await expect(mergeShards([a, b], out)).rejects.toThrow(/record 1 \(at byte 0\): rows and numbers: its text and its numbers disagree at match 0: the row's winners read "\d", the numbers' "\d"/);
    const notices: string[] = [];
    const outcome = await runTournament(spec, { threads: 1, inProcess: true, batch: 10, outDir: a, shard: { index: 0, count: 2 }, resume: true, onStart: (s) => notices.push(...s.notices) });
    expect(outcome.playedMatches).toBe(10);
    expect(notices.join('\n')).toMatch(/record 1 .*text and its numbers disagree.*played again/);
    await mergeShards([a, b], out);
    for (const f of FILES) expect(read(out, f), f).toBe(read(whole, f));
  });

  it('a record copied into the journal is counted once: --resume says so and counts the distinct matches; merge gives the single run', async () => {
    const [a, b] = copyShards();
    // An unfinished shard: its last record cut off, then a copy of its first appended.
    const j = Journal.open(a, false);
    const last = j.records[j.records.length - 1];
    j.close();
    const log = readFileSync(logOf(a));
    writeFileSync(logOf(a), log.subarray(0, log.lastIndexOf('TVB2 ', last.offset)));
    rmSync(join(a, 'run.json'));
    duplicateFirst(a);
    const starts: Array<{ done: number; notices: string[] }> = [];
    const outcome = await runTournament(spec, { threads: 1, inProcess: true, batch: 10, outDir: a, shard: { index: 0, count: 2 }, resume: true, onStart: (s) => starts.push(s) });
    expect(starts[0].done).toBe(50);
    expect(starts[0].notices.join('\n')).toMatch(/record 6 \(at byte \d+\) was a copy \(it records matches 0-9 of variant 0 again\); counted once and removed/);
    expect(outcome.playedMatches).toBe(10);
    duplicateFirst(b);
    const out = join(dir, 'merged-copied');
    await mergeShards([a, b], out);
    for (const f of FILES) expect(read(out, f), f).toBe(read(whole, f));
  });

  it('--resume of a whole run whose journal holds a damaged record replays that batch and writes the right files', async () => {
    // An unfinished whole run: a complete journal of the whole tournament, without final files.
    const out = join(dir, 'whole-damaged');
    await runTournament(spec, { threads: 1, inProcess: true, batch: 10, outDir: out, shard: { index: 0, count: 1 } });
    rmSync(join(out, 'run.json'));
    const metaFile = join(out, 'journal', 'meta.json');
    writeFileSync(metaFile, JSON.stringify({ ...JSON.parse(readFileSync(metaFile, 'utf8')), shard: null }));
    tamper(out, 'variant', () => '1', true);
    const notices: string[] = [];
    const outcome = await runTournament(spec, { threads: 1, inProcess: true, batch: 10, outDir: out, resume: true, onStart: (s) => notices.push(...s.notices) });
    expect(outcome.kind).toBe('complete');
    expect(outcome.playedMatches).toBe(10);
    expect(notices.join('\n')).toMatch(/record 1 .*variant: variant reads 1 .*played again/);
    for (const f of FILES) expect(read(out, f), f).toBe(read(whole, f));
  });

  it('a complete shard whose last record is cut: merge says to resume it, and --resume does play the batch', async () => {
    const [a, b] = copyShards();
    const log = readFileSync(logOf(a));
    writeFileSync(logOf(a), log.subarray(0, log.length - 5));
    const out = join(dir, 'merged-torn');
    await expect(mergeShards([a, b], out)).rejects.toThrow(/incomplete: 50 of 60 matches; finish it with .*--resume/);
    const outcome = await runTournament(spec, { threads: 1, inProcess: true, batch: 10, outDir: a, shard: { index: 0, count: 2 }, resume: true });
    expect(outcome.kind).toBe('shard');
    expect(outcome.playedMatches).toBe(10);
    await mergeShards([a, b], out);
    for (const f of FILES) expect(read(out, f), f).toBe(read(whole, f));
  });

  it('a payload changed after the journal was opened is refused when read back', () => {
    const [a] = copyShards();
    const j = Journal.open(a, false);
    try {
      const r = j.records[0];
      const buf = readFileSync(logOf(a));
      buf[r.offset] ^= 1;
      writeFileSync(logOf(a), buf);
      expect(() => j.read(r)).toThrow(JournalDamaged);
      expect(() => j.read(r)).toThrow(/record 1 .*payload/);
    } finally {
      j.close();
    }
  });

  it('a journal of format 1 (payload CRC only) is refused with what to do', () => {
    const [a] = copyShards();
    const metaFile = join(a, 'journal', 'meta.json');
    const meta = readJsonFile<object>(metaFile);
    writeFileSync(metaFile, JSON.stringify({ ...meta, format: 'tavolo-journal/1' }));
    expect(() => readMeta(a)).toThrow(/older tavolo .*journal format 1.*delete/);
  });

  it('summary, seats and matches are cross-checked before the final files are written', () => {
    const [a] = copyShards();
    const j = Journal.open(a, false);
    const meta = readMeta(a);
    const out = join(dir, 'cross');
    mkdirSync(out);
    const asm = new Assembler(meta, out, meta.ranges);
    try {
      for (const [n, record] of [...j.records].sort((x, y) => x.variant - y.variant || x.start - y.start).entries()) {
        const p = j.read(record);
        // One record's rows lose their last line: the numbers still count 10 matches, the rows 9.
        const csv = n === 2 ? p.csv.subarray(0, p.csv.lastIndexOf(10, p.csv.length - 2) + 1) : p.csv;
        asm.offer({ journal: j, record }, { ...p, csv });
      }
      expect(() => asm.finish(() => ({}))).toThrow(/would not agree.*matches\.csv rows 29, expected 30/);
      expect(existsSync(join(out, 'matches.csv'))).toBe(false);
    } finally {
      j.close();
    }
  });

  it('--resume after a kill while the journal was being removed finds the final files complete', async () => {
    const out = join(dir, 'removed');
    await runTournament(spec, { threads: 1, inProcess: true, batch: 10, outDir: out });
    // The state a kill during the old removal could leave: meta.json without batches.log.
    const meta = readMeta(pristine(0));
    mkdirSync(join(out, 'journal'));
    writeFileSync(join(out, 'journal', 'meta.json'), JSON.stringify({ ...meta, shard: null, ranges: meta.ranges.map(() => [0, 60]) }));
    const before = read(out, 'matches.csv');
    const outcome = await runTournament(spec, { threads: 1, inProcess: true, batch: 10, outDir: out, resume: true });
    expect(outcome.kind).toBe('already-complete');
    expect(existsSync(join(out, 'journal'))).toBe(false);
    expect(read(out, 'matches.csv')).toBe(before);
    rmSync(out, { recursive: true });
  });
});

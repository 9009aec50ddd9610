import { appendFileSync, cpSync, mkdirSync, readFileSync, renameSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { setManifestPolicy } from '../../src/io/manifest.js';
import { openResult, readMatches, splitLine, type MatchRow } from '../../src/analysis/results.js';
import { InputError } from '../../src/errors.js';
import { mergeShards } from '../../src/runner/merge.js';
import { runTournament } from '../../src/runner/run.js';
import { loadSpec } from '../../src/runner/spec.js';
import { FIXTURES, tempDir } from '../fixtures/cli.js';
import { readJsonFile, readRunJson } from '../helpers/json-files.js';

const SPEC = join(FIXTURES, 'highcard-3p.json'); // 300 matches x 2 variants, 3 players; long-hands annuls ties

async function readAll(dir: string): Promise<MatchRow[]> {
  const rows: MatchRow[] = [];
  await readMatches(openResult(dir), (r) => rows.push(r));
  return rows;
}

function expectNotResult(fn: () => unknown, pattern: RegExp): void {
  let caught: unknown;
  try {
    fn();
  } catch (err) {
    caught = err;
  }
  expect(caught).toBeInstanceOf(InputError);
  expect((caught as Error).message).toMatch(pattern);
}

async function expectReadFails(dir: string, pattern: RegExp): Promise<void> {
  await expect(readAll(dir)).rejects.toThrow(pattern);
}

describe('results reader', () => {
  const root = tempDir('tavolo-results-');
  const whole = join(root, 'whole');
  const merged = join(root, 'merged');
  const shard = (i: number) => join(root, `shard-${i}`);

  beforeAll(async () => {
    const spec = await loadSpec(SPEC);
    await runTournament(spec, { threads: 1, batch: 40, outDir: whole, inProcess: true });
    for (const i of [0, 1]) await runTournament(spec, { threads: 1, batch: 40, outDir: shard(i), shard: { index: i, count: 2 }, inProcess: true });
    await mergeShards([shard(1), shard(0)], merged);
  });

  it('reads run.json and every row with typed fields, equal to what csv-parse makes of the file', async () => {
    const info = openResult(whole);
    expect(info).toMatchObject({ game: 'highcard', players: 3, matchesPerVariant: 300, variants: ['base', 'long-hands'], hasAnnulledColumn: true });
    expect(info.lineup).toEqual(['greedy', 'random', 'random']);
    const rows = await readAll(whole);
    const records = parse<Record<string, string>>(readFileSync(join(whole, 'matches.csv')), { columns: true });
    expect(rows.length).toBe(600);
    rows.forEach((r, i) => {
      const c = records[i];
      expect(r.variant).toBe(c.variant);
      expect(r.variantIndex).toBe(r.variant === 'base' ? 0 : 1);
      expect(r.match).toBe(Number(c.match));
      expect(r.seed).toBe(`fixture/match/${r.match}`);
      expect(r.bots).toEqual([c.seat0_bot, c.seat1_bot, c.seat2_bot]);
      expect(r.winners.join(';')).toBe(c.winners);
      expect(r.annulled).toBe(c.annulled === '1');
      expect(r.scores).toEqual([0, 1, 2].map((s) => Number(c[`seat${s}_score`])));
      expect(r.ranks).toEqual([0, 1, 2].map((s) => Number(c[`seat${s}_rank`])));
      expect(r.firstPlayer).toBe(Number(c.first_player));
      expect([r.turns, r.decisions, r.endReason]).toEqual([Number(c.turns), Number(c.decisions), c.end_reason]);
      expect(r.faultSeat).toBe(c.fault_seat === '' ? -1 : Number(c.fault_seat));
      info.metricNames.forEach((m, k) => expect(Object.is(r.metrics[k], c[m] === '' ? NaN : Number(c[m]))).toBe(true));
    });
    // The file has annulled matches and shared wins, so both paths are exercised.
    expect(rows.some((r) => r.annulled)).toBe(true);
    expect(rows.some((r) => r.winners.length > 1)).toBe(true);
    // Row by row, the seat bots follow the rotation of run.json's lineup.
    for (const r of rows) expect(r.bots).toEqual([0, 1, 2].map((s) => info.lineup[(s + r.match) % 3]));
  });

  it('reads merged shard output exactly as the whole run', async () => {
    expect(openResult(merged).mergedShards).toBe(2);
    expect(await readAll(merged)).toEqual(await readAll(whole));
  });

  it('reads the format of older versions (no annulled column, no "complete" in run.json)', async () => {
    const old = join(root, 'old');
    mkdirSync(old);
    const records = parse(readFileSync(join(whole, 'matches.csv')));
    const at = records[0].indexOf('annulled');
    writeFileSync(join(old, 'matches.csv'), stringify(records.map((r) => r.filter((_, i) => i !== at))));
    const run = readJsonFile<Record<string, unknown>>(join(whole, 'run.json'));
    delete run.complete;
    delete run.spec_hash;
    delete run.shard;
    writeFileSync(join(old, 'run.json'), JSON.stringify(run));
    expect(openResult(old).hasAnnulledColumn).toBe(false);
    const rows = await readAll(old);
    const now = await readAll(whole);
    expect(rows.map((r) => r.annulled)).toEqual(now.map((r) => r.winners.length === 0));
    expect(rows.map((r) => r.turns)).toEqual(now.map((r) => r.turns));
  });

  it('reads names that need CSV quoting (commas, quotes, line breaks)', async () => {
    const odd = join(root, 'odd');
    mkdirSync(odd);
    const names: Record<string, string> = { base: 'a, "b"\nc', greedy: 'g"r,e' };
    const records = parse(readFileSync(join(whole, 'matches.csv')));
    const renamed = records.map((r, i) => (i === 0 ? r : r.map((c, k) => (k === 0 || (k >= 3 && k < 6) ? (names[c] ?? c) : c))));
    writeFileSync(join(odd, 'matches.csv'), stringify(renamed));
    const run = readRunJson(whole);
    run.variants[0].name = names.base;
    run.lineup[0].name = names.greedy;
    writeFileSync(join(odd, 'run.json'), JSON.stringify(run));
    const rows = await readAll(odd);
    const now = await readAll(whole);
    expect(rows.length).toBe(600);
    expect(rows[0].variant).toBe(names.base);
    expect(rows.filter((r) => r.bots.includes(names.greedy)).length).toBe(600);
    expect(rows.map((r) => r.scores)).toEqual(now.map((r) => r.scores));
  });

  describe('a folder that is not a finished result: one clear error each', () => {
    const copy = (name: string) => {
      const d = join(root, name);
      cpSync(whole, d, { recursive: true });
      return d;
    };

    it('missing folder, a file, no run.json, a journal only', () => {
      expectNotResult(() => openResult(join(root, 'nowhere')), /nowhere is not a finished tavolo result: the folder does not exist/);
      expectNotResult(() => openResult(join(whole, 'run.json')), /a file, not a folder/);
      const empty = join(root, 'empty');
      mkdirSync(empty);
      expectNotResult(() => openResult(empty), /no run\.json/);
      mkdirSync(join(empty, 'journal'));
      expectNotResult(() => openResult(empty), /journal of an unfinished run.*--resume/);
    });

    it('a shard, an interrupted write, a broken run.json, a header for another player count', () => {
      expectNotResult(() => openResult(shard(0)), /shard 0\/2 .*tavolo merge/);
      const tmp = copy('tmp');
      renameSync(join(tmp, 'matches.csv'), join(tmp, 'matches.csv.tmp-123'));
      expectNotResult(() => openResult(tmp), /matches\.csv was never put in place/);
      const broken = copy('broken');
      writeFileSync(join(broken, 'run.json'), '{"game": ');
      expectNotResult(() => openResult(broken), /run\.json cannot be read as JSON/);
      const players = copy('players');
      const run = readJsonFile<{ players: number; lineup: object[] }>(join(players, 'run.json'));
      run.players = 4;
      run.lineup.push({ name: 'x' });
      writeFileSync(join(players, 'run.json'), JSON.stringify(run));
      expectNotResult(() => openResult(players), /column 7 is "winners", expected "seat3_bot" \(for 4 players/);
    });

    it('a truncated, shortened or edited matches.csv fails while reading, naming the line', async () => {
      // The manifest would refuse each edit first (tests/cli/manifest.test.ts); read as accepted edits, the
      // reader's own checks must still name the line.
      setManifestPolicy(true, () => {});
      onTestFinished(() => setManifestPolicy(false, () => {}));
      const cut = copy('cut');
      const file = join(cut, 'matches.csv');
      truncateSync(file, readFileSync(file).length - 5);
      await expectReadFails(cut, /line 601: the last line is incomplete/);

      const short = copy('short');
      const lines = readFileSync(join(short, 'matches.csv'), 'utf8').split('\n');
      writeFileSync(join(short, 'matches.csv'), lines.slice(0, -2).join('\n') + '\n');
      await expectReadFails(short, /299 matches of variant long-hands, run\.json says 300/);

      const gap = copy('gap');
      writeFileSync(join(gap, 'matches.csv'), lines.filter((_, i) => i !== 11).join('\n'));
      await expectReadFails(gap, /line 12: match 11 of base, expected match 10/);

      const junk = copy('junk');
      const turnsAt = lines[0].split(',').indexOf('turns');
      const edit = (l: string) => l.split(',').map((c, k) => (k === turnsAt ? 'x' : c)).join(',');
      writeFileSync(join(junk, 'matches.csv'), lines.map((l, i) => (i === 5 ? edit(l) : l)).join('\n'));
      await expectReadFails(junk, /line 6: turns is "x", expected an integer/);

      const extra = copy('extra');
      appendFileSync(join(extra, 'matches.csv'), 'long-hands,300,s\n');
      await expectReadFails(extra, /line 602: 3 cells, expected/);
      rmSync(join(root, 'cut'), { recursive: true });
    });
  });
});

describe('results reader: one variant at a time', () => {
  it('passes only the variant asked for, still checking the whole file', async () => {
    const dir = tempDir('tavolo-results-v-');
    await runTournament(await loadSpec(SPEC), { threads: 1, batch: 100, outDir: dir, inProcess: true });
    const info = openResult(dir);
    const all: MatchRow[] = [];
    await readMatches(info, (r) => all.push(r));
    const only: MatchRow[] = [];
    const summary = await readMatches(info, (r) => only.push(r), { variant: 'long-hands' });
    expect(only).toEqual(all.filter((r) => r.variant === 'long-hands'));
    expect({ rows: summary.rows, perVariant: summary.perVariant }).toEqual({ rows: 600, perVariant: [300, 300] });
    await expect(readMatches(info, () => {}, { variant: 'nope' })).rejects.toThrow(/has no variant "nope" \(it has base, long-hands\)/);
  });

  it("a whole read finds each variant's bytes, and reading a span gives exactly that variant's rows", async () => {
    const dir = tempDir('tavolo-results-span-');
    await runTournament(await loadSpec(SPEC), { threads: 1, batch: 100, outDir: dir, inProcess: true });
    const info = openResult(dir);
    const all: MatchRow[] = [];
    const { spans } = await readMatches(info, (r) => all.push(r));
    const text = readFileSync(join(dir, 'matches.csv'));
    const header = text.indexOf(10) + 1;
    const secondStart = text.indexOf(Buffer.from('\nlong-hands,0,')) + 1;
    expect(spans).toEqual([
      { start: header, end: secondStart },
      { start: secondStart, end: text.length },
    ]);
    for (const [v, variant] of info.variants.entries()) {
      const rows: MatchRow[] = [];
      const summary = await readMatches(info, (r) => rows.push(r), { variant, span: spans[v] });
      expect(rows).toEqual(all.filter((r) => r.variant === variant));
      expect(summary.perVariant[v]).toBe(300);
    }
    // A span that is not the variant's rows is refused, not read as if it were.
    await expect(readMatches(info, () => {}, { variant: 'base', span: spans[1] })).rejects.toThrow(/is not a finished tavolo result/);
    await expect(readMatches(info, () => {}, { variant: 'base', span: { start: header, end: secondStart - 40 } })).rejects.toThrow(/is not a finished tavolo result/);
  });
});

describe('one record of matches.csv split into its cells', () => {
  // A grid's variant names hold a comma, so every row of a grid starts with a quoted cell: split directly
  // (csv-parse once per row cost about 100 µs), and the same cells as csv-parse gives.
  const records = [
    'plain,0,seed/match/0,,1',
    '"hand=1,deck=12",0,hc/match/0,greedy,,0',
    '"hand=1,deck=12"',
    '"a ""quoted"" name, with a comma",1,x',
    '"hand=1,deck=12",3,"a,b",c',
    '"",1,2',
    'x,"y,z",w',
  ];
  for (const line of records) {
    it(`splits ${line} as csv-parse does`, () => {
      expect(splitLine(line)).toEqual(parse(line, { relax_column_count: true })[0]);
    });
  }

  it('still refuses a record that is not CSV', () => {
    expect(() => splitLine('"hand=1,deck=12"x,0')).toThrow();
  });
});

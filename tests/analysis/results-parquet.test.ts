import { cpSync, mkdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchBatches, openResult, readMatches, type MatchRow, type ReadSummary } from '../../src/analysis/results.js';
import { InputError } from '../../src/errors.js';
import { csvCell, matchesFixedColumns } from '../../src/io/csv.js';
import { MatchesParquetWriter } from '../../src/io/parquet.js';
import { tempDir } from '../fixtures/cli.js';
import { readJsonFile } from '../helpers/json-files.js';

/**
 * matches.parquet against matches.csv on a hand-made result folder whose cells are what a plugin game
 * may put there: names that need quoting (a comma, a quote, a line break), fractional scores, ranks and
 * metrics, empty cells (a metric with no value), shared wins, annulled matches, a faulted seat. The
 * writer is given the CSV rows in pieces of uneven size and row groups of 5 rows, so that groups
 * straddle the pieces and the two variants.
 */
const PLAYERS = 3;
const MATCHES = 12;
const VARIANTS = ['base, again', 'say "hi"'];
const METRICS = ['half', 'maybe'];
const HEADER = [...matchesFixedColumns(PLAYERS), ...METRICS];
const SPEC_HASH = 'f'.repeat(64);

function cells(v: number, i: number): string[] {
  const bots = ['alpha', 'be,ta', 'gam\nma'];
  const rot = (s: number) => bots[(s + i) % PLAYERS];
  const annulled = i % 5 === 4;
  const winners = annulled ? '' : i % 3 === 0 ? '0;2' : String(i % PLAYERS);
  const fault = i === 7 ? '1' : '';
  return [
    VARIANTS[v],
    String(i),
    `seed/match/${i}`,
    rot(0),
    rot(1),
    rot(2),
    winners,
    annulled ? '1' : '0',
    String(i / 4),
    '-3',
    String(1e21 + v),
    '1',
    '1.5',
    '1.5',
    String(i % PLAYERS),
    String(10 + i),
    String(100 * i),
    fault ? 'bot_error' : i % 2 ? 'done' : 'out of cards, "really"',
    fault,
    `${i.toString(16).padStart(8, '0')}${v}0000000`,
    String(0.1 * i),
    i % 4 === 1 ? '' : String(v - i),
  ];
}

const line = (c: string[]) => c.map(csvCell).join(',') + '\n';

/** A finished result folder (run.json, matches.csv) and, unless `parquet` is false, its matches.parquet. */
function makeFolder(dir: string, parquet = true, rowGroupRows = 5): void {
  mkdirSync(dir, { recursive: true });
  const rows: string[] = [];
  for (let v = 0; v < VARIANTS.length; v++) for (let i = 0; i < MATCHES; i++) rows.push(line(cells(v, i)));
  writeFileSync(join(dir, 'matches.csv'), line(HEADER) + rows.join(''));
  writeFileSync(
    join(dir, 'run.json'),
    JSON.stringify({
      tournament: 'hand-made',
      spec_hash: SPEC_HASH,
      game: 'handmade',
      players: PLAYERS,
      seed: 'seed',
      matches_per_variant: MATCHES,
      variants: VARIANTS.map((name) => ({ name })),
      lineup: ['alpha', 'be,ta', 'gam\nma'].map((name) => ({ name })),
      complete: true,
    }),
  );
  if (!parquet) return;
  const w = new MatchesParquetWriter({ file: join(dir, 'matches.parquet'), header: HEADER, players: PLAYERS, maxMatch: MATCHES - 1, specHash: SPEC_HASH, rowGroupRows });
  // Pieces of 1, 2, 3, ... rows, as batches of uneven size arrive.
  for (let at = 0, size = 1; at < rows.length; at += size, size++) w.addCsvRows(Buffer.from(rows.slice(at, at + size).join('')));
  w.finish();
}

async function readAll(dir: string): Promise<{ rows: MatchRow[]; summary: ReadSummary }> {
  const rows: MatchRow[] = [];
  const summary = await readMatches(openResult(dir), (r) => rows.push(r));
  return { rows, summary };
}

async function refusal(dir: string): Promise<string> {
  try {
    await readAll(dir);
  } catch (err) {
    expect(err).toBeInstanceOf(InputError);
    return (err as Error).message;
  }
  throw new Error('the folder was read');
}

describe('matches.parquet read by tavolo', () => {
  const root = tempDir('tavolo-parquet-');
  const csvOnly = join(root, 'csv');
  const both = join(root, 'both');
  makeFolder(csvOnly, false);
  makeFolder(both);

  it('gives exactly the rows matches.csv gives (fractions, empty cells, quoted names, shared wins, faults)', async () => {
    expect(openResult(csvOnly).parquet).toBeUndefined();
    expect(openResult(both).parquet?.groups.length).toBe(5); // 24 rows in groups of 5
    const fromCsv = await readAll(csvOnly);
    const fromParquet = await readAll(both);
    expect(fromCsv.rows.length).toBe(2 * MATCHES);
    expect(fromParquet.rows).toEqual(fromCsv.rows);
    // The cases above are really there (so that equality means something).
    const r = fromCsv.rows;
    expect(r[1].scores[0]).toBe(0.25);
    expect(r[0].ranks).toEqual([1, 1.5, 1.5]);
    expect(r[1].metrics[1]).toBeNaN();
    expect(r[0].winners).toEqual([0, 2]);
    expect(r[4].annulled).toBe(true);
    expect(r[7].faultSeat).toBe(1);
    expect(r[13].playHash).toBe('0000000110000000'); // variant 1, match 1
    expect(r[0].variant).toBe('base, again');
    expect(r[0].bots[2]).toBe('gam\nma');
    expect(r[12].scores[2]).toBe(1e21 + 1);
    expect(fromParquet.summary.rows).toBe(24);
    expect(fromParquet.summary.perVariant).toEqual([MATCHES, MATCHES]);
  });

  it('reads one variant alone, in batches, as matches.csv does', async () => {
    for (const variant of VARIANTS) {
      const fromCsv: MatchRow[] = [];
      const fromParquet: MatchRow[] = [];
      for await (const b of matchBatches(openResult(csvOnly), { variant })) fromCsv.push(...b);
      for await (const b of matchBatches(openResult(both), { variant })) fromParquet.push(...b);
      expect(fromParquet.length).toBe(MATCHES);
      expect(fromParquet).toEqual(fromCsv);
    }
  });

  it('falls back to matches.csv when the file is missing', async () => {
    const dir = join(root, 'removed');
    cpSync(both, dir, { recursive: true });
    rmSync(join(dir, 'matches.parquet'));
    expect(openResult(dir).parquet).toBeUndefined();
    expect((await readAll(dir)).rows).toEqual((await readAll(csvOnly)).rows);
  });

  const damaged = (name: string, harm: (file: string) => void) => {
    const dir = join(root, name);
    cpSync(both, dir, { recursive: true });
    harm(join(dir, 'matches.parquet'));
    return dir;
  };
  const flip = (at: (size: number) => number) => (file: string) => {
    const bytes = readFileSync(file);
    bytes[at(bytes.length)] ^= 0x20;
    writeFileSync(file, bytes);
  };

  it('refuses a file cut short, by name', async () => {
    const dir = damaged('cut', (f) => truncateSync(f, statSync(f).size - 100));
    expect(await refusal(dir)).toMatch(/matches\.parquet is damaged: it does not end with the Parquet mark.*Delete it to have tavolo read matches\.csv/);
  });

  it('refuses a changed byte inside a row group (its checksum), by name and group', async () => {
    const info = openResult(both).parquet!;
    const g = info.groups[2];
    const dir = damaged('flipped', flip(() => Math.floor((g.start + g.end) / 2)));
    expect(await refusal(dir)).toMatch(/matches\.parquet is damaged: row group 3 \(bytes \d+-\d+\) fails its checksum/);
  });

  it('a changed byte anywhere in the file: refused by name, or the very same rows (a part tavolo does not use)', async () => {
    // The footer's statistics (min and max of each column chunk) and the writer's name are not used by the
    // reader: a change there leaves the rows as they were. Anything else must be refused.
    const expected = (await readAll(csvOnly)).rows;
    const dir = damaged('bytes', () => undefined);
    const file = join(dir, 'matches.parquet');
    const original = readFileSync(file);
    let refused = 0;
    let same = 0;
    // Every thirteenth byte (and all of the last 64: the footer's length and the end mark), one at a time.
    for (let at = 0; at < original.length; at += at >= original.length - 64 ? 1 : 13) {
      const bytes = Buffer.from(original);
      bytes[at] ^= 0x20;
      writeFileSync(file, bytes);
      let rows: MatchRow[] | undefined;
      try {
        rows = (await readAll(dir)).rows;
      } catch (err) {
        expect(err, `byte ${at}`).toBeInstanceOf(InputError);
        expect((err as Error).message, `byte ${at}`).toMatch(/matches\.parquet is damaged/);
        refused++;
      }
      if (rows) {
        expect(rows, `byte ${at} changed the rows`).toEqual(expected);
        same++;
      }
    }
    // Most bytes are data, covered by the row groups' checksums.
    expect(refused).toBeGreaterThan(same);
  });

  it("refuses another tournament's file, and one whose rows run.json does not count", async () => {
    const other = damaged('other', () => undefined);
    const run = readJsonFile<object>(join(other, 'run.json'));
    writeFileSync(join(other, 'run.json'), JSON.stringify({ ...run, spec_hash: 'e'.repeat(64) }));
    expect(await refusal(other)).toMatch(/matches\.parquet is damaged: it belongs to another tournament/);

    const fewer = join(root, 'fewer');
    makeFolder(fewer);
    const lines = readFileSync(join(fewer, 'matches.csv'), 'utf8').split('\n');
    writeFileSync(join(fewer, 'run.json'), readFileSync(join(fewer, 'run.json'), 'utf8').replace('"matches_per_variant":12', '"matches_per_variant":11'));
    expect(lines.length).toBeGreaterThan(20);
    expect(await refusal(fewer)).toMatch(/matches\.parquet is damaged: it holds 24 rows, run\.json counts 22 matches|matches\.csv/);
  });

  it('refuses a file that is not Parquet at all', async () => {
    const dir = damaged('text', (f) => writeFileSync(f, 'variant,match\n'.repeat(10)));
    expect(await refusal(dir)).toMatch(/matches\.parquet is damaged/);
  });
});

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { parse } from 'csv-parse/sync';
import { describe, expect, it, vi } from 'vitest';
import { csvCell, matchesFixedColumns } from '../../src/io/csv.js';
import { MatchesParquetWriter } from '../../src/io/parquet.js';
import { FIXTURES, tavoloAsync, tempDir } from '../fixtures/cli.js';

vi.setConfig({ testTimeout: 120_000 });

/**
 * matches.parquet read by another implementation than the one that wrote it: DuckDB's own Parquet reader
 * (C++, through its Node client @duckdb/node-api, a development dependency whose npm package ships the
 * compiled library). Every cell DuckDB reads must be the cell of matches.csv: text as text, numbers as
 * the same numbers, an empty cell as NULL; the columns typed (INTEGER, DOUBLE, BOOLEAN, VARCHAR).
 */
async function duck(sql: string): Promise<Array<Record<string, unknown>>> {
  const db = await DuckDBInstance.create(':memory:');
  const con = await db.connect();
  try {
    return (await con.runAndReadAll(sql)).getRowObjectsJson();
  } finally {
    con.closeSync();
  }
}

/** Each parquet value against its matches.csv cell. */
function expectSameCells(csvFile: string, rows: Array<Record<string, unknown>>): void {
  const records = parse<Record<string, string>>(readFileSync(csvFile), { columns: true });
  expect(rows.length).toBe(records.length);
  records.forEach((rec, i) => {
    for (const [name, cell] of Object.entries(rec)) {
      const got = rows[i][name];
      const where = `row ${i + 1}, ${name}`;
      if (typeof got === 'string') expect(got, where).toBe(cell);
      else if (typeof got === 'boolean') expect(got ? '1' : '0', where).toBe(cell);
      else if (got === null) expect(cell, where).toBe('');
      else expect(got, where).toBe(Number(cell));
    }
  });
}

describe('matches.parquet read by DuckDB', () => {
  const dir = tempDir('tavolo-parquet-duckdb-');

  it('a run: every cell as in matches.csv, typed columns, dictionary-encoded names', async () => {
    const out = join(dir, 'run');
    const r = await tavoloAsync(['run', join(FIXTURES, 'highcard-3p.json'), '--out', out, '--threads', '1', '--parquet']);
    expect(r.code, r.stderr).toBe(0);
    const file = join(out, 'matches.parquet');
    expectSameCells(join(out, 'matches.csv'), await duck(`select * from read_parquet('${file}')`));
    const types = Object.fromEntries((await duck(`describe select * from read_parquet('${file}')`)).map((c) => [c.column_name as string, c.column_type] as const));
    expect(types).toMatchObject({
      variant: 'VARCHAR',
      match: 'INTEGER',
      seed: 'VARCHAR',
      seat0_bot: 'VARCHAR',
      winners: 'VARCHAR',
      annulled: 'BOOLEAN',
      seat0_score: 'DOUBLE',
      seat0_rank: 'DOUBLE',
      first_player: 'INTEGER',
      turns: 'INTEGER',
      decisions: 'INTEGER',
      end_reason: 'VARCHAR',
      fault_seat: 'INTEGER',
      play_hash: 'VARCHAR',
      lead_changes: 'DOUBLE',
    });
    const encodings = Object.fromEntries((await duck(`select path_in_schema, encodings from parquet_metadata('${file}') where row_group_id = 0`)).map((c) => [c.path_in_schema as string, c.encodings] as const));
    expect(encodings.seat0_bot).toContain('RLE_DICTIONARY');
    expect(encodings.end_reason).toContain('RLE_DICTIONARY');
    expect(encodings.match).toContain('DELTA_BINARY_PACKED');
  });

  it('cells a plugin game may write: quoted names, fractions, large numbers, empty cells; several row groups', async () => {
    const players = 2;
    const header = [...matchesFixedColumns(players), 'ratio', 'maybe'];
    const rows: string[][] = [];
    for (let i = 0; i < 50; i++) {
      rows.push([
        i < 25 ? 'a, "b"' : 'plain',
        String(i % 25),
        `s/match/${i % 25}`,
        'line\nbreak',
        'x',
        i % 7 === 0 ? '0;1' : String(i % 2),
        i % 9 === 0 ? '1' : '0',
        String(i / 8),
        String(-(2 ** 53) + i),
        '1.5',
        '1.5',
        String(i % 2),
        String(i),
        String(3 * i),
        i % 2 ? 'done' : 'über',
        i === 13 ? '0' : '',
        (0x1000 * i).toString(16).padStart(16, '0'),
        String(1 / (i + 1)),
        i % 3 ? '' : '1e+21',
      ]);
    }
    const text = (r: string[]) => r.map(csvCell).join(',') + '\n';
    const csvFile = join(dir, 'cases.csv');
    writeFileSync(csvFile, text(header) + rows.map(text).join(''));
    const file = join(dir, 'cases.parquet');
    const w = new MatchesParquetWriter({ file, header, players, maxMatch: 24, specHash: 'h', rowGroupRows: 16 });
    for (let at = 0; at < rows.length; at += 7) w.addCsvRows(Buffer.from(rows.slice(at, at + 7).map(text).join('')));
    w.finish();
    expectSameCells(csvFile, await duck(`select * from read_parquet('${file}')`));
    const groups = await duck(`select distinct row_group_id, row_group_num_rows from parquet_metadata('${file}') order by 1`);
    expect(groups.map((g) => Number(g.row_group_num_rows))).toEqual([16, 16, 16, 2]);
  });
});

import { matchesFixedColumns } from './csv.js';

/**
 * The layout of matches.parquet, shared by its writer (io/parquet.ts) and its reader
 * (analysis/results-parquet.ts): the same columns, in the same order and with the same names as
 * matches.csv, each with a Parquet type chosen from what the column holds.
 *
 * - `string`: text (variant, seed, the seat bots, winners, end_reason), UTF-8, dictionary-encoded where
 *   that makes the column smaller (the writer decides per row group from the values).
 * - `flag`: `annulled`, a BOOLEAN.
 * - `int`: whole numbers the matches.csv reader itself insists on (match, first_player, turns,
 *   decisions; fault_seat, empty when no bot faulted): INT32, or INT64 for `match` past 2^31 - 1.
 * - `double`: scores, ranks and the game's metrics. The game contract lets a game give any number there
 *   (a shared rank of 1.5, a score of 2.5, a mean per round): DOUBLE holds each value matches.csv holds
 *   exactly, and an empty cell (no value, or one that is not finite) is a null.
 *
 * The column types depend only on the player count, the game's metric names and the highest match
 * number, so every run, shard and merge of one tournament writes the same schema.
 */
export type ColumnKind = 'string' | 'flag' | 'int' | 'double';

export interface ParquetColumn {
  name: string;
  kind: ColumnKind;
  /** Whether the column may hold nulls (empty cells of matches.csv). */
  nullable: boolean;
  /** INT64 instead of INT32 (the `match` column of a tournament of more than 2^31 - 1 matches). */
  wide?: boolean;
}

/** The file's name in a result folder. */
export const PARQUET_NAME = 'matches.parquet';

/**
 * Rows per row group: fixed, so the row groups (and so the bytes) do not depend on how the batches came.
 * The writer holds one group at a time, and writing a group makes garbage in proportion to it, which is
 * what the main thread's heap grows to: the writer alone, fed 400,000 rows of 4-player Stramat, peaked at
 * a heap of 78 MB with groups of 8,192 rows against 103 MB with 16,384 and 127 MB with 32,768, for a
 * file 1.3% larger than with 32,768 (15.0 against 14.8 MB). Groups of this size are still large enough
 * for DuckDB, Arrow and polars to read in parallel.
 */
export const ROW_GROUP_ROWS = 8_192;

/** The file's own key-value metadata (Parquet footer), read back by tavolo's reader. */
export const KV = {
  /** Layout version of this file ('1'). */
  format: 'tavolo.format',
  /** matches.csv's header line (without its line end): the columns, in order. */
  header: 'tavolo.matches_header',
  /** The tournament's identity hash, as run.json's spec_hash. */
  specHash: 'tavolo.spec_hash',
  /** JSON: per row group, [first byte, end byte, CRC-32 of those bytes]. */
  groups: 'tavolo.row_groups',
} as const;

export const PARQUET_FORMAT = '1';

const INT_COLUMNS = new Set(['match', 'first_player', 'turns', 'decisions', 'fault_seat']);

/** The columns of matches.parquet for a matches.csv header of `players` seats; `maxMatch`: the highest match number. */
export function parquetColumns(header: readonly string[], players: number, maxMatch: number): ParquetColumn[] {
  const fixed = matchesFixedColumns(players, true, header.includes('play_hash'));
  return header.map((name, c): ParquetColumn => {
    if (c >= fixed.length) return { name, kind: 'double', nullable: true };
    if (name === 'annulled') return { name, kind: 'flag', nullable: false };
    if (INT_COLUMNS.has(name)) return { name, kind: 'int', nullable: name === 'fault_seat', ...(name === 'match' && maxMatch > 0x7fffffff ? { wide: true } : {}) };
    if (/^seat\d+_(score|rank)$/.test(name)) return { name, kind: 'double', nullable: true };
    return { name, kind: 'string', nullable: false };
  });
}

/** The Parquet schema element of a column (hyparquet's SchemaElement fields). */
export function schemaElement(col: ParquetColumn): { name: string; type: 'BYTE_ARRAY' | 'BOOLEAN' | 'INT32' | 'INT64' | 'DOUBLE'; converted_type?: 'UTF8'; repetition_type: 'REQUIRED' | 'OPTIONAL' } {
  const repetition_type = col.nullable ? 'OPTIONAL' : 'REQUIRED';
  switch (col.kind) {
    case 'string':
      return { name: col.name, type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type };
    case 'flag':
      return { name: col.name, type: 'BOOLEAN', repetition_type };
    case 'int':
      return { name: col.name, type: col.wide ? 'INT64' : 'INT32', repetition_type };
    case 'double':
      return { name: col.name, type: 'DOUBLE', repetition_type };
  }
}

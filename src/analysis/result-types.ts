import type { FileMetaData } from 'hyparquet';
import type { ParquetColumn } from '../io/parquet-layout.js';
import type { RunJson } from '../io/run-json.js';

/**
 * The types a read of a result folder hands out (results.ts opens and reads the folder, results-parquet.ts
 * its matches.parquet), in a file of their own so that neither reader imports the other's types back.
 */

/** One match, one row of matches.csv. Seats are 0-based; `scores`, `ranks`, `bots` are per seat. */
export interface MatchRow {
  variant: string;
  /** Index of the variant in `ResultInfo.variants`. */
  variantIndex: number;
  match: number;
  seed: string;
  /** Lineup name playing each seat. */
  bots: string[];
  /** Winning seats (several on a shared win; none when annulled). */
  winners: number[];
  annulled: boolean;
  /** NaN where the cell is empty. */
  scores: number[];
  ranks: number[];
  firstPlayer: number;
  turns: number;
  decisions: number;
  endReason: string;
  /** The seat whose bot faulted, or -1. */
  faultSeat: number;
  /** The play hash (16 hexadecimal digits): matches with the same one played the same game; '' in folders written before the column. */
  playHash: string;
  /** The game's metrics, in the order of `ResultInfo.metricNames`; NaN where the cell is empty. */
  metrics: number[];
}

/** What run.json and the header of matches.csv say about a result folder. */
export interface ResultInfo {
  /** Absolute path of the folder. */
  dir: string;
  /** The folder as given (for messages). */
  shown: string;
  tournament: string;
  /** The game's name (`file sha256:...` for a game file in a merged result, whose run.json has only its hash). */
  game: string;
  players: number;
  /** The master seed, as text. */
  seed: string;
  matchesPerVariant: number;
  /** Variant names in run order (matches.csv holds them in this order). */
  variants: string[];
  /** Each variant's resolved options, when run.json has them. */
  variantOptions: Array<Record<string, unknown>>;
  /** Lineup entry names, lineup order (entry k plays seat (k - i) mod players in match i). */
  lineup: string[];
  /** matches.csv metric columns (after fault_seat). */
  metricNames: string[];
  /** Whether matches.csv has an `annulled` column (older versions inferred it from empty winners). */
  hasAnnulledColumn: boolean;
  /** Set when the folder was written by `tavolo merge`: the number of shards. */
  mergedShards?: number;
  /** run.json as parsed (its fields above checked), for anything else. */
  run: RunJson;
  /**
   * The folder's matches.parquet, checked, when it has one: the rows are then read from it (the same
   * values as matches.csv's; results-parquet.ts). Without one, from matches.csv.
   */
  parquet?: ParquetSource;
}

export interface ReadOptions {
  /** Only this variant's rows are parsed and passed on (the others are only checked for order and count). */
  variant?: string;
  /**
   * With `variant`: read only these bytes of matches.csv, which hold that variant's rows and nothing else
   * (a span from the `ReadSummary` of an earlier whole read of the same file). The rows are checked as in
   * a whole read, and their count against run.json's.
   */
  span?: ByteSpan;
  /**
   * false: every row's `seed` is '' instead of its text (for readers that pair nothing, such as tallies: a
   * string a row saved, which over ten million rows is a second or so).
   */
  seeds?: boolean;
}

/**
 * A range of bytes of matches.csv: from `start` (included) to `end` (excluded). For a result read from
 * matches.parquet, a range of its rows (the reader of that file needs none: it finds a variant's rows itself).
 */
export interface ByteSpan {
  start: number;
  end: number;
}

/** What reading the whole of matches.csv found. */
export interface ReadSummary {
  rows: number;
  /** Matches per variant, in `ResultInfo.variants` order. */
  perVariant: number[];
  /** Where each variant's rows lie in matches.csv, in `ResultInfo.variants` order (a whole read only). */
  spans: ByteSpan[];
}

export interface ParquetGroup {
  /** Index of the group's first row in the file, and its row count. */
  rowStart: number;
  rows: number;
  /** The group's bytes in the file: [start, end), and their CRC-32. */
  start: number;
  end: number;
  crc: number;
}

export interface ParquetSource {
  file: string;
  /** The file as named in messages (`results/x/matches.parquet`). */
  shown: string;
  size: number;
  metadata: FileMetaData;
  columns: ParquetColumn[];
  groups: ParquetGroup[];
}

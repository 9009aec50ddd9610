import { statSync } from 'node:fs';
import { join } from 'node:path';
import { matchesFixedColumns } from '../io/csv.js';
import type { RowSink } from './after-run.js';
import { RecordScanner, splitLine } from './csv-scan.js';
import { PairedFeed, type FedPairs } from './paired-feed.js';
import { recordReader, type MatchRow, type ReadSummary, type RecordReader, type ResultInfo } from './results.js';

/**
 * matches.csv read as the runner writes it: each batch's rows, in file order, go through the same checks
 * and typed rows as a read of the file (results.ts) and on to the sinks of the analysis after the run
 * (the standings, the report's tallies, the verdict's figures). The main thread does this while the
 * workers play, so after the last match nothing reads the whole file again.
 *
 * Whatever goes wrong here (a row the checks refuse, a sink that throws) never touches the run: the feed
 * keeps the error, and `result` then gives nothing, so the caller reads matches.csv itself, whose reader
 * reports the problem in its words. `result` also gives nothing unless what the feed saw is the whole of
 * the finished file: the same variants, lineup and metric columns as its run.json and header, every
 * variant's match count, and as many bytes as the file holds.
 */

/** What is known of the result before its run.json is written: from the spec. */
export interface FeedPlan {
  /** The result folder (for messages). */
  dir: string;
  players: number;
  variants: readonly string[];
  matchesPerVariant: number;
  /** Lineup names in lineup order. */
  lineup: readonly string[];
  /** The game as the spec names it (a registered name sets the margins' direction: score-direction.ts). */
  game?: string;
  /** Whether the variants are compared with the first (the pairs are then gathered too: PairedFeed). */
  pairWithFirst?: boolean;
}

/** What a feed gathered over the whole of matches.csv. */
export interface Fed<S> {
  summary: ReadSummary;
  sinks: S;
  /** The sinks that threw, with what they threw (each saw no row after its error). */
  failed: Map<RowSink, unknown>;
  /** With `pairWithFirst`: each later variant's pairs with the first, by variant index, when gathered in full. */
  pairs?: Map<number, FedPairs>;
}

export class MatchesFeed<S> {
  private reader: RecordReader | undefined;
  private sinks: S | undefined;
  private live: RowSink[] = [];
  private readonly failed = new Map<RowSink, unknown>();
  private metricNames: string[] = [];
  private offset = 0;
  private broken = false;
  private pairing: PairedFeed | undefined;

  /** `makeSinks`: the sinks for the metric columns of the header, with the list of them to hand each row to. */
  constructor(
    private readonly plan: FeedPlan,
    private readonly makeSinks: (metricNames: string[]) => { sinks: S; list: RowSink[] },
  ) {}

  /** The header line of matches.csv (its line end included); `file`: the file being written, when it may be read back. */
  header(text: string, file?: string): void {
    if (this.reader !== undefined) this.broken = true; // a second file: not one matches.csv
    this.guard(() => {
      const header = splitLine(text.replace(/\r?\n$/, ''));
      this.metricNames = header.slice(matchesFixedColumns(this.plan.players, header.includes('annulled'), header.includes('play_hash')).length);
      const info = { shown: this.plan.dir, players: this.plan.players, variants: [...this.plan.variants], matchesPerVariant: this.plan.matchesPerVariant, metricNames: this.metricNames };
      this.pairing = this.plan.pairWithFirst && info.variants.length > 1 ? new PairedFeed({ ...info, lineup: [...this.plan.lineup], game: this.plan.game }, header, file === undefined ? undefined : { path: file, start: Buffer.byteLength(text) }) : undefined;
      // The sinks pair no rows: seeds only for the pairs.
      this.reader = recordReader(info, header, -1, 0, this.pairing !== undefined);
      const made = this.makeSinks(this.metricNames);
      [this.sinks, this.live] = [made.sinks, [...made.list]];
      this.offset = Buffer.byteLength(text);
    });
  }

  /** Whole rows of matches.csv, the next in the file. */
  rows(csv: Buffer): void {
    const reader = this.reader;
    if (reader === undefined || this.broken) return;
    this.guard(() => {
      const scanner = new RecordScanner(csv, reader.cells, { start: this.offset, end: this.offset + csv.length, lineBase: 0 });
      let variant = -1;
      while (scanner.next()) {
        const row = reader.take(scanner.recordAt);
        if (row === undefined) continue;
        this.give(row);
        this.pairing?.add(row);
        variant = row.variantIndex;
      }
      // A runner's chunk is one batch: rows of one variant.
      if (variant >= 0) this.pairing?.chunk(csv, variant);
      this.offset += csv.length;
    });
  }

  /** What the feed gathered, when it saw the whole of the finished matches.csv `info` describes; else undefined. */
  result(info: ResultInfo): Fed<S> | undefined {
    const reader = this.reader;
    if (reader === undefined || this.sinks === undefined || this.broken) return undefined;
    const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
    const whole =
      info.players === this.plan.players &&
      same(info.variants, this.plan.variants) &&
      same(info.lineup, this.plan.lineup) &&
      same(info.metricNames, this.metricNames) &&
      reader.perVariant.every((count) => count === info.matchesPerVariant) &&
      statSync(join(info.dir, 'matches.csv')).size === this.offset;
    if (!whole) return undefined;
    return {
      summary: { rows: reader.rows, perVariant: [...reader.perVariant], spans: reader.spans(this.offset) },
      sinks: this.sinks,
      failed: this.failed,
      pairs: this.pairing?.result(),
    };
  }

  private give(row: MatchRow): void {
    for (const sink of this.live) {
      try {
        sink.add(row);
      } catch (err) {
        this.failed.set(sink, err);
        this.live = this.live.filter((s) => s !== sink);
      }
    }
  }

  private guard(step: () => void): void {
    try {
      step();
    } catch {
      this.broken = true; // the read of the file after the run says what is wrong
    }
  }
}

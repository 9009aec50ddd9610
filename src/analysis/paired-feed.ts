import { PairAccumulator } from './accumulate.js';
import { planFor, uniqueNames } from './compare.js';
import { RecordScanner } from './csv-scan.js';
import { PairedPositionShares } from './first-player.js';
import { recordReader, type MatchRow, type RecordReader, type ResultInfo } from './results.js';

/** What a variant's pairs with the first variant gathered: what compareVariants would gather reading the file. */
export interface FedPairs {
  acc: PairAccumulator;
  positions: PairedPositionShares;
}

/**
 * Without the file being written, the first variant's rows are kept (as their bytes) up to this size;
 * beyond it the comparison reads the file after the run. With the file, nothing is kept: its rows are
 * read back from it, a megabyte at a time, so the memory is the same for any number of matches.
 */
const KEEP_BYTES = 16 << 20;

type PairInfo = Pick<ResultInfo, 'shown' | 'players' | 'variants' | 'matchesPerVariant' | 'metricNames' | 'lineup'> & { game?: string };

/** matches.csv as it is being written: its path, and where its first row starts (after the header). */
export interface WrittenFile {
  path: string;
  start: number;
}

/**
 * The comparison of every variant of a run against the first, pair by pair, gathered as the runner
 * writes matches.csv (fed by MatchesFeed): row i of each later variant is paired with row i of the
 * first, read again from the file being written (or, without it, from the first variant's bytes kept in
 * memory), checked to be the same match and seed. Anything unexpected (a pair that does not match, a
 * first variant too large to keep without the file) drops the pairs, and the comparison then reads the
 * file after the run as before.
 */
export class PairedFeed {
  private readonly kept: Buffer[] = [];
  /** Bytes of the first variant's rows seen so far. */
  private firstBytes = 0;
  private dropped = false;
  private readonly pairs = new Map<number, FedPairs>();
  private current = -1;
  private cursor: { reader: RecordReader; scanner: RecordScanner | undefined; chunk: number } | undefined;

  constructor(
    private readonly info: PairInfo,
    private readonly header: readonly string[],
    private readonly file?: WrittenFile,
  ) {}

  /** A chunk of whole rows of one variant, after its rows went to `add`: the first variant's are counted (kept without a file). */
  chunk(csv: Buffer, variant: number): void {
    if (variant !== 0 || this.dropped) return;
    this.firstBytes += csv.length;
    if (this.file !== undefined) return;
    if (this.firstBytes > KEEP_BYTES) this.drop();
    else this.kept.push(Buffer.from(csv));
  }

  /** A row (with its seed) of any variant: a row of a later variant is paired with the first's. */
  add(row: MatchRow): void {
    if (row.variantIndex === 0 || this.dropped) return;
    let ref: MatchRow | undefined;
    try {
      if (row.variantIndex !== this.current) this.startVariant(row.variantIndex);
      ref = this.nextReference();
    } catch {
      ref = undefined; // the file cannot be read back: the comparison reads it after the run
    }
    if (ref === undefined || ref.match !== row.match || ref.seed !== row.seed) return this.drop();
    const p = this.pairs.get(row.variantIndex)!;
    p.acc.add(ref, row);
    p.positions.add(ref, row);
    // The variant's last pair: its file handle is not kept open while the run finishes.
    if (p.acc.ref.n === this.info.matchesPerVariant) this.closeScanner();
  }

  /** Each later variant's pairs, by variant index, when every variant was paired in full; else undefined. */
  result(): Map<number, FedPairs> | undefined {
    this.closeScanner();
    if (this.dropped || this.pairs.size !== this.info.variants.length - 1) return undefined;
    for (const p of this.pairs.values()) if (p.acc.ref.n !== this.info.matchesPerVariant) return undefined;
    return this.pairs;
  }

  private startVariant(v: number): void {
    this.closeScanner();
    this.current = v;
    const plan = planFor(this.info, uniqueNames(this.info.lineup), this.info.metricNames);
    this.pairs.set(v, { acc: new PairAccumulator(plan), positions: new PairedPositionShares(this.info.players) });
    const reader = recordReader(this.info, this.header, 0, 0);
    const file = this.file;
    // From the file: one scanner over the first variant's bytes (it reads a megabyte at a time).
    const scanner = file && new RecordScanner(file.path, reader.cells, { start: file.start, end: file.start + this.firstBytes, lineBase: 0 });
    this.cursor = { reader, scanner, chunk: 0 };
  }

  /** The first variant's next row, read again from the file or the kept bytes. */
  private nextReference(): MatchRow | undefined {
    const c = this.cursor!;
    for (;;) {
      if (c.scanner !== undefined && c.scanner.next()) return c.reader.take(c.scanner.recordAt);
      if (this.file !== undefined || c.chunk >= this.kept.length) return undefined;
      c.scanner = new RecordScanner(this.kept[c.chunk++], c.reader.cells, { start: 0, end: Infinity, lineBase: 0 });
    }
  }

  /** Closes the file a scanner reads (a scanner of kept bytes holds none). */
  private closeScanner(): void {
    if (this.file !== undefined) this.cursor?.scanner?.close();
    if (this.cursor !== undefined) this.cursor.scanner = undefined;
  }

  private drop(): void {
    this.closeScanner();
    this.dropped = true;
    this.kept.length = 0;
    this.pairs.clear();
  }
}

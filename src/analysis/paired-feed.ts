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

/** The first variant's rows are kept (as their bytes) up to this size; beyond it the comparison reads the file. */
const KEEP_BYTES = 128 << 20;

type PairInfo = Pick<ResultInfo, 'shown' | 'players' | 'variants' | 'matchesPerVariant' | 'metricNames' | 'lineup'> & { game?: string };

/**
 * The comparison of every variant of a run against the first, pair by pair, gathered as the runner
 * writes matches.csv (fed by MatchesFeed): the first variant's rows are kept as their bytes, and row i of
 * each later variant is paired with row i of the first, read again from them, checked to be the same
 * match and seed. Anything unexpected (a pair that does not match, rows beyond the size kept) drops
 * the pairs, and the comparison then reads the file after the run as before.
 */
export class PairedFeed {
  private readonly kept: Buffer[] = [];
  private keptBytes = 0;
  private dropped = false;
  private readonly pairs = new Map<number, FedPairs>();
  private current = -1;
  private cursor: { reader: RecordReader; scanner: RecordScanner | undefined; chunk: number } | undefined;

  constructor(
    private readonly info: PairInfo,
    private readonly header: readonly string[],
  ) {}

  /** A chunk of whole rows of one variant, after its rows went to `add`: the first variant's are kept. */
  chunk(csv: Buffer, variant: number): void {
    if (variant !== 0 || this.dropped) return;
    this.keptBytes += csv.length;
    if (this.keptBytes > KEEP_BYTES) this.drop();
    else this.kept.push(Buffer.from(csv));
  }

  /** A row (with its seed) of any variant: a row of a later variant is paired with the first's. */
  add(row: MatchRow): void {
    if (row.variantIndex === 0 || this.dropped) return;
    if (row.variantIndex !== this.current) this.startVariant(row.variantIndex);
    const ref = this.nextReference();
    if (ref === undefined || ref.match !== row.match || ref.seed !== row.seed) return this.drop();
    const p = this.pairs.get(row.variantIndex)!;
    p.acc.add(ref, row);
    p.positions.add(ref, row);
  }

  /** Each later variant's pairs, by variant index, when every variant was paired in full; else undefined. */
  result(): Map<number, FedPairs> | undefined {
    if (this.dropped || this.pairs.size !== this.info.variants.length - 1) return undefined;
    for (const p of this.pairs.values()) if (p.acc.ref.n !== this.info.matchesPerVariant) return undefined;
    return this.pairs;
  }

  private startVariant(v: number): void {
    this.current = v;
    const plan = planFor(this.info, uniqueNames(this.info.lineup), this.info.metricNames);
    this.pairs.set(v, { acc: new PairAccumulator(plan), positions: new PairedPositionShares(this.info.players) });
    const reader = recordReader(this.info, this.header, 0, 0);
    this.cursor = { reader, scanner: undefined, chunk: 0 };
  }

  /** The first variant's next row, read again from the kept bytes. */
  private nextReference(): MatchRow | undefined {
    const c = this.cursor!;
    for (;;) {
      if (c.scanner !== undefined && c.scanner.next()) return c.reader.take(0);
      if (c.chunk >= this.kept.length) return undefined;
      c.scanner = new RecordScanner(this.kept[c.chunk++], c.reader.cells, { start: 0, end: Infinity, lineBase: 0 });
    }
  }

  private drop(): void {
    this.dropped = true;
    this.kept.length = 0;
    this.pairs.clear();
  }
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RowSink } from '../../src/analysis/after-run.js';
import { compareVariants } from '../../src/analysis/compare.js';
import { MatchesFeed, type FeedPlan } from '../../src/analysis/matches-feed.js';
import { openResult, readMatches, type MatchRow, type ReadSummary } from '../../src/analysis/results.js';
import { runTournament } from '../../src/runner/run.js';
import { loadSpec } from '../../src/runner/spec.js';
import { FIXTURES, tempDir } from '../fixtures/cli.js';

const SPEC = join(FIXTURES, 'highcard-3p.json'); // 300 matches x 2 variants, 3 players

class Rows implements RowSink {
  readonly rows: MatchRow[] = [];
  add(row: MatchRow): void {
    this.rows.push(row);
  }
}

/** A sink that throws at its `at`-th row. */
class Fails implements RowSink {
  seen = 0;
  constructor(private readonly at: number) {}
  add(): void {
    if (++this.seen === this.at) throw new Error('sink failed');
  }
}

const PLAN = (dir: string): FeedPlan => ({ dir, players: 3, variants: ['base', 'long-hands'], matchesPerVariant: 300, lineup: ['greedy', 'random', 'random'], game: './highcard.mjs' });

function feedOf(dir: string, extra: RowSink[] = [], pairWithFirst = false): MatchesFeed<Rows> {
  return new MatchesFeed({ ...PLAN(dir), pairWithFirst }, () => {
    const rows = new Rows();
    return { sinks: rows, list: [rows, ...extra] };
  });
}

/** matches.csv's header line and its rows cut at line ends into pieces of about `size` bytes. */
function pieces(dir: string, size: number): { header: string; chunks: Buffer[] } {
  const bytes = readFileSync(join(dir, 'matches.csv'));
  const nl = bytes.indexOf(10) + 1;
  const chunks: Buffer[] = [];
  for (let at = nl; at < bytes.length; ) {
    const end = bytes.indexOf(10, Math.min(at + size, bytes.length - 1)) + 1;
    chunks.push(bytes.subarray(at, end));
    at = end;
  }
  return { header: bytes.subarray(0, nl).toString('utf8'), chunks };
}

describe('matches.csv read as the runner writes it', () => {
  const dir = join(tempDir('tavolo-feed-'), 'run');
  let fed: MatchesFeed<Rows>;
  let fromFile: MatchRow[];
  let summary: ReadSummary;

  beforeAll(async () => {
    fed = feedOf(dir, [], true);
    const spec = await loadSpec(SPEC);
    await runTournament(spec, { threads: 1, batch: 40, outDir: dir, inProcess: true, matchesCsv: fed });
    fromFile = [];
    summary = await readMatches(openResult(dir), (r) => fromFile.push(r), { seeds: false });
    for (const r of fromFile) r.seed = ''; // the feed reads seeds for its pairs; its sinks compare without them
  });

  it('gives the same rows, counts and byte spans as reading the finished file', () => {
    const got = fed.result(openResult(dir));
    expect(got).toBeDefined();
    expect(fromFile.every((r) => r.seed === '')).toBe(true); // read without seeds, as the sinks are fed
    expect(got!.sinks.rows.map((r) => ({ ...r, seed: '' }))).toEqual(fromFile);
    expect(got!.summary).toEqual(summary);
    expect(got!.summary.spans[1].start).toBeGreaterThan(got!.summary.spans[0].start);
    expect(got!.failed.size).toBe(0);
  });

  it('gives nothing when it missed a batch, saw a damaged row or saw more than the file', () => {
    const info = openResult(dir);
    const { header, chunks } = pieces(dir, 2000);
    expect(chunks.length).toBeGreaterThan(5);

    const missing = feedOf(dir);
    missing.header(header);
    chunks.forEach((c, i) => i !== 3 && missing.rows(c));
    expect(missing.result(info)).toBeUndefined();

    const damaged = feedOf(dir);
    damaged.header(header);
    for (const c of chunks) damaged.rows(c === chunks[2] ? Buffer.from(c.toString('utf8').replace(/,(\d+),/, ',x$1,')) : c);
    expect(damaged.result(info)).toBeUndefined();

    const twice = feedOf(dir);
    twice.header(header);
    for (const c of [...chunks, chunks[chunks.length - 1]]) twice.rows(c);
    expect(twice.result(info)).toBeUndefined();

    const whole = feedOf(dir);
    whole.header(header);
    for (const c of chunks) whole.rows(c);
    expect(whole.result(info)?.sinks.rows).toEqual(fromFile);
  });

  it('sets a sink that throws aside with its error; the others see every row', () => {
    const { header, chunks } = pieces(dir, 5000);
    const failing = new Fails(10);
    const feed = feedOf(dir, [failing]);
    feed.header(header);
    for (const c of chunks) feed.rows(c);
    const got = feed.result(openResult(dir));
    expect(got!.failed.get(failing)).toEqual(new Error('sink failed'));
    expect(failing.seen).toBe(10);
    expect(got!.sinks.rows.length).toBe(600);
  });

  it('pairs every variant with the first as the file is written: the same comparison as walking the file', async () => {
    const info = openResult(dir);
    const pairs = fed.result(info)!.pairs;
    expect(pairs?.get(1)?.acc.ref.n).toBe(300);
    const walked = await compareVariants(info);
    const given = await compareVariants(info, undefined, undefined, pairs);
    expect(given.rows.length).toBeGreaterThan(5);
    // The fed pairs hold the margins (a game from a file: a higher score reads as better, as when walked).
    expect(pairs?.get(1)?.acc.ref.plan.names).toContain('margin:greedy');
    expect(given.rows).toEqual(walked.rows);
    expect([...given.sides.keys()]).toEqual([...walked.sides.keys()]);

    // Pieces that straddle the two variants leave the first variant's rows incomplete: no pairs, no wrong ones.
    const { header, chunks } = pieces(dir, 3000);
    const straddled = feedOf(dir, [], true);
    straddled.header(header);
    for (const c of chunks) straddled.rows(c);
    const got = straddled.result(info);
    expect(got?.sinks.rows.length).toBe(600);
    expect(got?.pairs).toBeUndefined();
  });
});

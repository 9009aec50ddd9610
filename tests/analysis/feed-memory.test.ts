// The analysis fed as a run writes matches.csv keeps the same memory for N and 10N matches per variant:
// the comparison's pairs read the first variant back from the file being written (paired-feed.ts).
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ResultInfo } from '../../src/analysis/results.js';
import { afterRunFeed } from '../../src/cli/after-run.js';
import { runTournament } from '../../src/runner/run.js';
import { loadSpec } from '../../src/runner/spec.js';
import { FIXTURES, tempDir } from '../fixtures/cli.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Heap and buffers still reachable after a full collection, in bytes. */
function retained(): number {
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

const PLAYERS = 3;
/** Template matches: a multiple of the players, so that match i takes the seating of template i mod TEMPLATE. */
const TEMPLATE = 18;
let header = '';
/** Per variant, the template rows split into cells. */
let templates: string[][][] = [];

beforeAll(async () => {
  const dir = join(tempDir('tavolo-feed-memory-'), 'run');
  const spec = await loadSpec(join(FIXTURES, 'highcard-3p.json'));
  await runTournament({ ...spec, matches: TEMPLATE }, { threads: 1, batch: 6, outDir: dir, inProcess: true });
  const lines = readFileSync(join(dir, 'matches.csv'), 'utf8').trimEnd().split('\n');
  header = `${lines[0]}\n`;
  templates = [0, 1].map((v) => lines.slice(1 + v * TEMPLATE, 1 + (v + 1) * TEMPLATE).map((l) => l.split(',')));
});

/** Rows i .. i+count-1 of variant v: template i mod TEMPLATE with its match number and seed. */
function rows(v: number, from: number, count: number): Buffer {
  let text = '';
  for (let i = from; i < from + count; i++) {
    const cells = [...templates[v][i % TEMPLATE]];
    cells[1] = String(i);
    cells[2] = `fixture/match/${i}`;
    text += `${cells.join(',')}\n`;
  }
  return Buffer.from(text);
}

/**
 * Feeds `matches` synthetic matches per variant through the feed of `tavolo run`, as the Assembler hands
 * them over (written to the file first, then given to the listener, a batch at a time), and gives the
 * most memory retained at the end of each variant, over what was retained before.
 */
function feedRun(matches: number): { peak: number; paired: number | undefined } {
  const dir = tempDir('tavolo-feed-memory-');
  const file = join(dir, 'matches.csv');
  const variants = ['base', 'long-hands'];
  const lineup = ['greedy', 'random', 'random'];
  const feed = afterRunFeed({ dir, players: PLAYERS, variants, matchesPerVariant: matches, lineup, game: './highcard.mjs', pairWithFirst: true });
  const before = retained();
  let peak = 0;
  writeFileSync(file, header);
  feed.header(header, file);
  const batch = 600;
  for (let v = 0; v < variants.length; v++) {
    for (let at = 0; at < matches; at += batch) {
      const chunk = rows(v, at, Math.min(batch, matches - at));
      appendFileSync(file, chunk);
      feed.rows(chunk);
    }
    peak = Math.max(peak, retained() - before);
  }
  const metricNames = header.trimEnd().split(',').slice(header.split(',').indexOf('play_hash') + 1);
  const info = { dir, shown: dir, players: PLAYERS, variants, lineup, metricNames, matchesPerVariant: matches } as unknown as ResultInfo;
  return { peak, paired: feed.result(info)?.pairs?.get(1)?.acc.ref.n };
}

describe('memory of the analysis fed during a run', () => {
  it('does not grow between 10,000 and 100,000 matches per variant', () => {
    const small = feedRun(10_000);
    const large = feedRun(100_000);
    // Both paired in full during the feed (no read of the file afterwards).
    expect(small.paired).toBe(10_000);
    expect(large.paired).toBe(100_000);
    // The first variant's 100,000 rows are about 6 MB of text: kept in memory, they would show here.
    expect(large.peak - small.peak, `retained ${small.peak} then ${large.peak} bytes`).toBeLessThan(1.5 * 2 ** 20);
  });
});

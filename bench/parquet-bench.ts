/**
 * The matches.parquet writer alone, on a big stream of rows: `node dist/bench/parquet-bench.js
 * <matches.csv> [--times N] [--out FILE]` feeds the rows of a result's matches.csv through the writer N
 * times over (default 10: a million-row file makes 10,000,000 rows), in pieces of about a megabyte as a
 * run's batches come, and prints the resident memory after each pass and the CPU time in all. The
 * memory must stay that of one row group however many rows go through (docs/performance-studies.md).
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MatchesParquetWriter } from '../src/io/parquet.js';

function flag(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}

const src = process.argv[2];
if (src === undefined || src.startsWith('--')) {
  process.stderr.write('usage: node dist/bench/parquet-bench.js <matches.csv> [--times N] [--out FILE]\n');
  process.exit(2);
}
const times = Number(flag('--times', '10'));
const out = flag('--out', join(tmpdir(), `tavolo-parquet-bench-${process.pid}.parquet`));

/** Calls `onRows` with whole rows of the file (after its header), about a megabyte at a time. */
function eachPiece(file: string, onRows: (rows: Buffer) => void): void {
  const fd = openSync(file, 'r');
  const buf = Buffer.alloc(1 << 20);
  let header: string[] | undefined;
  let rest = Buffer.alloc(0);
  try {
    for (let n; (n = readSync(fd, buf, 0, buf.length, null)) > 0; ) {
      rest = Buffer.concat([rest, buf.subarray(0, n)]);
      if (header === undefined) {
        const nl = rest.indexOf(10);
        header = rest.subarray(0, nl).toString('utf8').split(',');
        rest = rest.subarray(nl + 1);
      }
      const last = rest.lastIndexOf(10);
      if (last >= 0) {
        onRows(rest.subarray(0, last + 1));
        rest = Buffer.from(rest.subarray(last + 1));
      }
    }
  } finally {
    closeSync(fd);
  }
}

/** The header of matches.csv (its first line). */
function headerOf(file: string): string[] {
  const fd = openSync(file, 'r');
  const buf = Buffer.alloc(1 << 16);
  try {
    const n = readSync(fd, buf, 0, buf.length, 0);
    return buf.subarray(0, n).toString('utf8').split('\n')[0].split(',');
  } finally {
    closeSync(fd);
  }
}

const header = headerOf(src);
const players = header.filter((h) => /^seat\d+_score$/.test(h)).length;
const cpu0 = process.cpuUsage();
const writer = new MatchesParquetWriter({ file: out, header, players, maxMatch: 0x7ffffffe, specHash: 'bench' });
for (let k = 0; k < times; k++) {
  eachPiece(src, (rows) => writer.addCsvRows(rows));
  process.stdout.write(`after ${writer.written.toLocaleString('en-US')} rows: ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB resident\n`);
}
writer.finish();
const cpu = process.cpuUsage(cpu0);
process.stdout.write(`${writer.written.toLocaleString('en-US')} rows written to ${out} in ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s of CPU\n`);

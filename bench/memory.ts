/**
 * `npm run bench:memory` (and the last part of `npm run bench`): a run's memory stays flat however many
 * matches it plays and however many variants it compares.
 *
 * Each case is `tavolo run` as a user runs it (a child process: the CLI, the worker pool, the journal,
 * matches.csv, the analysis fed as the file is written, then the standings, the comparison and
 * report.html), on 4-player Stramat with random bots (the fastest matches, so the most rows per second
 * for the main thread to take in). The resident set size of the process (main thread and workers: they are
 * threads of one process) is read from /proc/<pid>/status every half second; the peak is reported for
 * each quarter of the command's run, so a run whose memory grows with its matches shows a rising row.
 * Target: every peak at most 300 MB on two worker threads.
 *
 * Cases: 2 variants x 1,000,000 matches; the same with --parquet; 5 variants x 2,000,000 matches; with
 * --long also 2 variants x 5,000,000 (10 million matches: it takes several minutes on two cores).
 * Flags: --threads T (default 2), --scale F (multiplies every case's matches, for a quicker look: 0.1),
 * --long.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../../bin/tavolo.js', import.meta.url));
const TARGET_MB = 300;

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const v = Number(process.argv[i + 1]);
  if (!(v > 0)) {
    console.error(`bench/memory: --${name} expects a positive number, found ${process.argv[i + 1]}`);
    process.exit(2);
  }
  return v;
}

const THREADS = flag('threads', 2);
const SCALE = flag('scale', 1);
const LONG = process.argv.includes('--long');

interface Case {
  variants: number;
  matches: number;
  parquet: boolean;
}

const CASES: Case[] = [
  { variants: 2, matches: 1_000_000, parquet: false },
  { variants: 2, matches: 1_000_000, parquet: true },
  { variants: 5, matches: 2_000_000, parquet: false },
  ...(LONG ? [{ variants: 2, matches: 5_000_000, parquet: false }] : []),
];

/** Matches per variant of a case, scaled. */
const scaled = (c: Case) => Math.max(1, Math.round(c.matches * SCALE));
const label = (c: Case) => `${c.variants} variants x ${scaled(c).toLocaleString('en-US')}${c.parquet ? ', --parquet' : ''}`;

/** A Stramat spec of random bots with `variants` variants (one Dado card fewer each). */
function specOf(c: Case, matches: number): Record<string, unknown> {
  const random = { bot: 'random' };
  return {
    name: 'bench-memory',
    game: 'stramat',
    players: 4,
    matches,
    seed: 'memory',
    variants: Array.from({ length: c.variants }, (_, i) => ({ name: i === 0 ? 'base' : `dado-${4 - i}`, options: i === 0 ? {} : { dadoCount: 4 - i } })),
    bots: [random, random, random, random],
  };
}

/** The resident set size of process `pid` in MB, or NaN where /proc is not there. */
function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

interface Measured {
  seconds: number;
  /** Peak RSS in each quarter of the command's wall time. */
  quarters: number[];
  peak: number;
}

/** Runs `tavolo run` on the case's spec and samples its memory. */
async function measure(c: Case): Promise<Measured> {
  const dir = mkdtempSync(join(tmpdir(), 'tavolo-bench-memory-'));
  try {
    const file = join(dir, 'spec.json');
    writeFileSync(file, JSON.stringify(specOf(c, scaled(c))));
    const args = [CLI, 'run', file, '--out', join(dir, 'out'), '--threads', String(THREADS), ...(c.parquet ? ['--parquet'] : [])];
    const t0 = performance.now(); // clock-ok: a bench's own timing
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    const samples: Array<[number, number]> = [];
    const timer = setInterval(() => samples.push([performance.now() - t0, rssMb(child.pid!)]), 500); // clock-ok
    const code = await new Promise<number | null>((done) => child.on('close', done));
    clearInterval(timer);
    if (code !== 0) throw new Error(`bench/memory: tavolo run exited with ${code}: ${stderr}`);
    const total = performance.now() - t0; // clock-ok
    const quarters = [0, 1, 2, 3].map((q) => Math.max(0, ...samples.filter(([t, mb]) => mb === mb && t >= (q * total) / 4 && t < ((q + 1) * total) / 4).map(([, mb]) => mb)));
    return { seconds: total / 1000, quarters, peak: Math.max(...quarters) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const mb = (x: number) => (x > 0 ? `${x.toFixed(0)} MB` : 'n/a');
console.log(`### tavolo memory: whole \`tavolo run\` commands, 4-player Stramat (random bots), ${THREADS} worker threads${SCALE !== 1 ? `, matches x ${SCALE}` : ''}\n`);
console.log(`node ${process.version}. Peak resident memory of the process in each quarter of the command's wall time (flat: the last quarters no higher than the first).\n`);
console.log('| run | wall | 1st quarter | 2nd | 3rd | 4th (analysis, report) | peak |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
let worst = 0;
for (const c of CASES) {
  const r = await measure(c);
  worst = Math.max(worst, r.peak);
  console.log(`| ${label(c)} | ${r.seconds.toFixed(0)} s | ${r.quarters.map(mb).join(' | ')} | **${mb(r.peak)}** |`);
}
if (worst > 0) console.log(`\n${worst <= TARGET_MB ? 'PASS' : 'FAIL'}: highest peak ${mb(worst)} (target: at most ${TARGET_MB} MB)`);

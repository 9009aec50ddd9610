/**
 * `npm run bench:memory`: memory stays flat however many matches a run plays.
 *
 * Runs a 4-player Stramat tournament of random bots (default 1,000,000 matches) through the runner on
 * a worker pool of all cores (journal, final files and all, as `tavolo run` does), sampling the resident
 * set size every quarter second, and reports the peak. Worker threads live in the same process as the
 * main thread, so `process.resourceUsage().maxRSS` (the peak RSS of the process) covers the main thread
 * and every worker; the V8 heaps are shown separately: the main thread's (sampled) and each worker's
 * (its own peak, reported by the worker at the end of each batch). Target: under 300 MB for a million
 * matches.
 *
 * Flags: --matches N (default 1000000), --threads T (default: all cores), --keep (keep the output).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTournament } from '../src/runner/run.js';
import { resolveSpec } from '../src/runner/spec.js';

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const v = Number(process.argv[i + 1]);
  if (!Number.isInteger(v) || v < 1) {
    console.error(`bench/memory: --${name} expects a positive integer`);
    process.exit(2);
  }
  return v;
}

const MATCHES = flag('matches', 1_000_000);
const THREADS = flag('threads', availableParallelism());
const KEEP = process.argv.includes('--keep');
const MB = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

const spec = await resolveSpec(
  { name: 'memory', game: 'stramat', players: 4, matches: MATCHES, seed: 'memory', bots: [{ bot: 'random' }, { bot: 'random' }, { bot: 'random' }, { bot: 'random' }] },
  process.cwd(),
);
const out = mkdtempSync(join(tmpdir(), 'tavolo-memory-'));
const samples: Array<{ done: number; rss: number; heap: number }> = [];
let done = 0;
let peakRss = 0;
let peakHeap = 0;
const sample = () => {
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  peakHeap = Math.max(peakHeap, m.heapUsed);
  samples.push({ done, rss: m.rss, heap: m.heapUsed });
};
const timer = setInterval(sample, 250);
const t0 = performance.now();
try {
  const r = await runTournament(spec, {
    threads: THREADS,
    batch: 'auto',
    outDir: out,
    onProgress: (d) => {
      done = d;
    },
  });
  clearInterval(timer);
  sample();
  const wall = (performance.now() - t0) / 1000;
  const maxRssKb = process.resourceUsage().maxRSS;
  console.log(`### tavolo memory: ${MATCHES.toLocaleString('en-US')} matches of 4-player Stramat (random bots), ${THREADS} worker threads\n`);
  console.log(`node ${process.version}; ${Math.round(MATCHES / wall).toLocaleString('en-US')} matches/s, ${wall.toFixed(1)} s\n`);
  console.log('| measure | value |');
  console.log('|---|---:|');
  console.log(`| peak RSS of the process (main thread + ${THREADS} workers), process.resourceUsage().maxRSS | **${MB(maxRssKb * 1024)} MB** |`);
  console.log(`| peak RSS sampled every 0.25 s | ${MB(peakRss)} MB |`);
  console.log(`| peak V8 heap of the main thread (sampled) | ${MB(peakHeap)} MB |`);
  console.log(`| peak V8 heap of a worker (reported after each batch) | ${String(r.info.worker_heap_peak_mb)} MB |`);
  console.log(`| matches.csv | ${MB(statSync(r.files.matches).size)} MB |`);
  console.log('\nResident memory as the run goes (flat means it does not grow with the matches played):\n');
  console.log('| matches done | RSS | main heap |');
  console.log('|---:|---:|---:|');
  const step = Math.max(1, Math.floor(samples.length / 10));
  for (let i = 0; i < samples.length; i += step) {
    const s = samples[i];
    console.log(`| ${s.done.toLocaleString('en-US')} | ${MB(s.rss)} MB | ${MB(s.heap)} MB |`);
  }
  const last = samples[samples.length - 1];
  console.log(`| ${last.done.toLocaleString('en-US')} (final files written) | ${MB(last.rss)} MB | ${MB(last.heap)} MB |`);
  console.log(`\n${maxRssKb * 1024 < 300 * 1024 * 1024 ? 'PASS' : 'FAIL'}: peak RSS ${MB(maxRssKb * 1024)} MB (target: under 300 MB)`);
} finally {
  clearInterval(timer);
  if (KEEP) console.log(`output kept in ${out}`);
  else rmSync(out, { recursive: true, force: true });
}

/**
 * `npm run bench`: how fast tavolo plays 4-player Stramat.
 *
 * For random bots and for greedy bots it measures, in the same run and interleaved (so that machine
 * drift hits every measurement alike):
 *   - the bare loop: playMatch in-process on one thread, no output (the engine + game + bots speed);
 *   - the runner on one thread (in-process, with matches.csv, summaries and all);
 *   - the runner on a worker pool of 1 thread and of 2 threads (and of all cores, when there are more),
 *     start-up of the pool included;
 * and reports medians over the repetitions, plus the speed-up of the 2-thread pool over the 1-thread pool.
 *
 * Flags: --matches N (per measurement, random bots; greedy bots play N/4), --reps R (default 3).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { playMatch, type SeatBot } from '../src/engine/match.js';
import { matchSeed, rotations } from '../src/runner/plan.js';
import { runTournament } from '../src/runner/run.js';
import { resolveSpec, type ResolvedSpec } from '../src/runner/spec.js';

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const v = Number(process.argv[i + 1]);
  if (!Number.isInteger(v) || v < 1) {
    console.error(`bench: --${name} expects a positive integer`);
    process.exit(2);
  }
  return v;
}

const MATCHES = flag('matches', 40_000);
const REPS = flag('reps', 3);
const CORES = availableParallelism();

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

async function specFor(bot: string, matches: number): Promise<ResolvedSpec> {
  return resolveSpec(
    {
      name: `bench-${bot}`,
      game: 'stramat',
      players: 4,
      matches,
      seed: 'bench',
      bots: [{ bot }, { bot }, { bot }, { bot }],
    },
    process.cwd(),
  );
}

/** The bare loop: the runner's seeds and rotation, nothing else. */
function bareLoop(spec: ResolvedSpec): number {
  const opts = spec.variants[0].options;
  const seats: SeatBot[][] = rotations(spec.lineup);
  const t0 = performance.now();
  for (let i = 0; i < spec.matches; i++) playMatch(spec.game, opts, seats[i % 4], matchSeed(spec.seed, i));
  return spec.matches / ((performance.now() - t0) / 1000);
}

async function runner(spec: ResolvedSpec, threads: number, pool: boolean): Promise<number> {
  const out = mkdtempSync(join(tmpdir(), 'tavolo-bench-'));
  try {
    const r = await runTournament(spec, { threads, batch: 250, outDir: out, inProcess: !pool });
    return r.matchesPerSecond;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

interface Measure {
  label: string;
  threads: number;
  run: (spec: ResolvedSpec) => Promise<number> | number;
}

const measures: Measure[] = [
  { label: 'bare playMatch loop', threads: 1, run: bareLoop },
  { label: 'runner, in-process', threads: 1, run: (s) => runner(s, 1, false) },
  { label: 'runner, pool', threads: 1, run: (s) => runner(s, 1, true) },
  { label: 'runner, pool', threads: 2, run: (s) => runner(s, 2, true) },
];
if (CORES > 2) measures.push({ label: 'runner, pool (all cores)', threads: CORES, run: (s) => runner(s, CORES, true) });

/**
 * The machine's own scaling: a pure arithmetic loop on k worker threads at once, in loops per second.
 * On a shared or throttled machine two threads do not give twice the work; the runner cannot beat this.
 */
const SPIN = `
  const { parentPort } = require('node:worker_threads');
  let x = 0;
  const t0 = performance.now();
  for (let i = 0; i < 200_000_000; i++) x = (x + (i & 7)) | 0;
  parentPort.postMessage({ ms: performance.now() - t0, x });
`;
async function spin(threads: number): Promise<number> {
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: threads }, () => new Promise((resolve, reject) => {
      const w = new Worker(SPIN, { eval: true });
      w.once('message', resolve);
      w.once('error', reject);
    })),
  );
  return threads / ((performance.now() - t0) / 1000);
}

const fmt = (v: number) => Math.round(v).toLocaleString('en-US');

const rows: string[] = [];
for (const bot of ['random', 'greedy']) {
  const matches = bot === 'random' ? MATCHES : Math.max(1, Math.round(MATCHES / 4));
  const spec = await specFor(bot, matches);
  bareLoop(await specFor(bot, Math.min(2000, matches))); // warm-up of the in-process JIT
  const results = measures.map(() => [] as number[]);
  for (let rep = 0; rep < REPS; rep++) {
    for (let m = 0; m < measures.length; m++) {
      results[m].push(await measures[m].run(spec));
      process.stderr.write('.');
    }
  }
  const med = results.map(median);
  for (let m = 0; m < measures.length; m++) {
    const { label, threads } = measures[m];
    rows.push(`| ${bot} | ${label} | ${threads} | ${fmt(matches)} | ${fmt(med[m])} | ${fmt(med[m] / threads)} | ${results[m].map(fmt).join(', ')} |`);
  }
  const pool1 = med[2];
  const pool2 = med[3];
  rows.push(`| ${bot} | **speed-up, pool 2 threads vs 1** | | | **${(pool2 / pool1).toFixed(2)}x** | | |`);
  rows.push(`| ${bot} | runner overhead vs bare loop (1 thread) | | | ${(100 * (1 - med[1] / med[0])).toFixed(1)}% | | |`);
}
const spin1: number[] = [];
const spin2: number[] = [];
for (let rep = 0; rep < REPS; rep++) {
  spin1.push(await spin(1));
  spin2.push(await spin(2));
}
const machine = median(spin2) / median(spin1);
rows.push(`| (none) | **machine: pure CPU loop, 2 threads vs 1** | | | **${machine.toFixed(2)}x** | | ${spin1.map((a, i) => (spin2[i] / a).toFixed(2) + 'x').join(', ')} |`);
process.stderr.write('\n');

const cpu = cpus()[0]?.model?.trim() ?? 'unknown CPU';
console.log(`### tavolo benchmark: 4-player Stramat\n`);
console.log(`Command: \`npm run bench -- --matches ${MATCHES} --reps ${REPS}\` (node ${process.version}, ${cpu}, ${CORES} cores).`);
console.log(`Medians of ${REPS} repetitions, interleaved; the pool figures include starting the workers.\n`);
console.log('| bots | measurement | threads | matches | matches/s (median) | per thread | all repetitions |');
console.log('|---|---|---:|---:|---:|---:|---|');
for (const r of rows) console.log(r);

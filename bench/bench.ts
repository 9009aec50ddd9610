/**
 * `npm run bench`: how fast tavolo plays 4-player Stramat, how well it scales, what the runner costs.
 *
 * For random bots and for greedy bots it measures, in the same run and interleaved (so that machine
 * drift hits every measurement alike), medians over the repetitions:
 *   - the bare rules loop (random bots only): Stramat's setup / legalActions / apply called directly, the
 *     random choice inlined, the same generators as a tournament, so exactly the same matches; nothing
 *     else (no bots, no playMatch, no output);
 *   - the bare playMatch loop: the engine with the bots, on one thread, no output;
 *   - the runner in-process (matches.csv, journal, summaries; no worker);
 *   - the runner on a worker pool of 1, 2, ... up to all cores (`tavolo run --threads k`), start-up of
 *     the pool and writing the final files included (and a steady rate: see `runner`);
 *   - the machine itself: the bare loop (rules for random bots, playMatch for greedy) on k worker
 *     threads at once, no runner: how well this machine scales this very work, which bounds the runner.
 * It prints the measurements, the scaling table (matches/s by threads, speed-up over 1 thread, parallel
 * efficiency = speed-up / threads; target >= 90% on two cores), the overheads against the bare rules
 * loop (target <= 10% for the runner on one worker thread), and how well the machine itself scales a
 * pure CPU loop (on a shared machine, well below the thread count: the runner cannot beat that).
 *
 * Last, the whole command beside its own play (bench/whole-command.ts): `tavolo run` as a user runs it,
 * report included, a million random-bot matches and stramat-dado at 2 x 500,000, on every core; its
 * rate over the command's wall time against the play phase's rate the run prints (target >= 90%).
 *
 * Flags: --matches N (per measurement, random bots, default 1,000,000: at about 100,000 matches/s a thread,
 * a shorter run is mostly worker start-up and JIT warm-up, and its steady window lasts a second or less),
 * --greedy-matches N (per measurement, greedy bots, default 50,000), --reps R
 * (default 3), --max-threads T (default: all cores), --whole-matches N (the whole commands, default
 * --matches), --whole-only (only the whole commands).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { runTournament } from '../src/runner/run.js';
import { resolveSpec, type ResolvedSpec } from '../src/runner/spec.js';
import { barePlayMatchLoop, bareRulesLoop } from './bare-loop.js';
import { wholeCommand, wholeCommandSpecs, type WholeCommand } from './whole-command.js';

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

const MATCHES = flag('matches', 1_000_000);
const GREEDY_MATCHES = flag('greedy-matches', 50_000);
const REPS = flag('reps', 3);
const CORES = Math.min(availableParallelism(), flag('max-threads', availableParallelism()));
const WHOLE_MATCHES = flag('whole-matches', MATCHES);
const WHOLE_ONLY = process.argv.includes('--whole-only');

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

function bareRules(spec: ResolvedSpec): number {
  const t0 = performance.now();
  bareRulesLoop(spec, 0, spec.matches);
  return spec.matches / ((performance.now() - t0) / 1000);
}

/**
 * The machine's own scaling for this work: the bare loop (the rules loop for random bots, the playMatch
 * loop for greedy ones) in k worker threads at once, no runner
 * (each thread warms up, then all start together on a share of the matches). Matches per second summed
 * over the threads. What the runner's scaling should be compared with: a shared machine gives two
 * threads of real work less than twice the throughput of one (caches, memory, the neighbours).
 */
async function bareThreads(spec: ResolvedSpec, threads: number, bot: string): Promise<number> {
  const url = new URL('./bare-worker.js', import.meta.url);
  const per = Math.ceil(spec.matches / threads);
  const workers = Array.from({ length: threads }, (_, k) => new Worker(url, { workerData: { bot, matches: per, offset: k * per } }));
  await Promise.all(workers.map((w) => new Promise((resolve, reject) => {
    w.once('message', resolve);
    w.once('error', reject);
  })));
  const done = workers.map((w) => new Promise<number>((resolve, reject) => {
    w.once('message', (ms: number) => resolve(ms));
    w.once('error', reject);
  }));
  for (const w of workers) w.postMessage('go');
  const ms = await Promise.all(done);
  await Promise.all(workers.map((w) => w.terminate()));
  return ms.reduce((a, m) => a + per / (m / 1000), 0);
}

/** The engine with the bots: playMatch in a loop, the runner's seeds and rotation, no output. */
function barePlayMatch(spec: ResolvedSpec): number {
  const t0 = performance.now();
  barePlayMatchLoop(spec, 0, spec.matches);
  return spec.matches / ((performance.now() - t0) / 1000);
}

/**
 * A whole run: its rate over the wall time (worker start-up and the final files included), and its
 * steady rate, what a long run approaches: matches per second over a window from the moment a fifth of
 * the matches are done to the end of the last batch, with each batch counted for the share of its play
 * time that falls inside the window (so a batch that straddles the window's start counts in part, and
 * no batch boundary biases the figure). Start-up and JIT warm-up fall before the window.
 */
async function runner(spec: ResolvedSpec, threads: number, inProcess: boolean): Promise<{ whole: number; steady: number }> {
  const out = mkdtempSync(join(tmpdir(), 'tavolo-bench-'));
  try {
    const batches: Array<{ matches: number; start: number; end: number }> = [];
    let from = -1;
    const t0 = performance.now();
    await runTournament(spec, {
      threads,
      batch: 'auto',
      outDir: out,
      inProcess,
      onProgress: (done) => {
        if (from < 0 && done >= spec.matches / 5) from = performance.timeOrigin + performance.now();
      },
      onBatch: (res) => {
        batches.push({ matches: res.end - res.start, start: res.endedAt - res.ms, end: res.endedAt });
      },
    });
    const whole = spec.matches / ((performance.now() - t0) / 1000);
    const to = Math.max(...batches.map((b) => b.end));
    let counted = 0;
    for (const b of batches) {
      const overlap = Math.min(b.end, to) - Math.max(b.start, from);
      if (overlap > 0 && b.end > b.start) counted += (b.matches * overlap) / (b.end - b.start);
    }
    const steady = from >= 0 && to > from && counted > 0 ? counted / ((to - from) / 1000) : whole;
    return { whole, steady };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

interface Measure {
  key: string;
  label: string;
  threads: number;
  run: (spec: ResolvedSpec) => Promise<{ whole: number; steady: number }> | { whole: number; steady: number };
  randomOnly?: boolean;
}

const loop = (f: (s: ResolvedSpec) => number) => (s: ResolvedSpec) => {
  const r = f(s);
  return { whole: r, steady: r };
};

const measures: Measure[] = [
  { key: 'rules', label: 'bare rules loop (no bots, no runner)', threads: 1, run: loop(bareRules), randomOnly: true },
  { key: 'engine', label: 'bare playMatch loop', threads: 1, run: loop(barePlayMatch) },
  { key: 'inproc', label: 'runner, in-process', threads: 1, run: (s) => runner(s, 1, true) },
];
for (let k = 1; k <= CORES; k++) measures.push({ key: `pool${k}`, label: 'runner, worker pool', threads: k, run: (s) => runner(s, k, false) });
for (let k = 1; k <= CORES; k++) {
  measures.push({
    key: `bare${k}`,
    label: 'bare loop on k threads at once, no runner (the machine)',
    threads: k,
    run: async (s) => {
      const r = await bareThreads(s, k, s.lineup[0].name);
      return { whole: r, steady: r };
    },
  });
}

/**
 * The machine's own scaling: a pure arithmetic loop on k worker threads at once, in loops per second.
 * On a shared or throttled machine k threads do not give k times the work; the runner cannot beat this.
 */
const SPIN = `
  const { parentPort } = require('node:worker_threads');
  let x = 0;
  for (let i = 0; i < 200_000_000; i++) x = (x + (i & 7)) | 0;
  parentPort.postMessage(x);
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
const pct = (v: number) => `${(100 * v).toFixed(1)}%`;

const measureRows: string[] = [];
const scalingRows: string[] = [];
const overheadRows: string[] = [];
const spins: number[][] = Array.from({ length: CORES }, () => []);
if (!WHOLE_ONLY) await measurePlay();

async function measurePlay(): Promise<void> {
  for (const bot of ['random', 'greedy']) {
    const matches = bot === 'random' ? MATCHES : GREEDY_MATCHES;
    const spec = await specFor(bot, matches);
    const active = measures.filter((m) => bot === 'random' || !m.randomOnly);
    // Warm-up of the in-process JIT.
    const warm = await specFor(bot, Math.min(2000, matches));
    barePlayMatch(warm);
    if (bot === 'random') bareRules(warm);
    const results = active.map(() => [] as Array<{ whole: number; steady: number }>);
    for (let rep = 0; rep < REPS; rep++) {
      for (let m = 0; m < active.length; m++) {
        results[m].push(await active[m].run(spec));
        process.stderr.write('.');
      }
    }
    // Scaling and overheads use the steady rates: a long run's, without the fixed start-up cost.
    const med = new Map(active.map((m, i) => [m.key, median(results[i].map((r) => r.steady))]));
    active.forEach((m, i) => {
      const whole = median(results[i].map((r) => r.whole));
      measureRows.push(
        `| ${bot} | ${m.label} | ${m.threads} | ${fmt(matches)} | ${fmt(med.get(m.key)!)} | ${fmt(whole)} | ${results[i].map((r) => fmt(r.steady)).join(', ')} |`,
      );
    });
    const one = med.get('pool1')!;
    const machineOne = med.get('bare1')!;
    for (let k = 1; k <= CORES; k++) {
      const r = med.get(`pool${k}`)!;
      const machine = med.get(`bare${k}`)! / machineOne;
      scalingRows.push(
        `| ${bot} | ${k} | ${fmt(r)} | ${(r / one).toFixed(2)}x | ${pct(r / one / k)} | ${machine.toFixed(2)}x (${pct(machine / k)}) | ${pct(r / one / machine)} |`,
      );
    }
    const base = med.get('rules') ?? med.get('engine')!;
    const baseName = med.has('rules') ? 'bare rules loop' : 'bare playMatch loop';
    for (const key of ['engine', 'inproc', 'pool1']) {
      if (key === 'engine' && !med.has('rules')) continue;
      const m = measures.find((x) => x.key === key)!;
      overheadRows.push(`| ${bot} | ${m.label}${m.key === 'pool1' ? ' (1 thread)' : ''} | ${baseName} | ${pct(1 - med.get(key)! / base)} |`);
    }
  }
  for (let rep = 0; rep < REPS; rep++) for (let k = 1; k <= CORES; k++) spins[k - 1].push(await spin(k));
  process.stderr.write('\n');
}

/** The whole commands, interleaved over the repetitions; medians of each rate and of the time after the play. */
function measureWhole(): string[] {
  const runs = wholeCommandSpecs(WHOLE_MATCHES);
  const results = runs.map(() => [] as WholeCommand[]);
  for (let rep = 0; rep < REPS; rep++) {
    runs.forEach((r, i) => {
      results[i].push(wholeCommand(r.spec, CORES));
      process.stderr.write('.');
    });
  }
  process.stderr.write('\n');
  return runs.map((r, i) => {
    const play = median(results[i].map((x) => x.play));
    const whole = median(results[i].map((x) => x.whole));
    const share = median(results[i].map((x) => x.whole / x.play));
    const after = median(results[i].map((x) => x.afterSeconds));
    const cpuTime = median(results[i].map((x) => x.cpuSeconds));
    const rss = median(results[i].map((x) => x.peakRssMb));
    return (
      `| ${r.label} | ${CORES} | ${fmt(play)} | ${fmt(whole)} | ${pct(share)} | ${after.toFixed(2)} s | ${cpuTime.toFixed(1)} s | ${rss.toFixed(0)} MB | ` +
      `${results[i].map((x) => pct(x.whole / x.play)).join(', ')} |`
    );
  });
}
const wholeRows = measureWhole();
const cpu = cpus()[0]?.model?.trim() ?? 'unknown CPU';
console.log(`### tavolo benchmark: 4-player Stramat\n`);
console.log(
  `Command: \`node dist/bench/bench.js --matches ${MATCHES} --greedy-matches ${GREEDY_MATCHES} --reps ${REPS}\` (node ${process.version}, ${cpu}, ` +
    `${availableParallelism()} cores, up to ${CORES} threads).`,
);
console.log(
  `Medians of ${REPS} repetitions, interleaved. *steady* (runner): matches per second from the moment a fifth of the matches ` +
    'are done to the end of the last batch, each batch counted for the share of its play inside that window (what a long run ' +
    'approaches: start-up and JIT warm-up are before it); *whole run*: over the wall time, worker start-up (about a third of a ' +
    'second) and the final files included.\n',
);
if (!WHOLE_ONLY) printPlay();
console.log('\n**The whole command against its play** (`tavolo run` in a child process, report included; target >= 90%)\n');
console.log(
  '| run | threads | play phase, matches/s | whole command, matches/s | whole / play | after the play | CPU, whole command | peak RSS | whole / play, all repetitions |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---|');
for (const r of wholeRows) console.log(r);

function printPlay(): void {
  const spin1 = median(spins[0]);
  console.log('| bots | measurement | threads | matches | matches/s steady (median) | matches/s whole run | steady, all repetitions |');
  console.log('|---|---|---:|---:|---:|---:|---|');
  for (const r of measureRows) console.log(r);
  console.log('\n**Scaling** (runner on a worker pool, steady rates; efficiency = speed-up / threads, target >= 90% on two cores)\n');
  console.log(
    '| bots | threads | matches/s | speed-up | parallel efficiency | the machine: same work, k threads, no runner | runner against the machine |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of scalingRows) console.log(r);
  console.log('| (machine) pure arithmetic loop | ' + spins.map((s, i) => `${i + 1}: ${(median(s) / spin1).toFixed(2)}x`).join(', ') + ' | | | | | |');
  console.log('\n**Overhead** against the bare loop, single thread, steady rates (target <= 10% for the runner)\n');
  console.log('| bots | measurement | against | overhead |');
  console.log('|---|---|---|---:|');
  for (const r of overheadRows) console.log(r);
}

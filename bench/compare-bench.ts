/**
 * `npm run bench` (last part): how long `tavolo compare` takes on two result folders of 1,000,000
 * matches each, and its peak memory, on one core. Targets: at most 3 s (issue 24) and 500 MB.
 *
 * It plays the two runs first (4-player Stramat, random bots, on every core): the baseline with the
 * default rules and the candidate with one Dado card fewer, the same master seed and the same variant
 * name, so the comparison is paired, as in a designer's regression gate. Then it runs the comparison in
 * a child process pinned to one core (taskset, when present), which reports its wall time and peak RSS.
 *
 * Flags: --matches N (per run, default 1,000,000), --reps R (comparisons, default 3; the median is
 * reported), --dirs <a> <b> (compare two existing result folders instead of playing), --child <a> <b>
 * (internal: the measured comparison).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareRuns } from '../src/analysis/compare.js';
import { writeComparison } from '../src/analysis/comparison-text.js';
import { openResult } from '../src/analysis/results.js';
import { runTournament } from '../src/runner/run.js';
import { resolveSpec } from '../src/runner/spec.js';

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const v = Number(process.argv[i + 1]);
  if (!Number.isInteger(v) || v < 1) {
    console.error(`bench/compare: --${name} expects a positive integer`);
    process.exit(2);
  }
  return v;
}

async function child(a: string, b: string): Promise<void> {
  const t0 = performance.now();
  const c = await compareRuns(openResult(a), openResult(b));
  writeComparison(mkdtempSync(join(tmpdir(), 'tavolo-compare-out-')), c);
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage();
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  console.log(JSON.stringify({ seconds, cpuSeconds, peakRssMb: process.resourceUsage().maxRSS / 1024, rows: c.rows.length, paired: c.paired }));
}

async function play(dir: string, matches: number, dadoCount: number): Promise<void> {
  const spec = await resolveSpec(
    {
      name: 'bench-compare',
      game: 'stramat',
      players: 4,
      matches,
      seed: 'bench-compare',
      variants: [{ name: 'base', options: { dadoCount } }],
      bots: [{ bot: 'random' }, { bot: 'random' }, { bot: 'random' }, { bot: 'random' }],
    },
    process.cwd(),
  );
  await runTournament(spec, { threads: availableParallelism(), batch: 'auto', outDir: dir });
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[xs.length >> 1];

async function main(): Promise<void> {
  const childAt = process.argv.indexOf('--child');
  if (childAt >= 0) return child(process.argv[childAt + 1], process.argv[childAt + 2]);
  const matches = flag('matches', 1_000_000);
  const reps = flag('reps', 3);
  const dirsAt = process.argv.indexOf('--dirs');
  let tmp: string | undefined;
  let a: string;
  let b: string;
  if (dirsAt >= 0) [a, b] = [process.argv[dirsAt + 1], process.argv[dirsAt + 2]];
  else {
    tmp = mkdtempSync(join(tmpdir(), 'tavolo-compare-bench-'));
    [a, b] = [join(tmp, 'baseline'), join(tmp, 'candidate')];
    const t0 = performance.now();
    await play(a, matches, 4);
    await play(b, matches, 3);
    console.log(`played 2 x ${matches.toLocaleString('en-US')} matches in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  try {
    const mb = (f: string) => (statSync(join(f, 'matches.csv')).size / 1048576).toFixed(0);
    const pin = existsSync('/usr/bin/taskset') ? ['/usr/bin/taskset', '-c', '0'] : [];
    const runs = [];
    for (let r = 0; r < reps; r++) {
      const cmd = [...pin, process.execPath, fileURLToPath(import.meta.url), '--child', a, b];
      const out = spawnSync(cmd[0], cmd.slice(1), { encoding: 'utf8' });
      if (out.status !== 0) throw new Error(`the comparison failed: ${out.stderr}`);
      runs.push(JSON.parse(out.stdout.trim().split('\n').pop()!) as { seconds: number; cpuSeconds: number; peakRssMb: number; rows: number; paired: boolean });
    }
    const last = runs[runs.length - 1];
    console.log(`\n### tavolo compare: two matches.csv of ${openResult(a).matchesPerVariant.toLocaleString('en-US')} rows (${mb(a)} MB and ${mb(b)} MB), ${pin.length ? 'one core (taskset -c 0)' : 'not pinned (no taskset)'}\n`);
    console.log('| measure | median | runs | target |');
    console.log('|---|---:|---|---:|');
    console.log(`| wall time | **${median(runs.map((x) => x.seconds)).toFixed(2)} s** | ${runs.map((x) => x.seconds.toFixed(2)).join(', ')} | <= 3 s |`);
    console.log(`| CPU time (user + system, the whole process) | **${median(runs.map((x) => x.cpuSeconds)).toFixed(2)} s** | ${runs.map((x) => x.cpuSeconds.toFixed(2)).join(', ')} | |`);
    console.log(`| peak RSS | **${median(runs.map((x) => x.peakRssMb)).toFixed(0)} MB** | ${runs.map((x) => x.peakRssMb.toFixed(0)).join(', ')} | < 500 MB |`);
    console.log(`\n${last.rows} rows, ${last.paired ? 'paired' : 'unpaired'}. On a shared machine the wall time grows with the load; the CPU time is what one quiet core would need.`);
  } finally {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  }
}

await main();

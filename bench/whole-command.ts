/**
 * The whole command against its own play: `tavolo run` as a user runs it (a child process: the CLI, the
 * worker pool, matches.csv, then the standings, the comparison and report.html), timed from outside,
 * beside the play phase's rate the same run prints ("N matches in S s, R matches/s": from the start of the
 * pool to the runner's final files). The ratio is the share of the play's rate the user gets; target
 * >= 90% (docs/performance.md). A regression in the play or in the work after it shows in one of the two.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../../bin/tavolo.js', import.meta.url));

export interface WholeCommand {
  matches: number;
  /** Matches per second of the play phase, as the run prints it. */
  play: number;
  /** Matches per second over the whole command's wall time, from outside. */
  whole: number;
  /** Seconds between the end of the play phase and the end of the command (report included). */
  afterSeconds: number;
  /**
   * CPU seconds (user + system, every thread) and peak resident memory of the whole command, from
   * /usr/bin/time when the machine has it (NaN otherwise): on a shared machine the wall time grows with
   * the load, the CPU time much less.
   */
  cpuSeconds: number;
  peakRssMb: number;
}

const TIME = '/usr/bin/time';
const TIME_LINE = /^TAVOLO_TIME ([\d.]+) ([\d.]+) (\d+)$/m;

/** One `tavolo run` of `spec` (a spec object, written to a temporary file) on `threads` workers. */
export function wholeCommand(spec: Record<string, unknown>, threads: number): WholeCommand {
  const dir = mkdtempSync(join(tmpdir(), 'tavolo-bench-whole-'));
  try {
    const file = join(dir, 'spec.json');
    writeFileSync(file, JSON.stringify(spec));
    const args = [CLI, 'run', file, '--out', join(dir, 'out'), '--threads', String(threads)];
    const timed = existsSync(TIME);
    const t0 = performance.now();
    const r = timed
      ? spawnSync(TIME, ['-f', 'TAVOLO_TIME %U %S %M', process.execPath, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 })
      : spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 26 });
    const seconds = (performance.now() - t0) / 1000;
    if (r.status !== 0) throw new Error(`bench: tavolo run exited with ${r.status}: ${r.stderr}`);
    const m = /\((\d+) matches in ([\d.]+) s, ([\d,.]+) matches\/s/.exec(r.stdout);
    if (!m) throw new Error(`bench: tavolo run did not print its play rate:\n${r.stdout}`);
    const matches = Number(m[1]);
    const playSeconds = Number(m[2]);
    const t = TIME_LINE.exec(r.stderr);
    const [cpuSeconds, peakRssMb] = t ? [Number(t[1]) + Number(t[2]), Number(t[3]) / 1024] : [NaN, NaN];
    return { matches, play: Number(m[3].replaceAll(',', '')), whole: matches / seconds, afterSeconds: seconds - playSeconds, cpuSeconds, peakRssMb };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The two runs of the targets: a million random-bot matches, and stramat-dado at 2 x half as many. */
export function wholeCommandSpecs(matches: number): Array<{ label: string; spec: Record<string, unknown> }> {
  const random = { bot: 'random' };
  return [
    {
      label: `random bots, ${matches.toLocaleString('en-US')} matches, one variant`,
      spec: { name: 'bench-whole', game: 'stramat', players: 4, matches, seed: 'bench', bots: [random, random, random, random] },
    },
    {
      label: `stramat-dado: greedy + 3 random, 2 x ${(matches / 2).toLocaleString('en-US')} matches`,
      spec: {
        name: 'bench-whole-dado',
        game: 'stramat',
        players: 4,
        matches: Math.max(1, Math.floor(matches / 2)),
        seed: 'dado',
        variants: [
          { name: 'base', options: {} },
          { name: 'one-dado-fewer', options: { dadoCount: 3 } },
        ],
        bots: [{ name: 'greedy', bot: 'greedy' }, { name: 'random', bot: 'random' }, { name: 'random', bot: 'random' }, { name: 'random', bot: 'random' }],
      },
    },
  ];
}

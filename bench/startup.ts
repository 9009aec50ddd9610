/**
 * The command line's start-up: `tavolo --version`, `tavolo --help` and a refused flag, each a whole
 * process, against `node -e 0` (Node's own start), alternated run by run so that a drift of the machine's
 * speed falls on both. The target (docs/performance.md, "Start-up"): within 0.25 s of `node -e 0`. Prints
 * the median of each and the median of the paired differences.
 *
 *   node dist/bench/startup.js [--runs N]
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../../bin/tavolo.js', import.meta.url));

const COMMANDS: Record<string, string[]> = {
  'tavolo --version': [CLI, '--version'],
  'tavolo --help': [CLI, '--help'],
  'tavolo run --threads 0 (refused)': [CLI, 'run', 'x.json', '--threads', '0'],
};

/** Wall seconds of one process. */
function seconds(args: string[]): number {
  const start = process.hrtime.bigint();
  spawnSync(process.execPath, args, { stdio: 'ignore' });
  return Number(process.hrtime.bigint() - start) / 1e9;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

function main(): void {
  const at = process.argv.indexOf('--runs');
  const runs = at > 0 ? Number(process.argv[at + 1]) : 11;
  seconds(['-e', '0']);
  for (const args of Object.values(COMMANDS)) seconds(args); // warm the file cache
  console.log(`Start-up, ${runs} alternated runs each (median wall seconds; difference = command - node -e 0, paired):`);
  for (const [name, args] of Object.entries(COMMANDS)) {
    const node: number[] = [];
    const cmd: number[] = [];
    for (let i = 0; i < runs; i++) {
      node.push(seconds(['-e', '0']));
      cmd.push(seconds(args));
    }
    const diff = median(cmd.map((c, i) => c - node[i]));
    console.log(`  ${name.padEnd(34)} ${median(cmd).toFixed(3)} s   node -e 0 ${median(node).toFixed(3)} s   difference ${diff.toFixed(3)} s`);
  }
}

main();

// Matches a sequential test (Wald's SPRT, src/analysis/sequential.ts) needs, against the fixed sample
// size with the same error rates: on synthetic data at the two hypotheses, and on shipped tournaments
// over several seeds (median). Target: at most half.
//   npm run build && node dist/bench/sequential-bench.js [--seeds 5] [--quick]
//
// Counts of matches do not depend on the machine; only the seconds shown do (noisy on a shared machine).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixedSampleBlocks, runSequential, type SprtDesign } from '../src/analysis/sequential.js';
import { packageRoot } from '../src/io/runinfo.js';
import { Rng } from '../src/engine/rng.js';
import { runTournament } from '../src/runner/run.js';
import { loadSpec } from '../src/runner/spec.js';

const argv = process.argv.slice(2);
const quick = argv.includes('--quick');
const seedsAt = argv.indexOf('--seeds');
const SEEDS = seedsAt >= 0 ? Number(argv[seedsAt + 1]) : quick ? 3 : 5;
const line = (s: string) => process.stdout.write(s + '\n');
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Heads-up matches won by A with probability (0.9 + effect) / 2, by B with (0.9 - effect) / 2, else tied. */
function synthetic(): void {
  const design: SprtDesign = { alpha: 0.05, beta: 0.05, d0: 0, d1: 0.1 };
  const runs = quick ? 300 : 1000;
  // The fixed sample is sized for the block spread midway between the hypotheses.
  const sd = Math.sqrt((0.9 - 0.05 ** 2) / 2);
  const fixed = fixedSampleBlocks(design, sd) * 2;
  line(`Synthetic heads-up matches (10% ties), d0 = 0, d1 = 0.1, alpha = beta = 0.05, checkpoints every 20 matches, ${runs} runs each:`);
  line(`  fixed-sample test with the same error rates: ${fixed} matches`);
  for (const [label, effect] of [
    ['at H0 (effect 0)', 0],
    ['at H1 (effect 0.1)', 0.1],
    ['midway (effect 0.05)', 0.05],
  ] as const) {
    const rng = new Rng(`sequential-bench/${label}`);
    const pA = (0.9 + effect) / 2;
    const pB = (0.9 - effect) / 2;
    const match = () => {
      const u = rng.float();
      return u < pA ? 1 : u < pA + pB ? -1 : 0;
    };
    const used: number[] = [];
    let h1 = 0;
    for (let r = 0; r < runs; r++) {
      const out = runSequential(design, () => (match() + match()) / 2, 10, 20_000);
      used.push(out.blocks * 2);
      if (out.verdict === 'H1 accepted') h1++;
    }
    const mean = used.reduce((a, b) => a + b, 0) / runs;
    line(
      `  ${label.padEnd(21)} H1 accepted ${(100 * h1 / runs).toFixed(1).padStart(5)}%, matches mean ${mean.toFixed(0).padStart(5)} ` +
        `(${(mean / fixed).toFixed(2)} of the fixed sample), median ${median(used)}`,
    );
  }
}

async function tournament(file: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'tavolo-sequential-bench-'));
  const ratios: number[] = [];
  const used: number[] = [];
  const fixedNeeded: number[] = [];
  const verdicts: string[] = [];
  const t0 = performance.now(); // clock-ok (benchmark)
  try {
    for (let k = 0; k < SEEDS; k++) {
      const spec = await loadSpec(join(packageRoot(), 'tournaments', file), { seed: `bench-${k}` });
      const r = await runTournament(spec, { threads: 2, batch: 'auto', outDir: join(dir, String(k)) });
      const info = r.info.sequential as { matches: number; fixed_sample_matches: number; verdict: string };
      used.push(info.matches);
      fixedNeeded.push(info.fixed_sample_matches);
      ratios.push(info.matches / info.fixed_sample_matches);
      verdicts.push(info.verdict);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const seconds = (performance.now() - t0) / 1000; // clock-ok (benchmark)
  line(`tournaments/${file}, ${SEEDS} seeds (${seconds.toFixed(0)} s on 2 threads):`);
  line(`  verdicts: ${verdicts.join(', ')}`);
  line(`  matches per variant used: ${used.join(', ')}; fixed sample with the same error rates: ${fixedNeeded.join(', ')}`);
  line(`  median ratio ${median(ratios).toFixed(3)} (target: at most 0.5)`);
}

synthetic();
line('');
for (const file of ['stramat-dado-sprt.json', 'stramat-ismcts-vs-pimc-sprt.json']) await tournament(file);

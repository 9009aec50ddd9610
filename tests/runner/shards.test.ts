import { spawn, spawnSync } from 'node:child_process';
import { cpSync, readFileSync, readdirSync, statSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { InputError } from '../../src/errors.js';
import { mergeShards } from '../../src/runner/merge.js';
import { FIXTURES, ROOT, tavoloAsync, tempDir } from '../fixtures/cli.js';
import { readRunJson } from '../helpers/json-files.js';

// These tests start processes; on a busy machine they need more than the default 5 s.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const FILES = ['matches.csv', 'summary.csv', 'seats.csv', 'ratings.csv', 'head-to-head.csv'];
const SPEC = join(FIXTURES, 'highcard-3p.json'); // 300 matches x 2 variants
const read = (dir: string, f: string) => readFileSync(join(dir, f), 'utf8');

async function ok(args: string[]) {
  const r = await tavoloAsync(args);
  expect(r.code, `${args.join(' ')}\n${r.stderr}`).toBe(0);
  return r;
}

/** The parts of deploy/kubernetes' manifests the test reads. */
interface KubernetesObject {
  kind: string;
  metadata: { name: string };
  spec: {
    completionMode?: string;
    completions?: number;
    template: {
      spec: {
        restartPolicy: string;
        containers: Array<{ env: Array<{ name: string; value: string }> }>;
        initContainers?: Array<{ name: string }>;
        volumes: Array<{ persistentVolumeClaim: { claimName: string } }>;
      };
    };
  };
}

describe('shards: tavolo run --shard i/n, then tavolo merge', () => {
  const dir = tempDir();
  const single = join(dir, 'single');
  const shard = (i: number, _count = 3, name = 'shards') => join(dir, name, `shard-${i}`);

  beforeAll(async () => {
    // A single run, and three shards in three processes (different threads and batch sizes).
    await Promise.all([
      ok(['run', SPEC, '--out', single, '--threads', '2']),
      ok(['run', SPEC, '--shard', '0/3', '--out', shard(0), '--threads', '1', '--batch', '17']),
      ok(['run', SPEC, '--shard', '1/3', '--out', shard(1), '--threads', '2', '--batch', '50']),
      ok(['run', SPEC, '--shard', '2/3', '--out', shard(2), '--threads', '1']),
      // For the refusals below: a shard of another seed, and a shard of a split in two.
      ok(['run', SPEC, '--shard', '1/3', '--out', shard(1, 3, 'other-seed'), '--seed', 'other']),
      ok(['run', SPEC, '--shard', '1/2', '--out', shard(1, 2, 'halves')]),
    ]);
  });

  it('a shard plays its contiguous share of every variant and keeps its journal; no CSVs', () => {
    expect(readdirSync(shard(1)).sort()).toEqual(['journal', 'manifest.json', 'run.json']);
    const info = readRunJson(shard(1));
    expect(info).toMatchObject({ shard: { index: 1, count: 3 }, complete: true, matches_total: 200, threads: 2, batch: 50 });
    // Shard 1/3 of 300 matches: 100..199 of each variant.
    const log = readFileSync(join(shard(1), 'journal', 'batches.log'), 'latin1');
    const ranges = [...log.matchAll(/^TVB2 (\d+) (\d+) (\d+) /gm)].map((m) => [Number(m[1]), Number(m[2]), Number(m[3])]);
    expect(Math.min(...ranges.map((r) => r[1]))).toBe(100);
    expect(Math.max(...ranges.map((r) => r[2]))).toBe(200);
    expect(ranges.reduce((a, r) => a + r[2] - r[1], 0)).toBe(200);
  });

  it('merge writes exactly the files of a single run (run.json lists the shards)', async () => {
    const out = join(dir, 'merged');
    // Any order of the directories.
    const r = await ok(['merge', shard(2), shard(0), shard(1), '--out', out]);
    expect(r.stdout).toContain('Merged 3 shards (600 matches)');
    for (const f of FILES) expect(read(out, f), f).toBe(read(single, f));
    const info = readRunJson(out);
    expect(info.merged_from?.map((s) => s.shard)).toEqual(['0/3', '1/3', '2/3']);
    expect(info.spec_hash).toBe(readRunJson(single).spec_hash);
  });

  it('merge refuses a missing shard, a shard given twice, another tournament, another split, an incomplete shard', async () => {
    const refuse = async (dirs: string[], ...fragments: string[]) => {
      let error: unknown;
      try {
        await mergeShards(dirs, join(dir, 'refused'));
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(InputError);
      for (const f of fragments) expect((error as Error).message).toContain(f);
    };
    await refuse([shard(0), shard(2)], 'missing shard 1/3 (given: 0/3, 2/3)');
    await refuse([shard(0), shard(1), shard(1), shard(2)], 'shard 1/3 is given twice');
    await refuse([shard(0), shard(1, 3, 'other-seed'), shard(2)], 'shards of different tournaments', 'seed: "other" in', '"fixture" in');
    await refuse([shard(0), shard(1, 2, 'halves')], 'split the tournament differently', 'is 1/2');
    await refuse([shard(0), single], 'is not the output of a shard');
    await refuse([shard(0), shard(1), join(dir, 'nowhere')], 'does not exist');
    // An incomplete shard (its run killed early): its journal lacks batches.
    const cut = join(dir, 'cut', 'shard-2');
    cpSync(shard(2), cut, { recursive: true });
    const log = join(cut, 'journal', 'batches.log');
    truncateSync(log, Math.floor(statSync(log).size / 2));
    await refuse([shard(0), shard(1), cut], 'shard 2/3 in', 'is incomplete', '--shard 2/3', '--resume');
    // Through the CLI: exit code 2, nothing written.
    const r = await tavoloAsync(['merge', shard(0), shard(2), '--out', join(dir, 'refused-cli')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('tavolo: merge: missing shard 1/3');
    expect(readdirSync(dir)).not.toContain('refused-cli');
    expect(readdirSync(dir)).not.toContain('refused');
  });

  it('the Slurm recipe: three array tasks (deploy/slurm/sweep.sbatch) and the merge job give the single run\'s files', async () => {
    const runDir = join(dir, 'slurm');
    const env = (extra: Record<string, string>) => ({
      ...process.env,
      CI: '1',
      TOURNAMENT: SPEC,
      RUN_DIR: runDir,
      SLURM_SUBMIT_DIR: ROOT,
      SLURM_CPUS_PER_TASK: '1',
      ...extra,
    });
    const bash = (script: string, extra: Record<string, string>) =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn('bash', [join(ROOT, 'deploy', 'slurm', script)], { env: env(extra) });
        let out = '';
        child.stdout.on('data', (d) => (out += d));
        child.stderr.on('data', (d) => (out += d));
        child.on('close', (code) => resolve({ code, out }));
      });
    const tasks = await Promise.all(
      [0, 1, 2].map((i) => bash('sweep.sbatch', { SLURM_ARRAY_TASK_ID: String(i), SLURM_ARRAY_TASK_COUNT: '3' })),
    );
    for (const t of tasks) expect(t.code, t.out).toBe(0);
    // The merge step of the Kubernetes recipe waits for complete shards: they are.
    const wait = spawnSync('sh', [join(ROOT, 'deploy', 'wait-shards.sh'), runDir, '3', '1'], { encoding: 'utf8' });
    expect(wait.status, wait.stderr).toBe(0);
    expect(wait.stdout).toContain('3 of 3 shards complete');
    const merge = await bash('merge.sbatch', { SHARDS: '3' });
    expect(merge.code, merge.out).toBe(0);
    for (const f of FILES) expect(read(join(runDir, 'merged'), f), f).toBe(read(single, f));
  });
});

describe('deploy/ recipes', () => {
  const yamlFiles = ['pvc.yaml', 'sweep-job.yaml', 'merge-job.yaml'].map((f) => join(ROOT, 'deploy', 'kubernetes', f));

  it('the shell scripts parse (bash -n)', () => {
    const scripts = [
      ...['run-shard.sh', 'merge-shards.sh', 'wait-shards.sh'].map((f) => join(ROOT, 'deploy', f)),
      ...['sweep.sbatch', 'merge.sbatch', 'submit.sh', 'local-cluster.sh'].map((f) => join(ROOT, 'deploy', 'slurm', f)),
    ];
    for (const s of scripts) {
      const r = spawnSync('bash', ['-n', s], { encoding: 'utf8' });
      expect(r.status, `${s}: ${r.stderr}`).toBe(0);
    }
    const sweep = readFileSync(join(ROOT, 'deploy', 'slurm', 'sweep.sbatch'), 'utf8');
    expect(sweep).toMatch(/^#SBATCH --array=0-\d+$/m);
    expect(sweep).toContain('SLURM_ARRAY_TASK_ID');
    expect(readFileSync(join(ROOT, 'deploy', 'slurm', 'submit.sh'), 'utf8')).toContain('--dependency="afterok:$array"');
  });

  it('the Kubernetes manifests: an Indexed Job sharded by JOB_COMPLETION_INDEX on a shared volume, and a merge Job', () => {
    const sweep = readFileSync(yamlFiles[1], 'utf8');
    const merge = readFileSync(yamlFiles[2], 'utf8');
    for (const f of yamlFiles) expect(readFileSync(f, 'utf8'), f).not.toMatch(/\t/); // YAML forbids tabs
    expect(sweep).toMatch(/^ {2}completionMode: Indexed$/m);
    expect(sweep).toContain('"$JOB_COMPLETION_INDEX" "$SHARDS"');
    const completions = Number(/^ {2}completions: (\d+)/m.exec(sweep)?.[1]);
    expect(Number(/name: SHARDS\n\s+value: "(\d+)"/.exec(sweep)?.[1])).toBe(completions);
    for (const m of merge.matchAll(/name: SHARDS\n\s+value: "(\d+)"/g)) expect(Number(m[1])).toBe(completions);
    expect(sweep).toContain('claimName: tavolo-results');
    expect(merge).toContain('claimName: tavolo-results');
    expect(readFileSync(yamlFiles[0], 'utf8')).toMatch(/kind: PersistentVolumeClaim\n[\s\S]*name: tavolo-results[\s\S]*ReadWriteMany/);
    expect(merge).toContain('/app/deploy/wait-shards.sh');
    expect(merge).toContain('/app/deploy/merge-shards.sh');
  });

  it('the Kubernetes manifests parse as YAML', () => {
    const docs = yamlFiles.flatMap((f) => parseAllDocuments(readFileSync(f, 'utf8')).map((d) => d.toJS() as KubernetesObject));
    expect(docs.map((d) => d.kind)).toEqual(['PersistentVolumeClaim', 'Job', 'Job']);
    const sweep = docs[1].spec;
    expect(sweep.completionMode).toBe('Indexed');
    expect(sweep.template.spec.restartPolicy).toBe('Never');
    const c = sweep.template.spec.containers[0];
    expect(c.env.find((e) => e.name === 'SHARDS')?.value).toBe(String(sweep.completions));
    expect(sweep.template.spec.volumes[0].persistentVolumeClaim.claimName).toBe(docs[0].metadata.name);
    expect(docs[2].spec.template.spec.initContainers?.[0].name).toBe('wait-for-shards');
  });
});

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, ROOT, tavoloAsync, tempDir } from '../fixtures/cli.js';
import { readRunJson } from '../helpers/json-files.js';

// The Slurm recipe (deploy/slurm/) run by a real Slurm: a single-node cluster started by
// deploy/slurm/local-cluster.sh (Debian's slurm-wlm, as root, no systemd, auth/none). The job array and
// the merge job are submitted with deploy/slurm/submit.sh; one array task is stopped mid-run and
// requeued (scontrol requeue); the merged files must equal a single run's byte for byte.
// Without Slurm (or without root) the test is skipped on a developer's machine; under CI it must run,
// since .ci/run installs slurm-wlm.

const SLURMCTLD = '/usr/sbin/slurmctld';
const SPEC = join(FIXTURES, 'slurm-sweep.json'); // 2,000 matches x 2 variants, a slow bot: a shard lasts seconds
const SHARDS = 3;
const KILLED = 1; // the array task stopped mid-run and requeued
const FILES = ['matches.csv', 'summary.csv', 'seats.csv', 'ratings.csv', 'head-to-head.csv'];

function slurmAvailable(): boolean {
  const missing = !existsSync(SLURMCTLD)
    ? `${SLURMCTLD} is missing (apt-get install slurm-wlm)`
    : process.getuid?.() !== 0
      ? 'slurmctld and slurmd must be started as root'
      : '';
  if (!missing) return true;
  if (process.env.CI) throw new Error(`${missing}: .ci/run installs Slurm and runs as root, and under CI the Slurm test must run`);
  console.warn(`tests/runner/slurm.test.ts skipped: ${missing}`);
  return false;
}

/** A free TCP port whose successor is free too (slurmctld listens on port, slurmd on port + 1). */
async function freePortPair(): Promise<number> {
  const listen = (port: number) =>
    new Promise<number | undefined>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(undefined));
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : undefined));
      });
    });
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = await listen(0);
    if (port && port < 65535 && (await listen(port + 1))) return port;
  }
  throw new Error('no two consecutive free TCP ports for the local Slurm cluster');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every 200 ms until it returns a value, or fails after `seconds` with `what`. */
async function until<T>(what: string, seconds: number, check: () => T | undefined): Promise<T> {
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    const value = check();
    if (value !== undefined) return value;
    await sleep(200);
  }
  throw new Error(`timed out after ${seconds} s waiting for ${what}`);
}

describe.skipIf(!slurmAvailable())('the Slurm recipe on a real (single-node) Slurm cluster', () => {
  const dir = tempDir('tavolo-slurm-');
  const state = join(dir, 'cluster');
  const runDir = join(dir, 'sweep');
  const single = join(dir, 'single');
  const env = { ...process.env, SLURM_CONF: join(state, 'slurm.conf') };
  const slurm = (cmd: string, args: string[]) => execFileSync(cmd, args, { env, encoding: 'utf8' });
  const jobField = (job: string, field: string) => {
    const r = spawnSync('scontrol', ['show', 'job', job], { env, encoding: 'utf8' });
    return r.stdout.match(new RegExp(`\\b${field}=(\\S+)`))?.[1];
  };
  const cluster = (action: string, ...args: string[]) =>
    execFileSync('bash', [join(ROOT, 'deploy', 'slurm', 'local-cluster.sh'), action, state, ...args], { encoding: 'utf8' });

  beforeAll(async () => {
    cluster('start', String(await freePortPair()));
  }, 60_000);
  afterAll(() => {
    cluster('stop');
  });

  it('array and merge jobs, one task requeued mid-run: the merged files are the single run\'s, byte for byte', async () => {
    // The single run plays while the cluster works (each takes one of the machine's CPUs).
    const singleRun = tavoloAsync(['run', SPEC, '--out', single, '--threads', '1']);
    // submit.sh from a scratch directory (the jobs' output files land there), the checkout as TAVOLO_ROOT.
    // The cluster's node has no 8 CPUs and 4 GB to give each task: the options are overridden, and the
    // output files are appended to, so that both attempts of the requeued task can be read.
    const submitted = execFileSync('bash', [join(ROOT, 'deploy', 'slurm', 'submit.sh'), SPEC, runDir, String(SHARDS)], {
      cwd: dir,
      env: { ...env, TAVOLO_ROOT: ROOT, SBATCH_ARGS: '--cpus-per-task=1 --mem=500M --open-mode=append' },
      encoding: 'utf8',
    });
    const [, arrayJob, mergeJob] = submitted.match(/array job (\d+) .*merge: job (\d+)/) ?? [];
    expect(arrayJob, submitted).toBeDefined();
    const task = `${arrayJob}_${KILLED}`;

    // Stop the task once its shard has journaled some batches but not all (run.json is written when done).
    const shardDir = join(runDir, `shard-${KILLED}`);
    const batches = join(shardDir, 'journal', 'batches.log');
    await until(`task ${task} to journal its first batch`, 120, () =>
      existsSync(batches) && readFileSync(batches).length > 0 ? true : undefined,
    );
    expect(existsSync(join(shardDir, 'run.json')), 'the shard finished before it could be stopped').toBe(false);
    expect(jobField(task, 'JobState')).toBe('RUNNING');
    slurm('scontrol', ['requeue', task]);
    // Slurm holds a requeued job for about two minutes (its BeginTime); let it start again at once.
    await until(`task ${task} to be requeued`, 30, () => (jobField(task, 'JobState') === 'PENDING' ? true : undefined));
    slurm('scontrol', ['update', `JobId=${task}`, 'StartTime=now']);

    const state = await until(`merge job ${mergeJob} to end`, 300, () => {
      const s = jobField(mergeJob, 'JobState');
      return s && !['PENDING', 'RUNNING', 'CONFIGURING', 'COMPLETING'].includes(s) ? s : undefined;
    });
    const logs = readdirSync(dir).filter((f) => f.endsWith('.out'));
    const log = (name: string) => readFileSync(join(dir, name), 'utf8');
    const allLogs = logs.map((f) => `--- ${f}\n${log(f)}`).join('\n');
    expect(state, allLogs).toBe('COMPLETED');

    // The requeued task ran twice: stopped by the requeue, then resumed from its journal.
    expect(jobField(task, 'Restarts')).toBe('1');
    const killedLog = log(`tavolo-sweep-${arrayJob}_${KILLED}.out`);
    expect(killedLog.match(/^tavolo shard 1\/3 /gm), killedLog).toHaveLength(2);
    expect(killedLog).toMatch(/DUE TO JOB REQUEUE/);
    expect(killedLog).toMatch(/interrupted \(SIGTERM\); \d+ matches are kept in the journal/);
    expect(killedLog).not.toContain('took over the lock');
    expect(killedLog).toMatch(/Resuming: \d+ of \d+ matches are in the journal/);

    const r = await singleRun;
    expect(r.code, r.stderr).toBe(0);
    const merged = join(runDir, 'merged');
    for (const f of FILES) expect(readFileSync(join(merged, f), 'utf8'), f).toBe(readFileSync(join(single, f), 'utf8'));
    expect(readRunJson(merged).merged_from?.map((s) => s.shard)).toEqual(['0/3', '1/3', '2/3']);
  }, 420_000);
});

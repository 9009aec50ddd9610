// "Say what it will cost": run, tune, importance and skill say how long they will take before they play, when it
// is long, with a smaller setting; a short command says nothing of it. Each long command is stopped
// (SIGINT) as soon as it has said so.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURES, ROOT, removeTempDirs, tavolo, tempDir } from '../fixtures/cli.js';

afterAll(removeTempDirs);

/** Starts tavolo, and interrupts it once stderr holds `pattern`; its output and exit code. */
function untilSaid(args: string[], pattern: RegExp): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'bin', 'tavolo.js'), ...args], { cwd: tempDir(), env: { ...process.env, CI: '1' } });
    let stdout = '';
    let stderr = '';
    let sent = false;
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
      if (!sent && pattern.test(stderr)) {
        sent = true;
        child.kill('SIGINT');
      }
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const spinSpec = (matches: number) =>
  JSON.stringify({
    name: 'slow',
    game: join(FIXTURES, 'highcard.mjs'),
    players: 2,
    matches,
    seed: 'slow',
    variants: [{ name: 'base' }],
    bots: [{ bot: join(FIXTURES, 'misbehave.mjs'), name: 'spinner', params: { spin: 3000 } }, { bot: 'random' }],
  });

describe('the cost said before the play', () => {
  it('run: a long run says how long, from its own first seconds, and what fewer matches would cost', async () => {
    const dir = tempDir();
    const spec = join(dir, 'slow.json');
    (await import('node:fs')).writeFileSync(spec, spinSpec(40_000));
    // 40,000 matches of about 9 ms of thinking: about 3 min on two threads, 6 on one.
    const r = await untilSaid(['run', spec, '--out', join(dir, 'out'), '--threads', '2'], /will take/);
    expect(r.stderr).toMatch(/^This run will take about \d+(\.\d)? (min|h)\b.* on \d threads? \(from its first [\d,]+ matches in \d+\.\d s\)\. A smaller setting: --matches \d+ would take about/m);
    expect(r.stdout).toMatch(/^slow: High Card/);
    expect(r.code).toBe(130);
  });

  it('run: a short run says nothing of its cost', () => {
    const dir = tempDir();
    const r = tavolo(['run', join(ROOT, 'tournaments', 'stramat-demo.json'), '--matches', '40', '--out', join(dir, 'out')]);
    expect(r.code).toBe(0);
    expect(r.stderr).not.toMatch(/will take/);
  });

  it('importance: the runs together, with fewer matches and each view alone', async () => {
    const r = await untilSaid(['importance', join(FIXTURES, 'importance', 'gold-tin.mjs'), '--matches', '40000000', '--out', 'imp'], /will take/);
    expect(r.stderr).toMatch(/^The \d+ runs will take about .* A smaller setting: --matches \d+ would take about [^;]+; --view restricted would take about [^;]+; --view sensitivity would take about/m);
    expect(r.code).toBe(130);
  });

  it('tune: the most the search can cost, with the confirmation, before its first round', async () => {
    const r = await untilSaid(['tune', join(ROOT, 'tournaments', 'stramat-tune.json'), '--matches', '4000000', '--out', 'tune'], /will take/);
    expect(r.stderr).toMatch(/^The search will take at most about .* on \d threads? \(from a pilot of [\d,]+ matches in \d+\.\d s\)\. A smaller setting: --matches \d+ would take about .*\. Its race stops as soon as it has decided, often well before its budget; the bound includes one finalist's confirmation, and each further finalist adds about /m);
    expect(r.stdout).not.toMatch(/^Round 1/m);
    expect(r.code).toBe(130);
  });

  it('skill: the trace without its largest budget', async () => {
    const r = await untilSaid(['skill', 'zatre', '--trace-only', '--budgets', '4,40,400,4000', '--matches', '200', '--out', 'skill'], /will take/);
    expect(r.stderr).toMatch(/^The 24 runs will take about .* A smaller setting: .*--budgets 4,40,400 would take about/m);
    expect(r.code).toBe(130);
  }, 60_000);
});

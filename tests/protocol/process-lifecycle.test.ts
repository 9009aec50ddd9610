// A process bot's life around the tournament: its spec entry is checked (exit 2, the field named), its
// script is part of the tournament's identity, and no bot process outlives tavolo, whether it is stopped
// by Ctrl-C (SIGINT) or killed outright.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { loadSpec } from '../../src/runner/spec.js';
import { identityHash, specIdentity } from '../../src/runner/identity.js';
import { ROOT, tavolo, tempDir } from '../fixtures/cli.js';
import { FAULTY_BOT, PYTHON_DIR, pythonAvailable } from './python.js';

vi.setConfig({ testTimeout: 120_000 });

const RANDOM_PY = join(PYTHON_DIR, 'examples', 'random_bot.py');

function writeSpec(dir: string, name: string, bots: object[], extra: object = {}): string {
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify({ name, game: 'stramat', players: 2, matches: 4, seed: 's', bots, ...extra }));
  return file;
}

describe('a process bot entry in a spec', () => {
  const dir = tempDir();
  const cases: Array<[string, object, string]> = [
    ['no command', { bot: 'process' }, 'bots[0].command'],
    ['a program that is nowhere', { bot: 'process', command: ['no-such-program-tavolo', 'x.py'] }, 'bots[0].command[0]'],
    ['a command for another bot', { bot: 'random', command: ['python3', 'x.py'] }, 'bots[0].command'],
    ['isolate', { bot: 'process', command: ['python3', RANDOM_PY], isolate: true }, 'bots[0].isolate'],
  ];
  for (const [what, entry, field] of cases) {
    it(`refuses ${what}, naming ${field} (exit 2)`, () => {
      const r = tavolo(['run', writeSpec(dir, 'bad', [entry, { bot: 'random' }]), '--out', join(dir, 'out')]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(field);
    });
  }

  it('resolves the script against the spec folder, and hashes it into the identity (the path does not count)', async () => {
    const a = tempDir();
    const b = tempDir();
    for (const d of [a, b]) copyFileSync(RANDOM_PY, join(d, 'bot.py'));
    const entry = { bot: 'process', command: ['python3', 'bot.py'] };
    const idOf = async (d: string) => identityHash(specIdentity(await loadSpec(writeSpec(d, 'id', [entry, { bot: 'random' }]))));
    const first = await idOf(a);
    expect(await idOf(b)).toBe(first);
    writeFileSync(join(b, 'bot.py'), '# edited\n', { flag: 'a' });
    expect(await idOf(b)).not.toBe(first);
  });
});

/** Pids of processes whose command line contains `marker`. */
function pidsWith(marker: string): number[] {
  const ps = spawnSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' }).stdout;
  return ps
    .split('\n')
    .filter((l) => l.includes(marker) && !l.includes('ps -eo'))
    .map((l) => Number(l.trim().split(/\s+/)[0]));
}

async function until(test: () => boolean, ms: number): Promise<boolean> {
  for (let t = 0; t < ms; t += 100) {
    if (test()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return test();
}

async function runAndStop(dir: string, marker: string, bots: object[], signal: NodeJS.Signals, running: number): Promise<void> {
  const file = writeSpec(dir, 'orphans', bots, { decisionTimeoutMs: 600_000 });
  const child = spawn(process.execPath, [join(ROOT, 'bin', 'tavolo.js'), 'run', file, '--out', join(dir, 'out'), '--threads', '2'], { stdio: 'ignore' });
  const exited = new Promise<void>((r) => child.on('close', () => r()));
  expect(await until(() => pidsWith(marker).length >= running, 60_000)).toBe(true);
  child.kill(signal);
  await exited;
}

describe.skipIf(!pythonAvailable())('no bot process outlives tavolo', () => {
  it('after SIGINT, even a program that neither answers nor reads its input', async () => {
    const marker = `deaf-check-${process.pid}`;
    await runAndStop(tempDir(), marker, [{ bot: 'process', command: ['python3', '-c', 'import time; time.sleep(1000)', marker] }, { bot: 'random' }], 'SIGINT', 2);
    expect(await until(() => pidsWith(marker).length === 0, 10_000), `left: ${pidsWith(marker).join(' ')}`).toBe(true);
  });

  for (const signal of ['SIGINT', 'SIGKILL'] as const) {
    it(`after ${signal} to tavolo while a bot hangs`, async () => {
      const dir = tempDir();
      const marker = `orphan-check-${signal}-${process.pid}`;
      // The first bot hangs at its first decision of every match (failSeed "any").
      const bots = [{ bot: 'process', command: ['python3', FAULTY_BOT, marker], params: { fault: 'hang', failSeed: 'any' } }, { bot: 'process', command: ['python3', RANDOM_PY, marker] }];
      await runAndStop(dir, marker, bots, signal, 2);
      expect(await until(() => pidsWith(marker).length === 0, 10_000), `left: ${pidsWith(marker).join(' ')}`).toBe(true);
    });
  }
});

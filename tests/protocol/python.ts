import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../fixtures/cli.js';

export const PYTHON_DIR = join(ROOT, 'python');
export const FAULTY_BOT = join(ROOT, 'tests', 'protocol', 'fixtures', 'faulty_bot.py');

/** Whether python3 (3.10 or later) runs here; under CI a missing one is an error, never a skip. */
export function pythonAvailable(): boolean {
  const r = spawnSync('python3', ['-c', 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else 1)'], { encoding: 'utf8' });
  if (r.status === 0) return true;
  if (process.env.CI) throw new Error('python3 (3.10 or later) is missing: under CI the protocol tests must run');
  return false;
}

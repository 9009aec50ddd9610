// tavolo importance on a spec whose lineup has a process bot (docs/protocol.md): the study resolves the
// spec's entries once and re-resolves them for each run, so a process bot's command must travel inside
// its resolved reference, not beside it (it was refused as "expected no command for bot process:...").
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isProcessRef } from '../../../src/protocol/process-bot.js';
import { planImportance } from '../../../src/studies/importance/run.js';
import { PYTHON_DIR } from '../../protocol/python.js';

describe('importance with a process bot in the spec', () => {
  it('plans every run with the process bot as an opponent, its command resolved once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tavolo-importance-process-'));
    const spec = {
      name: 'py',
      game: 'stramat',
      players: 2,
      matches: 20,
      seed: 1,
      bots: [{ bot: 'greedy' }, { name: 'py', bot: 'process', command: ['python3', join(PYTHON_DIR, 'examples', 'random_bot.py')] }],
    };
    writeFileSync(join(dir, 'spec.json'), JSON.stringify(spec));
    const plan = await planImportance({ target: 'spec.json', baseDir: dir, view: 'both', bot: 'greedy' }, (name) => join(dir, name));
    expect(plan.runs.length).toBeGreaterThan(1);
    for (const run of plan.runs) {
      const py = run.spec.lineup.find((e) => e.name === 'py')!;
      expect(isProcessRef(py.ref)).toBe(true);
      expect(py.ref).toContain('random_bot.py');
    }
  });
});

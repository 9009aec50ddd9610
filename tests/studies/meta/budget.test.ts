// `tavolo meta --budget`: the match count a lineup is planned from a pilot to fit the budget, recorded in
// the study's folder and read back by the same command (the same files whatever the machine's speed), a
// multiple of the players; refused beside --matches.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { FIXTURES, tavolo, tempDir } from '../../fixtures/cli.js';

vi.setConfig({ testTimeout: 180_000 });

function spec(players: number): string {
  const file = join(tempDir(), 'meta.json');
  const population = ['low', 'mid', 'high'].map((name, action) => ({ name, bot: join(FIXTURES, 'toy-bots', 'meta-pure.mjs'), params: { action } }));
  writeFileSync(file, JSON.stringify({ name: 'toy', game: join(FIXTURES, 'toy-games', 'meta-dominant.mjs'), players, matches: 30, seed: 'toy', population }));
  return file;
}

describe('tavolo meta --budget', () => {
  const out = tempDir();
  const file = spec(3);
  const first = tavolo(['meta', file, '--budget', '20s', '--threads', '1', '--out', out]);
  const plan = JSON.parse(readFileSync(join(out, 'budget-plan.json'), 'utf8')) as { matches: number };
  const meta = readFileSync(join(out, 'meta.json'));
  const again = tavolo(['meta', file, '--budget', '20s', '--threads', '1', '--out', out]);

  it('plans the matches a lineup from a pilot, says so first, and plays that count', () => {
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^A budget of 20 seconds allows [\d,]+ matches a lineup \(from a pilot/);
    expect(plan.matches % 3).toBe(0);
    expect(plan.matches).toBeGreaterThan(30);
    expect(first.stdout).toContain(`${plan.matches} matches each`);
  });

  it('reads the plan back the second time: no pilot, the same files', () => {
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/as planned before in/);
    expect(readFileSync(join(out, 'meta.json'))).toEqual(meta);
  });

  it('is refused beside --matches, before anything is played', () => {
    const dir = tempDir();
    const r = tavolo(['meta', spec(2), '--budget', '1m', '--matches', '10', '--out', dir]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--budget: the budget chooses the match count/);
    expect(existsSync(join(dir, 'meta.json'))).toBe(false);
  });
});

// The process bot: a Python bot plays Stramat and Stop tournaments byte-identically on 1 and 2 threads, and
// a crashing, a hanging, a lying and a garbling Python bot each cost exactly the one match they spoil,
// with the fault named as for any bot.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { matchRngs } from '../../src/engine/match.js';
import { matchSeed, seatOfEntry } from '../../src/engine/plan.js';
import { readCsvObjects, tavoloAsync, tempDir } from '../fixtures/cli.js';
import { FAULTY_BOT, PYTHON_DIR, pythonAvailable } from './python.js';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 300_000 });

const RANDOM_PY = join(PYTHON_DIR, 'examples', 'random_bot.py');
const GREEDY_STOP_PY = join(PYTHON_DIR, 'examples', 'greedy_stop.py');

/** The seed tavolo hands lineup entry 0 in match `i` (the `start` message's seed): the reference the fault bot is armed with. */
function entrySeed(seed: string, i: number, players: number): string {
  return String(matchRngs(matchSeed(seed, i), players).bots[seatOfEntry(0, i, players)].int(2 ** 31 - 1));
}

describe.skipIf(!pythonAvailable())('a Python bot in a tournament', () => {
  const dir = tempDir();
  const runs: Record<string, { code: number | null; stderr: string }> = {};
  const spec = (name: string, body: object) => {
    const file = join(dir, `${name}.json`);
    writeFileSync(file, JSON.stringify({ name, seed: 'py', ...body }));
    return file;
  };
  const stramat = spec('py-stramat', {
    game: 'stramat',
    players: 3,
    matches: 12,
    bots: [{ bot: 'process', command: ['python3', RANDOM_PY] }, { bot: 'greedy' }, { bot: 'random' }],
  });
  const stop = spec('py-stop', {
    game: 'stop',
    players: 2,
    matches: 8,
    variants: [{ name: 'short', options: { maxRounds: 2 } }],
    bots: [{ bot: 'process', command: ['python3', GREEDY_STOP_PY] }, { bot: 'random' }],
  });
  const FAULT_MATCH = 3;
  // Generous limits: under a loaded machine a Python start-up can take seconds, and only the planted fault may end a match.
  // The hang's limit leaves the watchdog 2.6 s to mark the call expired before the process bot gives up on it.
  const faulty = (fault: string, timeout = 10_000) =>
    spec(`py-${fault}`, {
      game: 'stramat',
      players: 2,
      matches: 6,
      decisionTimeoutMs: timeout,
      bots: [{ name: 'faulty', bot: 'process', command: ['python3', FAULTY_BOT], params: { fault, failSeed: entrySeed('py', FAULT_MATCH, 2) } }, { bot: 'random' }],
    });
  // 40 matches: the self-check replays a sample of them in a fresh process, so the count it answers from differs.
  const stateful = spec('py-stateful', {
    game: 'stramat',
    players: 2,
    matches: 40,
    bots: [{ name: 'faulty', bot: 'process', command: ['python3', FAULTY_BOT], params: { fault: 'stateful' } }, { bot: 'random' }],
  });
  const FAULTS = { crash: 'bot_error', hang: 'bot_timeout', lie: 'illegal_action', garbage: 'bot_error' } as const;

  beforeAll(async () => {
    const jobs: Array<[string, string[]]> = [
      ['stramat-1', ['run', stramat, '--threads', '1']],
      ['stramat-2', ['run', stramat, '--threads', '2', '--batch', '3']],
      ['stop-1', ['run', stop, '--threads', '1']],
      ['stop-2', ['run', stop, '--threads', '2', '--batch', '2']],
      ...Object.keys(FAULTS).map((f): [string, string[]] => [f, ['run', faulty(f, f === 'hang' ? 20_000 : 60_000), '--threads', '1']]),
      ['stateful', ['run', stateful, '--threads', '1']],
    ];
    for (const [name, args] of jobs) runs[name] = await tavoloAsync([...args, '--out', join(dir, name)]);
  });
  const file = (run: string, name: string) => readFileSync(join(dir, run, name), 'utf8');

  it('plays Stramat byte-identically on 1 and 2 threads, and passes the determinism self-check', () => {
    for (const r of ['stramat-1', 'stramat-2']) expect(runs[r].code, runs[r].stderr).toBe(0);
    expect(file('stramat-2', 'matches.csv')).toBe(file('stramat-1', 'matches.csv'));
    expect(file('stramat-2', 'summary.csv')).toBe(file('stramat-1', 'summary.csv'));
    const rows = readCsvObjects(join(dir, 'stramat-1', 'matches.csv'));
    expect(rows.filter((r) => r.end_reason.startsWith('bot_'))).toEqual([]);
    const runJson = JSON.parse(file('stramat-1', 'run.json')) as { determinism_check: { differing: unknown[]; replayed: string[] } };
    expect(runJson.determinism_check.replayed.length).toBeGreaterThan(0);
    expect(runJson.determinism_check.differing).toEqual([]);
  });

  it('names a Python bot that answers from state kept across matches, and exits 6 with the files written', () => {
    const r = runs.stateful;
    expect(r.code, r.stderr).toBe(6);
    expect(r.stderr).toMatch(/faulty_bot\.py/);
    const check = (JSON.parse(file('stateful', 'run.json')) as { determinism_check: { differing: unknown[] } }).determinism_check;
    expect(check.differing.length).toBeGreaterThan(0);
    expect(readCsvObjects(join(dir, 'stateful', 'matches.csv'))).toHaveLength(40);
  });

  it('plays a match of the spec move by move in tavolo play, the same match as the run played', async () => {
    const r = await tavoloAsync(['play', '--spec', stramat, '--match', '2']);
    expect(r.code, r.stderr).toBe(0);
    const result = /^result: winners=(\S*) scores=(\S+) .* turns=(\d+) .*end_reason=(\S+)$/m.exec(r.stdout);
    expect(result).not.toBeNull();
    const row = readCsvObjects(join(dir, 'stramat-1', 'matches.csv')).find((m) => m.match === '2')!;
    expect(result![3]).toBe(row.turns);
    expect(result![4]).toBe(row.end_reason);
  });

  it("writes a process bot into run.json's lineup as its command, not the engine's internal reference", () => {
    const lineup = (JSON.parse(file('stramat-1', 'run.json')) as { lineup: Array<{ bot: string }> }).lineup;
    const shown = lineup.map((e) => e.bot).filter((b) => b.startsWith('process'));
    expect(shown.length).toBeGreaterThan(0);
    for (const b of shown) expect(b).toMatch(/^process: python3 \/\S+\.py$/);
  });

  it('plays Stop byte-identically on 1 and 2 threads', () => {
    for (const r of ['stop-1', 'stop-2']) expect(runs[r].code, runs[r].stderr).toBe(0);
    expect(file('stop-2', 'matches.csv')).toBe(file('stop-1', 'matches.csv'));
    expect(readCsvObjects(join(dir, 'stop-1', 'matches.csv')).every((r) => r.fault_seat === '')).toBe(true);
  });

  for (const [fault, reason] of Object.entries(FAULTS)) {
    it(`a ${fault} costs exactly its one match, recorded as ${reason}`, () => {
      // Exit code 1: the run finished and some matches were forfeited.
      expect(runs[fault].code, runs[fault].stderr).toBe(1);
      const rows = readCsvObjects(join(dir, fault, 'matches.csv'));
      expect(rows).toHaveLength(6);
      const spoiled = rows.filter((r) => r.fault_seat !== '');
      expect(spoiled.map((r) => [r.match, r.end_reason, r.annulled])).toEqual([[String(FAULT_MATCH), reason, '1']]);
      expect(spoiled[0].fault_seat).toBe(String(seatOfEntry(0, FAULT_MATCH, 2)));
    });
  }
});

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { bots } from '../../bots/index.js';
import type { BotFactory } from '../../src/engine/bot.js';
import { playMatch, WATCH_CELLS, WATCH_EXPIRED, WATCH_SEQ, type MatchWatch } from '../../src/engine/match.js';
import { resolveOptions } from '../../src/engine/options.js';
import { loadGame } from '../../src/plugins/loader.js';
import { runTournament } from '../../src/runner/run.js';
import { loadSpec } from '../../src/runner/spec.js';
import { FIXTURES, readCsvObjects, tavoloAsync, tempDir } from '../fixtures/cli.js';
import { readRunJson } from '../helpers/json-files.js';

// These tests start processes (and end hung workers); on a busy machine they need more than 5 s.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

/**
 * Real misbehaving bots (tests/fixtures/misbehave.mjs) through the real CLI and worker pool: the bot
 * misbehaves in the matches its own seeded generator picks (15%: matches 0, 11 and 12 of seed "mb"), on
 * its second decision. Each misbehaviour must cost exactly those matches, recorded with the end reason and
 * the seat at fault, and never the run; every other row must be the row of a clean run.
 */
const BAD = join(FIXTURES, 'misbehave.mjs');
const GAME = join(FIXTURES, 'highcard.mjs');
const FILES = ['matches.csv', 'summary.csv', 'seats.csv'];
const BAD_MATCHES = ['0', '11', '12'];

function spec(mode: string, extra: Record<string, unknown> = {}, variants?: unknown): string {
  return JSON.stringify({
    name: `faults-${mode}`,
    game: GAME,
    players: 3,
    matches: 30,
    seed: 'mb',
    decisionTimeoutMs: 200,
    ...(variants ? { variants } : {}),
    bots: [{ name: 'bad', bot: BAD, params: { mode, rate: 0.15, at: 2, ...extra } }, { bot: 'random' }, { bot: 'greedy' }],
  });
}

const read = (dir: string, f: string) => readFileSync(join(dir, f), 'utf8');

describe('bots that misbehave cost one match each, never the run', () => {
  const dir = tempDir();
  const out = (name: string) => join(dir, name);
  // [mode, params, end_reason, extra flags]
  const MODES: Array<[string, Record<string, unknown>, string, string[]]> = [
    ['throw', {}, 'bot_error', []],
    ['illegal', {}, 'illegal_action', []],
    ['slow', { ms: 3000 }, 'bot_timeout', []], // busy-waits far past the 200 ms limit (then would return)
    ['loop', {}, 'bot_timeout', []], // never returns: its worker is ended
    ['hang-create', {}, 'bot_timeout', []], // never returns from create()
    ['exit', {}, 'bot_crash', []], // process.exit in the worker
    // Runs its worker out of memory (with time to do so: filling 64 MB can take a while on a busy machine).
    ['oom', {}, 'bot_crash', ['--worker-memory-mb', '64', '--decision-timeout-ms', '20000']],
  ];
  const results = new Map<string, { code: number | null; stdout: string; stderr: string }>();

  beforeAll(async () => {
    const specs = ['none', ...MODES.map((m) => m[0])];
    for (const m of specs) {
      const params = MODES.find((x) => x[0] === m)?.[1] ?? {};
      writeFileSync(join(dir, `${m}.json`), spec(m, params));
    }
    const runs = [
      ['none', '--threads', '1'],
      ...MODES.map(([m, , , flags]) => [m, '--threads', '2', '--batch', '5', ...flags]),
      // The modes that end workers once more, in one batch on one thread: the same bytes.
      ['loop', '--threads', '1', '--batch', '30', '--out-suffix', '-1t'],
      ['exit', '--threads', '1', '--batch', '30', '--out-suffix', '-1t'],
    ];
    await Promise.all(
      runs.map(async ([m, ...flags]) => {
        const i = flags.indexOf('--out-suffix');
        const suffix = i >= 0 ? flags.splice(i, 2)[1] : '';
        const r = await tavoloAsync(['run', join(dir, `${m}.json`), '--out', out(m + suffix), ...flags]);
        results.set(m + suffix, r);
      }),
    );
    expect(results.get('none')!.code, results.get('none')!.stderr).toBe(0);
  });

  it.each(MODES)('%s: recorded as its end reason, with the seat at fault; exit code 1', (mode, _params, reason) => {
    const r = results.get(mode)!;
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toContain(`3 matches ended because a bot faulted (${reason} 3)`);
    expect(r.stderr).toMatch(new RegExp(`warning: bad faulted \\(${reason}\\)`));
    const clean = readCsvObjects(join(out('none'), 'matches.csv'));
    const rows = readCsvObjects(join(out(mode), 'matches.csv'));
    expect(rows.length).toBe(30);
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i];
      if (BAD_MATCHES.includes(row.match)) {
        const badSeat = String([0, 1, 2].find((s) => row[`seat${s}_bot`] === 'bad'));
        expect(row).toMatchObject({ end_reason: reason, fault_seat: badSeat, annulled: '1', winners: '' });
        expect(row[`seat${badSeat}_rank`]).toBe('3');
      } else {
        expect(row).toEqual(clean[i]);
      }
    }
    const summary = readCsvObjects(join(out(mode), 'summary.csv'));
    expect(summary.find((s) => s.bot === 'bad')).toMatchObject({ matches: '30', faults: '3', annulled: '3' });
    expect(summary.find((s) => s.bot === 'random')).toMatchObject({ faults: '0', annulled: '3' });
    const info = readRunJson(out(mode));
    expect(info.faults).toEqual({ [reason]: 3 });
    expect(existsSync(join(out(mode), 'journal'))).toBe(false);
  });

  it('a bot that hangs or kills its worker gives byte-identical files on 1 thread in one batch and on 2 threads in batches of 5', () => {
    for (const m of ['loop', 'exit']) {
      expect(results.get(`${m}-1t`)!.code).toBe(1);
      for (const f of FILES) expect(read(out(`${m}-1t`), f), `${m} ${f}`).toBe(read(out(m), f));
    }
    // The hang was caught by ending workers: the watchdog says so, and run.json counts them.
    expect(results.get('loop')!.stderr).toContain('hung past the decision time limit: its worker was ended');
    expect(readRunJson<{ worker_restarts: number }>(out('loop')).worker_restarts).toBeGreaterThanOrEqual(3);
    expect(results.get('exit')!.stderr).toContain('worker exited with code: 7');
  });

  it('a bot call that returns after the limit (no worker ended) gives the same rows as one that never returns', async () => {
    // A long grace period: the watchdog only marks the call as expired, and the bot's worker records the
    // timeout itself when the call returns after 600 ms.
    const file = join(dir, 'soft.json');
    writeFileSync(file, spec('slow', { ms: 600 }).replace('faults-slow', 'faults-soft'));
    const o = out('soft');
    const r = await runTournament(await loadSpec(file), { threads: 2, batch: 5, outDir: o, watchdogGraceMs: 20_000 });
    expect(r.faults).toEqual({ bot_timeout: 3 });
    expect(r.info.worker_restarts).toBe(0);
    for (const f of FILES) expect(read(o, f), f).toBe(read(out('loop'), f));
  });

  it('a worker that dies at a different place every time: its batch is given up (exit 3), the rest is kept and --resume finishes', async () => {
    const counter = join(dir, 'creep-counter');
    const file = join(dir, 'creep.json');
    // Ten cards each: the bot makes ten decisions a match, and dies one decision later on every attempt.
    const long = [{ name: 'long', options: { hand: 10 } }];
    writeFileSync(file, spec('creep', { at: 1, rate: 0.1 }, long));
    writeFileSync(join(dir, 'creep-clean.json'), spec('none', { at: 1, rate: 0.1 }, long).replace('faults-none', 'faults-creep'));
    const o = out('creep');
    const [r, clean] = await Promise.all([
      tavoloAsync(['run', file, '--out', o, '--threads', '2', '--batch', '5'], undefined, { MISBEHAVE_COUNTER: counter }),
      tavoloAsync(['run', join(dir, 'creep-clean.json'), '--out', out('creep-clean'), '--threads', '1']),
    ]);
    expect(clean.code, clean.stderr).toBe(0);
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toContain('1 batch kept failing');
    expect(r.stderr).toContain('variant long, matches 0-4: worker exited with code: 9');
    expect(r.stderr).toContain('--resume');
    expect(existsSync(join(o, 'matches.csv'))).toBe(false);
    expect(existsSync(join(o, 'journal', 'batches.log'))).toBe(true);
    // Whatever made the worker die is gone (the bot now dies past its last decision): resume.
    writeFileSync(counter, '1000');
    const again = await tavoloAsync(['run', file, '--out', o, '--threads', '2', '--batch', '5', '--resume'], undefined, {
      MISBEHAVE_COUNTER: counter,
    });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('Resuming: 25 of 30 matches are in the journal');
    for (const f of FILES) expect(read(o, f)).toBe(read(out('creep-clean'), f));
  });
});

describe('playMatch watch cells (the match side of the watchdog)', () => {
  /** A bot that, on its decision `at`, marks its own call as expired (as the watchdog would) and returns normally. */
  const selfExpiring = (at: number, cells: Int32Array): BotFactory => ({
    name: 'self-expiring',
    description: '',
    params: [],
    create: () => {
      let calls = 0;
      return {
        choose(d) {
          if (++calls === at) cells[WATCH_EXPIRED] = cells[WATCH_SEQ];
          return d.legal[0];
        },
      };
    },
  });

  it('an expired call is a bot_timeout at that decision, exactly like a replay with the fault forced there', async () => {
    const { game } = await loadGame(GAME, FIXTURES);
    const opts = resolveOptions(game.options, { hand: 6 });
    const plain = { factory: bots.random, params: {} };
    for (const seed of ['a', 'b', 'c']) {
      const cells = new Int32Array(WATCH_CELLS);
      const watch: MatchWatch = { cells };
      const expired = playMatch(game, opts, [plain, { factory: selfExpiring(3, cells), params: {} }, plain], seed, { watch });
      expect(expired.fault?.reason).toBe('bot_timeout');
      expect(expired.fault?.seat).toBe(1);
      const forced = playMatch(game, opts, [plain, { factory: selfExpiring(99, cells), params: {} }, plain], seed, {
        watch: { cells: new Int32Array(WATCH_CELLS), forced: { decision: expired.decisions, seat: 1, reason: 'bot_timeout' } },
      });
      expect(forced).toEqual(expired);
      // Without the watch, the same bot plays the match to its end.
      const normal = playMatch(game, opts, [plain, { factory: selfExpiring(3, new Int32Array(WATCH_CELLS)), params: {} }, plain], seed);
      expect(normal.fault).toBeUndefined();
      expect(normal.decisions).toBeGreaterThan(expired.decisions);
    }
  });

  it('a fault forced while creating a bot ends the match before any decision; a throwing create() is a bot_error', async () => {
    const { game } = await loadGame(GAME, FIXTURES);
    const opts = resolveOptions(game.options, {});
    const plain = { factory: bots.random, params: {} };
    const out = playMatch(game, opts, [plain, plain, plain], 's', {
      watch: { cells: new Int32Array(WATCH_CELLS), forced: { decision: -1, seat: 2, reason: 'bot_crash' } },
    });
    expect(out).toMatchObject({ decisions: 0, fault: { reason: 'bot_crash', seat: 2 } });
    expect(out.result).toMatchObject({ annulled: true, winners: [], endReason: 'bot_crash', ranks: [1, 1, 3] });
    const throwing: BotFactory = { name: 't', description: '', params: [], create: () => { throw new Error('no'); } };
    const t = playMatch(game, opts, [plain, { factory: throwing, params: {} }, plain], 's');
    expect(t).toMatchObject({ decisions: 0, fault: { reason: 'bot_error', seat: 1, message: 'no' } });
  });
});

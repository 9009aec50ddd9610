import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { stramat } from '../../src/games/stramat/index.js';
import { TIMING_EVERY, playMatch, type SeatBot } from '../../src/engine/match.js';
import { resolveOptions } from '../../src/engine/options.js';
import type { BotFactory } from '../../src/engine/bot.js';
import { ROOT, tavolo, tempDir } from '../fixtures/cli.js';
import { readRunJson } from '../helpers/json-files.js';

vi.setConfig({ testTimeout: 120_000 });

/** A bot that burns about `ms` of CPU on every decision, then plays the first legal action. */
function slowBot(ms: number): BotFactory {
  return {
    name: `slow${ms}`,
    description: 'busy-waits',
    params: [],
    create: () => ({
      choose(d) {
        const until = performance.now() + ms; // clock-ok: a test bot that takes time on purpose
        while (performance.now() < until); // clock-ok
        return d.legal[0];
      },
    }),
  };
}

describe("bots' time per decision (run.json only)", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('playMatch times one decision in 64 (counted across matches), per seat, and the timing never changes the match', () => {
    const opts = resolveOptions(stramat.options, {});
    const seats: SeatBot[] = [
      { factory: slowBot(2), params: {} },
      { factory: slowBot(0), params: {} },
    ];
    const timing = new Float64Array(5);
    let decisions = 0;
    for (let m = 0; m < 12; m++) {
      const timed = playMatch(stramat, opts, seats, `timing/${m}`, { timing });
      const plain = playMatch(stramat, opts, seats, `timing/${m}`);
      expect(timed.result).toEqual(plain.result);
      expect(timed.decisions).toBe(plain.decisions);
      decisions += timed.decisions;
    }
    expect(timing[4]).toBe(decisions);
    expect(timing[1] + timing[3]).toBe(Math.ceil(decisions / TIMING_EVERY));
    // The slow seat's mean is about 2 ms, the fast seat's far less.
    expect(timing[1]).toBeGreaterThan(0);
    expect(timing[0] / timing[1]).toBeGreaterThanOrEqual(1.9);
    if (timing[3] > 0) expect(timing[2] / timing[3]).toBeLessThan(1);
  });

  it('run.json lists each bot with its time per decision; the CSVs do not', () => {
    const out = tempDir();
    dirs.push(out);
    const r = tavolo(['run', join(ROOT, 'tournaments', 'stramat-demo.json'), '--matches', '40', '--threads', '2', '--out', out]);
    expect(r.code).toBe(0);
    const table = readRunJson<{ bot_time_per_decision: Array<{ bot: string; timed_decisions: number; ms_per_decision: number }> }>(out).bot_time_per_decision;
    expect(table.map((t) => t.bot).sort()).toEqual(['greedy', 'random']);
    for (const t of table) {
      expect(t.timed_decisions).toBeGreaterThan(0);
      expect(t.ms_per_decision).toBeGreaterThanOrEqual(0);
    }
    for (const f of ['matches.csv', 'summary.csv', 'seats.csv']) {
      expect(readFileSync(join(out, f), 'utf8')).not.toMatch(/ms_per_decision|timed_decisions/);
    }
  });
});

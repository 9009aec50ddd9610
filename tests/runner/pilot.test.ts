// The pilot (runner/pilot.ts): what one match of a run costs one thread, measured on the run's own first
// matches, with a match too long for the pilot cut and costed from random play's length.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BotFactory } from '../../src/engine/bot.js';
import { prepare } from '../../src/runner/batch.js';
import { pilotRun } from '../../src/runner/pilot.js';
import { resolveSpec } from '../../src/runner/spec.js';

const HIGHCARD = join(import.meta.dirname, '..', 'fixtures', 'highcard.mjs');

/** A bot that thinks `ms` milliseconds (busy, as a search would) and plays the first legal action. */
function slowBot(ms: number): BotFactory {
  return {
    name: `slow-${ms}`,
    description: 'test',
    params: [],
    create: () => ({
      choose(d) {
        const end = performance.now() + ms;
        while (performance.now() < end);
        return d.legal[0];
      },
    }),
  };
}

async function prepared(hand: number, msPerDecision: number) {
  const spec = await resolveSpec(
    { name: 'pilot', game: HIGHCARD, players: 2, matches: 1000, seed: 'pilot', variants: [{ name: 'base', options: { hand } }], bots: [{ bot: 'random' }, { bot: 'random' }] },
    process.cwd(),
  );
  const bot = slowBot(msPerDecision);
  return prepare(spec.game, 2, spec.seed, spec.variants, [
    { name: 'a', factory: bot, params: {} },
    { name: 'b', factory: bot, params: {} },
  ]);
}

describe('the pilot', () => {
  it('measures a match from finished matches: two decisions of 5 ms each a trick', async () => {
    // hand 3, two players: 6 decisions a match, 30 ms of thinking.
    const m = pilotRun(await prepared(3, 5), 1000, 0.4);
    expect(m.lengthFrom).toBe('pilot');
    expect(m.finished).toBeGreaterThanOrEqual(1);
    expect(m.decisions).toBeGreaterThanOrEqual(6 * m.finished);
    expect(m.secondsPerMatch).toBeGreaterThan(0.03);
    // Loose above: a busy machine slows everything but the thinking, which is wall time.
    expect(m.secondsPerMatch).toBeLessThan(0.03 * 10);
  });

  it('cuts a match longer than its time and costs it from the decisions of random play', async () => {
    // hand 6: 12 decisions of 250 ms, 3 s a match, past the pilot's allowance of one second for a first match.
    const m = pilotRun(await prepared(6, 250), 1000, 0.05);
    expect(m.lengthFrom).toBe('random-play');
    expect(m.finished).toBe(0);
    expect(m.decisions).toBeGreaterThanOrEqual(2);
    expect(m.decisions).toBeLessThan(12);
    expect(m.seconds).toBeLessThan(4);
    expect(m.secondsPerMatch).toBeGreaterThan(3 * 0.9);
    expect(m.secondsPerMatch).toBeLessThan(3 * 4);
  });

  it('stops early once the run is plainly short, and never plays more matches than the run has', async () => {
    const p = await prepared(3, 0);
    const early = pilotRun(p, 100_000, 0.5, () => true);
    expect(early.seconds).toBeLessThan(0.25);
    const all = pilotRun(p, 5, 0.5);
    expect(all.finished).toBe(5);
  });
});

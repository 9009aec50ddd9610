import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, readCsvObjects, tavolo, tempDir } from '../fixtures/cli.js';

/**
 * The answer first (issue 21 item 1): `run`, `merge` and `compare` print the spec's question and the
 * verdict in sentences before any table. Small match counts: the figures are checked against the
 * run's own compare.csv, not hard-coded.
 */

/** Index of the first table line of the terminal output (the per-variant summary). */
const firstTable = (out: string) => out.indexOf('\nVariant ');

describe('tavolo run prints the verdict before any table', () => {
  const dir = tempDir();
  const dado = tavolo(['run', join(ROOT, 'tournaments', 'stramat-dado.json'), '--matches', '2000', '--threads', '1', '--out', join(dir, 'dado')]);

  it('opens with the question and the sentences of the Dado question', () => {
    expect(dado.code).toBe(0);
    const out = dado.stdout;
    const q = out.indexOf('Question: Does one Dado card fewer change Stramat?');
    expect(q).toBeGreaterThan(0);
    expect(q).toBeLessThan(firstTable(out));
    const verdict = out.slice(q, firstTable(out));
    // Length moved; its size is compare.csv's turns_mean difference, with its interval.
    const turns = readCsvObjects(join(dir, 'dado', 'compare.csv')).find((r) => r.quantity === 'turns_mean')!;
    const size = Number(turns.difference).toFixed(2);
    expect(verdict).toContain(`games are ${size} turns longer on average`);
    expect(verdict).toMatch(/turns longer on average, from [\d.]+ to [\d.]+ turns \(95% CI [\d.]+ to [\d.]+\)/);
    // Greedy's win share and the first-player advantage: no detectable change, with what could have been detected.
    expect(verdict).toMatch(/greedy's win share shows no detectable change: .*points would have been detected/);
    expect(verdict).toMatch(/the first-player advantage shows no detectable change: .*points would have been detected/);
    expect(verdict).not.toMatch(/played_dado|per game/);
  });

  it('puts greedy\'s fall in win share first in the Stop hand-size question', () => {
    const r = tavolo(['run', join(ROOT, 'tournaments', 'stop-hand-size.json'), '--matches', '400', '--threads', '1', '--out', join(dir, 'stop')]);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    const q = lines.findIndex((l) => l.startsWith('Question: Does the number of cards dealt change Stop?'));
    expect(q).toBeGreaterThan(0);
    for (const variant of ['deal-5', 'deal-3']) {
      const head = lines.findIndex((l) => l.startsWith(`${variant} against deal-7`));
      expect(head).toBeGreaterThan(q);
      expect(lines[head + 1]).toMatch(/^ {2}Who wins: greedy's win share fell from [\d.]+% to [\d.]+% \(-[\d.]+ points, 95% CI/);
    }
    expect(lines.findIndex((l) => l.startsWith('Variant deal-7:'))).toBeGreaterThan(q);
  });

  it('gives a one-bot lineup no win-share sentence and no one-bot leaderboard', () => {
    const spec = join(dir, 'all-greedy.json');
    writeFileSync(
      spec,
      JSON.stringify({
        name: 'all-greedy',
        description: 'Is Stramat fair to the first player when everybody plays greedy?',
        game: 'stramat',
        players: 4,
        matches: 40,
        seed: 'g',
        variants: [{ name: 'base', options: {} }, { name: 'one-dado-fewer', options: { dadoCount: 3 } }],
        bots: [0, 1, 2, 3].map(() => ({ name: 'greedy', bot: 'greedy' })),
      }),
    );
    const r = tavolo(['run', spec, '--threads', '1', '--out', join(dir, 'greedy')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Who wins: all seats are greedy: the seats' balance is the question.");
    expect(r.stdout).not.toMatch(/greedy's win share|greedy wins .* often|rank +rating/);
    expect(r.stdout).toContain('every seat is greedy, so there is no leaderboard');
  });

  it('says how each bot did in a single-variant run', () => {
    const r = tavolo(['run', join(ROOT, 'tournaments', 'stramat-random-vs-greedy-2p.json'), '--matches', '100', '--threads', '1', '--out', join(dir, 'one')]);
    expect(r.code).toBe(0);
    const verdict = r.stdout.slice(r.stdout.indexOf('Question:'), firstTable(r.stdout));
    expect(verdict).toMatch(/Who wins: .*greedy won [\d.]+% of its matches \(95% CI/);
    expect(verdict).toMatch(/Balance: (no sign of a first-player advantage|the first player (has an advantage|is at a disadvantage))/);
  });

  it('tavolo compare prints the verdict before its tables', () => {
    const r = tavolo(['compare', join(dir, 'dado'), join(dir, 'dado'), '--out', join(dir, 'cmp')]);
    // The same folder twice is refused; compare the Dado run with a shorter one of the same spec instead.
    expect(r.code).toBe(2);
    const short = tavolo(['run', join(ROOT, 'tournaments', 'stramat-dado.json'), '--matches', '200', '--threads', '1', '--out', join(dir, 'dado-short')]);
    expect(short.code).toBe(0);
    const c = tavolo(['compare', join(dir, 'dado-short'), join(dir, 'dado'), '--out', join(dir, 'cmp')]);
    expect(c.code).toBe(0);
    const q = c.stdout.indexOf('Question: Does one Dado card fewer change Stramat?');
    expect(q).toBeGreaterThan(0);
    expect(q).toBeLessThan(c.stdout.indexOf('Variants side by side'));
    expect(c.stdout).toMatch(/one-dado-fewer in .* against one-dado-fewer in /);
    // The same spec twice: identical matches. The rates (McNemar rows, whose interval is never 0 wide) say so too.
    const again = tavolo(['run', join(ROOT, 'tournaments', 'stramat-dado.json'), '--matches', '200', '--threads', '1', '--out', join(dir, 'dado-again')]);
    expect(again.code).toBe(0);
    const same = tavolo(['compare', join(dir, 'dado-short'), join(dir, 'dado-again'), '--out', join(dir, 'cmp-same')]);
    expect(same.code).toBe(0);
    const ends = same.stdout.split('\n').find((l) => l.includes('How matches end:'))!;
    expect(ends).toContain('annulled matches from');
    expect(ends).toContain('every pair of matches gave the same value');
    expect(ends).not.toMatch(/would have been detected/);
  });
});

describe('tavolo merge prints the verdict before any table', () => {
  it('for the shards of the Dado question', () => {
    const dir = tempDir();
    const spec = join(ROOT, 'tournaments', 'stramat-dado.json');
    for (const s of ['0/2', '1/2']) {
      expect(tavolo(['run', spec, '--matches', '100', '--threads', '1', '--shard', s, '--out', join(dir, s.replace('/', '-'))]).code).toBe(0);
    }
    const m = tavolo(['merge', join(dir, '0-2'), join(dir, '1-2'), '--out', join(dir, 'merged')]);
    expect(m.code).toBe(0);
    const q = m.stdout.indexOf('Question: Does one Dado card fewer change Stramat?');
    expect(q).toBeGreaterThanOrEqual(0);
    expect(q).toBeLessThan(firstTable(m.stdout));
    expect(m.stdout).toContain('one-dado-fewer against base (100 paired matches)');
  });
});

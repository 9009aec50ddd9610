import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, tavolo, tempDir } from '../fixtures/cli.js';

/** A lineup of one bot (issue 21 item 6): the report has no one-bot leaderboard and no per-bot verdict. */
describe('report.html of a lineup in which every seat is the same bot', () => {
  it('has no leaderboard chart and says the seats are the question', () => {
    const dir = tempDir();
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
    const out = join(dir, 'out');
    expect(tavolo(['run', spec, '--threads', '1', '--out', out], ROOT).code).toBe(0);
    const html = readFileSync(join(out, 'report.html'), 'utf8');
    // Booleans, not the page: a failure would otherwise print half a megabyte of inlined libraries.
    expect(html.includes('data-chart="win-share"')).toBe(true);
    expect(html.includes('data-chart="ratings"')).toBe(false);
    expect(html.includes("all seats are greedy: the seats' balance is the question.")).toBe(true);
  });
});

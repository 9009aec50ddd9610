import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launch, type Browser } from '../report/browser-helpers.js';
import { tempDir } from '../fixtures/cli.js';
import { startServer } from './helpers.js';

/**
 * A player who answers the next question before the page has heard back about the last one: the server
 * takes an answer and sends the next question over the event stream, which can arrive before the answer's
 * own reply (always here: the test holds each reply back). The press for the new question must be taken,
 * not dropped because the old answer is still "on its way" (a dropped press left a hot-seat test waiting
 * for ever on a loaded machine).
 */

const run = browserAvailable() ? describe : describe.skip;

run('a human page answering quickly', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('takes a press for the new question while the reply to the last answer is still held back', async () => {
    const dir = tempDir();
    const out = join(dir, 'm');
    const served = await startServer(['--game', 'scala', '--bots', 'random,random', '--seed', '5', '--human', '0', '--bot-delay', '0', '--out', out], dir);
    try {
      const page = await browser.context.newPage();
      // The server acts on each answer at once; its reply reaches the page only when the test lets it go,
      // after every press: however slow the machine, each new question comes before the last reply.
      const held: Array<() => void> = [];
      await page.route('**/act', async (route) => {
        const response = await route.fetch();
        await new Promise<void>((r) => held.push(r));
        await route.fulfill({ response });
      });
      await page.goto(served.urls.get(0) as string);
      let presses = 0;
      for (; presses < 4; presses++) {
        await page.waitForFunction(() => document.body.dataset.asking || document.body.dataset.ended === 'yes', undefined, { timeout: 60_000 });
        const asking = await page.evaluate(() => document.body.dataset.asking ?? '');
        if (asking === '') break;
        await page.keyboard.press('1');
        // Taken: the page moves on while every earlier reply is still held back (a dropped press never would).
        await page.waitForFunction((k) => document.body.dataset.asking !== k, asking, { timeout: 30_000 });
      }
      expect(presses).toBe(4);
      await expect.poll(() => held.length, { timeout: 10_000 }).toBe(4);
      for (const release of held) release();
      await expect.poll(() => page.evaluate(() => document.getElementById('error')?.textContent), { timeout: 10_000 }).toBe('');
    } finally {
      await served.stop('SIGINT');
    }
    // Each press journaled once: no answer was sent twice, none lost.
    const journal = readFileSync(join(out, 'journal.jsonl'), 'utf8').trim().split('\n').slice(1).map((l) => JSON.parse(l) as { seat: number });
    expect(journal.filter((d) => d.seat === 0)).toHaveLength(4);
  });
});

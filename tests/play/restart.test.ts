import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSaved, savedSpec } from '../../src/play/saved.js';
import { recordMatch } from '../../src/report/replay.js';
import { browserAvailable, launch, type Browser } from '../report/browser-helpers.js';
import { tavolo, tempDir } from '../fixtures/cli.js';
import { click, nextTurn, playToEnd, startServer } from './helpers.js';

/**
 * Nothing is lost: the server is killed (SIGKILL, no chance to save anything) in the middle of a match,
 * started again with the same command, and the page that stayed open reconnects by itself and finishes
 * the match; then once more with --resume. Every decision clicked before a kill is in the saved match,
 * which replays to its result.
 */

const run = browserAvailable() ? describe : describe.skip;

/** Clicks `count` decisions (the second button when there is one). */
async function clicks(page: Page, count: number): Promise<void> {
  for (let i = 0; i < count; ) {
    expect(await nextTurn(page)).toBe('ask');
    const n = (await page.evaluate(() => document.body.dataset.asking)) as string;
    const buttons = page.locator('#actions button');
    if (await click(page, buttons.nth((await buttons.count()) > 1 ? 1 : 0), n)) i++;
  }
}

run('a server killed mid-match', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('is started again (same command, then --resume) and the open page finishes the match', async () => {
    const dir = tempDir();
    const out = join(dir, 'm');
    const args = ['--game', 'stop', '--bots', 'random,greedy', '--seed', '3', '--option', 'targetScore=40', '--human', '1', '--bot-delay', '0', '--out', out];
    let served = await startServer(args, dir);
    const url = served.urls.get(1) as string;
    const page = await browser.context.newPage();
    await page.goto(url);
    await clicks(page, 4);
    const journaled = () => readFileSync(join(out, 'journal.jsonl'), 'utf8').trim().split('\n').length - 1;
    expect(journaled()).toBe(4);
    expect(await served.stop('SIGKILL')).toBe(null);
    await page.waitForFunction(() => (document.getElementById('connection')?.textContent ?? '').startsWith('Connection lost'));

    served = await startServer(args, dir);
    expect(served.output()).toContain('Resuming the match journaled in m (4 human decisions so far)');
    expect(served.urls.get(1)).toBe(url);
    await page.waitForFunction(() => document.getElementById('connection')?.textContent === '', undefined, { timeout: 30_000 });
    await clicks(page, 3);
    expect(await served.stop('SIGKILL')).toBe(null);

    served = await startServer(['--resume', '--out', out, '--bot-delay', '0'], dir);
    expect(served.output()).toContain('(7 human decisions so far)');
    const rest = await playToEnd(page);
    expect(await page.locator('#status').textContent()).toMatch(/^Match over/);
    expect(await served.stop('SIGTERM')).toBe(0);

    const saved = readSaved(out);
    expect(saved.decisions).toHaveLength(7 + rest);
    const { spec, variant, match } = await savedSpec(saved);
    expect(recordMatch(spec, variant, match).result.turns).toBe(saved.result.turns);
    // The same command once the match is over says so and plays nothing.
    const again = tavolo(['play', ...args], dir);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('This match is finished and saved in m/match.json');
  });
});

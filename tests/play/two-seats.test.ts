import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSaved, savedSpec } from '../../src/play/saved.js';
import { recordMatch } from '../../src/report/replay.js';
import { browserAvailable, launch, type Browser } from '../report/browser-helpers.js';
import { tempDir } from '../fixtures/cli.js';
import { nextTurn, playToEnd, startServer, type Served } from './helpers.js';

// Playwright's default wait is 30 s; a loaded CI machine (the quick suite runs files in parallel) once
// needed more for the hot seat's page, so the waits allow 2 minutes (they end as soon as the page is ready).
const WAIT = { timeout: 120_000 };

/**
 * Two human seats of one Stramat match, each in its own browser (separate profiles, so separate storage):
 * each page shows its own hand and only the back of the other's, each refuses to act for the other seat,
 * and forged, stale or second-tab answers are refused with nothing changed. Then one tab plays both seats
 * in turn (hot seat), the table hidden behind a curtain whenever the other seat is asked.
 */

const run = browserAvailable() ? describe : describe.skip;

/** The cards a page shows face up in a seat's hand zone, and how many it shows face down. */
async function hand(page: Page, seat: number): Promise<{ up: string[]; down: number }> {
  return page.evaluate((s) => {
    const zone = document.querySelector(`[data-zone="hand-${s}"]`);
    if (zone === null) return { up: [], down: -1 };
    const up = Array.from(zone.querySelectorAll('.card:not(.back)'), (c) => c.textContent ?? '');
    const back = zone.querySelector<HTMLElement>('.card.back');
    return { up, down: back ? Number(back.dataset.hidden) : 0 };
  }, seat);
}

async function act(page: Page, body: Record<string, unknown>): Promise<{ status: number; error?: string }> {
  return page.evaluate(async (b) => {
    const res = await fetch('/act', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(b) });
    return { status: res.status, ...((await res.json()) as { error?: string }) };
  }, body);
}

const tokenOf = (url: string) => new URL(url).searchParams.get('token') as string;
const tabOf = (page: Page) => page.evaluate(() => sessionStorage.getItem('tavolo-tab') as string);

run('two human seats', () => {
  const browsers: Browser[] = [];
  beforeAll(async () => {
    browsers.push(await launch(), await launch());
  });
  afterAll(async () => {
    for (const b of browsers) await b.close();
  });

  it('each seat sees its own hand only, acts for itself only, and refusals change nothing', async () => {
    const dir = tempDir();
    const out = join(dir, 'm');
    const served: Served = await startServer(['--game', 'stramat', '--bots', 'random,random,random', '--seed', '11', '--human', '0,1', '--bot-delay', '0', '--out', out], dir);
    try {
      expect(served.urls.has(-1)).toBe(true);
      const [p0, p1] = [await browsers[0].context.newPage(), await browsers[1].context.newPage()];
      await p0.goto(served.urls.get(0) as string);
      await p1.goto(served.urls.get(1) as string);
      await p0.waitForFunction(() => document.querySelector('[data-zone="hand-0"]') !== null, undefined, WAIT);
      await p1.waitForFunction(() => document.querySelector('[data-zone="hand-1"]') !== null, undefined, WAIT);
      // Whoever is asked first: the match waits for that seat, so both pages come to rest.
      const asked = await Promise.race([nextTurn(p0).then(() => 0), nextTurn(p1).then(() => 1)]);
      const [mine, other] = asked === 0 ? [p0, p1] : [p1, p0];
      // The other seat's hand: face down only, as many cards as its owner holds (polled: a page may be
      // a message behind the other).
      for (const [page, seat, otherPage] of [[p0, 0, p1], [p1, 1, p0]] as const) {
        const own = await hand(page, seat);
        expect(own.up.length).toBeGreaterThan(0);
        expect(own.down).toBe(0);
        await expect.poll(() => hand(otherPage, seat)).toEqual({ up: [], down: own.up.length });
      }
      // Nor does the other's deal appear in the log (the owner's log shows it).
      expect((await p1.locator('#log').textContent()) ?? '').toMatch(/seat 1 is dealt: \S/);
      expect((await p0.locator('#log').textContent()) ?? '').toMatch(/seat 0 is dealt: \S/);
      expect((await p0.locator('#log').textContent()) ?? '').not.toMatch(/seat 1 is dealt:/);
      expect((await p1.locator('#log').textContent()) ?? '').not.toMatch(/seat 0 is dealt:/);

      const n = Number(await mine.evaluate(() => document.body.dataset.asking));
      const legal = Number(await mine.locator('#actions button').first().getAttribute('data-action'));
      const journal = () => readFileSync(join(out, 'journal.jsonl'), 'utf8');
      const before = journal();
      const otherToken = tokenOf(served.urls.get(1 - asked) as string);
      const myToken = tokenOf(served.urls.get(asked) as string);
      const refusals = [
        [await act(other, { token: otherToken, tab: await tabOf(other), seat: asked, n, action: legal }), 403, /plays seat/],
        [await act(other, { token: myToken, tab: await tabOf(other), seat: asked, n, action: legal }), 409, /another tab/],
        [await act(other, { token: 'f'.repeat(32), tab: await tabOf(other), seat: asked, n, action: legal }), 403, /unknown token/],
        [await act(mine, { token: myToken, tab: await tabOf(mine), seat: asked, n, action: 99_999 }), 422, /not one of the legal actions/],
        [await act(mine, { token: myToken, tab: await tabOf(mine), seat: asked, n: n + 5, action: legal }), 409, /not the one awaited/],
        [await act(mine, { token: myToken, tab: await tabOf(mine), seat: asked, n: 'x', action: legal }), 400, /expected/],
      ] as const;
      for (const [got, status, words] of refusals) {
        expect(got.status).toBe(status);
        expect(got.error).toMatch(words);
      }
      // A second tab for the same seat (another tab of the same browser) is refused on the page itself.
      const second = await browsers[asked].context.newPage();
      await second.goto(served.urls.get(asked) as string);
      await second.waitForFunction(() => document.body.dataset.refused === 'yes', undefined, WAIT);
      expect(await second.locator('#error').textContent()).toMatch(`seat ${asked} is already open in another tab`);
      expect((await act(second, { token: myToken, tab: await tabOf(second), seat: asked, n, action: legal })).status).toBe(409);
      await second.close();
      expect(journal()).toBe(before);
      expect(await mine.evaluate(() => document.body.dataset.asking)).toBe(String(n));

      // Both seats play on, each from its own page, to the end.
      const [c0, c1] = await Promise.all([playToEnd(p0, (k) => k + 1), playToEnd(p1, (k) => 2 * k)]);
      const saved = readSaved(out);
      expect(saved.decisions.filter((d) => d.seat === 0)).toHaveLength(c0);
      expect(saved.decisions.filter((d) => d.seat === 1)).toHaveLength(c1);
      const { spec, variant, match } = await savedSpec(saved);
      expect(recordMatch(spec, variant, match).result.winners).toBe(saved.result.winners.join(';'));
    } finally {
      await served.stop('SIGINT');
    }
  });

  it('hot seat: one tab plays both seats in turn, the table hidden between them', async () => {
    const dir = tempDir();
    const out = join(dir, 'm');
    const served = await startServer(['--game', 'stramat', '--bots', 'random,random,random', '--seed', '12', '--human', '0,2', '--bot-delay', '0', '--out', out], dir);
    try {
      const page = await browsers[0].context.newPage();
      await page.goto(served.urls.get(-1) as string);
      let curtains = 0;
      let clicks = 0;
      for (;;) {
        await page.waitForFunction(() => document.body.dataset.asking || document.body.dataset.ended === 'yes' || document.body.dataset.curtain === 'yes', undefined, WAIT);
        const shown = await page.evaluate(() => ({ ...document.body.dataset }));
        if (shown.ended === 'yes') break;
        if (shown.curtain === 'yes') {
          // Behind the curtain nothing of either seat's table is on the page.
          expect(await page.locator('#play').isHidden()).toBe(true);
          expect(await page.locator('#curtain-text').textContent()).toContain(`Seat ${shown.seat} to play`);
          curtains++;
          await page.keyboard.press('Enter');
          continue;
        }
        // The hand shown face up is the asked seat's; the other human seat's is face down.
        const seat = Number(shown.seat);
        expect((await hand(page, seat)).up.length).toBeGreaterThan(0);
        expect((await hand(page, seat === 0 ? 2 : 0)).up).toEqual([]);
        await page.keyboard.press('1');
        clicks++;
        await page.waitForFunction((k) => document.body.dataset.asking !== k, shown.asking, WAIT);
      }
      expect(curtains).toBeGreaterThan(1);
      const saved = readSaved(out);
      expect(saved.decisions).toHaveLength(clicks);
      expect(new Set(saved.decisions.map((d) => d.seat))).toEqual(new Set([0, 2]));
    } finally {
      await served.stop('SIGINT');
    }
  });
});

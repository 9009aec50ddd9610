import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launch, openPage, screenshotPath, type Browser } from '../../report/browser-helpers.js';
import { FIXTURES, readCsvObjects, tavolo, tempDir } from '../../fixtures/cli.js';

/**
 * importance.html of a real `tavolo importance` run (the gold-tin fixture game, both views) in headless
 * Chromium: no console error, nothing fetched, each view's chart drawn with one dot per card and change
 * of importance.csv, the cards in rank order, the sentences above the chart.
 */
describe.skipIf(!browserAvailable())('importance.html in Chromium', () => {
  let browser: Browser;
  let dir: string;

  beforeAll(async () => {
    dir = tempDir('tavolo-browser-importance-');
    const r = tavolo(['importance', join(FIXTURES, 'importance', 'gold-tin.mjs'), '--opponents', 'random', '--matches', '300', '--threads', '1', '--out', dir]);
    expect(r.code).toBe(0);
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  it('draws every card of both views with its interval, in rank order, and fetches nothing', async () => {
    const { page, problems } = await openPage(browser, join(dir, 'importance.html'));
    const rows = readCsvObjects(join(dir, 'importance.csv'));
    const drawn = await page.$$eval('section.chart', (sections) =>
      sections.map((s) => ({
        id: (s as HTMLElement).dataset.chart!,
        dots: s.querySelectorAll('g[aria-label="dot"] circle, g[aria-label="dot"] path').length,
        rules: s.querySelectorAll('g[aria-label="rule"] line').length,
        ticks: [...s.querySelectorAll('g[aria-label="y-axis tick label"] text')].map((t) => t.textContent),
        lead: s.querySelector('p.lead')?.textContent ?? '',
        tableRows: s.querySelectorAll('details tbody tr').length,
      })),
    );
    expect(problems).toEqual([]);
    const restricted = drawn.find((d) => d.id === 'restricted')!;
    const sensitivity = drawn.find((d) => d.id === 'sensitivity')!;
    expect(restricted.dots).toBe(rows.filter((r) => r.view === 'restricted').length);
    expect(sensitivity.dots).toBe(rows.filter((r) => r.view === 'sensitivity').length);
    // One interval per dot (the reference line at 0 is a rule too).
    expect(restricted.rules).toBeGreaterThanOrEqual(restricted.dots);
    expect(restricted.ticks.slice(0, 2)).toEqual(['1. gold cards', '2. tin cards']);
    expect(restricted.lead).toMatch(/^Restricted play: greedy against random/);
    expect(sensitivity.tableRows).toBe(4);
    writeFileSync(join(dir, 'drawn.json'), JSON.stringify(drawn));
    await page.screenshot({ path: screenshotPath('importance.png'), fullPage: true });
  });
});

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launch, openPage, screenshotPath, type Browser } from '../../report/browser-helpers.js';
import { FIXTURES, readCsvObjects, tavolo, tempDir } from '../../fixtures/cli.js';

/**
 * meta.html of a real `tavolo meta` run (the dominant-action toy game, three pure strategies) in headless
 * Chromium: no console error, nothing fetched, one cell per pair of strategies holding meta.csv's win
 * share, the mix drawn as bars as wide as its weights, and the sentences first.
 */
describe.skipIf(!browserAvailable())('meta.html in Chromium', () => {
  let browser: Browser;
  let dir: string;

  beforeAll(async () => {
    dir = tempDir('tavolo-browser-meta-');
    const spec = join(dir, 'meta.json');
    const pure = join(FIXTURES, 'toy-bots', 'meta-pure.mjs');
    const population = ['low', 'mid', 'high'].map((name, action) => ({ name, bot: pure, params: { action } }));
    writeFileSync(spec, JSON.stringify({ name: 'dominant', game: join(FIXTURES, 'toy-games', 'meta-dominant.mjs'), players: 2, matches: 200, seed: 'page', population }));
    const r = tavolo(['meta', spec, '--threads', '1', '--out', join(dir, 'out')]);
    expect(r.code, r.stderr).toBe(0);
    browser = await launch();
  }, 180_000);
  afterAll(async () => browser?.close());

  it('draws the matrix and the mix from the files, and fetches nothing', async () => {
    const out = join(dir, 'out');
    const { page, problems } = await openPage(browser, join(out, 'meta.html'));
    const drawn = await page.evaluate(() => ({
      cells: [...document.querySelectorAll('table.matrix td.cell:not(.diagonal)')].map((td) => {
        const e = td as HTMLElement;
        return { row: Number(e.dataset.row), column: Number(e.dataset.column), share: Number(e.dataset.winShare), colour: getComputedStyle(e).backgroundColor };
      }),
      bars: [...document.querySelectorAll('div.bar-row')].map((row) => ({
        strategy: (row as HTMLElement).dataset.strategy,
        width: (row.querySelector('span.bar') as HTMLElement).getBoundingClientRect().width,
        track: (row.querySelector('span.track') as HTMLElement).getBoundingClientRect().width,
      })),
      lead: document.querySelector('p.lead')?.textContent ?? '',
      firstSection: document.querySelector('section')?.id,
      paragraphsBefore: document.querySelectorAll('header ~ p').length,
    }));
    expect(problems).toEqual([]);
    const names = ['low', 'mid', 'high'];
    const csv = readCsvObjects(join(out, 'meta.csv'));
    expect(drawn.cells.length).toBe(csv.length);
    for (const c of drawn.cells) {
      const row = csv.find((x) => x.row === names[c.row] && x.column === names[c.column])!;
      expect(c.share).toBeCloseTo(Number(row.win_share), 9);
      // Blue above one half, red below (every pair of this game is told apart).
      expect(c.colour).toMatch(c.share > 0.5 ? /rgba\(31, 95, 160/ : /rgba\(190, 40, 40/);
    }
    const bar = (s: string) => drawn.bars.find((b) => b.strategy === s)!;
    expect(bar('high').width).toBeCloseTo(bar('high').track, 0);
    expect(bar('low').width).toBe(0);
    expect(drawn.lead).toMatch(/^The meta-game of Dominant action/);
    expect(drawn.paragraphsBefore).toBeGreaterThanOrEqual(5);
    writeFileSync(join(dir, 'drawn.json'), JSON.stringify(drawn));
    await page.screenshot({ path: screenshotPath('meta.png'), fullPage: true });
  });
});

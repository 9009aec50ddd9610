import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launch, openPage, screenshotPath, type Browser } from './browser-helpers.js';
import { ROOT, readCsvObjects, tavolo, tempDir } from '../fixtures/cli.js';

/**
 * The report of a sweep in Chromium (issue 25 item 2): the shipped Stop sweep of handSize 3..7 draws
 * one chart per quantity against the hand size, with a dot and an interval bar per value of sweep.csv,
 * and says the terminal's trend sentences at its top.
 */

type Page = import('playwright-core').Page;

/** Per chart of the sweep group: its quantity, dots, interval bars, lines, and the dots' tooltips. */
async function againstCharts(page: Page) {
  return page.$$eval('#against section.chart', (sections) =>
    sections.map((s) => {
      const el = s as HTMLElement;
      return {
        quantity: el.dataset.quantity ?? '',
        title: el.querySelector('h3')?.textContent ?? '',
        note: el.querySelector('p.note')?.textContent ?? '',
        dots: el.querySelectorAll('g[aria-label="dot"] circle').length,
        bars: el.querySelectorAll('g[aria-label="rule"] line').length,
        lines: el.querySelectorAll('g[aria-label="line"] path').length,
        swatches: [...el.querySelectorAll('[class$="-swatch"]')].map((x) => x.textContent?.trim() ?? ''),
        tips: [...el.querySelectorAll('g[aria-label="dot"] circle title')].map((t) => t.textContent ?? ''),
        xLabel: el.querySelector('g[aria-label="x-axis label"]')?.textContent ?? '',
        yLabel: el.querySelector('g[aria-label="y-axis label"]')?.textContent ?? '',
      };
    }),
  );
}

describe.skipIf(!browserAvailable())('report.html of a sweep in Chromium', () => {
  let browser: Browser;
  let dir: string;
  let terminal: string;

  beforeAll(async () => {
    dir = join(tempDir('tavolo-browser-sweep-'), 'stop-sweep');
    // The shipped spec as it is (400 x 5 matches, about 3 s): the question at its own size.
    const r = tavolo(['run', join(ROOT, 'tournaments', 'stop-hand-size-sweep.json'), '--threads', '1', '--out', dir]);
    expect(r.code, r.stderr).toBe(0);
    terminal = r.stdout;
    browser = await launch();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('draws each quantity of sweep.csv against handSize: a dot and a 95% bar per value, in value order', async () => {
    const { page, problems } = await openPage(browser, join(dir, 'report.html'));
    const sweep = readCsvObjects(join(dir, 'sweep.csv'));
    const quantities = [...new Set(sweep.map((r) => r.quantity))].filter((q) => !q.startsWith('seat_win_share:'));
    const drawn = await againstCharts(page);
    expect(drawn.map((c) => c.quantity)).toEqual(quantities);
    for (const c of drawn) {
      const rows = sweep.filter((r) => r.quantity === c.quantity);
      expect(rows).toHaveLength(5);
      expect(c.dots, c.quantity).toBe(rows.length);
      // A bar per value, plus the dashed reference at 0 for the first-player advantage.
      expect(c.bars, c.quantity).toBe(rows.length + (c.quantity === 'first_player_advantage' ? 1 : 0));
      // The line through the means, and the straight-line trend where it is significant after Holm.
      expect(c.lines, c.quantity).toBe(1 + (Number(rows[0].slope_p_holm) < 0.05 ? 1 : 0));
      expect(c.tips.map((t) => t.slice(0, t.indexOf(':')))).toEqual(rows.map((r) => r.variant));
      expect(c.xLabel).toContain('handSize');
      expect(c.yLabel).not.toBe('');
    }
    // The two charts: greedy's win share and the round length, against the hand size.
    // The two charts: greedy's win share and the round length, each with its trend found and drawn.
    for (const [quantity, title] of [['win_share:greedy', "Greedy's win share against handSize"], ['metric:turns_per_round', 'Turns per round against handSize']]) {
      const c = drawn.find((x) => x.quantity === quantity)!;
      expect(c.title).toBe(title);
      expect(c.note).toMatch(/^Each 1 more of handSize raises .* by about [0-9.]+/);
      expect(c.lines).toBe(2);
    }
    expect(problems).toEqual([]);
    await page.setViewportSize({ width: 1100, height: 1400 });
    const box = (await page.locator('#against').boundingBox())!;
    await page.screenshot({ path: screenshotPath('report-sweep.png'), fullPage: true, clip: { x: box.x, y: box.y, width: box.width, height: Math.min(box.height, 1080) } });
    await page.close();
  });

  it('says the terminal\'s trend sentences at the top, and beside each chart', async () => {
    const { page, problems } = await openPage(browser, join(dir, 'report.html'));
    const start = terminal.indexOf('Against handSize (3, 4, 5, 6, 7;');
    expect(start).toBeGreaterThan(0);
    const block = terminal.slice(start, terminal.indexOf('\n\n', start)).split('\n');
    expect(block.length).toBeGreaterThan(3);
    const verdict = (await page.textContent('#verdict'))!.replace(/\s+/g, ' ');
    for (const line of block) expect(verdict).toContain(line.trim());
    // The trend comes before each value's comparison with the baseline, which is folded.
    expect(verdict.indexOf(block[1])).toBeLessThan(verdict.indexOf('handSize=4 against handSize=3'));
    expect(await page.$eval('#verdict details.per-value', (d) => (d as HTMLDetailsElement).open)).toBe(false);
    const notes = (await againstCharts(page)).map((c) => c.note);
    for (const sentence of block.filter((l) => l.startsWith('Each 1 more'))) expect(notes).toContain(sentence);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('leaves the forest panels out for the swept values and colours the length curves in value order', async () => {
    const { page, problems } = await openPage(browser, join(dir, 'report.html'));
    const ids = await page.$$eval('section.chart', (s) => s.map((x) => (x as HTMLElement).dataset.chart));
    expect(ids).not.toContain('forest-shares');
    expect(ids).not.toContain('forest-relative');
    expect(ids).not.toContain('metrics');
    const legend = await page.$$eval('section[data-chart="length"] [class$="-swatch"]', (s) => s.map((x) => x.textContent?.trim() ?? ''));
    expect(legend).toEqual(['handSize=3', 'handSize=4', 'handSize=5', 'handSize=6', 'handSize=7']);
    expect(await page.$$eval('section[data-chart="length"] g[aria-label="line"] path', (p) => p.length)).toBe(5);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe.skipIf(!browserAvailable())('report.html of a two-option grid in Chromium', () => {
  let browser: Browser;
  let dir: string;
  let terminal: string;

  beforeAll(async () => {
    dir = join(tempDir('tavolo-browser-grid-'), 'stop-grid');
    // The shipped grid as it is (200 x 9 matches, a few seconds).
    const r = tavolo(['run', join(ROOT, 'tournaments', 'stop-hand-size-jollies.json'), '--threads', '1', '--out', dir]);
    expect(r.code, r.stderr).toBe(0);
    terminal = r.stdout;
    browser = await launch();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('draws each quantity of grid.csv: a dot and a 95% bar per cell, one line per value of jollies', async () => {
    const { page, problems } = await openPage(browser, join(dir, 'report.html'));
    // The cells' names hold a comma: read with a real CSV parser.
    const grid = parse<Record<string, string>>(readFileSync(join(dir, 'grid.csv'), 'utf8'), { columns: true });
    const quantities = [...new Set(grid.map((r) => r.quantity))].filter((q) => !q.startsWith('seat_win_share:'));
    const drawn = await againstCharts(page);
    expect(drawn.map((c) => c.quantity)).toEqual(quantities);
    for (const c of drawn) {
      const rows = grid.filter((r) => r.quantity === c.quantity);
      expect(rows).toHaveLength(9);
      expect(c.dots, c.quantity).toBe(rows.length);
      expect(c.bars, c.quantity).toBe(rows.length + (c.quantity === 'first_player_advantage' ? 1 : 0));
      expect(c.lines, c.quantity).toBe(3);
      expect(c.swatches).toEqual(['jollies=0', 'jollies=8', 'jollies=16']);
      expect(c.tips.map((t) => t.slice(0, t.indexOf(':'))).sort()).toEqual(rows.map((r) => r.variant).sort());
      expect(c.xLabel).toContain('handSize');
    }
    expect(problems).toEqual([]);
    await page.locator('section[data-quantity="turns_mean"]').screenshot({ path: screenshotPath('report-grid.png') });
    await page.close();
  });

  it("says the terminal's lines about the grid at its top", async () => {
    const { page, problems } = await openPage(browser, join(dir, 'report.html'));
    const start = terminal.indexOf('Across handSize (3, 5, 7) x jollies (0, 8, 16): 9 cells');
    expect(start).toBeGreaterThan(0);
    const block = terminal.slice(start, terminal.indexOf('\n\n', start)).split('\n');
    expect(block.some((l) => l.startsWith('Game length (turns) is lowest at'))).toBe(true);
    const verdict = (await page.textContent('#verdict'))!.replace(/\s+/g, ' ');
    for (const line of block) expect(verdict).toContain(line.trim());
    expect(problems).toEqual([]);
    await page.close();
  });
});

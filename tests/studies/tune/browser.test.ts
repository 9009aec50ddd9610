import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { browserAvailable, launch, openPage, screenshotPath, type Browser } from '../../report/browser-helpers.js';
import { FIXTURES, tavolo, tempDir } from '../../fixtures/cli.js';
import { readJsonFile } from '../../helpers/json-files.js';

vi.setConfig({ testTimeout: 120_000 });

/**
 * tune.html of a real `tavolo tune` (the high-card fixture search: ten candidates, three targets, five
 * rounds) in headless Chromium: no console error, nothing fetched, the terminal's answer first, and in
 * each target's chart one mark per candidate, coloured by what became of it, counted against tune.csv.
 */

type Row = Record<string, string>;
const COLOUR: Record<string, string> = { meets: '#2ca02c', 'not-ruled-out': '#1f77b4', dropped: '#d62728' };

/** The order a target's chart should show, from tune.csv alone: the gap to the band, then the interval beyond it, then the spec's order. */
function expectedOrder(rows: Row[], candidates: string[]): string[] {
  const key = (r: Row) => {
    const [x, lo, hi] = [Number(r.estimate), Number(r.ci_low), Number(r.ci_high)];
    const min = r.target_min === '' ? -Infinity : Number(r.target_min);
    const max = r.target_max === '' ? Infinity : Number(r.target_max);
    return [x < min ? min - x : x > max ? x - max : 0, Math.max(0, min - lo) + Math.max(0, hi - max), candidates.indexOf(r.candidate)];
  };
  const cmp = (a: number[], b: number[]) => (Math.abs(a[0] - b[0]) > 1e-5 ? a[0] - b[0] : Math.abs(a[1] - b[1]) > 1e-5 ? a[1] - b[1] : a[2] - b[2]);
  return [...rows].sort((a, b) => cmp(key(a), key(b))).map((r) => r.candidate);
}

describe.skipIf(!browserAvailable())('tune.html in Chromium', () => {
  let browser: Browser;
  let dir: string;
  let terminal: string;
  let rows: Row[];
  let json: { candidates: string[]; rounds: unknown[]; block: number };

  beforeAll(async () => {
    const root = tempDir('tavolo-browser-tune-');
    const specFile = join(FIXTURES, 'highcard-tune.json');
    dir = join(root, 'hc');
    const r = tavolo(['tune', specFile, '--threads', '1', '--out', dir]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Wrote .*tune\.csv, tune\.json, tune\.html \(\d+ kB\) and the rounds' results/);
    terminal = r.stdout;
    rows = parse<Row>(readFileSync(join(dir, 'tune.csv'), 'utf8'), { columns: true }).filter((row) => row.stage === 'race');
    json = readJsonFile<typeof json>(join(dir, 'tune.json'));
    browser = await launch();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('opens with the answer the terminal printed, above every chart', async () => {
    const { page, problems } = await openPage(browser, join(dir, 'tune.html'));
    const order = await page.$$eval('body > header, body > section, body > nav', (els) => els.map((e) => e.id || (e as HTMLElement).dataset.chart || e.tagName.toLowerCase()));
    expect(order.slice(0, 3)).toEqual(['header', 'answer', 'settings']);
    // The answer is the block between the rounds and the table.
    const block = terminal.split('\n\n')[1].split('\n');
    expect(block[0]).toMatch(/^Confirmed on fresh seeds \("hc\/confirm", 300 matches each for the 3 finalists of the race and the base rules\): /);
    expect(block.some((line) => line.startsWith('No candidate was shown inside every target'))).toBe(true);
    expect(block.length).toBeGreaterThan(4);
    const shown = (await page.textContent('#answer'))!.replace(/\s+/g, ' ');
    for (const line of block) expect(shown).toContain(line.trim().replace(/\s+/g, ' '));
    expect((await page.locator('#answer').boundingBox())!.y).toBeLessThan(200);
    await page.setViewportSize({ width: 1100, height: 1500 });
    await page.screenshot({ path: screenshotPath('tune.png'), fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('draws one mark per candidate in each target chart, coloured by its status and ordered closest first, as tune.csv has them', async () => {
    const { page, problems } = await openPage(browser, join(dir, 'tune.html'));
    const drawn = await page.$$eval('section.tune-target', (sections) =>
      sections.map((s) => ({
        quantity: (s as HTMLElement).dataset.quantity!,
        fills: [...s.querySelectorAll('g[aria-label="dot"] path, g[aria-label="dot"] circle')].map((p) => p.getAttribute('fill') ?? ''),
        ticks: [...s.querySelectorAll('g[aria-label="y-axis tick label"] text')].map((t) => t.textContent ?? ''),
        bands: s.querySelectorAll('g[aria-label="rect"] rect').length,
        dropped: [...s.querySelectorAll('g[aria-label="text"] text')].map((t) => t.textContent ?? ''),
        tableRows: s.querySelectorAll('details tbody tr').length,
      })),
    );
    const quantities = [...new Set(rows.map((r) => r.quantity))];
    expect(drawn.map((d) => d.quantity)).toEqual(quantities);
    for (const d of drawn) {
      const mine = rows.filter((r) => r.quantity === d.quantity);
      expect(d.fills.length, d.quantity).toBe(mine.filter((r) => r.estimate !== '').length);
      expect(d.fills.length).toBe(json.candidates.length);
      expect([...d.fills].sort(), d.quantity).toEqual(mine.map((r) => COLOUR[r.candidate_status]).sort());
      expect(d.ticks, d.quantity).toEqual(expectedOrder(mine, json.candidates));
      expect(d.bands).toBe(1);
      const dropped = mine.filter((r) => r.round_dropped !== '');
      expect([...d.dropped].sort()).toEqual(dropped.map((r) => `dropped in round ${r.round_dropped}${r.dropped_by.startsWith('prefer:') ? ', preference' : r.dropped_by === d.quantity ? ', here' : ''}`).sort());
      expect(d.tableRows).toBe(mine.length);
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  it('stacks the matches spent per round under the full grid, and `tavolo report` rebuilds the same page', async () => {
    const { page, problems } = await openPage(browser, join(dir, 'tune.html'));
    const bars = await page.$$eval('section[data-chart="rounds"] g[aria-label="bar"] rect', (r) => r.length);
    expect(bars).toBe(2 * json.rounds.length);
    expect(await page.locator('section[data-chart="rounds"] tbody tr').count()).toBe(json.rounds.length);
    expect(await page.textContent('section[data-chart="rounds"] figure')).toContain(`full grid: ${(json.candidates.length * 300).toLocaleString('en-US')} matches`);
    expect(problems).toEqual([]);
    await page.close();
    const before = readFileSync(join(dir, 'tune.html'), 'utf8');
    const again = tavolo(['report', dir]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/Wrote .*tune\.html \(\d+ kB, self-contained/);
    expect(readFileSync(join(dir, 'tune.html'), 'utf8')).toBe(before);
  });
});

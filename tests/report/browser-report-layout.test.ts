import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launch, openPage, type Browser } from './browser-helpers.js';
import { ROOT, readCsvObjects, tavolo, tempDir } from '../fixtures/cli.js';

/**
 * The report's layout for a designer (issue 21 item 7): variants in spec order with the baseline first
 * (Stop's deal-7 is last in the alphabet), each metric on its own scale with constant ones left out,
 * a game-length chart readable for hundreds of distinct lengths, and a sequential run's header and
 * verdict in words.
 */
describe.skipIf(!browserAvailable())('report.html layout in Chromium', () => {
  let browser: Browser;
  let stop: string;
  let sprt: string;

  beforeAll(async () => {
    const root = tempDir('tavolo-browser-layout-');
    stop = join(root, 'stop');
    expect(tavolo(['run', join(ROOT, 'tournaments', 'stop-hand-size.json'), '--matches', '40', '--threads', '1', '--out', stop]).code).toBe(0);
    sprt = join(root, 'sprt');
    expect(tavolo(['run', join(ROOT, 'tournaments', 'stramat-dado-sprt.json'), '--threads', '1', '--out', sprt]).code).toBe(0);
    browser = await launch();
  });

  afterAll(async () => {
    await browser?.close();
  });

  const tickLabels = (page: import('playwright-core').Page, chart: string, axis: string) =>
    page.$$eval(`section[data-chart="${chart}"] g[aria-label="${axis}-axis tick label"] text`, (ts) => ts.map((t) => t.textContent ?? ''));

  it('shows the variants in spec order, baseline first, in every chart', async () => {
    const { page, problems } = await openPage(browser, join(stop, 'report.html'));
    const order = ['deal-7', 'deal-5', 'deal-3'];
    expect((await tickLabels(page, 'win-share', 'y')).slice(0, 3)).toEqual(order);
    expect((await tickLabels(page, 'first-player', 'y')).slice(0, 3)).toEqual(order);
    expect((await tickLabels(page, 'end-reason', 'y')).slice(0, 3)).toEqual(order);
    const legend = await page.$$eval('section[data-chart="length"] .plot-swatch, section[data-chart="length"] [class$="-swatch"]', (s) => s.map((x) => x.textContent?.trim() ?? ''));
    expect(legend.slice(0, 3)).toEqual(order);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('draws each non-constant metric on its own scale and names the constant ones', async () => {
    const { page, problems } = await openPage(browser, join(stop, 'report.html'));
    const matches = readCsvObjects(join(stop, 'matches.csv'));
    const header = Object.keys(matches[0]);
    const columns = header.slice(header.indexOf('play_hash') + 1);
    const varying = columns.filter((c) => new Set(matches.map((m) => m[c])).size > 1);
    const constant = columns.filter((c) => !varying.includes(c));
    expect(constant.length).toBeGreaterThan(0);
    const svgs = await page.$$eval('section[data-chart="metrics"] figure svg', (s) => s.length);
    expect(svgs).toBe(varying.length);
    const note = await page.textContent('section[data-chart="metrics"] p.note');
    expect(note).toContain('Left out, the same in every match');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('draws one cumulative line per variant for the game length', async () => {
    const { page } = await openPage(browser, join(stop, 'report.html'));
    const lines = await page.$$eval('section[data-chart="length"] g[aria-label="line"] path', (p) => p.length);
    expect(lines).toBe(3);
    // Every line stays inside its chart (a y domain in the wrong units once drew them across the page).
    const outside = await page.$$eval('section[data-chart="length"] g[aria-label="line"] path', (paths) =>
      paths.filter((p) => {
        const box = p.getBoundingClientRect();
        const svg = p.closest('svg')!.getBoundingClientRect();
        return box.top < svg.top - 1 || box.bottom > svg.bottom + 1;
      }).length,
    );
    expect(outside).toBe(0);
    await page.close();
  });

  it("counts a sequential run's matches as played and says its verdict beside its chart", async () => {
    const run = readCsvObjects(join(sprt, 'sequential.csv'));
    const stoppedAt = run[run.length - 1].matches;
    const { page, problems } = await openPage(browser, join(sprt, 'report.html'));
    const facts = await page.textContent('#run-facts');
    expect(facts).toContain(`${stoppedAt} per variant (the sequential test stopped there, of at most 20000), ${2 * Number(stoppedAt)} in all`);
    const note = await page.textContent('section[data-chart="sequential"] p.note');
    // The verdict in the terminal's words (run.json's verdict_text), never 'H1 accepted' nor code names.
    const info = JSON.parse(readFileSync(join(sprt, 'run.json'), 'utf8')) as { sequential: { verdict_text: string[] } };
    expect(info.sequential.verdict_text[0]).toMatch(new RegExp(`decided after ${stoppedAt} of at most 20,000 matches per variant\\.$`));
    expect(note).toContain(info.sequential.verdict_text[0]);
    expect(note).not.toMatch(/Verdict: H[01] accepted|turns_mean|d0 = /);
    // ... and at the top of the page, in the answer block, as the terminal says it first.
    const verdict = (await page.textContent('#verdict'))!.replace(/\s+/g, ' ');
    expect(verdict).toContain(`Sequential test: ${info.sequential.verdict_text[0]}`);
    expect(verdict.indexOf('Sequential test:')).toBeLessThan(verdict.indexOf('Who wins'));
    expect(problems).toEqual([]);
    await page.close();
  });
});

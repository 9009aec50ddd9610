import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launch, openPage, type Browser } from '../../report/browser-helpers.js';
import { ROOT } from '../../fixtures/cli.js';

/**
 * The built-in games' audit pages committed under docs/audits/, each opened in headless Chromium: no
 * console error and nothing fetched (self-contained), the verdict first, the holes and restricted play
 * among its lines; and docs/audits/README.md lists every page with the command that replays its figures,
 * the command the page itself names.
 */
const DIR = join(ROOT, 'docs', 'audits');
const pages = readdirSync(DIR).filter((f) => f.endsWith('.html')).sort();
const readme = readFileSync(join(DIR, 'README.md'), 'utf8');

describe.skipIf(!browserAvailable())('docs/audits pages in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  }, 60_000);
  afterAll(async () => browser?.close());

  it('holds an audit page for each of the five games', () => {
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(pages.every((p) => ['stop', 'stramat', 'zatre', 'scala', 'symbotrio'].includes(p.replace(/\.html$/, '')))).toBe(true);
  });

  it.each(pages)('%s opens with its verdict, holes and restricted play, and README names its command', async (file) => {
    const { page, problems } = await openPage(browser, join(DIR, file));
    const lead = await page.$eval('#answer p.lead', (p) => p.textContent ?? '');
    const ids = await page.$$eval('li.finding', (items) => items.map((li) => (li as HTMLElement).dataset.id ?? ''));
    const html = readFileSync(join(DIR, file), 'utf8');
    expect(problems).toEqual([]);
    expect(lead).toMatch(/^Verdict: /);
    expect(ids).toContain('stall_action_limit');
    expect(ids.some((id) => id.startsWith('without_'))).toBe(true);
    const game = file.replace(/\.html$/, '');
    const replay = new RegExp(`tavolo audit ${game} --players \\d --matches \\d+ --seed audit`).exec(html);
    expect(replay, `${file} names the command that replays it`).not.toBeNull();
    expect(readme).toContain(replay![0]);
    await page.close();
  });
});

import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launch, openPage, screenshotPath, type Browser } from '../../report/browser-helpers.js';
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { FIXTURES, tavolo, tempDir } from '../../fixtures/cli.js';

/**
 * audit.html of a real `tavolo audit` (the first-player toy game) in headless Chromium: no console error,
 * nothing fetched, the verdict first, one line per row of audit.csv with its severity, and each amber or
 * red line with its next experiment's command.
 */
describe.skipIf(!browserAvailable())('audit.html in Chromium', () => {
  let browser: Browser;
  let dir: string;

  beforeAll(async () => {
    dir = tempDir('tavolo-browser-audit-');
    const r = tavolo(['audit', join(FIXTURES, 'toy-games', 'first-player.mjs'), '--matches', '20', '--threads', '1', '--out', dir]);
    expect(r.code).toBe(0);
    browser = await launch();
  }, 120_000);
  afterAll(async () => browser?.close());

  it('shows the verdict first and every finding with its severity and next experiment', async () => {
    const { page, problems } = await openPage(browser, join(dir, 'audit.html'));
    const rows = parse<Record<string, string>>(readFileSync(join(dir, 'audit.csv'), 'utf8'), { columns: true });
    const shown = await page.$$eval('li.finding', (items) =>
      items.map((li) => ({ id: (li as HTMLElement).dataset.id!, severity: (li as HTMLElement).dataset.severity!, badge: li.querySelector('span.badge')?.textContent ?? '', next: [...li.querySelectorAll('dd code')].map((c) => c.textContent ?? '') })),
    );
    const lead = await page.$eval('#answer p.lead', (p) => p.textContent ?? '');
    expect(problems).toEqual([]);
    expect(lead).toMatch(/^Verdict: unbalanced/);
    expect(shown.map((s) => s.id).sort()).toEqual(rows.map((r) => r.id).sort());
    for (const s of shown) {
      const r = rows.find((x) => x.id === s.id)!;
      expect(s.severity).toBe(r.severity);
      expect(s.badge).toBe(r.severity);
      if (r.next_command !== '') expect(s.next).toContain(r.next_command);
    }
    expect(shown.some((s) => s.severity === 'red')).toBe(true);
    await page.screenshot({ path: screenshotPath('audit.png'), fullPage: true });
  });
});

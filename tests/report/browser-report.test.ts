import { copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launch, openPage, screenshotPath, type Browser } from './browser-helpers.js';
import { ROOT, readCsvObjects, tavolo, tempDir } from '../fixtures/cli.js';
import { writeOptionalCsvs } from './helpers.js';
import { MEASURE_NAMES } from '../../src/engine/measures.js';

/**
 * The report of a real stramat-dado run (both variants, a few matches) in headless Chromium: no console
 * error, nothing fetched, every chart drawn with as many marks as its data has rows.
 */

const distinct = (rows: Record<string, string>[], key: (r: Record<string, string>) => string) => new Set(rows.map(key)).size;

/** The marks each chart should draw, counted from the folder's CSVs (not from the page's data). */
function expectedMarks(dir: string, extras: boolean): Record<string, number> {
  const matches = readCsvObjects(join(dir, 'matches.csv'));
  const header = Object.keys(matches[0]);
  const variants = distinct(matches, (m) => m.variant);
  const out: Record<string, number> = {
    'win-share': readCsvObjects(join(dir, 'summary.csv')).length,
    'seat-share': readCsvObjects(join(dir, 'seats.csv')).length,
    'first-player': variants,
    // The game length is one cumulative line per variant (counted in `lines`), no dots.
    length: 0,
    'end-reason': distinct(matches, (m) => `${m.variant}|${m.end_reason}`),
    // Metrics with the same value in every match are left out.
    metrics: variants * header.slice(header.indexOf('play_hash') + 1).filter((c) => distinct(matches, (m) => m[c]) > 1).length,
  };
  // A run with two variants writes compare.csv itself (and ratings.csv where ratings exist); `extras`
  // adds synthetic ones for the charts a plain run does not have.
  const has = (f: string) => existsSync(join(dir, f));
  if (extras) expect(has('compare.csv') && has('ratings.csv') && has('sequential.csv')).toBe(true);
  if (has('compare.csv')) {
    const compare = readCsvObjects(join(dir, 'compare.csv'));
    const share = (q: string) => /^(win_share|seat_win_share|end_reason):|^first_player_advantage$|^annulled_rate$/.test(q);
    // Margins (in the game's points) have a chart of their own, every row drawn.
    const margin = (q: string) => /^margin:|^winner_margin$/.test(q);
    out['forest-shares'] = compare.filter((r) => share(r.quantity)).length;
    const margins = compare.filter((r) => margin(r.quantity)).length;
    if (margins > 0) out['forest-margins'] = margins;
    out['forest-relative'] = compare.filter((r) => !share(r.quantity) && !margin(r.quantity) && Number(r.reference_value) !== 0).length;
  }
  if (has('ratings.csv')) out.ratings = readCsvObjects(join(dir, 'ratings.csv')).length;
  if (has('sequential.csv')) out.sequential = readCsvObjects(join(dir, 'sequential.csv')).length;
  return out;
}

interface Drawn {
  id: string;
  marks: number;
  lines: number;
  title: string;
  xLabel: string;
  yLabel: string;
  tableRows: number;
}

async function drawnCharts(page: import('playwright-core').Page): Promise<Drawn[]> {
  return page.$$eval('section.chart', (sections) =>
    sections.map((s) => {
      const el = s as HTMLElement;
      const svg = el.querySelector('figure svg');
      return {
        id: el.dataset.chart!,
        marks: el.querySelectorAll('g[aria-label="dot"] circle, g[aria-label="dot"] path, g[aria-label="bar"] rect').length,
        lines: el.querySelectorAll('g[aria-label="line"] path').length,
        title: svg?.closest('[aria-label]')?.getAttribute('aria-label') ?? '',
        xLabel: el.querySelector('g[aria-label="x-axis label"]')?.textContent ?? '',
        yLabel: el.querySelector('g[aria-label="y-axis label"]')?.textContent ?? '',
        tableRows: el.querySelectorAll('details tbody tr').length,
      };
    }),
  );
}

describe.skipIf(!browserAvailable())('report.html in Chromium', () => {
  let browser: Browser;
  let dir: string;
  let extras: string;
  let terminal: string;

  beforeAll(async () => {
    const root = tempDir('tavolo-browser-report-');
    dir = join(root, 'stramat-dado');
    const r = tavolo(['run', join(ROOT, 'tournaments', 'stramat-dado.json'), '--matches', '120', '--threads', '1', '--out', dir]);
    expect(r.code, r.stderr).toBe(0);
    terminal = r.stdout;
    extras = join(root, 'with-extras');
    mkdirSync(extras);
    for (const f of readdirSync(dir)) if (f.endsWith('.csv') || f === 'run.json') copyFileSync(join(dir, f), join(extras, f));
    writeOptionalCsvs(extras, 'base', 'one-dado-fewer', ['greedy', 'random']);
    expect(tavolo(['report', extras]).code).toBe(0);
    browser = await launch();
  });

  afterAll(async () => {
    await browser?.close();
  });

  for (const withExtras of [false, true]) {
    it(`draws every chart with a mark per data row (${withExtras ? 'with compare, ratings and sequential files' : 'the run as written'})`, async () => {
      const folder = withExtras ? extras : dir;
      const { page, problems } = await openPage(browser, join(folder, 'report.html'));
      const drawn = await drawnCharts(page);
      const expected = expectedMarks(folder, withExtras);
      expect(Object.fromEntries(drawn.map((d) => [d.id, d.marks]))).toEqual(expected);
      expect(drawn.find((d) => d.id === 'length')!.lines).toBe(distinct(readCsvObjects(join(folder, 'matches.csv')), (m) => m.variant));
      for (const d of drawn) {
        expect(d.title, d.id).not.toBe('');
        expect(d.xLabel, d.id).toMatch(/\(.+\)|→/);
        expect(d.yLabel, d.id).not.toBe('');
        expect(d.tableRows, d.id).toBeGreaterThan(0);
      }
      expect(await page.textContent('header')).toContain('stramat-dado');
      expect(await page.textContent('#run-facts')).toContain('120 per variant');
      if (!withExtras) {
        await page.setViewportSize({ width: 1100, height: 1500 });
        await page.screenshot({ path: screenshotPath('report.png') });
      }
      expect(problems).toEqual([]);
      await page.close();
    });
  }

  it("places each variant's match measures side by side, with the comparison's paired differences and Holm verdicts", async () => {
    const { page, problems } = await openPage(browser, join(dir, 'report.html'));
    const order = await page.$$eval('body > header, body > section, body > nav', (els) => els.map((e) => e.id || e.tagName.toLowerCase()));
    expect(order.indexOf('match-measures')).toBeGreaterThan(order.indexOf('run-facts'));
    const table = await page.$$eval('#match-measures table tr', (trs) => trs.map((tr) => [...tr.children].map((c) => (c.textContent ?? '').trim())));
    const [head, ...body] = table;
    expect(head).toEqual(['Measure', 'base: mean (95% CI)', 'one-dado-fewer: mean (95% CI)', 'one-dado-fewer − base: difference (95% CI)', 'one-dado-fewer: Holm p', 'one-dado-fewer: verdict']);
    // One row per measure column of matches.csv (every measure: stramat-dado asks for them all).
    const header = Object.keys(readCsvObjects(join(dir, 'matches.csv'))[0]);
    const written = header.filter((c) => MEASURE_NAMES.includes(c));
    expect(written).toEqual([...MEASURE_NAMES]);
    expect(body.length).toBe(written.length);
    // Each row's Holm p and verdict are compare.csv's, its means variants.csv's.
    const compare = readCsvObjects(join(dir, 'compare.csv'));
    const variants = readCsvObjects(join(dir, 'variants.csv'));
    written.forEach((m, i) => {
      const c = compare.find((r) => r.quantity === `metric:${m}`)!;
      const mean = variants.find((r) => r.variant === 'base' && r.quantity === `metric:${m}`)!;
      expect(Number(body[i][4]), m).toBeCloseTo(Number(c.p_holm), 3);
      expect(body[i][5], m).toBe(Number(c.p_holm) < 0.05 ? 'changed' : 'no detectable change');
      expect(Number(body[i][1].split(' ')[0]), m).toBeCloseTo(Number(mean.value), 1);
      expect(body[i][3], m).toMatch(/^[+-]?[\d.]+ \([+-]?[\d.]+ to [+-]?[\d.]+\)$/);
    });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('opens with the verdict the terminal printed: the question and its sentences, above the run facts and every chart', async () => {
    const { page, problems } = await openPage(browser, join(dir, 'report.html'));
    const order = await page.$$eval('body > header, body > section, body > nav', (els) => els.map((e) => e.id || e.tagName.toLowerCase()));
    expect(order[0]).toBe('header');
    expect(order[1]).toBe('verdict');
    expect(order.indexOf('run-facts')).toBeGreaterThan(1);
    const shown = (await page.textContent('#verdict'))!.replace(/\s+/g, ' ');
    expect(shown).toContain('Question: Does one Dado card fewer change Stramat?');
    // Every sentence of the terminal's block is on the page, in the same words.
    const block = terminal.slice(terminal.indexOf('Question:'), terminal.indexOf('\n\n', terminal.indexOf('Question:'))).split('\n');
    expect(block.length).toBeGreaterThan(5);
    for (const line of block) expect(shown).toContain(line.trim().replace(/\s+/g, ' '));
    const box = await page.locator('#verdict').boundingBox();
    expect(box!.y).toBeLessThan(400);
    expect(problems).toEqual([]);
    await page.close();
  });
});

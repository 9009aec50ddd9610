import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readResult } from '../../src/report/data.js';
import { buildReport, writeReport } from '../../src/report/report.js';
import { isShareQuantity, reportCharts } from '../../src/report/report-charts.js';
import { InputError } from '../../src/errors.js';
import { verdictFromFolder } from '../../src/analysis/verdict-input.js';
import { FIXTURES, readCsvObjects, tavolo, tempDir } from '../fixtures/cli.js';
import { writeOptionalCsvs } from './helpers.js';

let dir: string;

beforeAll(async () => {
  dir = join(tempDir('tavolo-report-'), 'peek');
  const r = tavolo(['run', join(FIXTURES, 'peek-3p.json'), '--threads', '1', '--out', dir]);
  expect(r.code, r.stderr).toBe(0);
  expect(r.stdout).toMatch(/Report: .*report\.html \(\d+ kB\)/);
  // A run writes the comparison and the ratings itself; these tests start from the four files of the
  // runner alone (as an older tavolo wrote them) and add the optional ones where they need them.
  for (const f of ['compare.csv', 'variants.csv', 'ratings.csv', 'head-to-head.csv']) {
    expect(existsSync(join(dir, f)), f).toBe(true);
    rmSync(join(dir, f));
  }
  // The page of those four files alone (`tavolo report` would rebuild the missing ones first).
  await writeReport(dir);
});

describe('report data', () => {
  it('counts lengths, end reasons and metric means as matches.csv has them', async () => {
    const d = await readResult(dir);
    const matches = readCsvObjects(join(dir, 'matches.csv'));
    for (const variant of ['base', 'long']) {
      const rows = matches.filter((m) => m.variant === variant);
      const byTurns = new Map<number, number>();
      for (const m of rows) byTurns.set(Number(m.turns), (byTurns.get(Number(m.turns)) ?? 0) + 1);
      expect(d.lengths.filter((l) => l.variant === variant).map((l) => [l.turns, l.matches])).toEqual([...byTurns.entries()].sort((a, b) => a[0] - b[0]));
      const draws = rows.reduce((a, m) => a + Number(m.draws), 0) / rows.length;
      const metric = d.metrics.find((m) => m.variant === variant && m.metric === 'draws')!;
      expect(metric.mean).toBeCloseTo(draws, 10);
      expect(metric.low95).toBeLessThan(metric.mean);
      expect(d.endReasons.filter((e) => e.variant === variant).reduce((a, e) => a + e.matches, 0)).toBe(rows.length);
    }
    // The peek game lasts rounds x players turns exactly: 4 x 3 in base, 6 x 3 in long.
    expect(d.lengthStats.map((s) => [s.variant, s.mean, s.median])).toEqual([
      ['base', 12, 12],
      ['long', 18, 18],
    ]);
  });

  it("draws the first-player advantage with the verdict's delta-method interval (one figure everywhere)", async () => {
    const input = await verdictFromFolder(dir);
    const html = await buildReport(dir);
    const chart = html.slice(html.indexOf('data-chart="first-player"'), html.indexOf('data-chart="length"'));
    expect(chart).toContain('delta-method');
    for (const variant of ['base', 'long']) {
      const f = input.figures.get(variant)!.find((x) => x.quantity === 'first_player_advantage')!;
      const cells = [f.value, f.low, f.high].map((x) => `<td class="num">${(100 * x).toFixed(1)}</td>`).join('');
      expect(chart).toContain(`<tr><td>${variant}</td>${cells}</tr>`);
    }
  });

  it('leaves out the charts whose file is absent and draws them when present', async () => {
    const ids = reportCharts(await readResult(dir)).map((c) => c.spec.id);
    expect(ids).toEqual(['win-share', 'seat-share', 'first-player', 'length', 'end-reason', 'metrics']);
    const copy = tempDir('tavolo-report-copy-');
    for (const f of readdirSync(dir)) if (f.endsWith('.csv') || f === 'run.json') copyFileSync(join(dir, f), join(copy, f));
    writeOptionalCsvs(copy, 'base', 'long', ['greedy', 'random']);
    const charts = reportCharts(await readResult(copy));
    expect(charts.map((c) => c.spec.id)).toEqual([...ids, 'forest-shares', 'forest-relative', 'ratings', 'sequential']);
    const forest = charts.find((c) => c.spec.id === 'forest-relative')!;
    // turns_mean: +4 on a reference of 8 is +50%; metric:never (reference 0) is in the table only.
    // The chart labels them in words (the table keeps compare.csv's names).
    expect(forest.spec.data.map((p) => [p.y, p.x, p.marked])).toEqual([
      ['game length (turns)', 0.5, true],
      ['draws', 2 / 3, true],
    ]);
    expect(forest.table.rows.map((r) => r[2])).toContain('metric:never');
    expect(charts.find((c) => c.spec.id === 'forest-shares')!.spec.data.map((p) => p.marked)).toEqual([true, false]);
    const board = charts.find((c) => c.spec.id === 'ratings')!;
    expect(board.table.rows.map((r) => r[9])).toEqual(['yes', '', 'yes', '']);
    expect(board.extra!.rows.length).toBe(4);
    expect(isShareQuantity('end_reason:deck_empty')).toBe(true);
    expect(isShareQuantity('turns_median')).toBe(false);
  });

  it('writes one self-contained page: no external script, style, image or link', async () => {
    const html = await buildReport(dir);
    expect(html).not.toMatch(/<script[^>]+src=/i);
    expect(html).not.toMatch(/<link[\s>]/i);
    expect(html).not.toMatch(/<img[^>]+src=["']?https?:/i);
    expect(html).not.toMatch(/@import|url\(\s*["']?https?:/i);
    // Each chart has its numbers behind a toggle.
    expect((html.match(/<details>/g) ?? []).length).toBe(6);
    // The run wrote the same charts (the drawing code's text differs: the CLI runs tsc's output, vitest its own).
    const data = (page: string) => /const TAVOLO_CHARTS = (.*);/.exec(page)?.[1];
    expect(data(readFileSync(join(dir, 'report.html'), 'utf8'))).toBe(data(html));
    expect(data(html)).toBeTruthy();
  });

  it('tavolo report rebuilds the page of a folder, and names what is missing in one that is not finished', () => {
    // On a copy: `tavolo report` also rebuilds the derived files the setup removed.
    const copy = join(tempDir('tavolo-report-rebuild-'), 'peek');
    mkdirSync(copy);
    for (const f of readdirSync(dir)) if (f.endsWith('.csv') || f === 'run.json') copyFileSync(join(dir, f), join(copy, f));
    const r = tavolo(['report', copy]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Wrote .*report\.html \(\d+ kB/);
    const empty = tempDir('tavolo-report-empty-');
    mkdirSync(join(empty, 'x'));
    const bad = tavolo(['report', join(empty, 'x')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/run\.json is missing/);
  });

  it('merge writes the report of the merged run, which says it was merged', () => {
    const root = tempDir('tavolo-report-merge-');
    const shards = [0, 1].map((i) => join(root, `shard-${i}`));
    shards.forEach((out, i) => expect(tavolo(['run', join(FIXTURES, 'peek-3p.json'), '--threads', '1', '--shard', `${i}/2`, '--out', out]).code).toBe(0));
    const merged = join(root, 'merged');
    const r = tavolo(['merge', ...shards, '--out', merged]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Report: .*report\.html/);
    expect(readFileSync(join(merged, 'report.html'), 'utf8')).toContain('merged from 2 shards');
  });

  it('builds the page of an older run whose run.json lacks most fields', async () => {
    const copy = tempDir('tavolo-report-old-');
    for (const f of readdirSync(dir)) if (f.endsWith('.csv')) copyFileSync(join(dir, f), join(copy, f));
    writeFileSync(join(copy, 'run.json'), JSON.stringify({ tournament: 'peek-3p', game: 'peek', players: 3, seed: 'peek' }));
    const html = await buildReport(copy);
    expect(html).toContain('<td>Seeds</td><td>master seed &quot;peek&quot;</td>');
    expect((html.match(/<section class="chart"/g) ?? []).length).toBe(6);
  });

  it('a missing file is an input error', async () => {
    await expect(readResult(tempDir())).rejects.toBeInstanceOf(InputError);
  });
});

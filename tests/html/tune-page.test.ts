import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { InputError } from '../../src/errors.js';
import { tuneCharts, type TuneMark } from '../../src/html/tune-charts.js';
import { answerHtml, buildTunePage, writeTunePage } from '../../src/html/tune-page.js';
import { tuneAnswer } from '../../src/output/tune-words.js';
import { parseSpec, resolveSpec, type ResolvedSpec } from '../../src/runner/spec.js';
import { runTune, type TuneOutcome } from '../../src/runner/tune.js';
import { readTuneFolder, refuseUnfinishedSearch } from '../../src/runner/tune-reread.js';
import { resolveTune, type TunePlan } from '../../src/runner/tune-spec.js';
import { FIXTURES, tempDir } from '../fixtures/cli.js';

vi.setConfig({ testTimeout: 120_000 });

/**
 * tune.html's data from a small search on the high-card fixture: ten candidates (hand sizes, with and
 * without annulling a tie) against three targets, five rounds of 60 matches. Some are dropped in round
 * 1 (too short or too long, too many annulled), some later, three are left; the charts are checked
 * against tune.csv and tune.json (what the search wrote), not against the chart code's own sums.
 */
/** The search of tests/fixtures/highcard-tune.json (its game path relative to that folder). */
const HIGHCARD_TUNE_SPEC = join(FIXTURES, 'highcard-tune.json');

type Row = Record<string, string>;
const csvRows = (dir: string): Row[] => parse(readFileSync(join(dir, 'tune.csv'), 'utf8'), { columns: true }) as Row[];

let spec: ResolvedSpec;
let plan: TunePlan;
let r: TuneOutcome;
let dir: string;
const input = () => ({ tournament: spec.name, game: spec.game.name, seed: spec.seed, names: spec.variants.map((v) => v.name), plan, outcome: r });

beforeAll(async () => {
  const raw = parseSpec(JSON.parse(readFileSync(HIGHCARD_TUNE_SPEC, 'utf8')));
  spec = await resolveSpec(raw, FIXTURES);
  plan = resolveTune(raw.tune, spec);
  dir = join(tempDir('tavolo-tune-page-'), 'hc');
  r = await runTune(spec, plan, { threads: 1, outDir: dir });
  writeTunePage(dir, input());
});

/** Where an estimate lies against its target, from the numbers alone: the gap to the band, then how far the interval reaches beyond it. */
function closeness(m: TuneMark, min: number, max: number): [number, number] {
  const x = m.x ?? Infinity;
  const gap = x < min ? min - x : x > max ? x - max : 0;
  return [gap, Math.max(0, min - (m.lo ?? -Infinity)) + Math.max(0, (m.hi ?? Infinity) - max)];
}

describe('tune.html data', () => {
  it('has one mark per candidate per target, each the estimate and interval of tune.csv with its status and round', () => {
    const charts = tuneCharts(r, plan);
    const rows = csvRows(dir);
    const statuses = new Set(rows.map((x) => x.candidate_status));
    // The fixture search has every kind of candidate but one meeting every target.
    expect([...statuses].sort()).toEqual(['dropped', 'not-ruled-out']);
    expect(charts.targets.map((c) => c.quantity)).toEqual(['annulled_rate', 'win_share:greedy', 'turns_mean']);
    for (const c of charts.targets) {
      const mine = rows.filter((x) => x.quantity === c.quantity);
      expect(c.marks.map((m) => m.candidate).sort()).toEqual(mine.map((x) => x.candidate).sort());
      const scale = c.quantity === 'turns_mean' ? 1 : 100;
      for (const m of c.marks) {
        const row = mine.find((x) => x.candidate === m.candidate)!;
        expect(m.x).toBeCloseTo(Number(row.estimate) * scale, 3);
        expect(m.lo).toBeCloseTo(Number(row.ci_low) * scale, 3);
        expect(m.hi).toBeCloseTo(Number(row.ci_high) * scale, 3);
        expect(m.target).toBe(row.target_status);
        expect(m.status).toBe({ meets: 'meets every target', 'not-ruled-out': 'not ruled out', dropped: 'dropped' }[row.candidate_status]);
        expect(m.round).toBe(row.round_dropped === '' ? null : Number(row.round_dropped));
        expect(m.dropNote).toBe(row.round_dropped === '' ? null : `dropped in round ${row.round_dropped}${row.dropped_by === c.quantity ? ', here' : ''}`);
      }
    }
    expect(charts.confidence).toBe(Number(rows[0].confidence));
  });

  it('orders each chart closest first and shades the target, an open side reaching the edge', () => {
    const charts = tuneCharts(r, plan);
    for (const [t, c] of charts.targets.entries()) {
      const scale = c.quantity === 'turns_mean' ? 1 : 100;
      const { min, max } = plan.targets[t];
      const keys = c.marks.map((m) => closeness(m, min * scale, max * scale));
      for (let i = 1; i < keys.length; i++) {
        const [a, b] = [keys[i - 1], keys[i]];
        expect(a[0] < b[0] || (a[0] === b[0] && a[1] <= b[1] + 1e-9), `${c.quantity}: ${c.marks[i - 1].candidate} before ${c.marks[i].candidate}`).toBe(true);
      }
      expect(c.band).toEqual([Number.isFinite(min) ? min * scale : c.domain[0], Number.isFinite(max) ? max * scale : c.domain[1]]);
      for (const m of c.marks) expect(m.lo! >= c.domain[0] && m.hi! <= c.domain[1]).toBe(true);
    }
    // The length target: the hand-1 and hand-6 candidates (3 and 18 turns) are farthest, the inside ones first.
    const turns = charts.targets[2].marks;
    expect(turns.slice(-4).map((m) => m.candidate).sort()).toEqual(['hand=1,annulOnTie=false', 'hand=1,annulOnTie=true', 'hand=6,annulOnTie=false', 'hand=6,annulOnTie=true']);
  });

  it('stacks the matches spent round by round as tune.json counts them, under the full grid', () => {
    const json = JSON.parse(readFileSync(join(dir, 'tune.json'), 'utf8'));
    const { bars, grid, spent } = tuneCharts(r, plan).rounds;
    expect([grid, spent]).toEqual([json.grid_matches, json.matches_spent]);
    let sum = 0;
    for (const round of json.rounds as { round: number; candidates: number }[]) {
      const mine = bars.filter((b) => b.round === `round ${round.round}`);
      expect(mine.map((b) => [b.part, b.matches])).toEqual([
        ['earlier rounds', sum],
        ['this round', round.candidates * json.block],
      ]);
      sum += round.candidates * json.block;
    }
    expect(sum).toBe(spent);
    expect(spent).toBeLessThan(grid);
  });

  it('opens with the answer in the sentences the terminal prints, indented lines as a list', () => {
    const html = readFileSync(join(dir, 'tune.html'), 'utf8');
    const answer = tuneAnswer(r, plan, spec.variants.map((v) => v.name));
    expect(html.indexOf('id="answer"')).toBeLessThan(html.indexOf('class="chart'));
    for (const line of answer.trim().split('\n')) expect(html).toContain(line.trim().replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;'));
    expect(answerHtml('One <b>.\n  a\n  b\nTwo.\n')).toBe(
      ['<section id="answer" aria-labelledby="h-answer">', '<h2 id="h-answer">The answer</h2>', '<p>One &lt;b&gt;.</p>', '<ul>', '<li>a</li>', '<li>b</li>', '</ul>', '<p>Two.</p>', '</section>'].join('\n'),
    );
  });
});

describe('tune.html read back from the folder (tavolo report)', () => {
  it('replays the race from the round folders into the same page, byte for byte', async () => {
    const back = await readTuneFolder(dir);
    expect(back.outcome.race.outcomes()).toEqual(r.race.outcomes());
    expect(buildTunePage(back)).toBe(readFileSync(join(dir, 'tune.html'), 'utf8'));
  });

  it('with a preference: says which candidates it dropped, and the page read back holds the same standing of those left', async () => {
    const raw = parseSpec(JSON.parse(readFileSync(HIGHCARD_TUNE_SPEC, 'utf8')));
    // Turns at most 10 leaves hands 2 and 3. Highest turns_mean: turns are 3 x hand, so the paired
    // difference is exact and hand 2 goes at once.
    // Highest greedy share: the two left are not told apart, and the answer gives their paired difference.
    for (const [prefer, dropped] of [
      [{ quantity: 'turns_mean', goal: 'highest' }, 1],
      [{ quantity: 'win_share:greedy', goal: 'highest' }, 0],
    ] as const) {
      const t = { ...(raw.tune as object), prefer, targets: [...(raw.tune as { targets: object[] }).targets.slice(0, 2), { quantity: 'turns_mean', min: 4, max: 10 }] };
      const p = resolveTune(t, spec);
      const out = join(tempDir('tavolo-tune-page-prefer-'), 'hc');
      const outcome = await runTune(spec, p, { threads: 1, outDir: out });
      const page = buildTunePage({ ...input(), plan: p, outcome });
      const notes = tuneCharts(outcome, p).targets.flatMap((c) => c.marks.map((m) => m.dropNote)).filter((n) => n?.endsWith(', preference'));
      const byPreference = csvRows(out).filter((x) => x.dropped_by.startsWith('prefer:'));
      expect(notes.length).toBe(byPreference.length);
      expect(new Set(byPreference.map((x) => x.candidate)).size).toBe(dropped);
      expect(buildTunePage(await readTuneFolder(out))).toBe(page);
      if (dropped === 0) expect(page).toContain('Of those left, hand=3,annulOnTie=false has the highest win_share:greedy');
    }
  });

  it('refuses a folder whose tune.json disagrees with its rounds, or that misses a round, by name', async () => {
    const copy = join(tempDir('tavolo-tune-page-bad-'), 'hc');
    await runTune(spec, plan, { threads: 1, outDir: copy });
    const jsonFile = join(copy, 'tune.json');
    const json = JSON.parse(readFileSync(jsonFile, 'utf8'));
    json.rounds[1].dropped = [];
    writeFileSync(jsonFile, JSON.stringify(json));
    await expect(readTuneFolder(copy)).rejects.toThrow(/tune\.json does not agree with .*round-2: .*dropping \["hand=3,annulOnTie=true"\]/);
    json.rounds[1].dropped = ['hand=3,annulOnTie=true'];
    writeFileSync(jsonFile, JSON.stringify(json));
    renameSync(join(copy, 'round-3'), join(copy, 'elsewhere'));
    await expect(readTuneFolder(copy)).rejects.toThrow(InputError);
    await expect(readTuneFolder(copy)).rejects.toThrow(/lists round 3, but .*round-3 is missing/);
    writeFileSync(jsonFile, '{"format": "other"}');
    await expect(readTuneFolder(copy)).rejects.toThrow(/tune\.json cannot be read as a search's tune\.json: its format is "other"/);
  });

  it('refuses a search stopped before its end (rounds, no tune.json) with the command that finishes it', () => {
    const stopped = tempDir('tavolo-tune-page-stopped-');
    mkdirSync(join(stopped, 'round-1'));
    expect(() => refuseUnfinishedSearch(stopped, 'report')).toThrow(/^report: .* holds a search that has not finished \(round folders but no tune\.json\): finish it with `tavolo tune <spec> --resume --out /);
    expect(() => refuseUnfinishedSearch(dir, 'report')).not.toThrow();
  });

  it('counts tune.html as one of the search files: a folder holding one is refused without --resume or --force', async () => {
    const other = join(tempDir('tavolo-tune-page-old-'), 'hc');
    mkdirSync(other);
    writeFileSync(join(other, 'tune.html'), '<p>an older page</p>');
    await expect(runTune(spec, { ...plan }, { threads: 1, outDir: other })).rejects.toThrow(/already holds a search \(tune\.html\)/);
    await runTune(spec, plan, { threads: 1, outDir: other, force: true });
    expect(existsSync(join(other, 'tune.html'))).toBe(false);
  });
});

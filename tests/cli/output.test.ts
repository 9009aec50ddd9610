import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stramat } from '../../src/games/stramat/index.js';
import { VariantStats } from '../../src/runner/aggregate.js';
import { SUMMARY_HEADER } from '../../src/io/csv.js';
import { summaryText } from '../../src/runner/summary-text.js';
import { Rec, recordWidth, scoreAt, wonAt } from '../../src/runner/records.js';
import { listText, sharedRemark } from '../../src/cli/list.js';
import { PassThrough } from 'node:stream';
import { etaText, progressBar, rateText } from '../../src/terminal/progress.js';
import { ROOT, removeTempDirs, tavolo, tempDir } from '../fixtures/cli.js';

/** Records of 3-player matches: [first, turns, annulled, wonBy (seats), scores]. */
function stats(matches: Array<{ annulled?: boolean; won: number[]; scores: number[] }>, lineup = ['a', 'b', 'b']): VariantStats {
  const n = lineup.length;
  const w = recordWidth(n);
  const rec = new Float64Array(matches.length * w);
  matches.forEach((m, i) => {
    const o = i * w;
    rec[o + Rec.FIRST_PLAYER] = 0;
    rec[o + Rec.TURNS] = 10;
    rec[o + Rec.DECISIONS] = 5;
    rec[o + Rec.FAULT_SEAT] = -1;
    rec[o + Rec.ANNULLED] = m.annulled ? 1 : 0;
    rec[o + Rec.FAULT_REASON] = -1;
    m.scores.forEach((s, k) => (rec[o + scoreAt(k)] = s));
    for (const k of m.won) rec[o + wonAt(n, k)] = 1;
  });
  const v = new VariantStats('base', lineup);
  v.add(0, rec);
  return v;
}

describe('the end-of-run table', () => {
  const v = stats([
    { won: [0, 1], scores: [1, 1, 5] },
    { annulled: true, won: [], scores: [3, 3, 3] },
    { won: [2], scores: [4, 6, 0] },
    { won: [0], scores: [0, 2, 2] },
  ]);
  const text = summaryText([v], { game: stramat.name, betterScore: stramat.betterScore });

  it("names its columns as summary.csv does", () => {
    const header = text.split('\n').find((l) => l.trim().startsWith('bot '))!.trim().split(/\s{2,}/);
    for (const h of header.filter((h) => h !== '95% interval')) expect(SUMMARY_HEADER).toContain(h);
    expect(header).not.toContain('seats');
  });

  it('counts annulled matches once per match and gives their share per variant', () => {
    expect(v.annulledMatches).toBe(1);
    expect(text).toContain('Variant base: 4 matches, 1 annulled (25.0%)');
  });

  it('says that shared wins are split, what matches counts, who is listed twice, and that a lower Stramat score is better', () => {
    expect(text).toContain('a win\nshared by k seats counts 1/k');
    expect(text).toMatch(/matches: seat appearances/);
    expect(text).toContain('b plays 2 seats of every match');
    expect(text).toContain('in stramat a lower score is better');
    // a: wins 0.5 + 1 = 1.5; shown with its decimal.
    expect(text).toMatch(/\n {2}a +4 +1\.5 /);
  });

  it('says nothing about the score direction when the game does not say', () => {
    expect(summaryText([v])).not.toContain('score is better');
  });
});

describe('the progress bar', () => {
  it('shows no ETA before the first match is done, then a time', () => {
    expect(etaText(1000, 0)).toBe('ETA --');
    expect(etaText(1000, NaN)).toBe('ETA --');
    expect(etaText(1000, 100)).toBe('ETA 10s');
    expect(etaText(6500, 100)).toBe('ETA 1m05s');
    expect(etaText(400_000, 100)).toBe('ETA 1h06m');
    expect(etaText(0, 0)).toBe('ETA 0s');
  });

  it('shows a slow rate with decimals, never as 0 matches/s', () => {
    expect(rateText(97123.4)).toBe('97123');
    expect(rateText(12.6)).toBe('13');
    expect(rateText(2.345)).toBe('2.3');
    expect(rateText(0.441)).toBe('0.44');
    expect(rateText(0)).toBe('0');
    expect(rateText(NaN)).toBe('0');
  });

  it('starts on a terminal with "ETA --", not "ETA 0s"', () => {
    const stream = Object.assign(new PassThrough(), { isTTY: true, columns: 120 });
    let written = '';
    stream.on('data', (d: Buffer) => (written += d.toString()));
    const ci = process.env.CI;
    delete process.env.CI;
    try {
      const bar = progressBar(stream as unknown as NodeJS.WriteStream)!;
      expect(bar).toBeDefined();
      bar.start(1000, 0);
      bar.stop();
    } finally {
      if (ci !== undefined) process.env.CI = ci;
    }
    expect(written).toContain('0/1000 matches');
    expect(written).toContain('ETA --');
    expect(written).not.toContain('ETA 0s');
  });

  it('is not shown when CI is set or the stream is not a terminal', () => {
    const ci = process.env.CI;
    process.env.CI = '1';
    try {
      expect(progressBar(Object.assign(new PassThrough(), { isTTY: true }) as unknown as NodeJS.WriteStream)).toBeUndefined();
    } finally {
      if (ci === undefined) delete process.env.CI;
      else process.env.CI = ci;
    }
    expect(progressBar(new PassThrough() as unknown as NodeJS.WriteStream)).toBeUndefined();
  });
});

describe('tavolo list', () => {
  it('says a remark shared by many options once, and reads right', async () => {
    const text = await listText();
    expect(sharedRemark(stramat.options)).toBe('(assumed, rulebook 5.0 lost)');
    expect(text.split('assumed, rulebook 5.0 lost')).toHaveLength(2);
    expect(text).toContain('aggiungoPoints (int from 0 to 100, default 5): points scored at the end for each Aggiungo card left in hand *');
    expect(text).not.toMatch(/\ba A/);
    expect(text).toContain('stramat: STRAMAT! (card party game, 72 cards), 2-6 players; a lower score is better');
  });

  it('leaves descriptions alone when no remark is shared', () => {
    expect(sharedRemark([{ name: 'x', type: 'int', default: 1, description: 'one (a)' }])).toBeUndefined();
  });
});

describe('help', () => {
  it.each(['run', 'merge', 'play', 'list', 'tune'])('%s --help shows typed flags and an example', (cmd) => {
    const r = tavolo([cmd, '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Examples:');
    expect(r.stdout).toMatch(new RegExp(`tavolo ${cmd}\\b`));
    expect(r.stdout).not.toContain('[default: []]');
    if (cmd === 'run') {
      for (const flag of ['--matches', '--threads', '--batch', '--decision-timeout-ms', '--worker-memory-mb']) {
        expect(r.stdout).toMatch(new RegExp(`${flag}\\b[^\\n]*(\\n[^-\\n][^\\n]*)*\\[number\\]`));
      }
      expect(r.stdout).toContain('--force');
    }
    if (cmd === 'play') expect(r.stdout).toMatch(/--match\b[^\n]*(\n[^-\n][^\n]*)*\[number\]/);
  });

  it('words a bad count the same from the spec and from the command line', () => {
    const dir = tempDir();
    const spec = join(dir, 's.json');
    writeFileSync(spec, JSON.stringify({ name: 's', game: 'stramat', players: 2, matches: 0, seed: 1, bots: [{ bot: 'random' }, { bot: 'random' }] }));
    const fromSpec = tavolo(['run', spec, '--out', join(dir, 'o')]).stderr;
    const fromFlag = tavolo(['run', join(ROOT, 'tournaments', 'stramat-demo.json'), '--matches', '0', '--out', join(dir, 'o')]).stderr;
    const detail = (s: string) => s.replace(/^tavolo: (--)?matches: /, '').replace(/ \(in .*\)\n$/, '\n');
    expect(detail(fromSpec)).toBe('expected an integer of at least 1, found the integer 0\n');
    expect(detail(fromFlag)).toBe(detail(fromSpec));
    writeFileSync(spec, JSON.stringify({ name: 's', game: 'stramat', players: 0, matches: 1, seed: 1, bots: [{ bot: 'random' }] }));
    const players = tavolo(['run', spec, '--out', join(dir, 'o')]).stderr;
    const playersFlag = tavolo(['play', '--game', 'stramat', '--bots', 'random,random', '--players', '0']).stderr;
    expect(players).toContain('players: expected an integer from 1 to 64, found the integer 0');
    expect(playersFlag).toContain('--players: expected an integer from 1 to 64, found the integer 0');
  });
});

describe('scripts signal tavolo itself, not npx', () => {
  it('the deploy recipes and CI run node bin/tavolo.js (npx does not pass SIGINT/SIGTERM on)', () => {
    const files = ['.ci/run', 'deploy/run-shard.sh', 'deploy/merge-shards.sh', 'deploy/wait-shards.sh', 'deploy/slurm/sweep.sbatch', 'deploy/slurm/merge.sbatch', 'deploy/slurm/submit.sh', 'deploy/kubernetes/sweep-job.yaml', 'deploy/kubernetes/merge-job.yaml', 'deploy/Dockerfile'];
    for (const f of files) {
      const text = readFileSync(join(ROOT, f), 'utf8');
      expect(text, f).not.toMatch(/^[^#\n]*\bnpx\b/m);
    }
    expect(readFileSync(join(ROOT, '.ci/run'), 'utf8')).toContain('node bin/tavolo.js run');
    expect(readFileSync(join(ROOT, 'deploy/run-shard.sh'), 'utf8')).toContain('node $root/bin/tavolo.js');
  });
});

describe('test folders', () => {
  it('tempDir folders are removed when the test file is done', () => {
    const a = tempDir();
    const b = tempDir();
    expect(existsSync(a) && existsSync(b)).toBe(true);
    removeTempDirs();
    expect(existsSync(a) || existsSync(b)).toBe(false);
    expect(readdirSync(join(a, '..')).filter((d) => d === a.split('/').pop())).toEqual([]);
  });
});

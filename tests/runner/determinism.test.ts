import { readFileSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { deriveSeed } from '../../src/engine/rng.js';
import { runTournament } from '../../src/runner/run.js';
import { loadSpec } from '../../src/runner/spec.js';
import { FIXTURES, ROOT, readCsv, readCsvObjects, tavoloAsync, tempDir } from '../fixtures/cli.js';
import { recompute } from '../fixtures/recompute.js';
import { MEASURE_NAMES, MEASURE_TABLE } from '../../src/engine/measures.js';
import { readJsonFile, readRunJson } from '../helpers/json-files.js';

// These tests start processes and load modules; on a busy machine they need more than the default 5 s.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const RUN_FILES = ['matches.csv', 'summary.csv', 'seats.csv'];
/** The CLI also compares the variants of a run and rates the bots (src/analysis). */
const FILES = [...RUN_FILES, 'compare.csv', 'variants.csv', 'ratings.csv', 'head-to-head.csv'];
const HIGHCARD = join(FIXTURES, 'highcard-3p.json');
const DADO = join(ROOT, 'tournaments', 'stramat-dado.json');

async function run(spec: string, out: string, ...flags: string[]) {
  const r = await tavoloAsync(['run', spec, '--out', out, ...flags]);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return r;
}

const read = (dir: string, f: string) => readFileSync(join(dir, f), 'utf8');

describe('byte-identical output across thread counts, batch sizes and reruns', () => {
  const dir = tempDir();
  const hc = ['a', 'b', 'c', 'd'].map((k) => join(dir, `hc-${k}`));
  const st = ['a', 'b'].map((k) => join(dir, `st-${k}`));

  beforeAll(async () => {
    // The fixture game (3 players, 2 variants) four ways, and Stramat (4 players, 2 variants) two ways.
    await Promise.all([
      run(HIGHCARD, hc[0], '--threads', '1', '--matches', '120'),
      run(HIGHCARD, hc[1], '--threads', '2', '--matches', '120', '--batch', '7'),
      run(HIGHCARD, hc[2], '--threads', '2', '--matches', '120', '--batch', '1000'),
      run(HIGHCARD, hc[3], '--threads', '1', '--matches', '120', '--batch', '1'),
    ]);
    await Promise.all([
      run(DADO, st[0], '--threads', '1', '--matches', '60'),
      run(DADO, st[1], '--threads', '2', '--matches', '60', '--batch', '13'),
    ]);
  }, 120_000);

  it.each(FILES)('%s (fixture game)', (f) => {
    const a = read(hc[0], f);
    expect(a.length).toBeGreaterThan(100);
    for (const other of hc.slice(1)) expect(read(other, f)).toBe(a);
  });

  it.each(FILES)('%s (Stramat)', (f) => {
    expect(read(st[1], f)).toBe(read(st[0], f));
  });

  it('leaves exactly the result files (no temporaries): the four of every run, and the comparison of its two variants, the ratings, and the report', () => {
    for (const d of [...hc, ...st]) {
      expect(readdirSync(d).sort()).toEqual(['compare.csv', 'head-to-head.csv', 'manifest.json', 'matches.csv', 'ratings.csv', 'report.html', 'run.json', 'seats.csv', 'summary.csv', 'variants.csv']);
    }
  });

  it('puts the timings in run.json only', () => {
    const info = readRunJson(hc[1]);
    expect(info.threads).toBe(2);
    expect(info.batch).toBe(7);
    expect(info.wall_seconds).toBeGreaterThan(0);
    expect(info.matches_per_second).toBeGreaterThan(0);
    expect(info.matches_total).toBe(240);
    expect(info.versions?.node).toBe(process.version);
    for (const dep of ['piscina', 'zod', 'csv-stringify', 'yargs', 'cli-progress']) expect(info.versions?.[dep]).toMatch(/^\d+\./);
    expect(info.spec).toBe(HIGHCARD);
  });

  it('one row per match, in order, every variant using the same seed for match i', () => {
    for (const [d, players, master, matches] of [
      [hc[0], 3, 'fixture', 120],
      [st[0], 4, 'dado', 60],
    ] as const) {
      const { header, rows } = readCsv(join(d, 'matches.csv'));
      expect(rows.length).toBe(2 * matches);
      for (const r of rows) expect(r.length).toBe(header.length);
      const objs = readCsvObjects(join(d, 'matches.csv'));
      const variants = [...new Set(objs.map((r) => r.variant))];
      expect(variants.length).toBe(2);
      for (const v of variants) {
        const vr = objs.filter((r) => r.variant === v);
        expect(vr.map((r) => Number(r.match))).toEqual(Array.from({ length: matches }, (_, i) => i));
        expect(vr.map((r) => r.seed)).toEqual(Array.from({ length: matches }, (_, i) => deriveSeed(master, 'match', i)));
      }
      // Well-formed outcomes: winners are seats, an annulled match has none, ranks 1 for winners.
      for (const r of objs) {
        const winners = r.winners === '' ? [] : r.winners.split(';').map(Number);
        expect(r.annulled === '1').toBe(winners.length === 0);
        for (const w of winners) {
          expect(w).toBeGreaterThanOrEqual(0);
          expect(w).toBeLessThan(players);
          expect(r[`seat${w}_rank`]).toBe('1');
        }
      }
    }
  });

  it('rotates seats: in match i seat s is lineup entry (s + i) mod n, so every entry sits everywhere equally', () => {
    for (const [d, spec] of [
      [hc[0], HIGHCARD],
      [st[0], DADO],
    ] as const) {
      const lineup = readJsonFile<{ bots: Array<{ name?: string; bot: string }> }>(spec).bots.map((b) => b.name ?? b.bot);
      const n = lineup.length;
      const rows = readCsvObjects(join(d, 'matches.csv'));
      const counts = new Map<string, number>();
      for (const r of rows) {
        const i = Number(r.match);
        for (let s = 0; s < n; s++) {
          expect(r[`seat${s}_bot`]).toBe(lineup[(s + i) % n]);
          const key = `${r.variant}|${s}|${r[`seat${s}_bot`]}`;
          counts.set(key, (counts.get(key) ?? 0) + 1);
        }
      }
      const perVariant = rows.length / 2;
      for (const [key, c] of counts) {
        const name = key.split('|')[2];
        const copies = lineup.filter((x) => x === name).length;
        expect(c).toBe((perVariant / n) * copies);
      }
    }
  });

  it('summary.csv and seats.csv agree with an independent recomputation from matches.csv', () => {
    for (const [d, players] of [
      [hc[0], 3],
      [st[0], 4],
    ] as const) {
      const { summary, seats } = recompute(join(d, 'matches.csv'), players);
      const s = read(d, 'summary.csv').trimEnd().split('\n');
      expect(s[0]).toBe('variant,bot,matches,wins,win_rate,win_rate_low95,win_rate_high95,mean_score,mean_turns,annulled,faults,plays,effective_plays');
      expect(s.slice(1)).toEqual(summary);
      const p = read(d, 'seats.csv').trimEnd().split('\n');
      expect(p[0]).toBe('variant,position,matches,decided,wins,win_rate,win_rate_low95,win_rate_high95,mean_score,plays,effective_plays');
      expect(p.slice(1)).toEqual(seats);
    }
  });

  it('runTournament called from the TypeScript sources (worker from dist/) writes the same files', async () => {
    const out = join(dir, 'hc-api');
    const spec = await loadSpec(HIGHCARD, { matches: 120 });
    const r = await runTournament(spec, { threads: 2, batch: 50, outDir: out });
    expect(r.info.threads).toBe(2);
    for (const f of RUN_FILES) expect(read(out, f)).toBe(read(hc[0], f));
  });

  it('a different master seed plays different matches', async () => {
    const other = join(dir, 'hc-seed');
    await run(HIGHCARD, other, '--threads', '1', '--matches', '120', '--seed', 'another');
    expect(read(other, 'matches.csv')).not.toBe(read(hc[0], 'matches.csv'));
  });
});

describe('faulty bots', () => {
  it('records the fault, annuls the match and warns once; the run still completes, exit code 1', async () => {
    const dir = tempDir();
    const spec = join(dir, 'faulty.json');
    writeFileSync(
      spec,
      JSON.stringify({
        name: 'faulty',
        game: join(FIXTURES, 'highcard.mjs'),
        players: 2,
        matches: 10,
        seed: 1,
        bots: [{ name: 'bad', bot: join(FIXTURES, 'bad-bot.mjs') }, { bot: 'random' }],
      }),
    );
    const out = join(dir, 'out');
    const r = await tavoloAsync(['run', spec, '--out', out, '--threads', '2', '--batch', '3']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('10 matches ended because a bot faulted (illegal_action 10)');
    expect(r.stderr.match(/warning: bad faulted \(illegal_action\)/g)?.length).toBe(1);
    const rows = readCsvObjects(join(out, 'matches.csv'));
    for (const row of rows) {
      const badSeat = row.seat0_bot === 'bad' ? '0' : '1';
      expect(row.fault_seat).toBe(badSeat);
      expect(row.end_reason).toBe('illegal_action');
      expect(row.annulled).toBe('1');
      expect(row.winners).toBe('');
    }
    const summary = readCsvObjects(join(out, 'summary.csv'));
    expect(summary.find((s) => s.bot === 'bad')).toMatchObject({ matches: '10', faults: '10', annulled: '10', wins: '0.000' });
    expect(summary.find((s) => s.bot === 'random')).toMatchObject({ matches: '10', faults: '0', annulled: '10' });
    expect(existsSync(join(out, 'run.json'))).toBe(true);
  });
});

describe('match measures: byte-identical across thread counts and batch sizes, and absent unless asked', () => {
  const dir = tempDir();
  const hcSpec = join(dir, 'hc-measures.json');
  const stSpec = join(dir, 'st-measures.json');
  const hc = ['a', 'b', 'c'].map((k) => join(dir, `hc-${k}`));
  const st = ['a', 'b'].map((k) => join(dir, `st-${k}`));
  const plain = join(dir, 'hc-plain');

  beforeAll(async () => {
    const base = readJsonFile<Record<string, unknown>>(HIGHCARD);
    writeFileSync(hcSpec, JSON.stringify({ ...base, game: join(FIXTURES, 'highcard.mjs'), measures: true }));
    writeFileSync(stSpec, JSON.stringify({
      name: 'st-measures', game: 'stramat', players: 3, matches: 40, seed: 'measures', measures: true,
      variants: [{ name: 'base' }, { name: 'one-dado-fewer', options: { dadoCount: 3 } }],
      bots: [{ bot: 'greedy' }, { bot: 'random' }, { bot: 'random' }],
    }));
    await Promise.all([
      run(hcSpec, hc[0], '--threads', '1', '--matches', '90'),
      run(hcSpec, hc[1], '--threads', '2', '--matches', '90', '--batch', '7'),
      run(hcSpec, hc[2], '--threads', '1', '--matches', '90', '--batch', '1'),
      run(HIGHCARD, plain, '--threads', '1', '--matches', '90'),
    ]);
    await Promise.all([run(stSpec, st[0], '--threads', '1'), run(stSpec, st[1], '--threads', '2', '--batch', '3')]);
  });

  it('writes the same files whatever the threads and batches', () => {
    for (const f of FILES) {
      expect(read(hc[1], f), f).toBe(read(hc[0], f));
      expect(read(hc[2], f), f).toBe(read(hc[0], f));
      expect(read(st[1], f), f).toBe(read(st[0], f));
    }
  });

  it('adds the measure columns after the metrics, with a value in every decided match, and changes nothing else', () => {
    const [head, ...rows] = read(hc[0], 'matches.csv').trimEnd().split('\n');
    const [plainHead, ...plainRows] = read(plain, 'matches.csv').trimEnd().split('\n');
    // highcard says nothing of forced turns (no forcedPass, no lostTurns): `true` leaves those two out.
    const given = MEASURE_TABLE.filter((m) => m.needs !== 'forced-turns').map((m) => m.name);
    expect(given.length).toBe(MEASURE_NAMES.length - 2);
    expect(head).toBe(`${plainHead},${given.join(',')}`);
    const width = plainHead.split(',').length;
    rows.forEach((r, i) => expect(r.split(',').slice(0, width).join(','), `match ${i}`).toBe(plainRows[i]));
    const objs = readCsvObjects(join(hc[0], 'matches.csv'));
    for (const o of objs) {
      expect(Number(o.branching_max)).toBeGreaterThanOrEqual(1);
      if (o.annulled === '0' && o.winners !== '') expect(o.decided_at, `match ${o.match}`).not.toBe('');
      // An annulled match has no winner to follow: its drama and decisiveness cells are empty.
      if (o.annulled === '1') expect([o.winner_behind_share, o.winner_max_deficit, o.decided_at], `match ${o.match}`).toEqual(['', '', '']);
    }
    expect(objs.some((o) => o.annulled === '1')).toBe(true);
    expect(read(plain, 'matches.csv')).not.toContain('leader_changes');
  });

  it('enters the comparison of the variants like any metric', () => {
    const compare = read(st[0], 'compare.csv');
    for (const m of ['leader_changes', 'decided_at', 'branching_mean', 'forced_turn_share']) expect(compare).toContain(`metric:${m}`);
  });
});

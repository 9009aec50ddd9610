import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it, vi } from 'vitest';
import { InputError, Interrupted } from '../../../src/errors.js';
import { parseSpec, resolveSpec, type ResolvedSpec } from '../../../src/runner/spec.js';
import { runTune } from '../../../src/studies/tune/run.js';
import { resolveTune, type TunePlan } from '../../../src/studies/tune/spec.js';
import { tuneAnswer } from '../../../src/studies/tune/words.js';
import { FIXTURES, ROOT, readCsvObjects, tavoloAsync, tempDir } from '../../fixtures/cli.js';
import { readJsonFile } from '../../helpers/json-files.js';
import { STRAMAT_TUNE_RAW } from '../../helpers/tune-search.js';

vi.setConfig({ testTimeout: 180_000 });

/**
 * `tavolo tune` end to end on Stramat: four candidates (with and without the Stramat card, two Dado
 * counts), three rounds of 100 matches. The candidates with the Stramat card annul far more than 20% of
 * their matches and are dropped after the first round; the files are the same on one thread or two,
 * and after an interrupted search is resumed.
 */
const RAW = STRAMAT_TUNE_RAW;

async function setup(): Promise<{ spec: ResolvedSpec; plan: TunePlan }> {
  const raw = parseSpec(RAW);
  const spec = await resolveSpec(raw, ROOT);
  return { spec, plan: resolveTune(raw.tune, spec) };
}

const FILES = ['tune.csv', 'tune.json', 'round-1/matches.csv', 'round-3/matches.csv', 'confirm/matches.csv'];
const read = (dir: string) => FILES.map((f) => (existsSync(join(dir, f)) ? readFileSync(join(dir, f), 'utf8') : `(no ${f})`));

describe('tavolo tune', () => {
  it('drops the candidates shown outside a target and writes the same files on any thread count', async () => {
    const { spec, plan } = await setup();
    const one = tempDir();
    const two = tempDir();
    const r = await runTune(spec, plan, { threads: 1, outDir: one });
    await runTune(spec, plan, { threads: 2, outDir: two });
    expect(read(two)).toEqual(read(one));
    const out = r.race.outcomes();
    expect(out.filter((c) => c.status === 'dropped').map((c) => [c.name, c.droppedRound, c.elimination!.quantity])).toEqual([
      ['stramatCount=1,dadoCount=2', 1, 'annulled_rate'],
      ['stramatCount=1,dadoCount=6', 1, 'annulled_rate'],
    ]);
    // The search spent the first round on all four, then two survivors per round; the grid, 4 x 300.
    expect(r.rounds.length).toBe(3);
    expect(r.spent).toBe(400 + 2 * 100 * 2);
    expect(out.map((c) => c.status)).toEqual(['not-ruled-out', 'meets', 'dropped', 'dropped']);
    expect(r.gridMatches).toBe(1200);
    const rows = readCsvObjects(join(one, 'tune.csv')).filter((x) => x.stage === 'race');
    expect(rows).toHaveLength(8);
    for (const row of rows.filter((x) => x.dropped_by === 'annulled_rate' && x.quantity === 'annulled_rate')) {
      expect(Number(row.ci_low)).toBeGreaterThan(Number(row.target_max));
      expect(row.round_dropped).toBe('1');
      expect(row.why).toMatch(/^annulled_rate 0\.\d+ \(99\.9\d+% CI 0\.\d+ to 0\.\d+\) is outside the target$/);
    }
    const json = readJsonFile<{ target_confidence: number }>(join(one, 'tune.json'));
    expect(json).toMatchObject({ matches_spent: r.spent, grid_matches: 1200, block: 100, rounds_planned: 3 });
    expect(json.target_confidence).toBeCloseTo(1 - 0.05 / (4 * 2 * 3), 12);
  });

  it('confirms the finalists with the base rules on fresh seeds, disjoint from the rounds\', and answers from them; --no-confirm skips it', async () => {
    const { spec, plan } = await setup();
    const dir = tempDir();
    const r = await runTune(spec, plan, { threads: 2, outDir: dir });
    const c = r.confirmation!;
    expect(c.finalists.map((f) => f.name)).toEqual(['stramatCount=0,dadoCount=2', 'stramatCount=0,dadoCount=6']);
    expect([c.base, c.matches, c.seed]).toEqual(['base', 100, 'tune-test/confirm']);
    expect(c.confidence).toBeCloseTo(1 - 0.05 / (2 * 2), 12);
    // csv-parse: the candidates' names hold commas, so their cells are quoted.
    const seeds = (f: string) => parse<Record<string, string>>(readFileSync(join(dir, f)), { columns: true }).map((row) => row.seed);
    const confirmSeeds = seeds('confirm/matches.csv');
    const raceSeeds = new Set([1, 2, 3].flatMap((k) => seeds(`round-${k}/matches.csv`)));
    expect(confirmSeeds).toHaveLength(300);
    expect(confirmSeeds.filter((x) => raceSeeds.has(x))).toEqual([]);
    // Paired: the base rules and each finalist play match i on the same seed.
    expect(confirmSeeds.slice(0, 100)).toEqual(confirmSeeds.slice(100, 200));
    const json = readJsonFile<{ confirmation: { finalists: { name: string; status: string }[]; base: string } }>(join(dir, 'tune.json'));
    expect(json.confirmation.finalists.map((f) => [f.name, f.status])).toEqual(c.finalists.map((f) => [f.name, f.status]));
    // tune.csv holds the confirmation's rows too, one per finalist and target, as the words answer from
    // them: each finalist's mean turns recomputed here from confirm/matches.csv, its status as confirmed.
    const confirmRows = parse<Record<string, string>>(readFileSync(join(dir, 'tune.csv')), { columns: true }).filter((row) => row.stage === 'confirmation');
    expect(confirmRows.map((row) => [row.candidate, row.quantity])).toEqual(c.finalists.flatMap((f) => [[f.name, 'annulled_rate'], [f.name, 'turns_mean']]));
    const played = parse<Record<string, string>>(readFileSync(join(dir, 'confirm/matches.csv')), { columns: true });
    for (const f of c.finalists) {
      const turns = played.filter((row) => row.variant === f.name).map((row) => Number(row.turns));
      const row = confirmRows.find((x) => x.candidate === f.name && x.quantity === 'turns_mean')!;
      expect(Number(row.estimate)).toBeCloseTo(turns.reduce((a, t) => a + t, 0) / turns.length, 6);
      expect([row.candidate_status, row.matches, row.confidence]).toEqual([f.status, '100', String(c.confidence)]);
    }
    const answer = confirmRows.filter((row) => row.why.startsWith('the answer'));
    expect(answer.map((row) => row.candidate)).toEqual(c.pick >= 0 ? [c.finalists[c.pick].name, c.finalists[c.pick].name] : []);
    expect(c.pick).toBeGreaterThanOrEqual(0);
    expect(tuneAnswer(r, plan, spec.variants.map((v) => v.name))).toContain(c.finalists[c.pick].name);
    const skipped = await runTune(spec, plan, { threads: 2, outDir: tempDir(), confirm: false });
    expect(skipped.confirmation).toBeUndefined();
    expect(existsSync(join(skipped.outDir, 'confirm'))).toBe(false);
    expect(readJsonFile<{ confirmation: unknown }>(join(skipped.outDir, 'tune.json')).confirmation).toBeNull();
  });

  it('names a finalist whose play collapses against the base rules as degenerate (Stramat: handSize=10, oneCount=7, dadoCount=0)', async () => {
    // Four greedy players, as in the search where this candidate was first seen: the deck runs out in nearly every match.
    const greedy = (name: string) => ({ name, bot: 'greedy' });
    const raw = parseSpec({
      name: 'tune-degenerate',
      game: 'stramat',
      players: 4,
      matches: 200,
      seed: 'degenerate',
      variants: [
        { name: 'handSize=4', options: { handSize: 4 } },
        { name: 'handSize=10,oneCount=7,dadoCount=0', options: { handSize: 10, oneCount: 7, dadoCount: 0 } },
      ],
      tune: { targets: [{ quantity: 'turns_mean', min: 10, max: 80 }], block: 100, confirm: 400 },
      bots: [greedy('a'), greedy('b'), greedy('c'), greedy('d')],
    });
    const spec = await resolveSpec(raw, ROOT);
    const plan = resolveTune(raw.tune, spec);
    const r = await runTune(spec, plan, { threads: 2, outDir: tempDir() });
    const [normal, broken] = r.confirmation!.finalists;
    expect(normal.degenerate).toEqual([]);
    expect(broken.degenerate).toEqual([expect.stringMatching(/^9\d\.\d\d% of matches ended with deck_empty \(base rules [1-8]\d\.\d\d%\)$/)]);
    expect(broken.fallen).toContainEqual(expect.stringMatching(/^played_one [5-9]\.\d\d to 0\.\d+$/));
    const text = tuneAnswer(r, plan, spec.variants.map((v) => v.name));
    expect(text).toMatch(/\nDegenerate against the base rules \(base\), whatever its targets say: handSize=10,oneCount=7,dadoCount=0 \(9\d\.\d\d% of matches ended with deck_empty/);
    expect(r.confirmation!.finalists[r.confirmation!.pick].name).toBe('handSize=4');
  });

  it('stops before a round that would pass the match budget', async () => {
    const raw = parseSpec({ ...RAW, tune: { ...RAW.tune, budget: 500 } });
    const spec = await resolveSpec(raw, ROOT);
    const r = await runTune(spec, resolveTune(raw.tune, spec), { threads: 2, outDir: tempDir() });
    // Round 1 costs 400; round 2 would cost 200 more, past 500.
    expect([r.stopped, r.rounds.length, r.spent, r.gridMatches]).toEqual(['budget', 1, 400, 400]);
    expect(readJsonFile<{ stopped: string }>(join(r.outDir, 'tune.json')).stopped).toBe('budget');
  });

  it('resumes a search stopped inside a round, and refuses or restarts a folder holding one', async () => {
    const { spec, plan } = await setup();
    const whole = tempDir();
    await runTune(spec, plan, { threads: 2, outDir: whole });
    const dir = tempDir();
    const controller = new AbortController();
    const stopped = runTune(spec, plan, {
      threads: 2,
      outDir: dir,
      signal: controller.signal,
      onProgress: (done) => {
        if (done >= 100) controller.abort(new Interrupted('SIGINT'));
      },
    });
    await expect(stopped).rejects.toBeInstanceOf(Interrupted);
    expect(existsSync(join(dir, 'round-1', 'journal'))).toBe(true);
    await expect(runTune(spec, plan, { threads: 2, outDir: dir })).rejects.toThrow(/already holds a search \(round-1\); add --resume/);
    const resumed = await runTune(spec, plan, { threads: 1, outDir: dir, resume: true });
    // The race's 800 matches and the confirmation's 300 (two finalists and the base rules), some of them played before the stop.
    expect(resumed.playedNow).toBeLessThan(resumed.spent + 300);
    expect(read(dir)).toEqual(read(whole));
    // Complete: everything is read back, nothing played, the same files.
    const again = await runTune(spec, plan, { threads: 2, outDir: dir, resume: true });
    expect(again.playedNow).toBe(0);
    expect(read(dir)).toEqual(read(whole));
    // A finished round damaged afterwards is refused by name; deleted, it is played again, the same.
    const csv = join(dir, 'round-2', 'matches.csv');
    const whole2 = readFileSync(csv, 'utf8');
    writeFileSync(csv, whole2.slice(0, whole2.length - 40));
    await expect(runTune(spec, plan, { threads: 2, outDir: dir, resume: true })).rejects.toThrow(/round-2 was changed after tavolo wrote it: matches\.csv has \d+ bytes where the run wrote \d+.*\nDelete .*round-2 and run the search again with --resume/);
    rmSync(join(dir, 'round-2'), { recursive: true });
    const replayed = await runTune(spec, plan, { threads: 2, outDir: dir, resume: true });
    expect(replayed.playedNow).toBe(200);
    expect(read(dir)).toEqual(read(whole));
    // Another seed cannot resume this search; --force starts it again.
    const other = await resolveSpec(parseSpec({ ...RAW, seed: 'other' }), ROOT);
    await expect(runTune(other, plan, { threads: 2, outDir: dir, resume: true })).rejects.toThrow(/cannot resume: .*round-1 holds round 1 of a different search:\n {2}seed: /);
    await expect(runTune(other, plan, { threads: 2, outDir: dir, resume: true })).rejects.toBeInstanceOf(InputError);
    const fresh = await runTune(other, plan, { threads: 2, outDir: dir, force: true });
    expect(fresh.playedNow).toBe(fresh.spent + 300);
  });

  it('through the CLI: the answer in words before the table; bad targets exit 2 naming the field', async () => {
    const dir = tempDir();
    const specFile = join(dir, 'spec.json');
    writeFileSync(specFile, JSON.stringify(RAW));
    const r = await tavoloAsync(['tune', specFile, '--threads', '2', '--out', join(dir, 'out')]);
    expect(r.code, r.stderr).toBe(0);
    const answer = r.stdout.indexOf('The search spent');
    expect(answer).toBeGreaterThan(0);
    expect(r.stdout).toContain('\nConfirmation: 2 finalists and the base rules, 100 matches each on fresh seeds ("tune-test/confirm")\n');
    expect(r.stdout).toMatch(/\n\nConfirmed on fresh seeds \("tune-test\/confirm", 100 matches each for the 2 finalists of the race and the base rules\): \d of 2 /);
    expect(r.stdout.indexOf('  candidate ')).toBeGreaterThan(answer);
    expect(r.stdout).toMatch(/Round 1: 4 candidates x 100 matches; dropped 2: stramatCount=1,dadoCount=2, stramatCount=1,dadoCount=6/);
    const again = await tavoloAsync(['tune', specFile, '--threads', '2', '--out', join(dir, 'out'), '--resume']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('Round 3: 2 candidates x 100 matches (read back from its folder); none dropped');
    expect(again.stdout.slice(again.stdout.indexOf('\n\n'))).toBe(r.stdout.slice(r.stdout.indexOf('\n\n')).replace(/\d+ matches played now/, '0 matches played now'));
    // A bot that faults in some matches: the search finishes, says so, and exits 1 as `run` does.
    const faulty = join(dir, 'faulty.json');
    const bots = [{ name: 'greedy', bot: 'greedy' }, { name: 'bad', bot: join(FIXTURES, 'misbehave.mjs'), params: { mode: 'throw', rate: 0.05 } }, { bot: 'random' }, { bot: 'random' }];
    writeFileSync(faulty, JSON.stringify({ ...RAW, bots }));
    const f = await tavoloAsync(['tune', faulty, '--threads', '2', '--out', join(dir, 'faulty')]);
    expect(f.code, f.stderr).toBe(1);
    expect(f.stdout).toMatch(/\n\d+ matches ended because a bot faulted \(bot_error \d+\): see end_reason and fault_seat in the rounds' matches\.csv\.\n/);
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ ...RAW, tune: { targets: [{ quantity: 'annuled_rate', max: 0.2 }], block: 100 } }));
    const b = await tavoloAsync(['tune', bad, '--out', join(dir, 'bad')]);
    expect(b.code).toBe(2);
    expect(b.stderr).toMatch(/^tavolo: tune\.targets\[0\]\.quantity: unknown quantity "annuled_rate" \(did you mean "annulled_rate"\?\)/);
    expect(b.stdout).toBe('');
    expect(existsSync(join(dir, 'bad'))).toBe(false);
    // A first-player target within one point written in points, not as a fraction: refused, exit 2, with what was meant.
    const units = join(dir, 'units.json');
    writeFileSync(units, JSON.stringify({ ...RAW, tune: { targets: [{ quantity: 'first_player_advantage', min: -1, max: 1 }], block: 100 } }));
    const u = await tavoloAsync(['tune', units, '--out', join(dir, 'units')]);
    expect(u.code).toBe(2);
    expect(u.stderr).toMatch(/^tavolo: tune\.targets\[0\]\.min: expected a value of first_player_advantage, which is a difference of fractions of the decided matches \(0\.01 is one point\), from -0\.25 to 0\.75 with 4 players; found -1; did you mean -0\.01 \(-1 point\)\?/);
    expect(u.stdout).toBe('');
  });
});

import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { setManifestPolicy } from '../../../src/io/manifest.js';
import { InputError } from '../../../src/errors.js';
import { buildTunePage, writeTunePage } from '../../../src/studies/tune/page.js';
import { tunePageData } from '../../../src/studies/tune/charts.js';
import { runTune } from '../../../src/studies/tune/run.js';
import { readTuneFolder, refuseUnfinishedSearch } from '../../../src/studies/tune/reread.js';
import { resolveTune } from '../../../src/studies/tune/spec.js';
import { fixtureSearch, type FixtureSearch } from '../../helpers/tune-search.js';
import { tavolo, tempDir } from '../../fixtures/cli.js';
import { readJsonFile } from '../../helpers/json-files.js';

vi.setConfig({ testTimeout: 120_000 });

/**
 * A finished search read back from its folder (`tavolo report <folder>`): the race replayed from the
 * rounds gives the page `tavolo tune` wrote, byte for byte; a folder that does not agree is refused.
 */

let f: FixtureSearch;
let spec: FixtureSearch['spec'];
let plan: FixtureSearch['plan'];
let dir: string;

beforeAll(async () => {
  f = await fixtureSearch('tavolo-tune-reread-');
  ({ spec, plan, dir } = f);
  writeTunePage(dir, tunePageData(f.search));
});

describe('a search read back from its folder', () => {
  it('replays the race from the round folders into the same page, byte for byte', async () => {
    const back = await readTuneFolder(dir);
    expect(back.outcome.race.outcomes()).toEqual(f.search.outcome.race.outcomes());
    expect(buildTunePage(tunePageData(back))).toBe(readFileSync(join(dir, 'tune.html'), 'utf8'));
    // The confirmation is read back from confirm/ too, and the answer opens with it.
    expect(back.outcome.confirmation).toEqual(f.search.outcome.confirmation);
    expect(tunePageData(back).answer).toMatch(/^Confirmed on fresh seeds \("hc\/confirm", /);
  });

  it('with a preference: the page read back holds the same standing of those left', async () => {
    // Turns at most 10 leaves hands 2 and 3; highest greedy share: the two are not told apart, and the
    // answer gives their paired difference (computed from the rounds' values, so replayed too).
    const p = await fixtureSearch('tavolo-tune-reread-prefer-', (s, raw) =>
      resolveTune({ ...raw, prefer: { quantity: 'win_share:greedy', goal: 'highest' }, targets: [...raw.targets.slice(0, 2), { quantity: 'turns_mean', min: 4, max: 10 }] }, s),
    );
    const page = buildTunePage(tunePageData(p.search));
    expect(page).toContain('Of those left, hand=3,annulOnTie=false has the highest win_share:greedy');
    expect(buildTunePage(tunePageData(await readTuneFolder(p.dir)))).toBe(page);
  });

  it('refuses a folder whose tune.json disagrees with its rounds, or that misses a round, by name', async () => {
    const copy = join(tempDir('tavolo-tune-page-bad-'), 'hc');
    await runTune(spec, plan, { threads: 1, outDir: copy });
    const jsonFile = join(copy, 'tune.json');
    const json = readJsonFile<{ rounds: Array<{ dropped: string[] }> }>(jsonFile);
    json.rounds[1].dropped = [];
    writeFileSync(jsonFile, JSON.stringify(json));
    // The manifest the search wrote refuses the edit first; read as accepted edits, the rounds still refuse it.
    await expect(readTuneFolder(copy)).rejects.toThrow(/was changed after tavolo wrote it: tune\.json has \d+ bytes/);
    setManifestPolicy(true, () => {});
    onTestFinished(() => setManifestPolicy(false, () => {}));
    await expect(readTuneFolder(copy)).rejects.toThrow(/tune\.json does not agree with .*round-2: .*dropping \["hand=3,annulOnTie=true"\]/);
    json.rounds[1].dropped = ['hand=3,annulOnTie=true'];
    writeFileSync(jsonFile, JSON.stringify(json));
    // The confirmation's verdicts must be what its matches give, and its folder must be there.
    const whole = readFileSync(jsonFile, 'utf8');
    const confirmed = readJsonFile<{ confirmation: { finalists: Array<{ status: string }> } }>(jsonFile);
    confirmed.confirmation.finalists[0].status = confirmed.confirmation.finalists[0].status === 'meets' ? 'outside' : 'meets';
    writeFileSync(jsonFile, JSON.stringify(confirmed));
    await expect(readTuneFolder(copy)).rejects.toThrow(/tune\.json does not agree with .*confirm: it lists/);
    writeFileSync(jsonFile, whole);
    renameSync(join(copy, 'confirm'), join(copy, 'confirm-elsewhere'));
    await expect(readTuneFolder(copy)).rejects.toThrow(/has a confirmation, but .*confirm is missing/);
    renameSync(join(copy, 'confirm-elsewhere'), join(copy, 'confirm'));
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

  /**
   * A folder in the layout of the versions before the confirmation step, built from the fixture's: no
   * "confirmation" field in tune.json (a --no-confirm search writes null), no confirm/ folder, and tune.csv
   * without the stage column. `drops`: what those versions' race recorded for round 2, when other
   * intervals dropped otherwise.
   */
  function olderFolder(name: string, drops?: string[]): string {
    const old = join(tempDir(`tavolo-tune-older-${name}-`), 'hc');
    cpSync(dir, old, { recursive: true });
    rmSync(join(old, 'confirm'), { recursive: true });
    rmSync(join(old, 'tune.html'));
    rmSync(join(old, 'manifest.json'));
    const jsonFile = join(old, 'tune.json');
    const json = readJsonFile<{ confirmation?: unknown; rounds: Array<{ dropped: string[] }> }>(jsonFile);
    delete json.confirmation;
    if (drops) json.rounds[1].dropped = drops;
    writeFileSync(jsonFile, JSON.stringify(json, null, 2));
    const csv = readFileSync(join(old, 'tune.csv'), 'utf8').split('\n').filter((l) => !l.startsWith('confirmation,'));
    writeFileSync(join(old, 'tune.csv'), csv.map((l) => l.replace(/^(stage|race),/, '')).join('\n'));
    return old;
  }

  it('reads a folder written before the confirmation step, saying first that its answer is not confirmed and how to confirm it', async () => {
    const old = olderFolder('read');
    const back = await readTuneFolder(old);
    expect(back.outcome.confirmation).toBeUndefined();
    expect(back.outcome.race.outcomes()).toEqual(f.search.outcome.race.outcomes());
    const answer = tunePageData(back).answer;
    expect(answer).toMatch(/^Not confirmed: this search was written by a tavolo version without the confirmation step/);
    expect(answer.split('\n')[0]).toContain(`--force --out ${old}`);
    const r = tavolo(['report', old]);
    expect(r.code).toBe(0);
    expect(readFileSync(join(old, 'tune.html'), 'utf8')).toContain('Not confirmed: this search was written by a tavolo version without the confirmation step');
  });

  it('refuses one whose rounds no longer replay to its drops (other intervals then) by name, why and the next step, exit 2', () => {
    const old = olderFolder('refused', []);
    const r = tavolo(['report', old]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${old} holds a search written by a tavolo version without the confirmation step (its tune.json has no "confirmation")`);
    expect(r.stderr).toContain('its rounds no longer replay to the drops it recorded');
    expect(r.stderr).toMatch(/Run the search again with this version: `tavolo tune \S+ --force --out \S+` \(or another --out to keep this folder\)/);
    expect(existsSync(join(old, 'tune.html'))).toBe(false);
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

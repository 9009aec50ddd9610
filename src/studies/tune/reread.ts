import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Preference, Target } from './race.js';
import { Race } from './race-state.js';
import { InputError } from '../../errors.js';
import { checkManifest } from '../../io/manifest.js';
import { confirmDir, roundDir, roundValuesOf } from './run.js';
import { confirmationOf, readConfirmation, type Confirmation } from './confirm.js';
import type { RoundNote, StopReason, TuneOutcome } from './outcome.js';
import { withShare, type TunePlan } from './spec.js';
import { openResult } from '../../analysis/results.js';

/**
 * A finished search read back from its folder (`tavolo report <tune-folder>`): tune.json gives the
 * settings and the rounds, and the race is replayed from the rounds' matches.csv exactly as the search
 * decided it (the decisions are computed from those files alone), so the page built from it is the page
 * `tavolo tune` wrote. Anything that does not agree (a round missing, another set of survivors, drops
 * that differ from tune.json's) is refused by name.
 */

export interface TuneFolder {
  tournament: string;
  game: string;
  seed: string;
  names: string[];
  plan: TunePlan;
  outcome: TuneOutcome;
}

type Json = Record<string, unknown>;

export const isTuneFolder = (dir: string): boolean => existsSync(join(dir, 'tune.json')) && !existsSync(join(dir, 'run.json'));

/** A search stopped before its end has round folders but no tune.json yet: it is refused with the way to finish it. */
export function refuseUnfinishedSearch(dir: string, field: string): void {
  if (existsSync(join(dir, 'run.json')) || existsSync(join(dir, 'tune.json')) || !existsSync(roundDir(dir, 1))) return;
  throw new InputError(
    `${dir} holds a search that has not finished (round folders but no tune.json): finish it with \`tavolo tune <spec> --resume --out ${dir}\`, which writes its tune.html`,
    field,
  );
}

function field<T>(json: Json, name: string, ok: (v: unknown) => boolean, file: string): T {
  if (!ok(json[name])) throw new InputError(`${file}: the field "${name}" is missing or damaged (found ${JSON.stringify(json[name]) ?? 'nothing'})`);
  return json[name] as T;
}

const isNum = (v: unknown) => typeof v === 'number' && Number.isFinite(v);
const isText = (v: unknown) => typeof v === 'string';
const isList = (v: unknown) => Array.isArray(v);

function readJson(file: string): Json {
  try {
    const json = JSON.parse(readFileSync(file, 'utf8')) as Json;
    if (json?.format !== 'tavolo-tune/1') throw new Error(`its format is ${JSON.stringify(json?.format)}, expected "tavolo-tune/1"`);
    return json;
  } catch (err) {
    throw new InputError(`${file} cannot be read as a search's tune.json: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** The plan; `players` (from the first round's folder) gives each share target its range, as the spec did. */
function planOf(json: Json, file: string, players: number): TunePlan {
  const raw = field<Json[]>(json, 'targets', isList, file);
  const targets: Target[] = raw.map((t) => withShare({ quantity: String(t.quantity), min: isNum(t.min) ? Number(t.min) : -Infinity, max: isNum(t.max) ? Number(t.max) : Infinity }, players));
  const prefer = json.prefer === null || json.prefer === undefined ? undefined : (json.prefer as Preference);
  return {
    targets,
    ...(prefer ? { prefer } : {}),
    block: field<number>(json, 'block', isNum, file),
    rounds: field<number>(json, 'rounds_planned', isNum, file),
    budget: field<number>(json, 'budget', isNum, file),
    errorRate: field<number>(json, 'error_rate', isNum, file),
    confirm: isNum((json.confirmation as Json | null)?.matches) ? Number((json.confirmation as Json).matches) : 0,
  };
}

const sameList = (a: readonly string[], b: readonly string[]) => a.join('\n') === b.join('\n');

/** Replays the race from the round folders, checking each round against tune.json's account of it. */
async function replay(dir: string, names: string[], plan: TunePlan, rounds: Json[], file: string): Promise<{ race: Race; notes: RoundNote[] }> {
  const race = new Race(names, plan.targets, { errorRate: plan.errorRate, candidates: names.length, targets: plan.targets.length, rounds: plan.rounds }, plan.prefer);
  const notes: RoundNote[] = [];
  for (const [i, r] of rounds.entries()) {
    const round = i + 1;
    const survivors = race.survivors().map((c) => names[c]);
    const folder = roundDir(dir, round);
    if (!existsSync(folder)) throw new InputError(`${file} lists round ${round}, but ${folder} is missing; the page is built from the rounds' matches`);
    const dropped = race.addRound(await roundValuesOf(folder, survivors, plan));
    const droppedNames = dropped.map((e) => names[e.candidate]);
    if (r.round !== round || r.candidates !== survivors.length || !sameList(droppedNames, (r.dropped as string[]) ?? [])) {
      throw new InputError(
        `${file} does not agree with ${folder}: it says round ${String(r.round)} had ${String(r.candidates)} candidates and dropped ${JSON.stringify(r.dropped)}; ` +
          `the round's matches give ${survivors.length} candidates, dropping ${JSON.stringify(droppedNames)}`,
      );
    }
    notes.push({ round, candidates: survivors.length, matches: survivors.length * plan.block, dropped, playedNow: 0 });
  }
  return { race, notes };
}

/** The confirmation read back from its folder, checked against tune.json's account of it. */
async function rereadConfirmation(dir: string, names: readonly string[], plan: TunePlan, race: Race, json: Json, file: string): Promise<Confirmation | undefined> {
  const c = json.confirmation as Json | null | undefined;
  if (c === null || c === undefined) return undefined;
  const folder = confirmDir(dir);
  if (!existsSync(folder)) throw new InputError(`${file} has a confirmation, but ${folder} is missing; the page is built from its matches`);
  const finalists = race.survivors().map((i) => ({ candidate: i, name: names[i] }));
  const base = field<string>(c, 'base', isText, file);
  const read = await readConfirmation(folder, [base, ...finalists.map((f) => f.name)], plan);
  const confirmation = confirmationOf({ seed: field<string>(c, 'seed', isText, file), base, matches: plan.confirm }, plan, finalists, read);
  const said = ((c.finalists as Json[] | undefined) ?? []).map((f) => `${String(f.name)}:${String(f.status)}`);
  const found = confirmation.finalists.map((f) => `${f.name}:${f.status}`);
  if (!sameList(said, found)) throw new InputError(`${file} does not agree with ${folder}: it lists ${JSON.stringify(said)}; the confirmation's matches give ${JSON.stringify(found)}`);
  return confirmation;
}

/** The command that runs a search again into its folder (the spec's path from tune.json when it has one). */
function rerunCommand(dir: string, json: Json): string {
  const spec = typeof json.spec === 'string' ? json.spec : '<spec>';
  return `\`tavolo tune ${spec} --force --out ${dir}\` (or another --out to keep this folder)`;
}

/**
 * A folder written before the confirmation step whose rounds no longer replay to its recorded drops: that
 * version judged rates with other intervals, so the race it recorded cannot be rebuilt. Refused by name,
 * with why and what to do (InputError: exit 2).
 */
function olderSearch(dir: string, json: Json, err: InputError): InputError {
  return new InputError(
    `${dir} holds a search written by a tavolo version without the confirmation step (its tune.json has no "confirmation"), ` +
      `whose race judged rates with other intervals, so its rounds no longer replay to the drops it recorded (${err.message}). ` +
      `Run the search again with this version: ${rerunCommand(dir, json)}`,
  );
}

const STOPS: readonly string[] = ['decided', 'none-left', 'rounds', 'budget'];

export async function readTuneFolder(dir: string): Promise<TuneFolder> {
  const file = join(dir, 'tune.json');
  checkManifest(dir);
  const json = readJson(file);
  const names = field<string[]>(json, 'candidates', isList, file).map(String);
  const first = roundDir(dir, 1);
  if (!existsSync(first)) throw new InputError(`${file} belongs to a search whose first round, ${first}, is missing; the page is built from the rounds' matches`);
  const plan = planOf(json, file, openResult(first).players);
  // A tune.json without the field was written before the confirmation step (null: a search run with --no-confirm).
  const unconfirmed = !('confirmation' in json);
  const { race, notes } = await replay(dir, names, plan, field<Json[]>(json, 'rounds', isList, file), file).catch((err: unknown) => {
    throw unconfirmed && err instanceof InputError ? olderSearch(dir, json, err) : err;
  });
  const spent = notes.reduce((a, n) => a + n.matches, 0);
  if (spent !== json.matches_spent) throw new InputError(`${file} says the search spent ${String(json.matches_spent)} matches; its rounds hold ${spent}`);
  const outcome: TuneOutcome = {
    race,
    rounds: notes,
    stopped: field<StopReason>(json, 'stopped', (v) => STOPS.includes(String(v)), file),
    spent,
    gridMatches: field<number>(json, 'grid_matches', isNum, file),
    playedNow: 0,
    outDir: dir,
    faults: {},
  };
  const confirmation = await rereadConfirmation(dir, names, plan, race, json, file);
  if (confirmation) outcome.confirmation = confirmation;
  if (unconfirmed) {
    outcome.before =
      'Not confirmed: this search was written by a tavolo version without the confirmation step, so its answer rests on the matches of the race ' +
      'that chose its candidates (a race keeps those whose matches happened to look good), not on fresh seeds. ' +
      `To confirm it, run it again with this version: ${rerunCommand(dir, json)}.`;
  }
  return { tournament: field<string>(json, 'tournament', isText, file), game: field<string>(json, 'game', isText, file), seed: field<string>(json, 'seed', isText, file), names, plan, outcome };
}

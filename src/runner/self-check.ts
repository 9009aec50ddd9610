import { isAbsolute } from 'node:path';
import type { BatchResult } from './batch.js';
import type { Journal } from './journal.js';
import { playOnPool, type PlayBatch } from './pool.js';
import { toWorkerSpec, type ResolvedSpec } from './spec.js';

/**
 * The determinism self-check (docs/crash-safety.md, "A run checks its own determinism"): after a run has
 * played its matches, a small sample of them is played again in a fresh worker (a new thread: module
 * state, caches and generators start from nothing) and each replayed matches.csv row is compared with
 * the row the run journaled. Matches are a function of the spec and the seed, so the rows must be equal;
 * a bot that keeps state between matches in its module, or draws from Math.random, makes them differ.
 *
 * It is on by default when the game or a bot is loaded from a file (the built-in ones are checked by
 * the test suite), and costs the replay of the sample: 8 matches and a worker's start.
 */
export const DEFAULT_VERIFY_MATCHES = 8;
export const MAX_VERIFY_MATCHES = 10_000;

/** End reasons decided by the watchdog's clock (a timeout, a crash): a replay need not repeat them. */
const CLOCK_DECIDED = new Set(['bot_timeout', 'bot_crash']);

export interface SampleMatch {
  variant: number;
  match: number;
}

/** What the check found, for run.json (`determinism_check`) and the CLI's warning and exit code. */
export interface DeterminismCheck {
  /** The matches replayed, as `variant:match`. */
  replayed: string[];
  /** Those whose replayed row differs, with the columns that differ. */
  differing: Array<{ variant: string; match: number; columns: string[] }>;
  /** The modules loaded from files, which the check is about: `bot <name> (<file>)`, `game (<file>)`. */
  suspects: string[];
  /** Wall-clock seconds the check took (a worker's start and the replays): its cost, for run.json only. */
  seconds: number;
}

/** The game and bots loaded from files (registered ones are part of tavolo and tested with it). */
export function fileModules(spec: ResolvedSpec): string[] {
  const out: string[] = [];
  if (isAbsolute(spec.gameRef)) out.push(`game ${spec.game.name} (${spec.gameRef})`);
  const seen = new Set<string>();
  for (const e of spec.lineup) {
    if (!isAbsolute(e.ref) || seen.has(e.name)) continue;
    seen.add(e.name);
    out.push(`bot ${e.name} (${e.ref})`);
  }
  return out;
}

/**
 * How many matches to replay: the option if given (0 turns the check off), else the default when a
 * module comes from a file and none otherwise.
 */
export function verifyCount(spec: ResolvedSpec, option: number | undefined): number {
  if (option !== undefined) return option;
  return fileModules(spec).length > 0 ? DEFAULT_VERIFY_MATCHES : 0;
}

/**
 * `count` matches spread evenly over the journaled ones (variant after variant, in match order), the
 * same for the same journal: the k-th pick is the match at position floor((k + 1/2) * n / count).
 * Only the records' ranges are used: nothing is read.
 */
export function sampleMatches(ranges: ReadonlyArray<{ variant: number; start: number; end: number }>, count: number): SampleMatch[] {
  const sorted = [...ranges].sort((a, b) => a.variant - b.variant || a.start - b.start);
  const n = sorted.reduce((a, r) => a + (r.end - r.start), 0);
  const take = Math.min(count, n);
  const out: SampleMatch[] = [];
  let r = 0;
  let before = 0;
  for (let k = 0; k < take; k++) {
    const pos = Math.floor(((k + 0.5) * n) / take);
    while (pos >= before + (sorted[r].end - sorted[r].start)) {
      before += sorted[r].end - sorted[r].start;
      r++;
    }
    out.push({ variant: sorted[r].variant, match: sorted[r].start + pos - before });
  }
  return out;
}

/** Each journaled match's matches.csv row, by `variant:match`, for the matches asked. */
function journaledRows(journal: Journal, wanted: readonly SampleMatch[]): Map<string, string> {
  const rows = new Map<string, string>();
  for (const r of journal.records) {
    const inside = wanted.filter((w) => w.variant === r.variant && w.match >= r.start && w.match < r.end);
    if (inside.length === 0) continue;
    const lines = journal.read(r, { csv: true, notes: false }).csv.toString('utf8').split('\n');
    for (const w of inside) rows.set(`${w.variant}:${w.match}`, lines[w.match - r.start]);
  }
  return rows;
}

/** The names of the columns in which two rows differ. */
function differingColumns(header: readonly string[], a: string, b: string): string[] {
  const x = a.split(',');
  const y = b.split(',');
  const out: string[] = [];
  for (let i = 0; i < Math.max(x.length, y.length); i++) if (x[i] !== y[i]) out.push(header[i] ?? `column ${i + 1}`);
  return out;
}

/**
 * Replays `count` journaled matches, one match per task, on a fresh single-thread pool, and compares
 * their rows with the journal's. `header` is matches.csv's header (its column names).
 */
export async function checkDeterminism(spec: ResolvedSpec, journal: Journal, header: readonly string[], count: number, signal?: AbortSignal): Promise<DeterminismCheck> {
  const t0 = performance.now(); // clock-ok: the check's cost, for run.json only
  // A match whose end the watchdog's clock decided (a timeout, a crash) need not replay the same: left out.
  const end = header.indexOf('end');
  const expected = journaledRows(journal, sampleMatches(journal.records, count));
  const sample = sampleMatches(journal.records, count).filter((s) => !CLOCK_DECIDED.has(expected.get(`${s.variant}:${s.match}`)?.split(',')[end] ?? ''));
  const replayed = new Map<string, string>();
  const batches: PlayBatch[] = sample.map((s) => ({ variant: s.variant, start: s.match, end: s.match + 1 }));
  const onResult = (res: BatchResult) => {
    const csv = Buffer.from(res.payload.buffer, res.payload.byteOffset, res.csvBytes).toString('utf8');
    replayed.set(`${res.variant}:${res.start}`, csv.split('\n')[0]);
  };
  const out = await playOnPool(batches, { threads: 1, spec: toWorkerSpec(spec), decisionTimeoutMs: spec.decisionTimeoutMs, signal, onResult });
  const differing: DeterminismCheck['differing'] = [];
  for (const s of sample) {
    const key = `${s.variant}:${s.match}`;
    const failed = out.failed.some((f) => f.variant === s.variant && f.start === s.match);
    const again = replayed.get(key);
    if (!failed && again === expected.get(key)) continue;
    const columns = again === undefined ? ['(the replay did not finish)'] : differingColumns(header, expected.get(key) ?? '', again);
    differing.push({ variant: spec.variants[s.variant].name, match: s.match, columns });
  }
  const seconds = Number(((performance.now() - t0) / 1000).toFixed(3)); // clock-ok: as above
  return { replayed: sample.map((s) => `${spec.variants[s.variant].name}:${s.match}`), differing, suspects: fileModules(spec), seconds };
}

/**
 * The warning for a check that found differences, naming the module(s) concerned and the matches:
 * `bot X is not deterministic: match 17 (variant base) differs between the run and a replay in a
 * fresh worker (winners, seat0_score)`.
 */
export function determinismWarning(check: DeterminismCheck): string {
  const who =
    check.suspects.length === 1
      ? `${check.suspects[0]} is`
      : check.suspects.length === 0
        ? 'a bot or the game is'
        : `one of ${check.suspects.join(', ')} is`;
  const shown = check.differing.slice(0, 3).map((d) => `match ${d.match} (variant ${d.variant}) differs in ${d.columns.slice(0, 4).join(', ')}${d.columns.length > 4 ? ', ...' : ''}`);
  const more = check.differing.length > 3 ? `; ${check.differing.length - 3} more` : '';
  return (
    `${who} not deterministic: ${shown.join('; ')}${more} between the run and a replay in a fresh worker ` +
    `(${check.differing.length} of ${check.replayed.length} replayed matches differ). The same seed must give the same ` +
    'match: keep no state between matches at module level and draw only from ctx.rng, never Math.random ' +
    '(docs/crash-safety.md). The files were written, but another run will not reproduce them.'
  );
}

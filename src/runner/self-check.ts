import { isAbsolute } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import type { BatchResult } from './batch.js';
import { configOfRef, isProcessRef } from '../protocol/process-bot.js';
import type { Journal } from './journal.js';
import { playOnPool, type PlayBatch } from './pool.js';
import { toWorkerSpec, type ResolvedSpec } from './spec.js';
import { DEFAULT_VERIFY_MATCHES, MAX_VERIFY_MATCHES } from './limits.js';

/**
 * The determinism self-check (docs/crash-safety.md, "A run checks its own determinism"): after a run has
 * played its matches, a small sample of them is played again in a fresh worker (a new thread: module
 * state, caches and generators start from nothing) and each replayed matches.csv row is compared with
 * the row the run journaled. Matches are a function of the spec and the seed, so the rows must be equal;
 * a bot that keeps state between matches in its module, or draws from Math.random, makes them differ.
 *
 * It is on by default when the game or a bot is loaded from a file (the built-in ones are checked by
 * the test suite), and costs the replay of the sample: 1% of the matches (at least 8) and a worker's start.
 */
export { DEFAULT_VERIFY_MATCHES, MAX_VERIFY_MATCHES };

/** End reasons decided by the watchdog's clock (a timeout, a crash): a replay need not repeat them. */
const CLOCK_DECIDED = new Set(['bot_timeout', 'bot_crash']);
const END_COLUMN = 'end_reason';

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
  /** Those not compared: a timeout or a crash ended them, in the run or in the replay (see compareRows). */
  unsettled: string[];
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
    if ((!isAbsolute(e.ref) && !isProcessRef(e.ref)) || seen.has(e.name)) continue;
    seen.add(e.name);
    out.push(`bot ${e.name} (${isProcessRef(e.ref) ? configOfRef(e.ref).command.join(' ') : e.ref})`);
  }
  return out;
}

/** The share of a run's matches the check replays by default: it grows with the run. */
export const VERIFY_SHARE = 0.01;

/**
 * How many matches to replay: the option if given (0 turns the check off), else, when a module comes
 * from a file, 1% of the run's `matches` (at least the default 8, at most the maximum), and none otherwise.
 * A fixed 8 would miss a module that goes wrong once in a few dozen matches of a worker; a share keeps
 * the check's cost a fixed part of the run's (the replays are matches like the run's).
 */
export function verifyCount(spec: ResolvedSpec, option: number | undefined, matches = 0): number {
  if (option !== undefined) return option;
  if (fileModules(spec).length === 0) return 0;
  return Math.min(MAX_VERIFY_MATCHES, Math.max(DEFAULT_VERIFY_MATCHES, Math.ceil(matches * VERIFY_SHARE)));
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

/** How a replayed matches.csv row compares with the journaled one. */
export type RowComparison = { kind: 'same' } | { kind: 'differs'; columns: string[] } | { kind: 'unsettled' };

const cells = (row: string): string[] => parseCsv(row, { relax_column_count: true })[0] ?? [];

/**
 * Compares a journaled row with its replay (undefined: the replay never finished). A match whose end
 * the watchdog's clock decided, in the run or in the replay (a timeout, a crash: the machine was busy,
 * say), is `unsettled`: its replay need not repeat the timing, so it proves nothing either way.
 */
export function compareRows(header: readonly string[], journaled: string, replayed: string | undefined): RowComparison {
  const end = header.indexOf(END_COLUMN);
  const was = cells(journaled);
  if (CLOCK_DECIDED.has(was[end])) return { kind: 'unsettled' };
  if (replayed === undefined) return { kind: 'differs', columns: ['(the replay did not finish)'] };
  if (replayed === journaled) return { kind: 'same' };
  const now = cells(replayed);
  if (CLOCK_DECIDED.has(now[end])) return { kind: 'unsettled' };
  const columns: string[] = [];
  for (let i = 0; i < Math.max(was.length, now.length); i++) if (was[i] !== now[i]) columns.push(header[i] ?? `column ${i + 1}`);
  return { kind: 'differs', columns };
}

/** Replays the matches, one match per task, on a fresh single-thread pool: each one's row, by `variant:match`. */
async function replay(spec: ResolvedSpec, sample: readonly SampleMatch[], signal?: AbortSignal): Promise<Map<string, string>> {
  const rows = new Map<string, string>();
  const onResult = (res: BatchResult) => {
    const csv = Buffer.from(res.payload.buffer, res.payload.byteOffset, res.csvBytes).toString('utf8');
    rows.set(`${res.variant}:${res.start}`, csv.split('\n')[0]);
  };
  const batches: PlayBatch[] = sample.map((s) => ({ variant: s.variant, start: s.match, end: s.match + 1 }));
  const out = await playOnPool(batches, { threads: 1, spec: toWorkerSpec(spec), decisionTimeoutMs: spec.decisionTimeoutMs, signal, onResult });
  for (const f of out.failed) rows.delete(`${f.variant}:${f.start}`);
  return rows;
}

/**
 * Replays `count` journaled matches in a fresh worker and compares their rows with the journal's.
 * `header` is matches.csv's header (its column names).
 */
export async function checkDeterminism(spec: ResolvedSpec, journal: Journal, header: readonly string[], count: number, signal?: AbortSignal): Promise<DeterminismCheck> {
  const t0 = performance.now(); // clock-ok: the check's cost, for run.json only
  const sample = sampleMatches(journal.records, count);
  const expected = journaledRows(journal, sample);
  const replayed = await replay(spec, sample, signal);
  const check: DeterminismCheck = { replayed: [], differing: [], unsettled: [], suspects: fileModules(spec), seconds: 0 };
  for (const s of sample) {
    const key = `${s.variant}:${s.match}`;
    const name = `${spec.variants[s.variant].name}:${s.match}`;
    check.replayed.push(name);
    const c = compareRows(header, expected.get(key) ?? '', replayed.get(key));
    if (c.kind === 'unsettled') check.unsettled.push(name);
    if (c.kind === 'differs') check.differing.push({ variant: spec.variants[s.variant].name, match: s.match, columns: c.columns });
  }
  check.seconds = Number(((performance.now() - t0) / 1000).toFixed(3)); // clock-ok: as above
  return check;
}

/**
 * The warning for a check that found differences, naming the module(s) concerned and the matches:
 * `bot X is not deterministic: match 17 (variant base) differs between the run and a replay in a
 * fresh worker (winners, seat0_score)`.
 */
/**
 * The check passed: said on the terminal too, since a file's bot or game is trusted on its strength
 * ("8 of 8 replayed matches gave the same rows"); matches a timeout or crash ended are named as not compared.
 */
export function determinismPassed(check: DeterminismCheck): string {
  const compared = check.replayed.length - check.unsettled.length;
  const who = check.suspects.length > 0 ? ` (${check.suspects.join(', ')})` : '';
  const unsettled = check.unsettled.length > 0 ? `; ${check.unsettled.length} ended by a timeout or a crash were not compared` : '';
  return `Determinism self-check passed${who}: ${compared} of ${check.replayed.length} matches replayed in a fresh worker gave the same rows${unsettled}.`;
}

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

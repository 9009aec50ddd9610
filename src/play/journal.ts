import { closeSync, constants, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../errors.js';
import { writeFileAtomic } from '../io/atomic-write.js';
import { fileError, refuseLinkedFolder } from '../io/safe-path.js';
import type { PlayArgs } from './narrate.js';
import type { RecordedDecision } from './protocol.js';

/**
 * The journal of a match with human seats (<out>/journal.jsonl): a header line naming the match, then one
 * line per human decision, each written and flushed to disk before the page is told it was taken. Bots'
 * decisions are not written: they follow from the seed and the humans' decisions, so a restart replays
 * them. Running the same command again (or with --resume) reads it and the match goes on where it was.
 */

export const JOURNAL = 'journal.jsonl';
export const SAVED = 'match.json';
const FORMAT = 'tavolo-human-journal';

/** What names the match: a journal of another match is refused, never continued. */
export interface MatchIdentity {
  play: PlayArgs;
  cwd: string;
  humans: number[];
}

export interface JournalHeader extends MatchIdentity {
  format: typeof FORMAT;
  version: 1;
  /** Each human seat's secret (seat number as a key), and the hot-seat secret that acts for them all. */
  tokens: Record<string, string>;
  hotSeat: string;
  /** The port first served on, so a restart serves the open pages at the same address. */
  port: number;
}

export interface OpenedJournal {
  header: JournalHeader;
  decisions: RecordedDecision[];
  /** A last line cut off by a crash (never acknowledged to a page), dropped. */
  dropped?: string;
}

const identityText = (m: MatchIdentity) => JSON.stringify({ play: m.play, cwd: m.cwd, humans: m.humans });

/** Reads an existing journal, checked line by line; undefined when there is none. */
export function readJournal(dir: string): OpenedJournal | undefined {
  const file = join(dir, JOURNAL);
  if (!existsSync(file)) return undefined;
  const lines = readFileSync(file, 'utf8').split('\n');
  const last = lines.pop();
  let dropped: string | undefined;
  // A file always ends with a newline; text after the last one is a write cut off by a crash.
  if (last !== undefined && last !== '') dropped = last;
  const parse = (line: string, i: number): unknown => {
    try {
      return JSON.parse(line);
    } catch {
      throw new InputError(`${file} line ${i + 1} is not valid JSON: the journal is damaged (move it aside to start the match again)`, '--out');
    }
  };
  const header = parse(lines[0] ?? '', 0) as JournalHeader;
  if (header?.format !== FORMAT || header.version !== 1) throw new InputError(`${file} is not a journal of tavolo play --human (format ${JSON.stringify(header?.format)})`, '--out');
  const decisions = lines.slice(1).map((l, i) => checkRecord(parse(l, i + 1), file, i + 2));
  return { header, decisions, dropped };
}

function checkRecord(r: unknown, file: string, line: number): RecordedDecision {
  const d = r as RecordedDecision;
  const ok = d !== null && typeof d === 'object' && [d.n, d.seat, d.action].every((v) => Number.isSafeInteger(v) && v >= 0) && typeof d.code === 'string';
  if (!ok) throw new InputError(`${file} line ${line} is not a decision record ({n, seat, action, code}): the journal is damaged`, '--out');
  return { n: d.n, seat: d.seat, action: d.action, code: d.code };
}

/** Refuses a journal of another match than the one the command names. */
export function checkSameMatch(dir: string, found: MatchIdentity, wanted: MatchIdentity): void {
  if (identityText(found) === identityText(wanted)) return;
  throw new InputError(
    `${join(dir, JOURNAL)} is the journal of another match (${identityText(found)}, not ${identityText(wanted)}): ` +
      'give another --out, or --resume alone to go on with that one',
    '--out',
  );
}

/** Appends decisions, each flushed to disk before `add` returns; never through a symbolic link. */
export class JournalWriter {
  readonly #fd: number;
  readonly #file: string;
  constructor(readonly dir: string) {
    refuseLinkedFolder(dir, '--out');
    this.#file = join(dir, JOURNAL);
    try {
      this.#fd = openSync(this.#file, constants.O_WRONLY | constants.O_APPEND | constants.O_NOFOLLOW);
    } catch (err) {
      throw fileError(err, this.#file, 'append to');
    }
  }
  static create(dir: string, header: JournalHeader): JournalWriter {
    refuseLinkedFolder(dir, '--out');
    try {
      mkdirSync(dir, { recursive: true });
    } catch (err) {
      throw fileError(err, dir, 'create the folder');
    }
    writeFileAtomic(join(dir, JOURNAL), JSON.stringify(header) + '\n', { mode: 0o600, durable: true });
    return new JournalWriter(dir);
  }
  add(d: RecordedDecision): void {
    try {
      writeSync(this.#fd, JSON.stringify(d) + '\n');
      fsyncSync(this.#fd);
    } catch (err) {
      throw fileError(err, this.#file, 'append to');
    }
  }
  close(): void {
    closeSync(this.#fd);
  }
}

/** Rewrites a journal without its cut-off last line, so that new records start on a line of their own. */
export function rewriteJournal(dir: string, opened: OpenedJournal): void {
  const text = [opened.header, ...opened.decisions].map((x) => JSON.stringify(x) + '\n').join('');
  writeFileAtomic(join(dir, JOURNAL), text, { mode: 0o600, durable: true });
}

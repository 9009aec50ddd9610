import { MAX_TRACKED_PLAYS, playKey } from './repeats.js';

/**
 * Distinct plays counted for summary.csv and seats.csv: how many matches each play hash took (matches
 * with one hash played the same game, seat for seat: repeats.ts), and whether someone won it. From the
 * counts come Kish's design effect, deff = sum of (matches per play)^2 / matches, by which the intervals
 * of those files are widened (docs/statistics.md, "Repeated plays"): 1 when no play repeats, so the
 * files are then what they were; never below 1, so an interval is never narrower for it.
 */
export class PlayTally {
  /** Matches with a play hash (a journal of a version without the column gives none: nothing is counted). */
  matches = 0;
  /** Of those, matches someone won. */
  decidedMatches = 0;
  /** A play's key => its matches, negative for a play nobody won (the same play ends alike every time). */
  private readonly counts = new Map<number, number>();
  /** Plays first seen once MAX_TRACKED_PLAYS were tracked: each counted as a play of one match. */
  private untracked = 0;
  private untrackedDecided = 0;

  add(hash: string, decided: boolean): void {
    if (hash === '') return;
    this.matches++;
    if (decided) this.decidedMatches++;
    const key = playKey(hash);
    const count = this.counts.get(key);
    if (count !== undefined) this.counts.set(key, count + Math.sign(count));
    else if (this.counts.size < MAX_TRACKED_PLAYS) this.counts.set(key, decided ? 1 : -1);
    else {
      this.untracked++;
      if (decided) this.untrackedDecided++;
    }
  }

  /** Whether the matches carried play hashes. */
  get known(): boolean {
    return this.matches > 0;
  }

  /** Distinct plays among all matches, or among the decided ones. */
  plays(decidedOnly = false): number {
    if (!decidedOnly) return this.counts.size + this.untracked;
    let n = this.untrackedDecided;
    for (const c of this.counts.values()) if (c > 0) n++;
    return n;
  }

  /** Kish's design effect over all matches or the decided ones: sum of squared play sizes / matches (1 without hashes). */
  designEffect(decidedOnly = false): number {
    const matches = decidedOnly ? this.decidedMatches : this.matches;
    if (!(matches > 0)) return 1;
    let squares = decidedOnly ? this.untrackedDecided : this.untracked;
    for (const c of this.counts.values()) if (!decidedOnly || c > 0) squares += c * c;
    return squares / matches;
  }

  /** Kish's effective number of plays, matches / deff (the matches when none repeats). */
  effective(decidedOnly = false): number {
    return (decidedOnly ? this.decidedMatches : this.matches) / this.designEffect(decidedOnly);
  }
}

/**
 * The play hashes of matches.csv rows (a batch's bytes, whole lines), in row order; `column` is
 * play_hash's index in the header. A field in quotes may hold commas and doubled quotes; the hash
 * itself never needs quotes.
 */
export function playHashesOf(csv: Uint8Array, column: number): string[] {
  const out: string[] = [];
  let field = 0;
  let start = 0;
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const b = csv[i];
    if (quoted) {
      if (b === 0x22) quoted = false; // a doubled quote closes and reopens: the same state in the end
      continue;
    }
    if (b === 0x22) quoted = true;
    else if (b === 0x2c || b === 0x0a) {
      if (field === column) out.push(Buffer.from(csv.buffer, csv.byteOffset + start, i - start).toString('latin1').replace(/\r$/, ''));
      if (b === 0x0a) field = 0;
      else field++;
      start = i + 1;
    }
  }
  return out;
}

/**
 * How the matches of a run are cut into batches (worker tasks). Batches never change the output: every
 * match is played from its own seed, and the final files are assembled in match order (tested for batch
 * sizes 1 to 1000 and any thread count). They change only the cost of running:
 *
 * - every batch costs the main thread a message, a journal write and some bookkeeping (about a
 *   millisecond): with 4-player Stramat at 40,000 random-bot matches a second per thread, batches of 250
 *   kept the main thread busy a sixth of the time, which two workers on two cores then lacked;
 * - a batch is the unit of loss: a killed run replays the batches in flight, a worker ended by the
 *   watchdog replays its batch, and the progress bar moves a batch at a time;
 * - the last batches decide how long the slowest thread runs after the others are done.
 *
 * So by default (`auto`) a batch is sized to about TARGET_MS of play at the rate measured so far
 * (starting small, since nothing is known of the bots' speed), and never more than a quarter of what is
 * left per thread (guided scheduling: batches shrink towards the end, so threads finish together). The
 * clock only ever decides how matches are grouped, never anything in a match. `--batch B` fixes the
 * size instead.
 */
import type { PlayBatch } from './pool.js';

/** Aim of an automatic batch: this much play. */
export const TARGET_MS = 250;
/** Automatic batches before any has been timed. */
export const FIRST_AUTO_BATCH = 16;
/** Automatic batches never exceed this many matches (bounded memory per batch: a few megabytes). */
export const MAX_AUTO_BATCH = 20_000;

export type BatchSize = number | 'auto';

export class BatchPlanner implements Iterable<PlayBatch> {
  private matchesTimed = 0;
  private msTimed = 0;
  private left: number;

  constructor(
    private readonly ranges: ReadonlyArray<{ variant: number; start: number; end: number }>,
    readonly size: BatchSize,
    private readonly threads: number,
  ) {
    this.left = ranges.reduce((a, r) => a + (r.end - r.start), 0);
  }

  /** A played batch: its matches and how long its worker took (wall-clock milliseconds). */
  observe(matches: number, ms: number): void {
    if (!(ms >= 0) || matches <= 0) return;
    this.matchesTimed += matches;
    this.msTimed += ms;
  }

  /** Matches in the next batch (when `left` matches remain to be handed out). */
  nextSize(): number {
    if (this.size !== 'auto') return this.size;
    const byTime =
      this.matchesTimed === 0 ? FIRST_AUTO_BATCH : Math.round(TARGET_MS / Math.max(this.msTimed / this.matchesTimed, 1e-6));
    const guided = Math.ceil(this.left / (4 * this.threads));
    return Math.max(1, Math.min(byTime, guided, MAX_AUTO_BATCH));
  }

  *[Symbol.iterator](): Iterator<PlayBatch> {
    for (const r of this.ranges) {
      let s = r.start;
      while (s < r.end) {
        const end = Math.min(r.end, s + this.nextSize());
        this.left -= end - s;
        yield { variant: r.variant, start: s, end };
        s = end;
      }
    }
  }
}

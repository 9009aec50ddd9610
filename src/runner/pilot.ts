import type { Bot, BotFactory } from '../engine/bot.js';
import { playMatch, type SeatBot } from '../engine/match.js';
import { matchSeed, rotations } from '../engine/plan.js';
import { builtInBots } from '../plugins/builtins.js';
import type { Prepared } from './batch.js';

/**
 * A short pilot: a run's own first matches, played for a fraction of a second, to tell the user what the
 * whole run will cost before it starts (cost.ts plays it in this thread for tavolo's own games and bots,
 * and in a thread of its own, ended at a time limit, when a game or bot comes from a file, so that a bot
 * that hangs or ends its thread cannot stop the command). Nothing of it is kept or written, and it takes
 * nothing from the run's generators (each match seeds its own, from the spec's seed), so the run's files
 * are the same with or without it. The clock here only measures; it decides nothing in a match.
 *
 * A pilot match that would outlast the pilot's time is cut at its next decision (the bot's call ends the
 * match as a fault, which the pilot throws away). The first match may run to MIN_HARD_SECONDS; when even
 * that is cut, the cost of a match is the cost of a decision times the decisions of a match, which random
 * play of the same rules estimates (said so in `lengthFrom`).
 */
export interface PilotMeasure {
  /** Seconds one thread spends on one match of this run (all variants alike). */
  secondsPerMatch: number;
  /** Whole matches the pilot played, and the decisions it saw in all. */
  finished: number;
  decisions: number;
  /** Wall time of the pilot itself. */
  seconds: number;
  /** Where the decisions per match came from: finished pilot matches, or random play of the same rules. */
  lengthFrom: 'pilot' | 'random-play';
}

/** The pilot stops on the first of: its time, every match of the run played, or this many matches. */
const MAX_PILOT_MATCHES = 100_000;
/** The least a pilot plays before it may conclude that the run is short. */
const MIN_PILOT_SECONDS = 0.02;
/** However short its share, a pilot may take this long to finish its first match. */
const MIN_HARD_SECONDS = 1;
/** Past the hard deadline, a bot not yet timed gets this long to be asked once. */
const HARD_GRACE_MS = 2_000;
/** The speed is read over windows this long; it has settled when two in a row agree within SETTLED. */
const WINDOW_MS = 100;
const SETTLED = 0.25;
/** Fewer matches than this in a window: matches slow enough that the warm-up hardly changes their cost. */
const FEW_A_WINDOW = 4;
/**
 * The engine's code is optimised after enough calls, not after enough time: with fast matches the speed is
 * trusted only past this many decisions (a busy machine gets there later: its compiler waits too).
 */
const WARM_DECISIONS = 30_000;
/** However unsettled the speed, the pilot's share is extended no further than this. */
const MAX_WARMUP_MS = 3_000;

/**
 * The speed of the pilot's latest window. The first matches run before the engine's code is optimised
 * and cost up to a hundred times the rest (more on a busy machine, where the optimising compiler waits
 * too): the speed is the latest window's, and the pilot goes on past its share until it has settled.
 */
class WindowedSpeed {
  private matches = 0;
  private last: number | undefined;
  settled = false;
  constructor(private start: number) {}
  add(now: number, decisions: number): void {
    this.matches++;
    const span = now - this.start;
    if (span < WINDOW_MS) return;
    const spm = span / 1000 / this.matches;
    const agree = this.last !== undefined && Math.abs(spm - this.last) <= SETTLED * this.last;
    this.settled = this.matches < FEW_A_WINDOW || (decisions >= WARM_DECISIONS && agree);
    this.last = spm;
    this.start = now;
    this.matches = 0;
  }
  get secondsPerMatch(): number | undefined {
    return this.last;
  }
}

class PilotClock {
  decisions = 0;
  cut = false;
  /** Set once a pilot match has finished. */
  finishedOne = false;
  /** Set once the speed has settled: from then on the soft deadline applies. */
  settled = false;
  /** Per lineup entry: decisions timed and their seconds (a match cut early is costed from these). */
  readonly timed: number[];
  readonly seconds: number[];
  constructor(
    entries: number,
    private readonly deadline: number,
    private readonly hardDeadline: number,
    private readonly lastDeadline: number,
  ) {
    this.timed = new Array<number>(entries).fill(0);
    this.seconds = new Array<number>(entries).fill(0);
  }
  /**
   * Called before each decision; cuts the match (one decision is always measured) past the deadline once
   * the speed has settled; past the hard deadline when no match has finished, once every bot of the
   * lineup has been timed (or HARD_GRACE_MS later); and past the last deadline in any case.
   */
  tick(): void {
    if (this.decisions > 0) {
      const now = performance.now(); // clock-ok: the pilot's time box; a cut match is thrown away
      const firstTooLong = !this.finishedOne && now > this.hardDeadline && (this.timed.every((n) => n > 0) || now > this.hardDeadline + HARD_GRACE_MS);
      if ((this.settled && now > this.deadline) || firstTooLong || now > this.lastDeadline) {
        this.cut = true;
        throw new Error('pilot time is up');
      }
    }
    this.decisions++;
  }
  /** Seconds a decision takes, averaged over the lineup's bots (each counts alike: seats take turns). */
  perDecision(): number {
    const known = this.timed.map((n, e) => (n > 0 ? this.seconds[e] / n : NaN)).filter((x) => Number.isFinite(x));
    return known.length > 0 ? known.reduce((a, b) => a + b, 0) / known.length : NaN;
  }
}

/** The seat's bot, counted, timed and cut at the deadline. Not marked trusted: the engine copies its legal actions, as for a file bot. */
function timedSeat(seat: SeatBot, entry: number, clock: PilotClock): SeatBot {
  const inner = seat.factory;
  const factory: BotFactory = {
    name: inner.name,
    description: inner.description,
    params: inner.params,
    create(ctx) {
      const bot = inner.create(ctx);
      return {
        choose(decision) {
          clock.tick();
          const t = performance.now(); // clock-ok: the pilot times the bot; the action is the bot's own
          const action = bot.choose(decision);
          clock.seconds[entry] += (performance.now() - t) / 1000; // clock-ok: as above
          clock.timed[entry]++;
          return action;
        },
      } satisfies Bot;
    },
  };
  return { factory, params: seat.params };
}

/** Mean decisions per match when every seat plays at random (a match cut by the pilot needs a length). */
function randomPlayLength(spec: Prepared, seconds: number): number {
  const random: SeatBot = { factory: builtInBots.random, params: {} };
  const seats = Array.from({ length: spec.players }, () => random);
  const until = performance.now() + seconds * 1000; // clock-ok: a time box for the length estimate only
  let decisions = 0;
  let matches = 0;
  do {
    const v = spec.variants[matches % spec.variants.length];
    const out = playMatch(spec.game, v.options, seats, matchSeed(spec.seed, matches));
    decisions += out.decisions;
    matches++;
  } while (matches < 20 && performance.now() < until); // clock-ok: as above
  return Math.max(1, decisions / matches);
}

/**
 * Plays the run's first matches (variants in turn) for about `seconds`, and measures what one match costs
 * one thread. At least one decision is always measured, however long it takes. `enough` may end the pilot
 * early, once a few matches show the run is short.
 */
export function pilotRun(spec: Prepared, matchesPerVariant: number, seconds: number, enough?: (secondsPerMatch: number) => boolean): PilotMeasure {
  const t0 = performance.now(); // clock-ok: the pilot measures time, and decides nothing in a match
  // A whole match says more than any model of its length: the first may run past the pilot's share.
  // Rotation 0 seats the lineup in its order: seat k is lineup entry k.
  const lineup = spec.seatBots[0];
  const hard = Math.max(seconds, MIN_HARD_SECONDS) * 1000;
  const clock = new PilotClock(lineup.length, t0 + seconds * 1000, t0 + hard, t0 + Math.max(hard + HARD_GRACE_MS, MAX_WARMUP_MS));
  const seatBots = rotations(lineup.map((e, k) => timedSeat(e, k, clock)));
  const hooks = { opening: spec.opening };
  const all = Math.min(MAX_PILOT_MATCHES, matchesPerVariant * spec.variants.length);
  let finished = 0;
  const speed = new WindowedSpeed(t0);
  for (let i = 0; i < all && !clock.cut; i++) {
    const v = spec.variants[i % spec.variants.length];
    const match = Math.floor(i / spec.variants.length);
    playMatch(spec.game, v.options, seatBots[match % spec.players], matchSeed(spec.seed, match), hooks);
    if (clock.cut) break;
    finished++;
    clock.finishedOne = true;
    const now = performance.now(); // clock-ok: as above
    speed.add(now, clock.decisions);
    clock.settled = speed.settled;
    const so = (now - t0) / 1000;
    // A run that is plainly short needs no more pilot: its estimate is only there to be left unsaid.
    if (enough !== undefined && so >= MIN_PILOT_SECONDS && enough(speed.secondsPerMatch ?? so / finished)) break;
    if ((clock.settled && so >= seconds) || now - t0 > MAX_WARMUP_MS) break;
  }
  const spent = (performance.now() - t0) / 1000; // clock-ok: as above
  if (finished > 0) {
    return { secondsPerMatch: speed.secondsPerMatch ?? spent / finished, finished, decisions: clock.decisions, seconds: spent, lengthFrom: 'pilot' };
  }
  const length = randomPlayLength(spec, Math.min(0.5, seconds));
  return { secondsPerMatch: clock.perDecision() * length, finished, decisions: clock.decisions, seconds: spent, lengthFrom: 'random-play' };
}

/** How a command's runs are piloted: each run's share of seconds, the threads, and what is plainly short. */
export interface PilotPlan {
  share: number;
  threads: number;
  /** A run is plainly short below this many seconds (with as many more like it). */
  short: number;
}

/** Pilots runs in order, telling `post` each measure as it comes (a thread may be ended before the last). */
export async function pilotRuns(
  runs: ReadonlyArray<{ prepared: () => Prepared | Promise<Prepared>; matchesPerVariant: number; matches: number }>,
  plan: PilotPlan,
  post: (run: number, measure: PilotMeasure) => void,
): Promise<void> {
  for (const [k, run] of runs.entries()) {
    const others = runs.length - k - 1;
    const enough = (spm: number) => ((1 + others) * run.matches * spm) / plan.threads < plan.short;
    post(k, pilotRun(await run.prepared(), run.matchesPerVariant, plan.share, enough));
  }
}

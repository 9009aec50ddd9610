import cliProgress from 'cli-progress';

/**
 * The run's progress bar on stderr (only on a terminal, and not under CI). Its speed and time left are
 * this session's: matches played since the start (or since the resume) over the time since then.
 */
export interface Progress {
  start(total: number, done: number): void;
  update(done: number): void;
  /** Text shown after the time left until the next note (a sequential test's statistic). */
  note(text: string): void;
  stop(): void;
}

/** A rate for people: whole numbers from 10 up, else enough decimals that a slow run does not read 0. */
export function rateText(rate: number): string {
  if (!(rate > 0)) return '0';
  return rate >= 10 ? String(Math.round(rate)) : rate >= 1 ? rate.toFixed(1) : rate.toPrecision(2);
}

/** `ETA 1m05s`; `ETA --` until a match has finished, as nothing is known yet about the speed. */
export function etaText(remaining: number, matchesPerSecond: number): string {
  if (remaining <= 0) return 'ETA 0s';
  if (!(matchesPerSecond > 0) || !Number.isFinite(matchesPerSecond)) return 'ETA --';
  const s = Math.ceil(remaining / matchesPerSecond);
  if (s >= 3600) return `ETA ${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
  if (s >= 60) return `ETA ${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `ETA ${s}s`;
}

export function progressBar(stream: NodeJS.WriteStream = process.stderr): Progress | undefined {
  if (!stream.isTTY || process.env.CI) return undefined;
  const bar = new cliProgress.SingleBar(
    {
      format: '{bar} {percentage}% | {value}/{total} matches | {speed} matches/s | {eta_text}{note}',
      stream,
      hideCursor: true,
      clearOnComplete: true,
    },
    cliProgress.Presets.shades_classic,
  );
  let t0 = 0;
  let first = 0;
  let total = 0;
  let last = 0;
  let noted = '';
  const payload = (done: number) => {
    last = done;
    const rate = (done - first) / Math.max((performance.now() - t0) / 1000, 1e-3); // clock-ok: the bar's speed and ETA, shown only
    return { speed: rateText(rate), eta_text: etaText(total - done, rate), note: noted };
  };
  return {
    start(all, done) {
      t0 = performance.now(); // clock-ok: the bar's start, for its speed and ETA
      first = done;
      total = all;
      bar.start(all, done, payload(done));
    },
    update(done) {
      bar.update(done, payload(done));
    },
    note(text) {
      noted = text;
      bar.update(last, payload(last));
    },
    stop() {
      bar.stop();
    },
  };
}

import { InputError } from '../errors.js';

/**
 * `--budget`: the time a study may take, as a duration such as 90s, 10m, 1h or 1h30m. A module of its
 * own, light enough for the command line's flags (yargs `coerce`), which load no command's code.
 */

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600 };
const PART = /(\d+(?:\.\d+)?)([smh])/g;
const WHOLE = /^(?:\d+(?:\.\d+)?[smh])+$/;
/** A week: past it a budget is a typing mistake, not a plan. */
export const MAX_BUDGET_SECONDS = 7 * 24 * 3600;

/** A time budget as typed and in seconds. */
export interface TimeBudget {
  text: string;
  seconds: number;
}

/** Parses a duration flag (90s, 10m, 1h, 1h30m); a clear error naming the flag otherwise (exit 2). */
export function parseDuration(raw: unknown, flag = '--budget'): TimeBudget {
  if (Array.isArray(raw)) throw new InputError(`given more than once (${raw.map((r) => JSON.stringify(r)).join(', ')})`, flag);
  const text = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '';
  const expected = 'expected a duration with its unit, such as 90s, 10m, 1h or 1h30m';
  if (!WHOLE.test(text)) throw new InputError(`${expected}, found ${JSON.stringify(text)}`, flag);
  let seconds = 0;
  for (const [, n, unit] of text.matchAll(PART)) seconds += Number(n) * UNIT_SECONDS[unit];
  if (!(seconds >= 1) || seconds > MAX_BUDGET_SECONDS) {
    throw new InputError(`${expected}, from 1s to ${MAX_BUDGET_SECONDS / 3600}h (a week), found ${JSON.stringify(text)}`, flag);
  }
  return { text, seconds };
}

/** A budget in words: "10 minutes", "90 seconds", "1 hour 30 minutes". */
export function durationWords(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.round(seconds % 60);
  const part = (n: number, unit: string) => (n === 0 ? [] : [`${n} ${unit}${n === 1 ? '' : 's'}`]);
  // 90 s is said as such: a minute and a half reads worse in seconds' place than as 90 seconds.
  if (h === 0 && seconds < 120) return part(Math.round(seconds), 'second').join('');
  return [...part(h, 'hour'), ...part(m, 'minute'), ...part(s, 'second')].join(' ');
}

/** The flag's help, the same for every study. */
export const BUDGET_DESCRIBE =
  'A time budget, such as 90s, 10m or 1h: a pilot chooses the match count that fits it (instead of --matches); the plan is kept in the study\'s folder, and the same command again plays it (docs/time-budget.md)';

/** yargs `coerce`: the value checked as the command line is read (bad input exits 2 before anything runs), kept as typed. */
export function checkedBudget(raw: unknown): unknown {
  parseDuration(raw);
  return raw;
}

import * as z from 'zod';
import { InputError } from '../errors.js';

/**
 * The `sequential` block of a spec: a test that stops the run as soon as it has decided (Wald's SPRT,
 * src/analysis/sequential.ts; docs/sequential.md). `matches` is then the most that will be played.
 *
 * Two questions:
 * - bot against bot: `{ "bot": "ismcts", "opponent": "pimc", "d0": 0, "d1": 0.05 }`: is the bot's win
 *   share minus the opponent's d1 (H1) or d0 (H0)? In `variant` (default: the first);
 * - variant against baseline: `{ "variant": "one-dado-fewer", "quantity": "turns_mean", "d0": 0, "d1": 0.5 }`:
 *   is the quantity in the variant minus the same match in `baseline` (default: the spec's "baseline", else the first variant) d1 or d0?
 *
 * Either question takes d0 and d1 (two outcomes: H1 or H0 accepted), or `equalWithin` d (three outcomes:
 * higher, lower, or equal within ±d; Sobel and Wald's test, ThreeWaySprt in src/analysis/sequential.ts).
 */
export const sequentialSchema = z.strictObject({
  bot: z.string().min(1).optional(),
  opponent: z.string().min(1).optional(),
  variant: z.string().min(1).optional(),
  baseline: z.string().min(1).optional(),
  quantity: z.string().min(1).optional(),
  d0: z.number().optional(),
  d1: z.number().optional(),
  equalWithin: z.number().gt(0).optional(),
  alpha: z.number().gt(0).lt(0.5).optional(),
  beta: z.number().gt(0).lt(0.5).optional(),
  checkEvery: z.int().min(1).optional(),
});

export type RawSequential = z.infer<typeof sequentialSchema>;

/** Quantities a variant test can follow: each is known per match from the runner's records. */
export const SEQUENTIAL_QUANTITIES = ['turns_mean', 'decisions_mean', 'annulled_rate', 'first_player_advantage', 'win_share:<name>'];

export type SequentialQuestion =
  | { kind: 'bots'; variant: number; bot: string; opponent: string }
  | { kind: 'variant'; variant: number; baseline: number; quantity: string };

export interface SequentialSpec {
  question: SequentialQuestion;
  alpha: number;
  beta: number;
  /** The two-outcome test's H0 and H1; for the three-outcome test 0 and d (its "above" half). */
  d0: number;
  d1: number;
  /** The three-outcome test's d (stronger, weaker, or equal within ±d); null for the two-outcome test. */
  within: number | null;
  /** Matches per variant between checkpoints: a multiple of the player count. */
  checkEvery: number;
}

/** Checkpoints every this many rotations by default. */
export const DEFAULT_CHECK_BLOCKS = 10;

function variantIndex(name: string | undefined, variants: readonly { name: string }[], field: string, fallback: number): number {
  if (name === undefined) return fallback;
  const i = variants.findIndex((v) => v.name === name);
  if (i < 0) throw new InputError(`expected the name of a variant (${variants.map((v) => v.name).join(', ')}), found "${name}"`, field);
  return i;
}

function botName(name: string | undefined, names: readonly string[], field: string): string {
  if (name === undefined) throw new InputError('expected a lineup name (the bot question needs both "bot" and "opponent")', field);
  if (!names.includes(name)) throw new InputError(`expected a lineup name (${[...new Set(names)].join(', ')}), found "${name}"`, field);
  return name;
}

function question(raw: RawSequential, variants: readonly { name: string }[], names: readonly string[]): SequentialQuestion {
  if (raw.bot !== undefined || raw.opponent !== undefined) {
    if (raw.quantity !== undefined || raw.baseline !== undefined) {
      throw new InputError('give either "bot" and "opponent" (a bot against a bot) or "quantity" (a variant against its baseline), not both', 'sequential');
    }
    const bot = botName(raw.bot, names, 'sequential.bot');
    const opponent = botName(raw.opponent, names, 'sequential.opponent');
    if (bot === opponent) throw new InputError(`expected a lineup name other than "${bot}" (the bot it is tested against)`, 'sequential.opponent');
    return { kind: 'bots', variant: variantIndex(raw.variant, variants, 'sequential.variant', 0), bot, opponent };
  }
  if (raw.quantity === undefined) {
    throw new InputError('expected "bot" and "opponent" (a bot against a bot) or "variant" and "quantity" (a variant against its baseline)', 'sequential');
  }
  const q = raw.quantity;
  const known = SEQUENTIAL_QUANTITIES.slice(0, -1).includes(q) || (q.startsWith('win_share:') && names.includes(q.slice('win_share:'.length)));
  if (!known) throw new InputError(`expected one of ${SEQUENTIAL_QUANTITIES.join(', ')} (a lineup name after win_share:), found "${q}"`, 'sequential.quantity');
  if (raw.variant === undefined) throw new InputError('expected the variant to test against the baseline', 'sequential.variant');
  const variant = variantIndex(raw.variant, variants, 'sequential.variant', 0);
  const baseline = variantIndex(raw.baseline, variants, 'sequential.baseline', 0);
  if (variant === baseline) throw new InputError(`expected a variant other than the baseline "${variants[baseline].name}"`, 'sequential.variant');
  return { kind: 'variant', variant, baseline, quantity: q };
}

/** Checks a spec's sequential block against its variants, lineup and match count. */
export function resolveSequential(
  raw: RawSequential,
  variants: readonly { name: string }[],
  names: readonly string[],
  players: number,
  matches: number,
): SequentialSpec {
  const q = question(raw, variants, names);
  const { d0, d1, within } = hypotheses(raw);
  const checkEvery = raw.checkEvery ?? DEFAULT_CHECK_BLOCKS * players;
  if (checkEvery % players !== 0) {
    throw new InputError(`expected a multiple of the player count ${players} (checkpoints fall after whole seat rotations), found ${checkEvery}`, 'sequential.checkEvery');
  }
  if (matches % checkEvery !== 0) {
    throw new InputError(
      `a sequential test's matches (the most it plays) must be a multiple of sequential.checkEvery (${checkEvery}), found ${matches}`,
      'matches',
    );
  }
  return { question: q, alpha: raw.alpha ?? 0.05, beta: raw.beta ?? 0.05, d0, d1, within, checkEvery };
}

/** d0 and d1 (two outcomes) or equalWithin (three outcomes), one or the other. */
function hypotheses(raw: RawSequential): { d0: number; d1: number; within: number | null } {
  if (raw.equalWithin !== undefined) {
    if (raw.d0 !== undefined || raw.d1 !== undefined) {
      throw new InputError(
        'give either d0 and d1 (two outcomes: H1 or H0) or equalWithin (three outcomes: higher, lower or equal within ±d), not both',
        'sequential.equalWithin',
      );
    }
    return { d0: 0, d1: raw.equalWithin, within: raw.equalWithin };
  }
  if (raw.d0 === undefined && raw.d1 === undefined) {
    throw new InputError('expected d0 and d1 (two outcomes: H1 or H0) or equalWithin (three outcomes: higher, lower or equal within ±d)', 'sequential');
  }
  if (raw.d0 === undefined) throw new InputError('expected a number (the difference under H0) beside d1', 'sequential.d0');
  if (raw.d1 === undefined) throw new InputError('expected a number (the difference under H1) beside d0', 'sequential.d1');
  if (raw.d0 === raw.d1) throw new InputError(`expected d1 different from d0 (both are ${raw.d0})`, 'sequential.d1');
  return { d0: raw.d0, d1: raw.d1, within: null };
}

/** The question in words, for the terminal and run.json. */
export function questionText(s: SequentialSpec, variants: readonly { name: string }[]): string {
  const q = s.question;
  const hyp = s.within !== null ? `higher, lower or equal within ±${s.within}` : `d0 = ${s.d0}, d1 = ${s.d1}`;
  if (q.kind === 'bots') return `${q.bot} minus ${q.opponent} in win share (variant ${variants[q.variant].name}): ${hyp}`;
  return `${q.quantity} in ${variants[q.variant].name} minus ${variants[q.baseline].name}: ${hyp}`;
}

import { clopperPearson, fixed } from '../../analysis/intervals.js';
import type { Finding, ReplayPointer, Severity } from './finding.js';
import { optionFlags, shellWord, type AuditSample } from './sample.js';

/** How a finding names the players of a lineup. */
export const PLAYERS = { strong: 'strong players', casual: 'casual players' } as const;

/** A share as printed in a finding: "12.5%". */
export function percent(share: number, decimals = 1): string {
  return `${fixed(100 * share, decimals)}%`;
}

/** A share's 95% interval as printed: "3.1% to 24.0%". */
export function percentRange([low, high]: readonly [number, number]): string {
  return `${percent(low)} to ${percent(high)}`;
}

/**
 * The most an event seen in none of `trials` could happen, at 95%: Clopper-Pearson's upper bound for
 * 0 of n (1 - 0.025^(1/n)). What a sample of that size could have missed.
 */
export function unseenBound(trials: number): number {
  return clopperPearson(0, trials, 0.95)[1];
}

/** The audit command that reproduces a finding of this sample. */
export function auditCommand(ctx: AuditSample): string {
  return `tavolo audit ${shellWord(ctx.gameRef)} --players ${ctx.players}${optionFlags(ctx.game, ctx.options)}`;
}

/** What a holes or kingmaking finding carries beyond what every one of them shares. */
export interface FindingParts {
  readonly id: string;
  readonly severity: Severity;
  readonly words: string;
  readonly figure?: string;
  readonly interval?: string;
  readonly evidence: number;
  readonly reference: string;
  readonly replay?: ReplayPointer;
}

/** A finding of `area` with the sample's audit command. */
export function finding(ctx: AuditSample, area: 'holes' | 'kingmaking' | 'actions', p: FindingParts): Finding {
  return {
    id: p.id,
    area,
    severity: p.severity,
    words: p.words,
    figure: p.figure ?? '',
    interval: p.interval ?? '',
    evidence: p.evidence,
    command: ctx.command ?? auditCommand(ctx),
    reference: p.reference,
    ...(p.replay ? { replay: p.replay } : {}),
  };
}

/** "1 decision" / "3 decisions" (give the plural when it is not the noun and an s). */
export function count(n: number, noun: string, plural = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : plural}`;
}

/** How many distinct games (play hashes) a list of matches holds: repeated plays count once. */
export function distinctPlays(matches: readonly { readonly hash: string }[]): number {
  return new Set(matches.map((m) => m.hash)).size;
}

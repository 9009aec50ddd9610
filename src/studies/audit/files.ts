import { stringify } from 'csv-stringify/sync';
import type { Finding } from './finding.js';
import { sampleSizes } from './holes-part.js';
import type { AuditPlan } from './plan.js';
import type { Verdict } from './verdict.js';

/**
 * audit.json and audit.csv: pure functions of the plan and the findings (no time, no thread count, no
 * absolute path), so the same command gives the same bytes on any machine, thread count or resume.
 */

export const AUDIT_CSV_HEADER = ['id', 'area', 'severity', 'figure', 'interval', 'evidence', 'words', 'reference', 'command', 'next_file', 'next_command', 'replay_command'] as const;

/** One row per finding, in the order given (byConcern), through csv-stringify. */
export function auditCsv(findings: readonly Finding[]): string {
  const rows = findings.map((f) => [f.id, f.area, f.severity, f.figure, f.interval, f.evidence, f.words, f.reference, f.command, f.next?.file ?? '', f.next?.command ?? '', f.replay?.command ?? '']);
  return stringify([[...AUDIT_CSV_HEADER], ...rows], { record_delimiter: '\n' });
}

/** The plan as audit.json records it: what was played, by whom, how often, on which seed. */
export function planJson(plan: AuditPlan) {
  return {
    game: plan.game.name,
    title: plan.game.title,
    players: plan.players,
    seed: plan.seed,
    options: plan.options,
    matches_strong: plan.matches,
    matches_casual: plan.casualMatches,
    opening: plan.opening,
    strong_bot: plan.strong ? { bot: plan.strong.bot, engine: plan.strong.engine, budget_parameter: plan.strong.budgetParam ?? null, budget: plan.strong.budget ?? null } : null,
    ...(plan.noStrong ? { no_strong: plan.noStrong } : {}),
    runs: plan.runs.map((r) => ({ folder: r.key, role: r.role, matches: r.spec.matches, opening: r.spec.opening, bots: r.spec.lineup.map((e) => e.name) })),
    replayed: replayedJson(plan),
  };
}

/** What the main thread played after the runs (holes-part.ts): matches of each lineup, of each option value, and examined for kingmaking. */
function replayedJson(plan: AuditPlan) {
  const s = sampleSizes(plan.players, plan.matches);
  return { holes_matches: s.matches, option_matches: s.optionMatches, kingmaking_matches: s.kingmakingMatches };
}

export function auditJson(plan: AuditPlan, verdict: Verdict, answer: readonly string[], unseen: readonly string[], findings: readonly Finding[]): string {
  const body = { verdict: verdict.labels, answer, not_seen: unseen, plan: planJson(plan), findings };
  return `${JSON.stringify(body, null, 2)}\n`;
}

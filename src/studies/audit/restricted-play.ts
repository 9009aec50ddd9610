import { restrictedRows, type ImportanceRow } from '../importance/analysis.js';
import type { AuditContext } from './context.js';
import type { Finding } from './finding.js';
import { FOCAL } from './restricted-runs.js';
import { percent, points, pointsInterval } from './words.js';

/**
 * What a player loses without each action kind (restricted play, causal): per kind, the win share of a
 * greedy seat that never plays it while another action is legal, minus the same seat's unrestricted, on
 * the same deals (the runs of restricted-runs.ts, paired match by match as `tavolo importance` pairs them:
 * McNemar's test and its interval for a 0/1 per match, the paired t otherwise).
 */

const REFERENCE = 'causal, no built-in reference: what one greedy seat loses without the kind, the other seats unchanged';

function words(r: ImportanceRow, label: string, ctx: AuditContext): string {
  const n = Number.isFinite(r.pairs) ? r.pairs : ctx.plan.matches;
  const head = `Without action kind ${r.name} (${label}), a greedy seat that never plays it while it has another choice`;
  if (r.test === 'constant') return `${head} played the same ${n} matches as unrestricted, move for move in outcome: it loses nothing measurable (restricted play, causal).`;
  const fig = { estimate: r.difference, low: r.low, high: r.high };
  const sign = r.high < 0 ? 'loses' : r.low > 0 ? 'gains' : 'cannot be told to lose or gain';
  return (
    `${head} wins ${percent(r.value)} of its matches against ${percent(r.referenceValue)} unrestricted, on the same ${n} deals ${ctx.table}: ` +
    `${points(r.difference)} (95% interval ${pointsInterval(fig)}), so it ${sign} by giving the kind up (restricted play, causal, the other seats greedy as before).`
  );
}

export async function restrictedPart(ctx: AuditContext): Promise<Finding[]> {
  const base = ctx.plan.runs.find((r) => r.role === 'unrestricted');
  if (base === undefined) return [];
  const labels = new Map((ctx.plan.game.importance?.actionKinds ?? []).map((k) => [k.name, k.label]));
  const runs = ctx.plan.runs.filter((r) => r.role === 'restricted').map((r) => ({ kind: r.kind!, label: labels.get(r.kind!) ?? r.kind!, dir: r.dir }));
  const rows = await restrictedRows(base.dir, runs, `win_share:${FOCAL}`, true);
  return rows.map((r) => ({
    id: `without_${r.name}`,
    area: 'actions' as const,
    severity: 'info' as const,
    words: words(r, labels.get(r.name) ?? r.name, ctx),
    figure: points(r.difference),
    interval: r.test === 'constant' ? '' : pointsInterval({ estimate: r.difference, low: r.low, high: r.high }),
    evidence: Number.isFinite(r.pairs) ? r.pairs : ctx.plan.matches,
    command: ctx.command,
    reference: REFERENCE,
  }));
}

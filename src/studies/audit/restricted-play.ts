import { compareRuns, type CompareRow } from '../../analysis/compare.js';
import { openResult } from '../../analysis/results.js';
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

/** One kind's paired comparison: compare.csv's row of the focal win share, or undefined when it was the same constant in every match. */
interface KindRow {
  name: string;
  row?: CompareRow;
}

function words(k: KindRow, label: string, ctx: AuditContext): string {
  const r = k.row;
  const n = r?.pairs ?? ctx.plan.matches;
  const head = `Without action kind ${k.name} (${label}), a greedy seat that never plays it while it has another choice`;
  if (r === undefined) return `${head} played the same ${n} matches as unrestricted, move for move in outcome: it loses nothing measurable (restricted play, causal).`;
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
  const out: Finding[] = [];
  for (const run of ctx.plan.runs.filter((r) => r.role === 'restricted')) {
    const cmp = await compareRuns(openResult(base.dir), openResult(run.dir));
    if (!cmp.paired) throw new Error(`the runs ${base.dir} and ${run.dir} did not pair (${cmp.pairing}): they must be the same matches`);
    const k: KindRow = { name: run.kind!, row: cmp.rows.find((r) => r.variant === 'base' && r.quantity === `win_share:${FOCAL}`) };
    const r = k.row;
    out.push({
      id: `without_${k.name}`,
      area: 'actions',
      severity: 'info',
      words: words(k, labels.get(k.name) ?? k.name, ctx),
      figure: points(r?.difference ?? 0),
      interval: r === undefined ? '' : pointsInterval({ estimate: r.difference, low: r.low, high: r.high }),
      evidence: r?.pairs ?? ctx.plan.matches,
      command: ctx.command,
      reference: REFERENCE,
    });
  }
  return out;
}

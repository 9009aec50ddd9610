import type { AuditContext } from './context.js';
import type { Finding } from './finding.js';
import { actionsPart } from './actions.js';
import { auditHoles } from './holes.js';
import { auditKingmaking } from './kingmaking.js';
import { restrictedPart } from './restricted-play.js';
import { balancePart, shapePart, skillPart } from './scorecard.js';

/**
 * The parts of the audit, each reading the finished runs and returning its findings. Every part of the
 * audit is added here, in page order, and nowhere else: the command, the files and the page take the
 * findings of all of them.
 */
export type AuditPart = (ctx: AuditContext) => Promise<Finding[]>;

/** The holes in the rules (holes.ts) on the audit's replayed sample (holes-part.ts). */
const holesPart: AuditPart = (ctx) => auditHoles(ctx.sample());
/** Kingmaking (kingmaking.ts), three or more players, on the same sample. */
const kingmakingPart: AuditPart = (ctx) => auditKingmaking(ctx.sample());

export const AUDIT_PARTS: readonly AuditPart[] = [
  balancePart,
  skillPart,
  shapePart,
  actionsPart,
  restrictedPart,
  kingmakingPart,
  holesPart,
];

/** Every part's findings, in the parts' order (callers sort them with byConcern). */
export async function allFindings(ctx: AuditContext, parts: readonly AuditPart[] = AUDIT_PARTS): Promise<Finding[]> {
  const out: Finding[] = [];
  for (const part of parts) out.push(...(await part(ctx)));
  return out;
}

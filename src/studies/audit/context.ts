import { readRun, type RunRows } from './figures.js';
import { auditSample } from './holes-part.js';
import type { AuditPlan, RunRole } from './plan.js';
import type { AuditSample } from './sample.js';

/**
 * What every part of the audit reads: the plan, its finished runs (each read once, on demand), and the
 * command that reproduces the audit's figures. A part is `(ctx) => Promise<Finding[]>` (parts.ts).
 */
export class AuditContext {
  private readonly cache = new Map<string, Promise<RunRows>>();
  private sampled?: AuditSample;

  constructor(
    readonly plan: AuditPlan,
    /** The command, as a user types it, that plays exactly these runs again (the match count fixed). */
    readonly command: string,
  ) {}

  /** The run of `role` (and `seating` for a pairing), or undefined when the plan has none. */
  run(role: RunRole, seating?: 'a' | 'b'): Promise<RunRows> | undefined {
    const run = this.plan.runs.find((r) => r.role === role && r.seating === seating);
    if (run === undefined) return undefined;
    let rows = this.cache.get(run.key);
    if (rows === undefined) this.cache.set(run.key, (rows = readRun(run.dir)));
    return rows;
  }

  /** The casual mirror the figures are read from: from its openings when greedy's own games repeated. */
  casual(): Promise<RunRows> {
    return (this.run('casual-opening') ?? this.run('casual'))!;
  }

  /** What the holes checks and kingmaking play (holes-part.ts), built once. */
  sample(): AuditSample {
    return (this.sampled ??= auditSample(this.plan, this.command));
  }

  /** The players in words: "4 players", "heads-up". */
  get table(): string {
    return this.plan.players === 2 ? 'heads-up' : `at ${this.plan.players} players`;
  }
}

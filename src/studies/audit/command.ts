import { mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { InputError, Interrupted } from '../../errors.js';
import { writeFileAtomic } from '../../io/atomic-write.js';
import { PlayTally } from '../../analysis/play-tally.js';
import { MAX_THREADS } from '../../runner/limits.js';
import { defaultThreads, runTournament, type RunOutcome } from '../../runner/run.js';
import { withStudyPool, type StudyPool } from '../../runner/pool.js';
import { budgetFlag, budgetSentence, LEAST_BUDGET_MATCHES, MOST_BUDGET_MATCHES, planBudget } from '../../runner/budget.js';
import { estimateCost, StudyClock } from '../../runner/cost.js';
import { checkReusable, matchesToPlay } from '../../runner/reuse.js';
import { determinismWarning } from '../../runner/self-check.js';
import { INT_BOUNDS } from '../../runner/spec.js';
import { parseDuration, type TimeBudget } from '../../terminal/budget-flag.js';
import { durationText } from '../../terminal/duration.js';
import { intFlag, parseKeyValues, textFlag } from '../../terminal/args.js';
import { progressBar, type Progress } from '../../terminal/progress.js';
import { AuditContext } from './context.js';
import { byConcern, type Finding } from './finding.js';
import { auditCsv, auditJson } from './files.js';
import { DEFAULT_AUDIT_BUDGET } from './flags.js';
import { sampleSizes } from './holes-part.js';
import { nextExperiment } from './next.js';
import { serialCost, serialSeconds, type SerialCost } from './serial-cost.js';
import { buildAuditPage } from './page.js';
import { allFindings } from './parts.js';
import { AUTO_OPENING, planAudit, type AuditPlan, type AuditRequest, type AuditRun } from './plan.js';
import { verdictOf } from './verdict.js';

/**
 * `tavolo audit <game|spec.json>`: is it a good game? The plan and its cost first, then the runs (each an
 * ordinary tournament, journaled and resumable, in one study pool), then the answer in sentences and the
 * files: audit.json, audit.csv, audit.html and next/<id>.json for each concern.
 */

function shown(p: string): string {
  const r = relative(process.cwd(), p);
  return r === '' ? '.' : r.startsWith('..') ? p : r;
}

/** The matches a budget plans from: the pilot plays the runs' first matches at this count. */
const PILOT_MATCHES = 20;

function request(argv: Record<string, unknown>, matches: number, opening?: number): AuditRequest {
  return {
    target: textFlag('target', argv.target)!,
    baseDir: process.cwd(),
    players: intFlag('--players', argv.players, ...INT_BOUNDS.players),
    matches,
    seed: textFlag('--seed', argv.seed),
    options: argv.option === undefined ? undefined : parseKeyValues('--option', argv.option),
    opening,
  };
}

/** The command that plays exactly these runs again: the match count fixed, so no pilot decides it. */
function replayCommand(argv: Record<string, unknown>, plan: AuditPlan): string {
  const options = argv.option === undefined ? [] : (Array.isArray(argv.option) ? argv.option : [argv.option]).map((o) => ` --option ${String(o)}`);
  return `tavolo audit ${String(argv.target)} --players ${plan.players} --matches ${plan.matches} --seed ${plan.seed}${options.join('')}`;
}

/** The plan at the match count a budget allows (recorded in the folder, or from a pilot of the runs and of the serial parts), said first. */
async function budgeted(argv: Record<string, unknown>, budget: TimeBudget, threads: number, outDir: (n: string, p: number) => string): Promise<{ plan: AuditPlan; seconds: number }> {
  const pilot = await planAudit(request(argv, PILOT_MATCHES), outDir);
  const { baseDir: _b, matches: _m, ...settings } = request(argv, PILOT_MATCHES);
  const runs = pilot.runs.map((r) => ({ spec: r.spec, matches: r.spec.matches, key: r.role }));
  let serial: SerialCost | undefined;
  const b = await planBudget({
    dir: pilot.root,
    budget,
    settings: JSON.stringify({ study: 'audit', ...settings, players: pilot.players }),
    threads,
    step: 2,
    least: LEAST_BUDGET_MATCHES,
    most: MOST_BUDGET_MATCHES,
    pilot: async () => {
      const estimate = await estimateCost(runs, threads);
      serial = serialCost(pilot, estimate);
      return { matches: PILOT_MATCHES, estimate };
    },
    // The runs scale with the count; the serial parts are capped (serial-cost.ts).
    scale: (s, p, m) => (s * m) / p + (serial ? serialSeconds(serial, pilot, m) : 0),
  });
  process.stdout.write(`${budgetSentence(b, 'a strong comparison (five times as many a casual one)', shown(b.file))}\n`);
  return { plan: await planAudit(request(argv, b.record.matches), outDir), seconds: b.record.estimated_seconds };
}

/** The plan line and the time it will take, with the clock time it should end (shown only). */
function sayPlan(plan: AuditPlan, threads: number, seconds: number | undefined): void {
  const s = plan.strong;
  process.stdout.write(
    `Audit of ${plan.game.title} ${plan.players === 2 ? 'heads-up' : `at ${plan.players} players`}: ${plan.runs.length} runs in ${shown(plan.root)}, ` +
      `${plan.casualMatches} matches a casual comparison (greedy, random) and ${plan.matches} a strong one (${s ? `${s.bot}: ${s.engine}` : 'none'}), seed ${JSON.stringify(plan.seed)}, ${threads} thread${threads > 1 ? 's' : ''}.\n`,
  );
  if (seconds !== undefined && seconds >= 1) {
    const end = new Date(Date.now() + seconds * 1000); // clock-ok: the time the audit should end, shown only
    process.stdout.write(`It should take about ${durationText(seconds)} (until about ${end.toTimeString().slice(0, 5)}), the replays after the runs (holes, kingmaking, action kinds) included.\n`);
  }
}

async function playRuns(runs: readonly AuditRun[], pool: StudyPool, threads: number, force: boolean, clock: StudyClock, first: number, total: number, signal?: AbortSignal): Promise<RunOutcome[]> {
  const outcomes: RunOutcome[] = [];
  let bar: Progress | undefined;
  try {
    for (const [k, run] of runs.entries()) {
      const left = clock.leftBefore(first + k);
      process.stderr.write(`[${first + k + 1}/${total}] ${run.key}: ${run.spec.lineup.map((e) => e.name).join(', ')}${left ? ` (${left})` : ''}\n`);
      bar = progressBar();
      outcomes.push(await runTournament(run.spec, { threads, batch: 'auto', outDir: run.dir, resume: !force, force, signal, pool, onStart: ({ done, total: t }) => bar?.start(t, done), onProgress: (done) => bar?.update(done) }));
      bar?.stop();
      bar = undefined;
    }
  } finally {
    bar?.stop();
  }
  return outcomes;
}

/** Whether the first casual run's games mostly repeat one another (greedy deciding alike in a game that deals little). */
async function mostlyRepeated(ctx: AuditContext): Promise<{ repeated: boolean; distinct: number; matches: number }> {
  const run = await ctx.run('casual')!;
  const tally = new PlayTally();
  for (const r of run.rows) tally.add(r.playHash, r.winners.length > 0);
  return { repeated: tally.known && 2 * tally.plays() <= run.rows.length, distinct: run.distinct, matches: run.rows.length };
}

/** What the audit could not see, in sentences. */
function unseenLines(plan: AuditPlan, repeats: { repeated: boolean; distinct: number; matches: number }): string[] {
  const out: string[] = [];
  if (plan.opening !== plan.baseOpening) {
    out.push(`Greedy against greedy played ${repeats.distinct} distinct games in ${repeats.matches} matches (the bots decide alike and the game deals little), so every other run starts from ${plan.opening} random opening moves; the figures are of those openings.`);
  }
  if (plan.noStrong) out.push(`${plan.noStrong}: no strong lineup, so balance and skill between strong players, and whether more thinking wins more, were not measured.`);
  else if (plan.strong && plan.strong.budget === undefined) out.push(`${plan.strong.bot} has no budget to vary, so whether more thinking wins more was not measured.`);
  const kinds = plan.game.importance?.actionKinds ?? [];
  if (kinds.length === 0) out.push(`${plan.game.name} declares no action kinds (its importance facet), so no kind of action was tallied.`);
  else out.push('Action kinds were tallied and restricted between greedy bots only: their win shares (action_<kind>) are observational, and what a seat loses without each kind (without_<kind>, restricted play, causal) is what greedy loses, not a strong player.');
  const sizes = sampleSizes(plan.players, plan.matches);
  out.push(`The holes in the rules were looked for in ${sizes.matches} matches of each lineup${sizes.kingmakingMatches > 0 ? `, and kingmaking in ${sizes.kingmakingMatches} matches of the strong lineup` : ''}: a hole rarer than that sample can show was not seen.`);
  const measured = plan.runs[0].spec.measures;
  if (!measured.includes('winner_behind_share')) out.push(`${plan.game.name} has no standings (measures.standings or search.evaluate), so lead changes, drama and decisiveness were not measured.`);
  return out;
}

/** The answer in sentences: the verdict, the worst findings, what could not be seen. */
function answerLines(findings: readonly Finding[], verdict: ReturnType<typeof verdictOf>): string[] {
  const worst = findings.filter((f) => f.severity === 'red' || f.severity === 'amber').slice(0, 5);
  const lines = [verdict.sentence];
  if (worst.length === 0) lines.push('No line is amber or red.');
  for (const f of worst) lines.push(`${f.severity === 'red' ? 'Red' : 'Amber'}: ${f.words}`);
  return lines;
}

/** Reads the runs, writes every file and returns the text to print. */
async function answer(plan: AuditPlan, command: string, repeats: { repeated: boolean; distinct: number; matches: number }, ctx: AuditContext): Promise<string> {
  const found = (await allFindings(ctx)).sort(byConcern);
  const root = shown(plan.root);
  const findings = found.map((f) => {
    const next = nextExperiment(f, plan, root);
    return next ? { ...f, next } : f;
  });
  mkdirSync(join(plan.root, 'next'), { recursive: true });
  for (const f of findings) if (f.next) writeFileAtomic(join(plan.root, f.next.file), `${JSON.stringify(f.next.spec, null, 2)}\n`);
  const verdict = verdictOf(findings);
  const words = answerLines(findings, verdict);
  const unseen = unseenLines(plan, repeats);
  writeFileAtomic(join(plan.root, 'audit.json'), auditJson(plan, verdict, words, unseen, findings));
  writeFileAtomic(join(plan.root, 'audit.csv'), auditCsv(findings));
  writeFileAtomic(join(plan.root, 'audit.html'), buildAuditPage({ title: `Audit of ${plan.game.title}, ${plan.players} players`, answer: words, unseen, findings }));
  const next = findings.filter((f) => f.next).map((f) => `  ${f.id}: ${f.next!.command}`);
  return [
    ...words,
    ...(unseen.length > 0 ? ['', 'What could not be seen:', ...unseen.map((u) => `- ${u}`)] : []),
    ...(next.length > 0 ? ['', 'Next experiments:', ...next] : []),
    '',
    `Every figure replays with: ${command}`,
    `Wrote ${root}/audit.html, audit.json and audit.csv${next.length > 0 ? ', and next/' : ''}.`,
  ].join('\n') + '\n';
}

/** Runs the command; exit codes as `tavolo run`: 1 a bot faulted, 6 a run is not deterministic, 130/143 interrupted. */
export async function auditCommand(argv: Record<string, unknown>, signal?: AbortSignal): Promise<number> {
  const threads = intFlag('--threads', argv.threads, 1, MAX_THREADS) ?? Math.min(defaultThreads(), MAX_THREADS);
  const out = textFlag('--out', argv.out);
  const force = argv.force === true;
  if (force && argv.resume === true) throw new InputError('--resume finishes the runs and --force plays them again; expected one of the two', '--force');
  const outDir = (name: string, players: number) => out ?? join('results', `audit-${name}-${players}p`);
  const matches = intFlag('--matches', argv.matches, 2);
  const budget = budgetFlag(argv) ?? (matches === undefined ? parseDuration(DEFAULT_AUDIT_BUDGET) : undefined);
  let { plan, seconds } = budget ? await budgeted(argv, budget, threads, outDir) : { plan: await planAudit(request(argv, matches!), outDir), seconds: undefined as number | undefined };
  if (!force) checkReusable(plan);
  const estimate = await estimateCost(plan.runs.map((r) => ({ spec: r.spec, matches: matchesToPlay(r, force), key: r.role })), threads);
  const command = replayCommand(argv, plan);
  // Every run at its full count, so each lineup's cost a match is known even where a run is finished.
  const resumed = plan.runs.some((r) => matchesToPlay(r, force) !== r.spec.matches);
  const full = resumed ? await estimateCost(plan.runs.map((r) => ({ spec: r.spec, matches: r.spec.matches, key: r.role })), threads) : estimate;
  const serial = serialSeconds(serialCost(plan, full), plan, plan.matches);
  seconds = estimate ? estimate.seconds + serial : seconds;
  sayPlan(plan, threads, seconds);
  const clock = new StudyClock(estimate);
  let outcomes: RunOutcome[] = [];
  let repeats = { repeated: false, distinct: 0, matches: 0 };
  let ctx = new AuditContext(plan, command);
  try {
    await withStudyPool(threads, async (pool) => {
      const total = plan.runs.length;
      outcomes = await playRuns(plan.runs.slice(0, 1), pool, threads, force, clock, 0, total, signal);
      repeats = await mostlyRepeated(ctx);
      if (repeats.repeated && plan.baseOpening === 0) {
        plan = await planAudit(request(argv, plan.matches, AUTO_OPENING), outDir);
        ctx = new AuditContext(plan, command);
        process.stderr.write(`Greedy against greedy repeats its games (${repeats.distinct} distinct in ${repeats.matches} matches): the other runs start from ${AUTO_OPENING} random opening moves.\n`);
      }
      outcomes.push(...(await playRuns(plan.runs.slice(1), pool, threads, force, clock, 1, plan.runs.length, signal)));
    });
  } catch (err) {
    if (!(err instanceof Interrupted)) throw err;
    process.stderr.write(`tavolo: interrupted (${err.signal}); the runs are journaled in ${shown(plan.root)}: the same command again (or --resume) finishes them.\n`);
    return err.signal === 'SIGTERM' ? 143 : 130;
  }
  process.stdout.write(await answer(plan, command, repeats, ctx));
  const undetermined = outcomes.flatMap((o) => (o.determinism && o.determinism.differing.length > 0 ? [`${shown(o.outDir)}: ${determinismWarning(o.determinism)}`] : []));
  for (const w of undetermined) process.stderr.write(`tavolo: ${w}\n`);
  const faults = outcomes.reduce((n, o) => n + Object.values(o.faults).reduce((a, x) => a + x, 0), 0);
  return undetermined.length > 0 ? 6 : faults > 0 ? 1 : 0;
}

import { mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pText } from '../../analysis/comparison-text.js';
import { analyseSkill, type DealCounts, type PairingFolders, type SkillResult } from './analysis.js';
import { pairingSentence, percent, skillReading, traceSentence } from './words.js';
import { InputError, Interrupted } from '../../errors.js';
import { skillCsv, skillJson, type SkillSettings } from './files.js';
import { writeFileAtomic } from '../../io/atomic-write.js';
import { fixed } from '../../analysis/intervals.js';
import { formatTable } from '../../analysis/table.js';
import { checkReusable, matchesToPlay } from '../../runner/reuse.js';
import { MAX_THREADS } from '../../runner/limits.js';
import { defaultThreads, runTournament, type RunOutcome } from '../../runner/run.js';
import { StudyPool } from '../../runner/pool.js';
import { budgetFlag, budgetSentence, planRunsBudget } from '../../runner/budget.js';
import { costSentence, estimateCost, matchesFor, StudyClock, type Cheaper } from '../../runner/cost.js';
import { determinismWarning } from '../../runner/self-check.js';
import { planSkill, type SkillPairing, type SkillPlan, type SkillRequest, type SkillRun } from './plan.js';
import { goesOn } from '../../analysis/group-sequential.js';
import { stepLook } from './analysis.js';
import { looksCsv, stoppingSentence, type Stops } from './looks.js';
import type { Searcher } from './searcher.js';
import { INT_BOUNDS } from '../../runner/spec.js';
import { intFlag, listFlag, parseKeyValues, textFlag } from '../../terminal/args.js';
import { progressBar, type Progress } from '../../terminal/progress.js';

/**
 * `tavolo skill <game|spec.json>`: how much of the outcome is skill (docs/measures.md, "Skill and luck").
 * The runs are played first (progress on stderr), then the answer in sentences, the tables, the files.
 */


function shown(p: string): string {
  const r = relative(process.cwd(), p);
  return r === '' ? '.' : r.startsWith('..') ? p : r;
}

function budgetsFlag(raw: unknown): number[] | undefined {
  const items = listFlag('--budgets', raw);
  return items?.map((t) => intFlag('--budgets', t, 1, 100_000_000)!);
}

/** The request from the flags; flags that only apply to a game are refused with a spec. */
function request(argv: Record<string, unknown>): SkillRequest {
  const target = textFlag('target', argv.target)!;
  if (/\.json$/i.test(target) && argv.option !== undefined) throw new InputError('applies to a game, not a spec (the spec sets its own options); change the spec instead', '--option');
  return {
    target,
    baseDir: process.cwd(),
    players: intFlag('--players', argv.players, ...INT_BOUNDS.players),
    matches: intFlag('--matches', argv.matches, 2),
    budgets: budgetsFlag(argv.budgets),
    searchBudget: intFlag('--search-budget', argv['search-budget'], 0, 100_000_000),
    bot: textFlag('--bot', argv.bot),
    seed: textFlag('--seed', argv.seed),
    options: argv.option === undefined ? undefined : parseKeyValues('--option', argv.option),
    traceOnly: argv['trace-only'] === true,
    noStop: argv.stop === false,
    opening: intFlag('--opening', argv.opening, ...INT_BOUNDS.opening),
    tracePlayers: intFlag('--trace-players', argv['trace-players'], ...INT_BOUNDS.players),
  };
}

/** A pairing as the analysis sees it, with the looks played so far (`looks` of them; default: its first). */
function folders(p: SkillPairing, looks = 1): PairingFolders {
  const dirs = p.looks.slice(0, looks).map((l): [string, string] => [l[0].dir, l[1].dir]);
  return { role: p.role, key: p.key, players: p.players, stronger: p.stronger.name, weaker: p.weaker.name, budgets: p.budgets, dirs: dirs[0], ...(dirs.length > 1 ? { later: dirs.slice(1) } : {}) };
}

/** The plan's pairings as the analysis sees them, each trace step with the looks it played. */
function analysed(plan: SkillPlan, stops: Stops): PairingFolders[] {
  return plan.pairings.map((p) => folders(p, stops.get(p.key)?.length ?? 1));
}

/** The game as the sentences name it: its registered name, capitalised (a title can be a whole subtitle). */
const shortName = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

const AUDIENCE: Record<string, string> = { 'greedy-over-random': 'casual players', 'search-over-greedy': 'strong players' };

/** What the trace did not reach: the budgets up to ten times the search bot's own, and the flag that adds them. */
export function notPlayed(budgets: readonly number[], top: number, unit: string): string | undefined {
  const last = budgets[budgets.length - 1];
  if (last >= top) return undefined;
  const more: number[] = [];
  for (let b = last * 10; b <= top; b *= 10) more.push(b);
  if (more[more.length - 1] !== top) more.push(top);
  return `Budgets above ${last.toLocaleString('en-US')} ${unit} were not played (--budgets ${[...budgets, ...more].join(',')} adds ${more.map((b) => b.toLocaleString('en-US')).join(' and ')}).`;
}

/** How the sentences name the search bot: `strongest (ismcts)`, or the bot alone. */
function searcherName(s: Searcher): string {
  return s.label === s.engine ? s.engine : `${s.label} (${s.engine})`;
}

/** The answer in sentences: each pairing, the trace, and what was not played. */
export function answerLines(plan: SkillPlan, r: SkillResult): string[] {
  const lines = r.pairings.map((p) =>
    pairingSentence({ game: shortName(plan.game.name), players: p.pairing.players, stronger: p.pairing.stronger, weaker: p.pairing.weaker, audience: AUDIENCE[p.pairing.role], estimate: p.estimate, undecided: p.undecided }),
  );
  const s = plan.searcher;
  if (r.trace && s) lines.push(traceSentence(searcherName(s), r.trace.players, r.trace.steps, plan.stopping ? "each step in looks, O'Brien-Fleming's boundary" : undefined));
  if (plan.noSearch || !s) lines.push(`${plan.noSearch ?? 'No search bot'}: no search bot against greedy and no skill trace.`);
  else lines.push(...[notPlayed(plan.budgets, s.defaultBudget * 10, s.budgetParam)].filter((x) => x !== undefined));
  lines.push(...repeatLines(plan, r));
  lines.push(...seatLines(r));
  const annulled = r.pairings.reduce((n, p) => n + p.annulled, 0);
  const faulted = r.pairings.reduce((n, p) => n + p.faulted, 0);
  if (annulled > 0) lines.push(`${annulled} matches of the pairings were annulled: every seat tied, so they decided no pair.`);
  if (faulted > 0) lines.push(`${faulted} matches ended because a bot faulted: the faulty seat finished last (see end_reason in each run's matches.csv).`);
  return lines;
}

/** Every pairing and trace step with the words that name it in a sentence, and what it counted of its deals. */
function namedCounts(r: SkillResult): Array<{ what: string; counts: DealCounts }> {
  return [
    ...r.pairings.map((p) => ({ what: `${p.pairing.stronger} against ${p.pairing.weaker} at ${p.pairing.players} players`, counts: p })),
    ...(r.trace?.steps ?? []).map((s) => ({ what: `${s.pairing.stronger} against ${s.pairing.weaker}`, counts: s })),
  ];
}

/**
 * Each pairing or trace step whose deals repeat one another, by name: its figures count each distinct
 * deal once, and the way to vary the deals.
 */
export function repeatLines(plan: SkillPlan, r: SkillResult): string[] {
  return namedCounts(r)
    .filter((x) => x.counts.repeated > 0)
    .map(({ what, counts: { repeated, undecided, estimate } }) => {
      // Every deal played: a trace step that stopped early played fewer than the plan's.
      const deals = estimate.deals + undecided + repeated;
      // Most deals alike is play repeated by construction; a few may be different play that ended alike.
      const most = 2 * repeated >= deals;
      const why = most ? 'the same play again, as when a game deals little and both bots decide alike' : 'the same play again, or different play that ended alike';
      const how = !most ? '' : plan.opening > 0 ? `; a longer --opening than ${plan.opening} moves varies them more` : '; start each deal from a few random moves with --opening (4, say) to vary them';
      return (
        `${repeated} of the ${deals} deals of ${what} gave exactly an earlier deal's two match records (ranks, scores, turns and every metric): ${why}. ` +
        `Each counts once, so the figures count ${deals - repeated} deals${how}.`
      );
    });
}

/**
 * Each pairing or trace step where the seat decided at least half the deals (the same finishing order by
 * seat in both seatings), by name: those deals count as even whatever the bots' strength, so the share
 * can only move with the rest, and a flat step there says more about the seats than about the budgets.
 */
export function seatLines(r: SkillResult): string[] {
  return namedCounts(r)
    .filter((x) => x.counts.seatDecided > 0 && 2 * x.counts.seatDecided >= x.counts.estimate.deals)
    .map((x) => {
      const { seatDecided, estimate } = x.counts;
      const rest = estimate.deals - seatDecided;
      return (
        `In ${seatDecided} of the ${estimate.deals} deals of ${x.what} the seats finished in the same order in both seatings: the seat decided them, ` +
        `whichever bot sat where, and each counts as even. Only the other ${rest} could show which bot is stronger, so the share stays near 50% whatever their strength; ` +
        `more matches give more of those, but where the seat decides this often it leaves little room for skill to show.`
      );
    });
}

const ci = (lo: number, hi: number) => `${percent(lo)} to ${percent(hi)}`;

/** The pairings' table and the trace's table. */
function tables(plan: SkillPlan, r: SkillResult): string[] {
  const out: string[] = [];
  if (r.pairings.length > 0) {
    out.push(
      'Pairings (the share of the decided pairs of seats, one of each bot, that the stronger bot won):',
      formatTable(
        ['players', 'stronger', 'weaker', 'deals', 'ahead', '95% CI', 'reading'],
        r.pairings.map((p) => [String(p.pairing.players), p.pairing.stronger, p.pairing.weaker, String(p.estimate.deals), percent(p.estimate.share), ci(p.estimate.low95, p.estimate.high95), skillReading(p.estimate)]),
      ),
    );
  }
  if (r.trace) {
    const t = r.trace;
    out.push(
      `Skill trace (${plan.searcher ? searcherName(plan.searcher) : ''} at ${t.players} players, budget in ${plan.searcher?.budgetParam ?? ''}; ratings on the Elo-like scale of docs/ratings.md, field mean 1500):`,
      formatTable(
        ['budget', 'rating', '95% CI', 'ahead of previous', '95% CI', 'p (Holm)', 'separated'],
        t.ratings.map((x, k) => {
          const s = k > 0 ? t.steps[k - 1] : undefined;
          return [x.budget.toLocaleString('en-US'), fixed(x.rating, 0), `${fixed(x.low95, 0)} to ${fixed(x.high95, 0)}`, s ? percent(s.estimate.share) : '', s ? ci(s.estimate.low95, s.estimate.high95) : '', s ? pText(s.pHolm) : '', s ? (s.separated ? 'yes' : 'no') : ''];
        }),
      ),
    );
  }
  return out;
}

function settingsOf(plan: SkillPlan): SkillSettings {
  return {
    game: plan.game.name,
    title: plan.game.title,
    seed: plan.seed,
    options: plan.options,
    matchesPerPairing: plan.matches,
    tableSizes: plan.tableSizes,
    tracePlayers: plan.tracePlayers,
    budgets: plan.budgets,
    searchBudget: plan.searchBudget,
    searcher: plan.searcher ? { name: plan.searcher.label, bot: plan.searcher.engine, settings: plan.searcher.settings, budgetParameter: plan.searcher.budgetParam } : undefined,
    noSearch: plan.noSearch,
    traceOnly: plan.traceOnly,
    ...(plan.opening > 0 ? { opening: plan.opening } : {}),
  };
}

/** Analyses the finished runs, writes skill.csv and skill.json (and looks.csv when the trace played in looks), and returns the text to print. */
async function answer(plan: SkillPlan, stops: Stops): Promise<string> {
  const r = await analyseSkill(analysed(plan, stops), plan.budgets, plan.searcher?.label ?? '', plan.stopping ? stops : undefined);
  const saved = plan.stopping ? [stoppingSentence(plan, stops)] : [];
  const words = [...answerLines(plan, r), ...saved];
  mkdirSync(plan.root, { recursive: true });
  const csv = join(plan.root, 'skill.csv');
  const json = join(plan.root, 'skill.json');
  writeFileAtomic(csv, skillCsv(r));
  writeFileAtomic(json, skillJson(settingsOf(plan), r, words));
  const written = [shown(csv), shown(json)];
  if (plan.stopping) {
    const looks = join(plan.root, 'looks.csv');
    writeFileAtomic(looks, looksCsv(plan, stops));
    written.push(shown(looks));
  }
  return [...words, '', ...tables(plan, r), `Wrote ${written.slice(0, -1).join(', ')} and ${written[written.length - 1]}; each run's files are in its folder under ${shown(plan.root)}.`].join('\n') + '\n';
}

/** A smaller setting is offered for about this long. */
const STUDY_TARGET_SECONDS = 300;

/**
 * Before the runs: how long they will take, from a pilot of each pairing, and what fewer matches or
 * the trace without its largest budget would cost (on stderr). The clock says the time left before each run.
 */
async function sayStudyCost(plan: SkillPlan, threads: number, force: boolean): Promise<StudyClock> {
  const runs = plan.pairings.flatMap((p) => p.looks.flat().map((run) => ({ spec: run.spec, matches: matchesToPlay(run, force), key: p.key })));
  const e = await estimateCost(runs, threads);
  if (e === undefined) return new StudyClock(undefined);
  const cheaper: Cheaper[] = [];
  const fewer = matchesFor(STUDY_TARGET_SECONDS, e.seconds, plan.matches);
  if (fewer !== undefined) cheaper.push({ flag: `--matches ${fewer}`, seconds: (e.seconds * fewer) / plan.matches });
  const top = Math.max(...plan.budgets);
  const lower = plan.budgets.filter((b) => b < top);
  if (plan.searcher && lower.length >= 2) {
    const runsOfTop = plan.pairings.flatMap((p) => p.looks.flat().map(() => p.budgets?.upper === top));
    const without = e.perRun.reduce((a, s, k) => a + (runsOfTop[k] ? 0 : s), 0);
    cheaper.push({ flag: `--budgets ${lower.join(',')}`, seconds: without });
  }
  const line = costSentence(`The ${runs.length} runs`, e, cheaper);
  if (line !== undefined) process.stderr.write(`${line}\n`);
  return new StudyClock(e);
}

/**
 * With --budget: the plan that fits it (recorded in the study's folder, or made from a pilot), said
 * first, and the study planned again at its match count. Without it, the plan as it is.
 */
async function budgeted(plan: SkillPlan, r: SkillRequest, argv: Record<string, unknown>, threads: number, out: string | undefined): Promise<SkillPlan> {
  const budget = budgetFlag(argv);
  if (budget === undefined) return plan;
  const { baseDir: _baseDir, matches: _matches, ...settings } = r;
  const runs = plan.pairings.flatMap((p) => p.looks.flat().map((run) => ({ spec: run.spec, matches: run.spec.matches, key: p.key })));
  const b = await planRunsBudget({ dir: plan.root, budget, settings: JSON.stringify({ study: 'skill', ...settings }), threads, matches: plan.matches, runs });
  process.stdout.write(`${budgetSentence(b, 'a pairing and trace step', shown(b.file))}\n`);
  return planSkill({ ...r, matches: b.record.matches }, (name) => out ?? join('results', `${name}-skill`));
}

/**
 * Plays every pairing's first look, then, while the trace has steps whose answer is not clear, the next
 * look of those steps. Each look is decided from the matches alone, in a fixed order, so the runs played
 * (and every file) are the same on any thread count, batch size or resume.
 */
async function play(plan: SkillPlan, threads: number, force: boolean, budget: boolean, signal?: AbortSignal): Promise<{ outcomes: RunOutcome[]; stops: Stops }> {
  // A budget's plan was said already, from its own pilot (or its record, with none).
  const clock = budget ? new StudyClock(undefined) : await sayStudyCost(plan, threads, force);
  const most = plan.pairings.reduce((n, p) => n + 2 * p.looks.length, 0);
  const outcomes: RunOutcome[] = [];
  const stops: Stops = new Map();
  let bar: Progress | undefined;
  // One worker pool for every run (pool.ts: StudyPool), closed however the study ends.
  const pool = new StudyPool(threads);
  const playLook = async (pairings: readonly SkillPairing[], look: number) => {
    for (const p of pairings) {
      for (const run of p.looks[look]) {
        bar?.stop();
        const k = outcomes.length;
        const left = k > 0 ? clock.leftBefore(Math.min(k, most - 1)) : undefined;
        const part = p.looks.length > 1 ? `, look ${look + 1} of ${p.looks.length}` : '';
        process.stderr.write(`[${k + 1}/${most}] ${p.stronger.name} and ${p.weaker.name} at ${p.players} players${part}, seating ${run.seating}: ${shown(run.dir)}${left ? ` (${left})` : ''}\n`);
        const shownBar = progressBar();
        bar = shownBar;
        outcomes.push(await playRun(run, { threads, force, signal, pool, bar: shownBar }));
      }
    }
  };
  try {
    await playLook(plan.pairings, 0);
    let open = plan.stopping ? plan.pairings.filter((p) => p.role === 'trace') : [];
    for (let look = 0; plan.stopping && open.length > 0; look++) {
      for (const p of open) stops.set(p.key, [...(stops.get(p.key) ?? []), await stepLook(folders(p, look + 1), plan.stopping, look)]);
      open = open.filter((p) => goesOn(stops.get(p.key)!.at(-1)!));
      if (open.length > 0) await playLook(open, look + 1);
    }
  } finally {
    bar?.stop();
    await pool.close();
  }
  return { outcomes, stops };
}

/** One run of the study on its pool, resumed when journaled and reused when complete. */
function playRun(run: SkillRun, o: { threads: number; force: boolean; signal?: AbortSignal; pool: StudyPool; bar?: Progress }): Promise<RunOutcome> {
  const { threads, force, signal, pool, bar } = o;
  return runTournament(run.spec, { threads, batch: 'auto', outDir: run.dir, resume: !force, force, signal, pool, onStart: ({ done, total }) => bar?.start(total, done), onProgress: (done) => bar?.update(done) });
}

/** Runs the command; exit codes as `tavolo run`: 1 a bot faulted, 6 a run is not deterministic, 130/143 interrupted. */
export async function skillCommand(argv: Record<string, unknown>, signal?: AbortSignal): Promise<number> {
  const threads = intFlag('--threads', argv.threads, 1, MAX_THREADS) ?? Math.min(defaultThreads(), MAX_THREADS);
  const out = textFlag('--out', argv.out);
  const force = argv.force === true;
  const asked = request(argv);
  const plan = await budgeted(await planSkill(asked, (name) => out ?? join('results', `${name}-skill`)), asked, argv, threads, out);
  if (!force) checkReusable({ runs: plan.pairings.flatMap((p) => p.looks.flat()) });
  const runCount = plan.pairings.reduce((n, p) => n + 2 * p.looks.length, 0);
  process.stdout.write(
    `Skill and luck: ${plan.game.title} at ${plan.traceOnly ? plan.tracePlayers : [...new Set([...plan.tableSizes, plan.tracePlayers])].join(' and ')} players, ${plan.matches} matches per pairing (${plan.matches / 2} deals in each seating), ` +
      `${plan.searcher ? `${plan.traceOnly ? `only the trace of ${searcherName(plan.searcher)}` : `${searcherName(plan.searcher)} at ${plan.searchBudget} ${plan.searcher.budgetParam} against greedy, trace`} at ${plan.budgets.join(', ')}` : 'no search bot'}, seed ${JSON.stringify(plan.seed)}${plan.opening > 0 ? `, ${plan.opening} random opening moves` : ''}, ${threads} thread${threads > 1 ? 's' : ''}; ${plan.stopping ? 'at most ' : ''}${runCount} runs in ${shown(plan.root)}.\n`,
  );
  let outcomes: RunOutcome[];
  let stops: Stops;
  try {
    ({ outcomes, stops } = await play(plan, threads, force, argv.budget !== undefined, signal));
  } catch (err) {
    if (!(err instanceof Interrupted)) throw err;
    process.stderr.write(`tavolo: interrupted (${err.signal}); the runs are journaled in ${shown(plan.root)}: the same command again finishes them.\n`);
    return err.signal === 'SIGTERM' ? 143 : 130;
  }
  process.stdout.write(await answer(plan, stops));
  const undetermined = outcomes.flatMap((o) => (o.determinism && o.determinism.differing.length > 0 ? [`${shown(o.outDir)}: ${determinismWarning(o.determinism)}`] : []));
  for (const w of undetermined) process.stderr.write(`tavolo: ${w}\n`);
  const faults = outcomes.reduce((n, o) => n + Object.values(o.faults).reduce((a, x) => a + x, 0), 0);
  return undetermined.length > 0 ? 6 : faults > 0 ? 1 : 0;
}

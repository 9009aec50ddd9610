import type { Finding, Severity } from './finding.js';
import type { AuditContext } from './context.js';
import { aheadShare, endReasonShares, firstPlayerAdvantage, meanOf, metricValues, worstPosition, type Figure, type RunRows } from './figures.js';
import { judged, referenceWords, REFERENCES, severityOf, type ReferenceName } from './references.js';
import { holds, percent, percentInterval, plain, plainInterval, points, pointsInterval } from './words.js';

/**
 * The scorecard's measured lines: seat balance, skill and luck, length, endings, tension and choices,
 * each a Finding judged against the five built-in games (references.ts). Action kinds are actions.ts's.
 */

type Base = Pick<Finding, 'command'>;

const base = (ctx: AuditContext): Base => ({ command: ctx.command });

/** Balance for one lineup's mirror run: the first-player advantage and, at three or more seats, the seat furthest from fair. */
function balanceOf(ctx: AuditContext, run: RunRows, lineup: 'casual' | 'strong', who: string): Finding[] {
  const f = firstPlayerAdvantage(run);
  const sev = judged('first_player_advantage', f);
  const fair = 1 / run.players;
  const told = holds(f, 0) ? 'which cannot be told from a fair seat' : sev === 'green' ? 'within what the built-in games show' : sev === 'amber' ? 'more than the balanced built-in games show, worth a look' : 'unbalanced: far beyond what the balanced built-in games show';
  const out: Finding[] = [
    {
      ...base(ctx),
      id: `first_player_advantage_${lineup}`,
      area: 'balance',
      severity: sev,
      words: `Between ${who}, the first player wins ${percent(f.estimate + fair)} of the decided matches ${ctx.table}, ${points(f.estimate)} over the fair share of ${percent(fair)} (95% interval ${pointsInterval(f)}), ${told}.`,
      figure: points(f.estimate),
      interval: pointsInterval(f),
      evidence: run.distinct,
      reference: referenceWords('first_player_advantage'),
    },
  ];
  if (run.players > 2) {
    const w = worstPosition(run);
    const s = judged('seat_balance', w.figure);
    out.push({
      ...base(ctx),
      id: `seat_balance_${lineup}`,
      area: 'balance',
      severity: s,
      words: `Between ${who}, the seat furthest from the fair share is position ${w.position + 1} in turn order: ${points(w.figure.estimate)} (95% interval ${pointsInterval(w.figure)}).`,
      figure: points(w.figure.estimate),
      interval: pointsInterval(w.figure),
      evidence: run.distinct,
      reference: referenceWords('seat_balance'),
    });
  }
  return out;
}

export async function balancePart(ctx: AuditContext): Promise<Finding[]> {
  const out = balanceOf(ctx, await ctx.casual(), 'casual', 'casual players (greedy in every seat)');
  const strong = ctx.run('strong');
  if (strong) out.push(...balanceOf(ctx, await strong, 'strong', `strong players (${ctx.plan.strong!.bot} in every seat)`));
  return out;
}

/** One pairing's ahead share, from its two seatings. */
async function pairing(ctx: AuditContext, role: 'casual-skill' | 'strong-skill' | 'thinking', stronger: string) {
  const [a, b] = [ctx.run(role, 'a'), ctx.run(role, 'b')];
  if (!a || !b) return undefined;
  const f = aheadShare(await a, await b, stronger);
  const e = f.estimate;
  const fig: Figure = { estimate: e.share, low: e.low95, high: e.high95 };
  return { fig, distinct: f.deals - f.repeated, deals: f.deals };
}

function skillLine(ctx: AuditContext, id: string, ref: ReferenceName, p: { fig: Figure; distinct: number }, severity: Severity, words: string): Finding {
  return { ...base(ctx), id, area: 'skill', severity, words, figure: percent(p.fig.estimate), interval: percentInterval(p.fig), evidence: p.distinct, reference: referenceWords(ref) };
}

export async function skillPart(ctx: AuditContext): Promise<Finding[]> {
  const out: Finding[] = [];
  const casual = await pairing(ctx, 'casual-skill', 'greedy');
  if (casual) {
    const f = casual.fig;
    const least = REFERENCES.casual_skill.green[0];
    // Luck only when the whole interval lies below every built-in game; a wide interval is only worth a look.
    const severity: Severity = f.high < least ? 'red' : f.estimate < least || holds(f, 0.5) ? 'amber' : 'green';
    const coin = holds(f, 0.5) ? 'greedy cannot be told from random play (the interval holds 50%)' : 'greedy is ahead of random play';
    const reading =
      severity === 'red'
        ? `${coin}, below every built-in game: for casual players the game is luck`
        : severity === 'amber'
          ? `${coin}; the interval reaches both luck and the built-in games' range: more matches would tell`
          : f.estimate >= 5 / 6
            ? 'a one-move heuristic beats random play nearly always: skill shows at once'
            : 'skill and luck mixed, as in the card games among the built-in ones';
    out.push(skillLine(ctx, 'skill_casual', 'casual_skill', casual, severity, `Casual players: greedy comes out ahead of random in ${percent(f.estimate)} of the decided pairs of seats ${ctx.table} (95% interval ${percentInterval(f)}, ${casual.distinct} distinct deals played in both seatings): ${reading}.`));
  }
  const s = ctx.plan.strong;
  const strong = s ? await pairing(ctx, 'strong-skill', 'strongest') : undefined;
  if (s && strong) {
    const f = strong.fig;
    const reading = f.low > 0.5 ? 'more skill wins more' : f.high < 0.5 ? 'reversed: greedy is ahead, so this search bot is not the stronger player here' : 'the strongest bot cannot be told from greedy (the interval holds 50%)';
    out.push(skillLine(ctx, 'skill_strong', 'strong_skill', strong, f.low > 0.5 ? 'green' : 'amber', `Strong players: ${s.bot} (${s.engine}) comes out ahead of greedy in ${percent(f.estimate)} of the decided pairs ${ctx.table} (95% interval ${percentInterval(f)}, ${strong.distinct} distinct deals): ${reading}.`));
  }
  if (s && s.budget !== undefined) {
    const t = await pairing(ctx, 'thinking', `strongest-${s.budget}`);
    if (t) {
      const f = t.fig;
      const lower = Math.max(1, Math.round(s.budget / 10));
      const reading = f.low > 0.5 ? 'more thinking wins more' : 'more thinking is not seen to win more at these budgets';
      out.push(skillLine(ctx, 'skill_thinking', 'thinking', t, f.low > 0.5 ? 'green' : 'amber', `More thinking: ${s.bot} at ${s.budget} ${s.budgetParam} comes out ahead of itself at ${lower} in ${percent(f.estimate)} of the decided pairs (95% interval ${percentInterval(f)}, ${t.distinct} distinct deals): ${reading}.`));
    }
  }
  return out;
}

/** A match measure's mean between greedy bots, judged against its reference; undefined when the game has no such column. */
function measureLine(ctx: AuditContext, run: RunRows, name: ReferenceName, area: Finding['area'], what: string): Finding | undefined {
  const values = metricValues(run, name);
  if (values === undefined) return undefined;
  const f = meanOf(values);
  if (f.n === 0) return undefined;
  const sev = judged(name, f);
  const verdict = sev === 'green' ? 'within the built-in games' : sev === 'amber' ? 'outside the built-in games, worth a look' : 'far outside the built-in games';
  return { ...base(ctx), id: name, area, severity: sev, words: `${what} between greedy bots: ${plain(f.estimate)} on average (95% interval ${plainInterval(f)}), ${verdict}.`, figure: plain(f.estimate), interval: plainInterval(f), evidence: run.distinct, reference: referenceWords(name) };
}

export async function shapePart(ctx: AuditContext): Promise<Finding[]> {
  const run = await ctx.casual();
  const turns = meanOf(run.rows.map((r) => r.turns));
  const cv = turns.sd / turns.estimate;
  const spread = severityOf('length_spread', cv);
  const out: Finding[] = [
    {
      ...base(ctx),
      id: 'game_length',
      area: 'length',
      severity: spread,
      words: `A match between greedy bots lasts ${plain(turns.estimate, 1)} turns on average (95% interval ${plainInterval(turns, 1)}), with a standard deviation of ${plain(turns.sd, 1)} (${percent(cv, 0)} of the mean)${spread === 'green' ? '' : ': its length is harder to foresee than in any built-in game'}.`,
      figure: `${plain(turns.estimate, 1)} turns`,
      interval: plainInterval(turns, 1),
      evidence: run.distinct,
      reference: referenceWords('length_spread'),
    },
  ];
  const ends = endReasonShares(run);
  const faulted = run.rows.filter((r) => r.faultSeat >= 0).length;
  out.push({
    ...base(ctx),
    id: 'end_reasons',
    area: 'ending',
    severity: faulted > 0 ? 'amber' : 'info',
    words: `Matches between greedy bots end by ${ends.map((e) => `${e.reason} (${percent(e.share)})`).join(', ')}${faulted > 0 ? `; ${faulted} ended because a bot faulted` : ''}.`,
    figure: ends.length > 0 ? `${ends[0].reason} ${percent(ends[0].share)}` : '',
    interval: '',
    evidence: run.distinct,
    reference: 'how a game ends is its own; the other parts of the audit flag endings that never occur',
  });
  const lines: Array<[ReferenceName, Finding['area'], string]> = [
    ['leader_changes_per_turn', 'tension', 'Lead changes per turn'],
    ['winner_behind_share', 'tension', 'Drama: the share of the match the eventual winner spent behind'],
    ['decided_at', 'tension', 'Decisiveness: the share of the match played before the winner led for good'],
    ['choice_share', 'choices', 'Real choices: the share of decisions with more than one option'],
    ['forced_turn_share', 'choices', 'Forced turns: the share of turns a player could not act in'],
  ];
  for (const [name, area, what] of lines) {
    const f = measureLine(ctx, run, name, area, what);
    if (f) out.push(f);
  }
  return out;
}

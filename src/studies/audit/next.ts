import type { AnyGame, Options } from '../../engine/game.js';
import { resolveOptions } from '../../engine/options.js';
import type { RawSpec } from '../../runner/spec.js';
import { sweepVariantName } from '../../runner/sweep.js';
import type { Finding, NextExperiment } from './finding.js';
import type { AuditPlan } from './plan.js';

/**
 * The next experiment of each amber or red finding: a ready spec, written to <out>/next/<id>.json, and
 * the command that runs it. A finding about the game's shape (balance, skill, length, tension, choices)
 * gets a variant comparison: one of the game's integer options (a card count first) one step either side
 * of the audited value, on the lineup that showed it, paired match by match; a game without such
 * options gets the same lineup at four times the matches, which confirms or clears the figure. An action
 * kind gets restricted play (tavolo importance --view restricted): what greedy loses without it, causal.
 */

/** The lineup that showed a finding (strong players' mirror, casual players' mirror, or the skill pairing), and its matches. */
function lineupOf(f: Finding, plan: AuditPlan): { bots: RawSpec['bots']; matches: number } {
  const run =
    f.id.endsWith('_strong') && !f.id.startsWith('skill')
      ? plan.runs.find((r) => r.role === 'strong')
      : f.id === 'skill_casual'
        ? plan.runs.find((r) => r.key === 'casual-skill/a')
        : f.id === 'skill_strong'
          ? plan.runs.find((r) => r.key === 'strong-skill/a')
          : f.id === 'skill_thinking'
            ? plan.runs.find((r) => r.key === 'thinking/a')
            : undefined;
  const casual = f.id === 'skill_casual' || run === undefined;
  return { bots: (run ?? plan.runs.find((r) => r.role === 'casual-opening') ?? plan.runs[0]).raw.bots, matches: casual ? plan.casualMatches : plan.matches };
}

/**
 * The first integer option (a card count first) the game lets move one step either side of the audited
 * value, as a sweep of three values; empty when there is none. One option only: a grid of several would
 * multiply the matches.
 */
export function sweepable(game: AnyGame, options: Options, players: number): Record<string, number[]> {
  const ints = game.options.filter((o) => o.type === 'int' && typeof options[o.name] === 'number');
  ints.sort((a, b) => Number(b.count !== undefined) - Number(a.count !== undefined));
  const out: Record<string, number[]> = {};
  for (const o of ints) {
    if (Object.keys(out).length > 0) break;
    const v = options[o.name] as number;
    const values = [v - 1, v, v + 1].filter((x) => {
      try {
        game.checkOptions(resolveOptions(game.options, { ...options, [o.name]: x }), players);
        return true;
      } catch {
        return false;
      }
    });
    if (values.length > 1) out[o.name] = values;
  }
  return out;
}

/** The quantity of compare.csv a finding is read from in its next experiment. */
function quantityOf(f: Finding): string {
  if (f.id.startsWith('first_player_advantage')) return 'first_player_advantage';
  if (f.id.startsWith('seat_balance')) return 'seat_win_share:<seat>';
  if (f.id.startsWith('skill_')) return 'win_share:<stronger bot>';
  if (f.id === 'game_length') return 'turns_mean';
  return `metric:${f.id}`;
}

function tournament(plan: AuditPlan, f: Finding, bots: RawSpec['bots'], matches: number, variants: RawSpec['variants'] = [{ name: 'base', options: plan.options }]): RawSpec {
  return {
    name: `${plan.name}-next-${f.id.replace(/_/g, '-')}`,
    game: plan.gameRef,
    players: plan.players,
    matches,
    seed: `${plan.seed}-next`,
    ...(plan.opening > 0 ? { opening: plan.opening } : {}),
    measures: true,
    variants,
    bots,
  };
}

/**
 * The action kind a finding of the actions area is about: `action_<kind>`'s own, else the kind a holes
 * line names in backquotes (`action_never_chosen`: "... the Stramat card (`stramat`) ..."), else "each kind".
 */
function kindOf(f: Finding, plan: AuditPlan): string {
  const declared = (plan.game.importance?.actionKinds ?? []).map((k) => k.name);
  const own = f.id.replace(/^action_/, '');
  if (declared.includes(own)) return own;
  const named = [...f.words.matchAll(/`([^`]+)`/g)].map((m) => m[1]).find((w) => declared.includes(w));
  return named ?? 'each kind';
}

/** The next experiment of a finding (amber or red), with its spec; the command names the file `<shown out>/next/<id>.json`. */
export function nextExperiment(f: Finding, plan: AuditPlan, shownRoot: string): NextExperiment | undefined {
  if (f.severity !== 'amber' && f.severity !== 'red') return undefined;
  const file = `next/${f.id}.json`;
  const path = `${shownRoot}/${file}`;
  if (f.area === 'actions') {
    const kind = kindOf(f, plan);
    const greedy = Array.from({ length: plan.players }, () => ({ name: 'greedy', bot: 'greedy' }));
    return {
      file,
      spec: tournament(plan, f, greedy, plan.casualMatches),
      command: `tavolo importance ${path} --view restricted`,
      why: `What greedy loses when it may not play ${kind} (restricted play, paired match by match): causal where the audit's gap is observational.`,
    };
  }
  if (f.area === 'holes' || f.area === 'kingmaking') return undefined;
  const { bots, matches } = lineupOf(f, plan);
  const sweep = sweepable(plan.game, plan.options, plan.players);
  const [option] = Object.keys(sweep);
  if (option !== undefined) {
    // Hand-written variants rather than a sweep: a sweep's variants take the game's defaults for the other options, the audit's may differ.
    const variants = [
      { name: 'audited', options: plan.options },
      ...sweep[option].filter((v) => v !== plan.options[option]).map((v) => ({ name: sweepVariantName({ [option]: v }), options: { ...plan.options, [option]: v } })),
    ];
    return {
      file,
      spec: tournament(plan, f, bots, matches, variants),
      command: `tavolo run ${path}`,
      why: `Whether ${quantityOf(f)} moves with ${option} one step either side of the audited value, on the lineup that showed it, paired match by match (the verdict and compare.csv against "audited").`,
    };
  }
  return {
    file,
    spec: tournament(plan, f, bots, 4 * matches),
    command: `tavolo run ${path}`,
    why: `The same lineup at four times the matches on fresh seeds: ${quantityOf(f)} again, with an interval half as wide (the game declares no options to vary).`,
  };
}

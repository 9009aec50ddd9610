import type { AnyGame, OptionSpec, OptionValue } from '../engine/game.js';
import { isRuleList, ruleText } from '../engine/prefer-rules.js';
import { describeOption } from '../engine/options.js';
import { didYouMean } from '../did-you-mean.js';
import { InputError } from '../errors.js';
import { botRegistry, gameRegistry } from '../plugins/loader.js';

/**
 * A closing remark in parentheses that several options share (Stramat's twenty card counts and points
 * all end in "(assumed, rulebook 5.0 lost)"): said once under the options, with a mark on each.
 */
export function sharedRemark(options: readonly OptionSpec[], atLeast = 3): string | undefined {
  const counts = new Map<string, number>();
  for (const o of options) {
    const m = /\s(\([^()]+\))$/.exec(o.description);
    if (m) counts.set(m[1], (counts.get(m[1]) ?? 0) + 1);
  }
  const [remark, n] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [undefined, 0];
  return n >= atLeast ? remark : undefined;
}

function optionLines(options: readonly OptionSpec[]): string[] {
  const remark = sharedRemark(options);
  if (remark === undefined) return options.map((o) => `    ${describeOption(o)}`);
  const lines = options.map((o) =>
    o.description.endsWith(` ${remark}`)
      ? `    ${describeOption({ ...o, description: `${o.description.slice(0, -remark.length - 1)} *` })}`
      : `    ${describeOption(o)}`,
  );
  lines.push(`    * ${remark.slice(1, -1)}`);
  return lines;
}

function gameLines(name: string, g: AnyGame): string[] {
  const better = g.betterScore === 'lower' ? '; a lower score is better' : '';
  const out = [`  ${name}: ${g.title}, ${g.minPlayers}-${g.maxPlayers} players${better}`];
  if (g.options.length === 0) out.push('    (no options)');
  out.push(...optionLines(g.options));
  if (g.measures.names.length > 0) out.push(`    metrics: ${g.measures.names.join(', ')}`);
  if (g.importance?.actionKinds && g.importance?.actionKinds.length > 0) out.push(`    action kinds (restricted play, tavolo importance): ${g.importance?.actionKinds.map((k) => k.name).join(', ')}`);
  const counts = g.options.filter((o) => o.count).map((o) => o.name);
  if (counts.length > 0) out.push(`    card counts (sensitivity, tavolo importance): ${counts.join(', ')}`);
  out.push(...featureLines(g));
  out.push(...presetLines(g));
  return out;
}

/** The game's features (Game.features): the names a persona's rules test, with what each counts. */
function featureLines(g: AnyGame): string[] {
  const features = g.features ?? [];
  if (features.length === 0) return [];
  return ['    features (a persona\'s "when", docs/personas.md):', ...features.map((f) => `      ${f.name}: ${f.label}`)];
}

/** A preset's parameter as `tavolo list` shows it: a persona's rules one after another, in words. */
function paramText(v: OptionValue): string {
  return isRuleList(v) ? `[${v.map(ruleText).join('; ')}]` : String(v);
}

/** The game's named bots (Game.presets), each with its bot and settings: what a spec may name as its bot. */
function presetLines(g: AnyGame): string[] {
  const presets = Object.entries(g.presets ?? {});
  if (presets.length === 0) return [];
  const out = ['    presets (name one where a bot goes: "bot": "strongest", --bots strongest,greedy):'];
  for (const [name, p] of presets) {
    const params = Object.entries(p.params).map(([k, v]) => `${k}=${paramText(v)}`).join(' ');
    out.push(`      ${name}: ${p.bot}${params ? ` ${params}` : ''}. ${p.description}`);
  }
  return out;
}

function botLines(): string[] {
  const out: string[] = [];
  for (const [name, b] of Object.entries(botRegistry())) {
    out.push(`  ${name}: ${b.description}`);
    if (b.params.length === 0) out.push('    (no parameters)');
    for (const p of b.params) out.push(`    ${describeOption(p)}`);
  }
  return out;
}

/**
 * `tavolo list`: the games with their player ranges and options, and the bots with their parameters.
 * `tavolo list <game>`: that game alone, and the names of the bots (every bot plays every game).
 */
export async function listText(only?: string): Promise<string> {
  const games = await gameRegistry();
  if (only !== undefined) {
    if (!Object.hasOwn(games, only)) {
      const names = Object.keys(games);
      throw new InputError(`unknown game "${only}"${didYouMean(only, names)}; valid games are: ${names.join(', ')}`, 'game');
    }
    const bots = Object.keys(botRegistry()).join(', ');
    return [...gameLines(only, games[only]), '', `Bots: ${bots} (\`tavolo list\` shows their parameters).`].join('\n');
  }
  const out: string[] = ['Games'];
  for (const [name, g] of Object.entries(games)) out.push(...gameLines(name, g));
  out.push('', 'Bots', ...botLines());
  out.push(
    '',
    'A spec may also name a game or a bot by the path of a .js/.mjs module (relative to the spec file);',
    'see docs/plugins.md.',
  );
  return out.join('\n');
}
